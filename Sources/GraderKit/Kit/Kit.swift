import Foundation
import GraderCore

/// The kit's own folders: Solutions/, Exercises/, Rubrics/ under one root.
public struct Kit: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public var solutions: URL { root.appendingPathComponent("Solutions") }
    public var exercises: URL { root.appendingPathComponent("Exercises") }
    public var rubricsFolder: URL { root.appendingPathComponent("Rubrics") }
    /// Shared hidden-test support compiled into every grading package.
    public var testSupport: URL { rubricsFolder.appendingPathComponent("Support/GraderTestSupport") }

    public func solution(_ id: String) -> URL { solutions.appendingPathComponent(id) }
    public func starter(_ id: String) -> URL { exercises.appendingPathComponent(id) }
    public func rubricFolder(_ id: String) -> URL { rubricsFolder.appendingPathComponent(id) }
    public func hiddenTests(_ id: String) -> URL { rubricFolder(id).appendingPathComponent("Hidden") }
    public func starterOverlay(_ id: String) -> URL { rubricFolder(id).appendingPathComponent("starter") }

    /// The ids of every exercise with a rubric, sorted.
    public func exerciseIDs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: rubricsFolder.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: rubricsFolder.appendingPathComponent("\($0)/rubric.json").path)
        }.sorted()
    }

    /// The rubric of exercise `id`.
    public func rubric(_ id: String) throws -> Rubric {
        let url = rubricFolder(id).appendingPathComponent("rubric.json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw GraderError.unknownExercise(id, known: exerciseIDs())
        }
        do {
            return try Rubric.load(from: url)
        } catch {
            throw GraderError.invalidRubric(id, reason: String(describing: error))
        }
    }

    /// Every exercise's rubric, sorted by id.
    public func rubrics() throws -> [Rubric] { try exerciseIDs().map(rubric) }

    /// Finds the kit: `GRADER_KIT`, else the nearest folder holding Rubrics/ and Package.swift above the
    /// current directory, else above the running executable (`.build/debug/grader` sits inside the kit).
    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        executable: URL? = Bundle.main.executableURL
    ) throws -> Kit {
        if let path = environment["GRADER_KIT"], !path.isEmpty {
            let kit = Kit(root: URL(fileURLWithPath: path))
            guard kit.looksLikeKit else { throw GraderError.kitNotFound("GRADER_KIT=\(path) holds no Rubrics/") }
            return kit
        }
        for start in [currentDirectory, executable?.deletingLastPathComponent()].compactMap({ $0 }) {
            var folder = start.standardizedFileURL
            while true {
                let kit = Kit(root: folder)
                if kit.looksLikeKit { return kit }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw GraderError.kitNotFound("run inside the kit's folder or set GRADER_KIT")
    }

    /// Whether `root` holds Rubrics/ and Package.swift.
    public var looksLikeKit: Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: rubricsFolder.path)
            && manager.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    }
}
