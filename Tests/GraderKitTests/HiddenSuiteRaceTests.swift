import Foundation
import GraderCore
import GraderKit
import XCTest

@testable import GraderAuthoring

/// A hidden test that checks what an observer recorded must wait for the record, not for the property's value:
/// the candidate's `Property` stores a value before it calls its observers, so a change made off the main thread
/// shows in `value` before the observer logs it. facts-feed's FF8 tests waited for the value and passed a
/// submission that changes its outputs off main in about one run of twenty. Here the gap between storing and
/// telling is 0.3 s, so every run would pass it.
final class HiddenSuiteRaceTests: XCTestCase {
    private static let threadTests = [
        "FF8ThreadingTests/test_FF8_stateChangesArriveOnMain",
        "FF8ThreadingTests/test_FF8_viewDidLoadReturnsBeforeTheNetworkAnswers",
        "FF8ThreadingTests/test_FF8_imagesArriveOnMain",
    ]

    func testFF8CatchesOutputsChangedOffMainWhoseObserversRunLate() throws {
        let kit = Kit(root: FixtureKit.repositoryRoot)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        // The mistake: FF8 undone (outputs change on the loader's queue). The control: the solution.
        let offMain = try Self.solution(kit, at: work.appendingPathComponent("off-main"), without: "FF8")
        let solution = try Self.solution(kit, at: work.appendingPathComponent("solution"), without: nil)

        var options = CheckOptions()
        options.exercise = "facts-feed"
        options.jobs = 2
        options.testTimeout = 30
        let results = Checker(kit: kit, options: options, analyzers: .none).check([offMain.path, solution.path])
        XCTAssertEqual(results.count, 2)
        func statuses(_ result: GradeResult) -> [String: TestResult.Status] {
            Dictionary(
                result.tests.filter { Self.threadTests.contains($0.name) }.map { ($0.name, $0.status) },
                uniquingKeysWith: { first, _ in first })
        }
        let mistake = statuses(results[0])
        XCTAssertEqual(mistake.count, 3, "\(results[0].message ?? "") \(results[0].tests.map(\.name))")
        for test in Self.threadTests {
            XCTAssertEqual(mistake[test], .fail, "\(test) passed outputs changed off main")
        }
        let control = statuses(results[1])
        for test in Self.threadTests {
            XCTAssertEqual(control[test], .pass, "\(test) failed the solution with late observers")
        }
    }

    /// facts-feed's solution at `folder` with `requirement`'s regions undone (nil: none), and a `Property` that
    /// tells its observers 0.3 s after storing a value set off the main thread.
    private static func solution(_ kit: Kit, at folder: URL, without requirement: String?) throws -> URL {
        try solution(kit, "facts-feed", at: folder, without: requirement) { path, text in
            guard path.hasSuffix("Support/Property.swift") else { return text }
            let telling = "for receiver in receivers { receiver(newValue) }"
            XCTAssertTrue(text.contains(telling), "Property.swift no longer tells its observers this way")
            return text.replacingOccurrences(
                of: telling, with: "if !Thread.isMainThread { Thread.sleep(forTimeInterval: 0.3) }\n" + telling)
        }
    }

    /// TW8's feed test waited for the cells, drained the main queue and then counted the spinner's changes off
    /// main: a spinner stopped on a background queue after the cells came after the count, and passed. It now waits
    /// for the stop. The mistake stops the spinner 0.3 s after the cells, on a global queue.
    func testTW8CatchesASpinnerStoppedOffMainAfterTheCells() throws {
        let kit = Kit(root: FixtureKit.repositoryRoot)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("race-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let stop = "        }\n        loading.value = false\n"
        let late = try Self.solution(kit, "twitter-client", at: work.appendingPathComponent("late"), without: nil) {
            path, text in
            guard path.hasSuffix("Feed/FeedViewModel.swift") else { return text }
            XCTAssertTrue(text.contains(stop), "FeedViewModel.show no longer stops the spinner this way")
            return "import Foundation\n"
                + text.replacingOccurrences(
                    of: stop,
                    with:
                        "        }\n        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { self.loading.value = false }\n"
                )
        }
        let solution = try Self.solution(
            kit, "twitter-client", at: work.appendingPathComponent("solution"), without: nil
        ) { $1 }
        var options = CheckOptions()
        options.exercise = "twitter-client"
        options.jobs = 2
        options.testTimeout = 30
        let results = Checker(kit: kit, options: options, analyzers: .none).check([late.path, solution.path])
        let test =
            "TW8MainThreadTests/test_TW8_feedCellsAndLoading_changeOnMain_whenTheTimelineAnswersOnTheClientsQueue"
        XCTAssertEqual(
            results.map { $0.tests.first { $0.name == test }?.status }, [.fail, .pass], "\(results.map(\.notes))")
    }

    /// `exercise`'s solution at `folder` with `requirement`'s regions undone (nil: none), each source file passed
    /// through `patch` (its path in the package, its text).
    private static func solution(
        _ kit: Kit, _ exercise: String, at folder: URL, without requirement: String?,
        patch: (String, String) -> String
    ) throws -> URL {
        let rubric = try kit.rubric(exercise)
        let keeping = Set(rubric.requirements.map(\.id).filter { $0 != requirement })
        let source = kit.solution(exercise)
        let tree = SourceTree(scanning: source)
        for path in tree.swiftFiles where path.hasPrefix("Sources/") {
            let text = patch(
                path,
                try SolutionMarkers.strip(
                    String(contentsOf: tree.url(of: path), encoding: .utf8), file: path, keeping: keeping
                ).text)
            let destination = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: destination, atomically: true, encoding: .utf8)
        }
        return folder
    }
}
