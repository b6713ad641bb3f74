import Foundation
import XCTest

/// The solutions share their small infrastructure (the scheduler, the observable property, cancellation) as
/// identical files under `Sources/<Module>/Support/`: this fails when one copy drifts, naming the file and the
/// solutions whose copy differs, so the fix is to copy one version over the others.
final class SharedInfrastructureTests: XCTestCase {
    /// The repository: the nearest folder above this file that holds Solutions/.
    private static let repositoryRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Solutions").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// Each solution's id and its shared files, file name → contents; nil when it has no `Support/` folder.
    private func sharedFiles() throws -> [(solution: String, files: [String: Data]?)] {
        let manager = FileManager.default
        let solutions = Self.repositoryRoot.appendingPathComponent("Solutions")
        let ids = try manager.contentsOfDirectory(atPath: solutions.path).filter {
            manager.fileExists(atPath: solutions.appendingPathComponent("\($0)/Package.swift").path)
        }
        return try ids.sorted().map { id in
            let sources = solutions.appendingPathComponent("\(id)/Sources")
            let modules = try manager.contentsOfDirectory(atPath: sources.path).sorted()
            guard
                let support = modules.lazy.map({ sources.appendingPathComponent("\($0)/Support") })
                    .first(where: { manager.fileExists(atPath: $0.path) })
            else { return (id, nil) }
            var files: [String: Data] = [:]
            for name in try manager.contentsOfDirectory(atPath: support.path) where name.hasSuffix(".swift") {
                files[name] = try Data(contentsOf: support.appendingPathComponent(name))
            }
            return (id, files)
        }
    }

    func testEverySolutionHasTheSameSharedFilesWithTheSameContents() throws {
        let solutions = try sharedFiles()
        try XCTSkipIf(solutions.count < 2, "fewer than two solutions: nothing to compare")
        for (solution, files) in solutions where files == nil {
            XCTFail("Solutions/\(solution) has no Sources/<Module>/Support/ folder with the shared infrastructure")
        }
        let present = solutions.compactMap { entry in entry.files.map { (solution: entry.solution, files: $0) } }
        for name in Set(present.flatMap(\.files.keys)).sorted() {
            let missing = present.filter { $0.files[name] == nil }.map(\.solution)
            if !missing.isEmpty {
                XCTFail("Support/\(name) is missing from \(Self.list(missing)); every solution needs each shared file")
            }
            // The copy most solutions hold is the reference; the others are named as differing from it.
            var holders: [Data: [String]] = [:]
            for entry in present {
                if let data = entry.files[name] { holders[data, default: []].append(entry.solution) }
            }
            let ranked = holders.values.sorted {
                $0.count != $1.count ? $0.count > $1.count : ($0.first ?? "") < ($1.first ?? "")
            }
            for differing in ranked.dropFirst() {
                XCTFail(
                    "Support/\(name) in \(Self.list(differing)) differs from the copy in \(Self.list(ranked[0])); "
                        + "the shared files must be identical: make the change in one and copy it to the others")
            }
        }
    }

    private static func list(_ solutions: [String]) -> String {
        solutions.map { "Solutions/\($0)" }.joined(separator: ", ")
    }
}
