import Foundation
import GraderAuthoring
import GraderCore
import GraderKit
import XCTest

final class WorkspaceCreatorTests: XCTestCase {
    func testNewWorkspaceHasTheStarterABaselineCommitAndAManifest() throws {
        let fixture = try FixtureKit()
        defer { fixture.remove() }
        try fixture.write(FixtureSubmission.counter(), to: "Exercises/counter/Sources/Counter/Counter.swift")
        try fixture.write(FixtureSubmission.manifest, to: "Exercises/counter/exercise.json")
        let folder = fixture.root.appendingPathComponent("alice")

        let manifest = try WorkspaceCreator(kit: fixture.kit).create(exercise: "counter", at: folder)

        XCTAssertEqual(manifest.exercise, "counter")
        XCTAssertEqual(manifest.version, "1.0.0")
        let head = try ProcessRunner.live.run("git", ["-C", folder.path, "log", "--format=%H%n%B"])
        XCTAssertTrue(head.stdout.hasPrefix(try XCTUnwrap(manifest.baseline)))
        XCTAssertTrue(head.stdout.contains("Grader-Exercise: counter"))
        let saved = try Data(contentsOf: folder.appendingPathComponent(".grader/manifest.json"))
        XCTAssertTrue(String(decoding: saved, as: UTF8.self).contains("\"baseline\" : \"\(manifest.baseline ?? "")\""))
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/Counter/Counter.swift").path))

        XCTAssertThrowsError(try WorkspaceCreator(kit: fixture.kit).create(exercise: "counter", at: folder)) { error in
            XCTAssertEqual(error as? GraderError, .destinationExists(folder.path))
        }
    }
}
