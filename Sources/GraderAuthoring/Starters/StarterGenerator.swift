import Foundation
import GraderCore
import GraderKit

/// Derives `Exercises/<id>` from `Solutions/<id>` and `Rubrics/<id>/starter/`.
///
/// The starter is the solution without its own tests (except test files marked `shipsMarker`, such as the spec
/// of a provided type), with every solution region replaced by its stub (`SolutionMarkers`), with the files of
/// the overlay folder laid on top, and with `exercise.json`.
public struct StarterGenerator: Sendable {
    public let kit: Kit

    public init(kit: Kit) {
        self.kit = kit
    }

    /// A line of its own in a solution test file that hands the file to candidates too, without the line.
    public static let shipsMarker = "// grader: ships with the starter"

    /// Solution paths that are build products, never part of an exercise.
    static func isBuildProduct(_ path: String) -> Bool {
        path == "Package.resolved" || path.hasPrefix(".build") || path.hasPrefix(".swiftpm/")
    }

    /// A solution test file's text as candidates get it: without its `shipsMarker` line; nil when it has
    /// none (the solution's own tests are not handed out).
    static func shippedTest(_ text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.filter { $0.trimmingCharacters(in: .whitespaces) != shipsMarker }
        return kept.count < lines.count ? kept.joined(separator: "\n") : nil
    }

    /// The starter's files, path → contents, for exercise `id`.
    public func files(for id: String) throws -> [String: Data] {
        let rubric = try kit.rubric(id)
        let solution = SourceTree(scanning: kit.solution(id))
        guard !solution.files.isEmpty else { throw GraderError.unknownExercise(id, known: kit.exerciseIDs()) }
        var files: [String: Data] = [:]
        for path in solution.files where !Self.isBuildProduct(path) {
            let data = try Data(contentsOf: solution.url(of: path))
            let isTest = path.hasPrefix("Tests/")
            guard path.hasSuffix(".swift"), let text = String(data: data, encoding: .utf8) else {
                if !isTest { files[path] = data }
                continue
            }
            guard let source = isTest ? Self.shippedTest(text) : text else { continue }
            files[path] = Data(try SolutionMarkers.strip(source, file: "Solutions/\(id)/\(path)").text.utf8)
        }
        let overlay = SourceTree(scanning: kit.starterOverlay(id))
        for path in overlay.files {
            files[path] = try Data(contentsOf: overlay.url(of: path))
        }
        if files[".gitignore"] == nil {
            files[".gitignore"] = Data(Self.gitignore.utf8)
        }
        files[ExerciseManifest.fileName] = try ExerciseManifest(exercise: rubric.exercise, version: rubric.version)
            .encoded()
        return files
    }

    static let gitignore = """
        .build/
        .swiftpm/
        Package.resolved
        xcuserdata/
        DerivedData/
        .DS_Store
        .grader/

        """

    /// Writes the starter of `id` to `Exercises/<id>`, replacing what was there.
    public func write(_ id: String) throws {
        let files = try files(for: id)
        let destination = kit.starter(id)
        let manager = FileManager.default
        if manager.fileExists(atPath: destination.path) {
            try manager.removeItem(at: destination)
        }
        try Self.write(files, to: destination)
    }

    /// Writes a file map below `folder`.
    public static func write(_ files: [String: Data], to folder: URL) throws {
        let manager = FileManager.default
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
    }

    /// The differences between the generated starter of `id` and `Exercises/<id>` on disk, one line each.
    public func drift(_ id: String) throws -> [String] {
        let expected = try files(for: id)
        let folder = kit.starter(id)
        let actual = SourceTree(scanning: folder)
        var problems: [String] = []
        for (path, data) in expected.sorted(by: { $0.key < $1.key }) {
            guard let onDisk = try? Data(contentsOf: folder.appendingPathComponent(path)) else {
                problems.append("Exercises/\(id)/\(path) is missing")
                continue
            }
            if onDisk != data { problems.append("Exercises/\(id)/\(path) differs from its solution") }
        }
        for path in actual.files where expected[path] == nil {
            problems.append("Exercises/\(id)/\(path) is not generated from the solution")
        }
        return problems
    }
}
