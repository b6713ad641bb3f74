import Foundation
import GraderAuthoring
import XCTest

/// `grader bench`'s verdicts: which ratio is compared with which target, and how each line reads. Nothing here
/// times anything; the figures are given.
final class BenchmarkTests: XCTestCase {
    func testEveryTargetMetReadsOkAndSaysSo() {
        let measured = Benchmark.Measurement(
            exercise: "movie-client", plain: 20, cold: 18, extra: 5, own: 0.4, loadedPlain: 40, loadedCold: 40,
            batch: 60, batchSize: 10)
        let verdicts = Benchmark.verdicts([measured])
        XCTAssertTrue(verdicts.allMet)
        XCTAssertEqual(
            verdicts.lines,
            [
                "movie-client:",
                "  cold check / plain build+test     0.90×    (target ≤ 1.00×)  ok",
                "  extra submission / cold check     0.28×    (target ≤ 0.30×)  ok",
                "  under load: cold/plain vs quiet   1.11×    (target ≤ 1.20×)  ok",
                "  batch of 10 / one cold check      3.33×    (target ≤ 4.00×)  ok",
                "  own work (--static-only)          0.40 s   (target < 2 s)  ok",
                "every target met",
            ])
    }

    func testEachMissedTargetIsNamedAndCounted() {
        let slow = Benchmark.Measurement(exercise: "facts-feed", plain: 10, cold: 12, extra: 6, own: 3)
        let fine = Benchmark.Measurement(exercise: "flickr-search", plain: 10, cold: 9, extra: 2, own: 0.2)
        let verdicts = Benchmark.verdicts([slow, fine])
        XCTAssertFalse(verdicts.allMet)
        XCTAssertEqual(verdicts.lines.filter { $0.hasSuffix("MISSED") }.count, 3)
        XCTAssert(verdicts.lines.contains("  cold check / plain build+test     1.20×    (target ≤ 1.00×)  MISSED"))
        XCTAssert(verdicts.lines.contains("  extra submission / cold check     0.50×    (target ≤ 0.30×)  MISSED"))
        XCTAssertEqual(verdicts.lines.last, "3 target(s) missed")
        XCTAssertFalse(verdicts.lines.contains { $0.contains("under load") || $0.contains("batch") })
    }

    func testMedian() {
        XCTAssertEqual(Benchmark.median([3, 1, 2]), 2)
        XCTAssertEqual(Benchmark.median([4, 1, 3, 2]), 2.5)
        XCTAssertEqual(Benchmark.median([]), 0)
    }
}
