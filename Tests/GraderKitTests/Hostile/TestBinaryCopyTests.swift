import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// Each submission's tests run from a copy of its test binary, so the next submission can build in the slot
/// meanwhile (docs/grading.md, "A warm build"). The copy runs outside the sandbox: it takes the binary and the
/// resource bundles the package declares, regular files and folders only, and nothing a candidate could plant.
final class TestBinaryCopyTests: XCTestCase {
    func testTheCopyTakesTheBinaryAndTheDeclaredBundlesAndNothingPlanted() throws {
        let manager = FileManager.default
        let work = manager.temporaryDirectory.appendingPathComponent("binary-copy-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: work) }
        let built = work.appendingPathComponent("debug")
        let bundle = built.appendingPathComponent("Graded_Feed.resources")
        let planted = built.appendingPathComponent("Zz.resources")
        for folder in [bundle, planted] { try manager.createDirectory(at: folder, withIntermediateDirectories: true) }
        let binary = built.appendingPathComponent("GradedPackageTests.xctest")
        try Data("the test binary".utf8).write(to: binary)
        XCTAssertEqual(chmod(binary.path, 0o755), 0)
        try Data("{}".utf8).write(to: bundle.appendingPathComponent("feed.json"))
        let secret = work.appendingPathComponent("secret.txt")
        try Data("the grader's own file".utf8).write(to: secret)
        // What a candidate's process could leave beside the binary: a link to a file of the grader's, and pipes
        // that would block a reader forever, in the declared bundle and in one nobody declared.
        try manager.createSymbolicLink(at: bundle.appendingPathComponent("link.json"), withDestinationURL: secret)
        XCTAssertEqual(mkfifo(bundle.appendingPathComponent("pipe.json").path, 0o600), 0)
        XCTAssertEqual(mkfifo(planted.appendingPathComponent("pipe").path, 0o600), 0)

        let folder = work.appendingPathComponent("test-binary")
        let copy = try BuildStage.copy(
            binary, bundles: ["Graded_Feed.resources", "Graded_Feed.bundle"], into: folder)

        XCTAssertEqual(copy, folder.appendingPathComponent("GradedPackageTests.xctest"))
        XCTAssertEqual(try Data(contentsOf: copy), Data("the test binary".utf8))
        XCTAssertTrue(manager.isExecutableFile(atPath: copy.path), "the copy keeps the binary's permissions")
        XCTAssertEqual(
            try manager.contentsOfDirectory(atPath: folder.path).sorted(),
            [
                "GradedPackageTests.xctest", "Graded_Feed.resources",
            ])
        XCTAssertEqual(
            try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("Graded_Feed.resources").path),
            ["feed.json"], "only the bundle's regular files")
    }

    func testAMissingBinaryIsAnErrorNotAnEmptyFolder() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("binary-copy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        XCTAssertThrowsError(
            try BuildStage.copy(
                work.appendingPathComponent("debug/GradedPackageTests.xctest"), bundles: [],
                into: work.appendingPathComponent("test-binary")))
    }

    /// A candidate's tests can write into other folders unless bubblewrap confines them, so only there does one
    /// submission's run overlap the next one's build; and the build cache is hidden from every sandboxed process.
    func testRunsOverlapOnlyUnderBubblewrapAndTheCacheIsHidden() throws {
        XCTAssertEqual(Checker.runsInFlight(under: .bubblewrap), 3)
        XCTAssertEqual(Checker.runsInFlight(under: .namespaces), 1)
        XCTAssertEqual(Checker.runsInFlight(under: .none), 1)
        XCTAssertEqual(Checker.runsInFlight(under: nil), 1)

        var options = CheckOptions()
        options.buildCache = BuildCache(root: URL(fileURLWithPath: "/srv/grader-cache"))
        options.sandbox = Sandbox(isolation: .none)
        let checker = Checker(kit: Kit(root: FixtureKit.repositoryRoot), options: options, analyzers: .none)
        XCTAssertTrue(checker.hiddenFolders.contains("/srv/grader-cache"), "\(checker.hiddenFolders)")
    }
}
