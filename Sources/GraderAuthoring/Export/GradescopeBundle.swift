import Foundation
import GraderCore
import GraderKit

/// A Gradescope autograder bundle for one exercise (`grader export gradescope`): the zip an instructor uploads
/// as the assignment's autograder (gradescope-autograders.readthedocs.io, "Autograder Specifications").
///
/// At the zip's root, as Gradescope requires: `setup.sh` (run once, as root, on Gradescope's Ubuntu base image:
/// the Swift toolchain from swift.org, bubblewrap, git, unzip, then the grader built from the bundled sources)
/// and `run_autograder` (run per submission: grades /autograder/submission, writes
/// /autograder/results/results.json with `--format gradescope`), both copied from integrations/gradescope/,
/// and `autograder.env`, which names the exercise and the toolchain for them. `kit/` holds what grading needs and nothing
/// more: the grader's sources under a manifest of their own, the exercise's rubric and hidden suite, the hidden
/// suites' support, and the starter (to find the baseline of a history). Other exercises and the solutions stay
/// out. `GRADESCOPE_ROOT` stands in for /autograder, so the kit's tests run `run_autograder` in a temporary
/// folder laid out like Gradescope's.
public struct GradescopeBundle: Sendable {
    /// The Swift toolchain `setup.sh` installs unless `SWIFT_VERSION` says otherwise: the one the kit is tested with.
    public static let swiftVersion = "6.3.1"

    /// The grader's targets under Sources/, in dependency order, with their dependencies: the bundle's manifest.
    /// A test compares them with the kit's Package.swift.
    static let graderTargets: [(name: String, dependencies: [String], executable: Bool)] = [
        ("GraderSystem", [], false),
        ("GraderCore", ["GraderSystem"], false),
        ("GraderRules", ["GraderCore"], false),
        ("GraderHistory", ["GraderCore"], false),
        ("GraderReports", ["GraderCore"], false),
        ("GraderKit", ["GraderSystem", "GraderCore", "GraderRules", "GraderHistory", "GraderReports"], false),
        ("GraderAuthoring", ["GraderCore", "GraderKit"], false),
        ("GraderCLI", ["GraderCore", "GraderKit", "GraderAuthoring", "GraderReports"], false),
        ("grader", ["GraderCLI"], true),
    ]

    public let kit: Kit
    public let exercise: String

    public init(kit: Kit, exercise: String) {
        self.kit = kit
        self.exercise = exercise
    }

    /// Every file of the bundle, scripts first.
    public func entries() throws -> [ZipArchive.Entry] {
        let rubric = try kit.rubric(exercise)
        let sources = kit.root.appendingPathComponent("Sources")
        guard FileManager.default.fileExists(atPath: sources.appendingPathComponent("grader").path) else {
            throw GraderError.toolFailed(
                "\(kit.root.path) holds no grader sources (Sources/grader): export from the kit's repository")
        }
        var entries: [ZipArchive.Entry] = []
        for script in ["setup.sh", "run_autograder"] {
            let url = scriptsFolder.appendingPathComponent(script)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw GraderError.toolFailed("\(url.path) is missing: export from the kit's repository")
            }
            entries.append(ZipArchive.Entry(path: script, data: data, mode: 0o755))
        }
        entries += [
            ZipArchive.Entry(path: "autograder.env", text: environmentFile),
            ZipArchive.Entry(path: "README.md", text: readme(rubric)),
            ZipArchive.Entry(path: "kit/Package.swift", text: Self.manifest),
        ]
        let folders: [(URL, String)] = [
            (sources, "kit/Sources"),
            (kit.testSupport, "kit/Rubrics/Support/GraderTestSupport"),
            (kit.harnessBoot, "kit/Rubrics/Support/GraderHarnessBoot"),
            (kit.processGuard, "kit/Rubrics/Support/GraderProcessGuard"),
            (kit.testMain, "kit/Rubrics/Support/GraderTestMain"),
            (kit.hiddenTests(exercise), "kit/Rubrics/\(exercise)/Hidden"),
            (kit.starter(exercise), "kit/Exercises/\(exercise)"),
        ]
        for (folder, prefix) in folders {
            let tree = SourceTree(scanning: folder)
            for path in tree.files where !path.hasSuffix(".DS_Store") {
                entries.append(
                    ZipArchive.Entry(path: "\(prefix)/\(path)", data: try Data(contentsOf: tree.url(of: path))))
            }
        }
        let rubricFile = kit.rubricFolder(exercise).appendingPathComponent("rubric.json")
        entries.append(
            ZipArchive.Entry(path: "kit/Rubrics/\(exercise)/rubric.json", data: try Data(contentsOf: rubricFile)))
        return entries
    }

    /// Writes the bundle to `url`; returns how many files it holds.
    @discardableResult
    public func write(to url: URL) throws -> Int {
        let entries = try entries()
        try ZipArchive(entries: entries).write(to: url)
        return entries.count
    }

    /// The manifest that builds the grader alone (the kit's own also builds every solution and test target).
    static var manifest: String {
        let targets = graderTargets.map { target in
            let kind = target.executable ? "executableTarget" : "target"
            let dependencies =
                target.dependencies.isEmpty
                ? "" : ", dependencies: [" + target.dependencies.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            return "        .\(kind)(name: \"\(target.name)\"\(dependencies)),"
        }
        return """
            // swift-tools-version:5.9
            import PackageDescription

            // The grader alone, for a Gradescope autograder (written by `grader export gradescope`).
            let package = Package(
                name: "InterviewKitGrader",
                platforms: [.macOS(.v13)],
                products: [.executable(name: "grader", targets: ["grader"])],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
    }

    /// The two scripts Gradescope runs, kept in the kit as files of their own.
    public var scriptsFolder: URL { kit.root.appendingPathComponent("integrations/gradescope") }

    /// What the scripts read: the exercise to grade and the Swift toolchain to install.
    var environmentFile: String {
        """
        # Written by `grader export gradescope`: read by setup.sh and run_autograder.
        EXERCISE=\(exercise)
        GRADER_SWIFT_VERSION=\(Self.swiftVersion)

        """
    }

    func readme(_ rubric: Rubric) -> String {
        """
        # Gradescope autograder: \(rubric.title) (\(exercise), rubric \(rubric.version))

        Written by `grader export gradescope \(exercise)`. Upload this zip as the programming assignment's
        autograder, on Gradescope's Ubuntu 22.04 or 24.04 base image, with at least 4 GB of memory and a timeout
        of 20 minutes or more (the first build of a submission takes a few minutes).

        - `setup.sh` installs Swift \(Self.swiftVersion) (set `SWIFT_VERSION` to change it), bubblewrap, git and unzip,
          and builds the grader from `kit/`.
        - `run_autograder` grades `/autograder/submission` and writes `/autograder/results/results.json`: one test
          per rubric criterion, everything visible only once you publish the grades. The \(Figures.plain(
            rubric.criteria.filter { $0.kind == .manual }.reduce(0) { $0 + $1.points })) points of manual criteria
          are for Gradescope's manual grading.
        - Ask for the repository as a git bundle (`git bundle create \(exercise).bundle --all`) or a zip with its
          `.git` folder: without its history the history criterion cannot be checked.

        This zip holds the rubric and the hidden tests: keep it private. Details: docs/integrations.md in the kit.

        """
    }
}
