import Foundation
import GraderCore
import GraderKit
import GraderReports
import XCTest

@testable import GraderAuthoring
@testable import GraderCLI

/// `grader export gradescope`: the bundle holds what Gradescope needs at its root and what grading needs in
/// kit/, its manifest builds the grader as the kit's own does, and `run_autograder`, run in a folder laid out
/// like Gradescope's /autograder, writes a results.json that follows Gradescope's documented fields.
final class GradescopeExportTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "grader-gradescope-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: scratch) }

    private func run(
        _ program: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    )
        throws -> ProcessOutput
    {
        try ProcessRunner.live(
            ProcessRequest(program, arguments, workingDirectory: folder, environment: environment, timeout: 900))
    }

    /// Unpacks `zip` into a new folder, with `unzip` as Gradescope's image build does.
    private func unpack(_ zip: URL, into name: String) throws -> URL {
        let folder = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let output = try run("unzip", ["-q", zip.path, "-d", folder.path])
        XCTAssertTrue(output.succeeded, output.stderr)
        return folder
    }

    private func describe(_ package: URL) throws -> [String: [String]] {
        let output = try run(
            "swift",
            [
                "package", "--package-path", package.path, "--scratch-path",
                scratch.appendingPathComponent("describe-\(UUID().uuidString.prefix(6))").path, "describe",
                "--type", "json",
            ])
        XCTAssertTrue(output.succeeded, output.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let targets = object?["targets"] as? [[String: Any]] ?? []
        var dependencies: [String: [String]] = [:]
        for target in targets where (target["path"] as? String)?.hasPrefix("Sources/") == true {
            dependencies[target["name"] as? String ?? ""] = (target["target_dependencies"] as? [String] ?? []).sorted()
        }
        return dependencies
    }

    func testTheBundleHoldsTheScriptsAtItsRootAndOnlyWhatGradingNeeds() throws {
        let kit = Kit(root: FixtureKit.repositoryRoot)
        let zip = scratch.appendingPathComponent("movie-client.zip")
        let bundle = GradescopeBundle(kit: kit, exercise: "movie-client")
        try bundle.write(to: zip)
        XCTAssertEqual(try Data(contentsOf: zip), try ZipArchive(entries: bundle.entries()).data(), "reproducible")
        let listing = try run("unzip", ["-Z", zip.path])
        XCTAssertTrue(listing.succeeded, listing.stderr)
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        for script in ["setup.sh", "run_autograder"] {
            XCTAssertTrue(
                lines.contains { $0.hasPrefix("-rwxr-xr-x") && $0.hasSuffix(" \(script)") }, "\(script) executable")
        }
        let names = Set(lines.compactMap { $0.split(separator: " ").last.map(String.init) })
        let hidden = SourceTree(scanning: kit.hiddenTests("movie-client")).files.map {
            "kit/Rubrics/movie-client/Hidden/\($0)"
        }
        let expected =
            [
                "autograder.env", "README.md", "kit/Package.swift", "kit/Rubrics/movie-client/rubric.json",
                "kit/Sources/grader/main.swift", "kit/Sources/GraderCLI/GraderCLI.swift",
                "kit/Rubrics/Support/GraderTestSupport/HiddenTestCase.swift",
                "kit/Rubrics/Support/GraderHarnessBoot/GraderHarnessBoot.c",
                "kit/Rubrics/Support/GraderTestMain/GraderTestMain.swift",
                "kit/Exercises/movie-client/Package.swift",
            ] + hidden
        XCTAssertEqual(Set(expected).subtracting(names), [], "missing from the bundle")
        XCTAssertFalse(hidden.isEmpty)
        let strays = names.filter {
            $0.contains("Solutions/") || $0.contains("facts-feed") || $0.contains("/.build/") || $0.contains(".git/")
        }
        XCTAssertEqual(strays, [], "solutions, other exercises and build products stay out")

        let unpacked = try unpack(zip, into: "bundle")
        XCTAssertEqual(
            try String(contentsOf: unpacked.appendingPathComponent("autograder.env"), encoding: .utf8),
            "# Written by `grader export gradescope`: read by setup.sh and run_autograder.\n"
                + "EXERCISE=movie-client\nGRADER_SWIFT_VERSION=\(GradescopeBundle.swiftVersion)\n")
        XCTAssertEqual(
            try Data(contentsOf: unpacked.appendingPathComponent("kit/Rubrics/movie-client/rubric.json")),
            try Data(contentsOf: kit.rubricFolder("movie-client").appendingPathComponent("rubric.json")))
        for script in ["setup.sh", "run_autograder"] {
            let syntax = try run("bash", ["-n", unpacked.appendingPathComponent(script).path])
            XCTAssertTrue(syntax.succeeded, "\(script): \(syntax.stderr)")
        }
    }

    func testTheBundlesManifestBuildsTheGraderAsTheKitsOwnDoes() throws {
        let zip = scratch.appendingPathComponent("bundle.zip")
        try GradescopeBundle(kit: Kit(root: FixtureKit.repositoryRoot), exercise: "facts-feed").write(to: zip)
        let bundled = try describe(try unpack(zip, into: "bundle").appendingPathComponent("kit"))
        let kits = try describe(FixtureKit.repositoryRoot)
        XCTAssertEqual(
            bundled, kits,
            "kit/Package.swift of the bundle differs from Package.swift: update GradescopeBundle.graderTargets")
        XCTAssertEqual(bundled.count, GradescopeBundle.graderTargets.count)
    }

    /// The fixture kit with the grader's sources and the Gradescope scripts, as the kit's repository has them.
    private func exportableKit() throws -> FixtureKit {
        let kit = try FixtureKit()
        for folder in ["Sources", "integrations/gradescope"] {
            let destination = kit.root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: FixtureKit.repositoryRoot.appendingPathComponent(folder), to: destination)
        }
        return kit
    }

    /// /autograder as Gradescope lays it out: source/ (the unpacked bundle, with the grader where setup.sh builds
    /// it), submission/ (the given files), and results/ made by run_autograder.
    private func autograderFolder(kit: FixtureKit, submission files: [String: String]) throws -> URL {
        let zip = scratch.appendingPathComponent("counter.zip")
        let export = GraderCLI(
            output: GraderCLI.Output(out: { _ in }, err: { _ in }), environment: [:]
        ).run(["export", "gradescope", "counter", zip.path, "--kit", kit.root.path])
        XCTAssertEqual(export, 0)
        let root = scratch.appendingPathComponent("autograder")
        let source = try unpack(zip, into: "autograder/source")
        let built = source.appendingPathComponent("kit/.build/debug")
        try FileManager.default.createDirectory(at: built, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: built.appendingPathComponent("grader"), withDestinationURL: try BuiltGrader.url())
        for (path, text) in files {
            let url = root.appendingPathComponent("submission/\(path)")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("submission"), withIntermediateDirectories: true)
        return root
    }

    private func runAutograder(_ root: URL, grader: String? = nil) throws -> (ProcessOutput, Data) {
        var environment = [
            "GRADESCOPE_ROOT": root.path, "GRADER_CACHE": scratch.appendingPathComponent("cache").path,
        ]
        environment["GRADER"] = grader
        let output = try run(
            root.appendingPathComponent("source/run_autograder").path, [], in: root, environment: environment)
        let results = try Data(contentsOf: root.appendingPathComponent("results/results.json"))
        return (output, results)
    }

    func testRunAutograderGradesTheSubmissionIntoGradescopesSchema() throws {
        let kit = try exportableKit()
        defer { kit.remove() }
        // Handed in as one folder inside the submission, as an uploaded zip of a folder unpacks.
        let root = try autograderFolder(
            kit: kit,
            submission: [
                "alice-counter/exercise.json": FixtureSubmission.manifest,
                "alice-counter/Sources/Counter/Counter.swift": FixtureSubmission.counter(),
            ])
        let before = TreeChecksum.of(root.appendingPathComponent("submission"))

        let (output, data) = try runAutograder(root)

        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(GradescopeResults.problems(in: data), [], String(decoding: data, as: UTF8.self))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let results = try decoder.decode(GradescopeResults.self, from: data)
        XCTAssertEqual(results.tests.map(\.name), ["CT1: Counts", "CT2: Labels", "own-tests: Own tests"])
        XCTAssertEqual(results.tests.map(\.status), ["passed", "passed", "failed"])
        XCTAssertEqual(results.tests.map(\.score), [6, 3, 0])
        XCTAssertEqual(results.score, 9)
        XCTAssertTrue(results.output.contains("4 points await the interviewer: Design (4)"), results.output)
        XCTAssertEqual(
            TreeChecksum.of(root.appendingPathComponent("submission")), before, "the submission is untouched")
    }

    func testRunAutograderWritesResultsEvenWhenNothingCanBeGraded() throws {
        let kit = try exportableKit()
        defer { kit.remove() }
        // One file inside the submission is graded as what it is: this "zip" is not one, and its name needs
        // escaping in JSON.
        let root = try autograderFolder(kit: kit, submission: [#"alice "final" \ v2.zip"#: "not a zip"])

        let (unreadable, data) = try runAutograder(root)
        XCTAssertEqual(unreadable.status, 0, unreadable.stderr)
        XCTAssertEqual(GradescopeResults.problems(in: data), [])
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        XCTAssertEqual(object?["score"] as? Double, 0)
        XCTAssertEqual(
            object?["output"] as? String,
            #"could not grade: \#(root.path)/submission/alice "final" \ v2.zip: not a folder, a .zip file or a git bundle"#
        )

        let (missing, fallback) = try runAutograder(root, grader: "/nonexistent/grader")
        XCTAssertEqual(missing.status, 0)
        XCTAssertEqual(GradescopeResults.problems(in: fallback), [])
        XCTAssertEqual(
            (try JSONSerialization.jsonObject(with: fallback) as? [String: Any])?["output"] as? String,
            "could not grade: the grader stopped with exit code 127")
    }

    func testExportMistakesAreOneLine() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let printed = Printed()
        let output = GraderCLI.Output(out: { _ in }, err: { text in printed.append(text) })
        let cli = GraderCLI(output: output, environment: [:])
        let zip = scratch.appendingPathComponent("x.zip").path
        let cases: [([String], Int32, String)] = [
            (["export", "moodle", "counter", zip], 2, "grader: unknown engine 'moodle'; use one of: gradescope\n"),
            (["export", "gradescope", "nope", zip], 2, "grader: unknown exercise 'nope'; known exercises: counter\n"),
            (
                ["export", "gradescope", "counter", zip], 3,
                "grader: \(kit.root.path) holds no grader sources (Sources/grader): export from the kit's repository\n"
            ),
        ]
        for (words, code, message) in cases {
            printed.clear()
            XCTAssertEqual(cli.run(words + ["--kit", kit.root.path]), code, "\(words)")
            XCTAssertEqual(printed.text, message, "\(words)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: zip))
    }
}

/// What a command printed, collected from any thread.
private final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""

    var text: String { lock.withLock { collected } }
    func append(_ text: String) { lock.withLock { collected += text } }
    func clear() { lock.withLock { collected = "" } }
}
