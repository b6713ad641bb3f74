import GraderAuthoring
import GraderKit
import XCTest

/// Exercises/ is generated from Solutions/: this fails when someone edits one without regenerating.
final class ExercisesInSyncTests: XCTestCase {
    func testEveryExerciseIsInSyncWithItsSolution() throws {
        let kit = Kit(root: FixtureKit.repositoryRoot)
        let ids = kit.exerciseIDs()
        try XCTSkipIf(ids.isEmpty, "no exercises yet")
        let generator = StarterGenerator(kit: kit)
        for id in ids {
            let drift = try generator.drift(id)
            XCTAssertEqual(
                drift, [], "Exercises/\(id) drifted from Solutions/\(id); run 'swift run grader sync-exercises'")
        }
    }
}
