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
    /// The C module that takes the grader's request before any Swift code runs (HiddenTestCase.swift).
    public var harnessBoot: URL { rubricsFolder.appendingPathComponent("Support/GraderHarnessBoot") }
    /// The C module that keeps test processes from starting processes (it declares nothing public).
    public var processGuard: URL { rubricsFolder.appendingPathComponent("Support/GraderProcessGuard") }
    /// The test binary's entry point, in place of SwiftPM's runner (GradingPackage.testMainPath).
    public var testMain: URL { rubricsFolder.appendingPathComponent("Support/GraderTestMain") }

    public func solution(_ id: String) -> URL { solutions.appendingPathComponent(id) }
    public func starter(_ id: String) -> URL { exercises.appendingPathComponent(id) }
    public func rubricFolder(_ id: String) -> URL { rubricsFolder.appendingPathComponent(id) }
    public func hiddenTests(_ id: String) -> URL { rubricFolder(id).appendingPathComponent("Hidden") }
    public func pairTask(_ id: String, _ task: String) -> URL {
        rubricFolder(id).appendingPathComponent("pair/\(task)")
    }

    /// The hidden suite of a rubric: the exercise's, or its pair task's.
    public func hiddenTests(for rubric: Rubric) -> URL {
        rubric.task.map { pairTask(rubric.exercise, $0).appendingPathComponent("Hidden") }
            ?? hiddenTests(rubric.exercise)
    }

    /// What the candidate started from: the starter, or the solution for a pair task.
    public func startingPoint(for rubric: Rubric) -> URL {
        rubric.task == nil ? starter(rubric.exercise) : solution(rubric.exercise)
    }

    /// The pair tasks of exercise `id`, sorted.
    public func pairTaskIDs(_ id: String) -> [String] {
        let folder = rubricFolder(id).appendingPathComponent("pair")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/rubric.json").path)
        }
        .sorted()
    }

    /// The rubric of pair task `task` of exercise `id`.
    public func rubric(_ id: String, task: String) throws -> Rubric {
        guard exerciseIDs().contains(id) else { throw GraderError.unknownExercise(id, known: exerciseIDs()) }
        let url = pairTask(id, task).appendingPathComponent("rubric.json")
        // Only a task folder's own name: `../…` would reach the exercise's hidden suite or another rubric.
        guard pairTaskIDs(id).contains(task), FileManager.default.fileExists(atPath: url.path) else {
            throw GraderError.unknownTask(id, task, known: pairTaskIDs(id))
        }
        do {
            var rubric = try Rubric.load(from: url)
            rubric.exercise = id
            rubric.task = task
            try RubricValidation.validate(rubric, name: "\(id)/\(task)")
            return rubric
        } catch let error as GraderError {
            throw error
        } catch {
            throw GraderError.invalidRubric("\(id)/\(task)", reason: String(describing: error))
        }
    }
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
        // Only a listed exercise: `../Rubrics/movie-client` would hand a candidate workspace the hidden tests.
        guard exerciseIDs().contains(id), FileManager.default.fileExists(atPath: url.path) else {
            throw GraderError.unknownExercise(id, known: exerciseIDs())
        }
        do {
            let rubric = try Rubric.load(from: url)
            try RubricValidation.validate(rubric, name: id)
            return rubric
        } catch let error as GraderError {
            throw error
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
