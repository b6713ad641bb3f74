import Foundation
import GraderCore
import XCTest

/// The root Package.swift builds every exercise's solution and hidden suite: its `exercises` list must name
/// exactly the exercises of Rubrics/, each with the rubric's module.
final class PackageExercisesTests: XCTestCase {
    func testThePackageListsEveryExerciseOfRubricsWithItsModule() throws {
        let root = FixtureKit.repositoryRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let listed = Self.exerciseLines(in: manifest)
        let rubrics = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Rubrics").path)
            .filter {
                FileManager.default.fileExists(atPath: root.appendingPathComponent("Rubrics/\($0)/rubric.json").path)
            }
        var expected: [String: String] = [:]
        for id in rubrics {
            let rubric = try Rubric.load(from: root.appendingPathComponent("Rubrics/\(id)/rubric.json"))
            expected[id] = try XCTUnwrap(rubric.modules.first, "\(id) names no module")
        }
        for (id, module) in expected where listed[id] != module {
            XCTFail("Package.swift lacks the line: .init(id: \"\(id)\", module: \"\(module)\"),")
        }
        for id in listed.keys where expected[id] == nil {
            XCTFail("Package.swift lists \(id), which has no Rubrics/\(id)/rubric.json")
        }
    }

    /// `.init(id: "movie-client", module: "MovieClient")` lines → id: module.
    static func exerciseLines(in manifest: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in manifest.split(separator: "\n") where line.contains(".init(id: \"") {
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            if quoted.count >= 5 { found[String(quoted[1])] = String(quoted[3]) }
        }
        return found
    }
}
