import Foundation
import GraderKit
import XCTest

@testable import GraderAuthoring

/// A reviewed equivalent mutant is matched by file, line and operator: when the solution moves, an entry that
/// no longer names a mutation site turns into a "survivor" in `grader mutate`, which CI does not run.
final class EquivalentMutantsTests: XCTestCase {
    func testEveryReviewedEquivalentMutantNamesAMutationSiteOfTheSolution() throws {
        let kit = Kit(root: FixtureKit.repositoryRoot)
        var checked = 0
        for id in kit.exerciseIDs() {
            let file = kit.rubricFolder(id).appendingPathComponent(EquivalentMutant.fileName)
            guard let data = try? Data(contentsOf: file) else { continue }
            for entry in try JSONDecoder().decode([EquivalentMutant].self, from: data) {
                let source = kit.solution(id).appendingPathComponent(entry.file)
                let text = try XCTUnwrap(
                    try? String(contentsOf: source, encoding: .utf8), "\(id): \(entry.file) is not in the solution")
                let sites = MutationSites.find(in: text).map(\.site)
                XCTAssertTrue(
                    sites.contains { site in
                        site.lines.lowerBound == entry.line
                            && site.mutants.contains { $0.0.rawValue == entry.operator }
                    },
                    "\(id): \(entry.file):\(entry.line) \(entry.operator) is no mutation site of the solution")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0, "no reviewed equivalent mutants were found to check")
    }
}
