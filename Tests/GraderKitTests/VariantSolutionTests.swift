import Foundation
import GraderCore
import GraderKit
import XCTest

@testable import GraderAuthoring

/// The run-time switches `grader verify` proves requirements with: statement regions become `if`/`else` on the
/// variant, declaration-level regions and regions that declare names keep the solution (and say when their
/// requirement needs a rebuild instead).
final class VariantSolutionTests: XCTestCase {
    func testStatementRegionsSwitchAndDeclarationsStay() throws {
        let source = """
            struct Client {
                // BEGIN SOLUTION MC1: A helper.
                private let base = "https://example.com"
                // STUB: private let base = ""
                // END SOLUTION

                func url() -> String {
                    // BEGIN SOLUTION MC2: Keep the path.
                    let path = "/movies"
                    // STUB:
                    // END SOLUTION
                    // BEGIN SOLUTION MC2: Join them.
                    return base + path
                    // STUB: return base
                    // END SOLUTION
                }
            }
            """
        let levels = VariantSolution.declarationLevelMarkers(source)
        XCTAssertEqual(levels, [2], "only the region directly in the struct's body is at declaration level")
        XCTAssertEqual(VariantSolution.topLevelDeclarations(["let path = \"/movies\""]).only, true)
        XCTAssertEqual(VariantSolution.topLevelDeclarations(["cache.removeAll()", "let x = 1"]).only, false)
        XCTAssertEqual(VariantSolution.topLevelDeclarations(["if ok { let x = 1 }"]).any, false)
    }

    func testAStrongCaptureMutantUsesWhatItCaptures() throws {
        // An unused capture is dropped by the compiler, so the mutant must read it or it is the solution itself.
        let text = """
            final class Feed {
                func start(_ session: Session) {
                    // BEGIN SOLUTION TW6: Observe.
                    session.observe { [weak self] loggedIn in
                        self?.show(loggedIn)
                    }
                    // STUB:
                    // END SOLUTION
                }
            }
            """
        let sites = MutationSites.find(in: text).filter { $0.site.mutants.first?.0 == .captureStrongly }
        let site = try XCTUnwrap(sites.first)
        XCTAssertEqual(sites.count, 1)
        XCTAssertEqual(site.requirement, "TW6")
        let replaced = String(decoding: Array(text.utf8)[site.site.range], as: UTF8.self)
        XCTAssertEqual(replaced, "weak self] loggedIn in")
        XCTAssertEqual(
            site.site.render([7]),
            "weak self, graderRetained = GraderVariant.mutant(7) ? self : nil] loggedIn in _ = graderRetained;")
    }

    func testCouplingAlongADeclaredPrerequisiteIsAllowedAndShown() {
        let cell = { (passed: Int, total: Int) in RequirementMatrix.Cell(passed: passed, total: total, failing: ["x"]) }
        var matrix = RequirementMatrix(
            requirements: ["A", "B", "C"],
            cells: [
                "A": ["A": cell(0, 2), "B": cell(1, 2), "C": cell(0, 1)],
                "B": ["A": cell(2, 2), "B": cell(0, 2), "C": cell(1, 1)],
                "C": ["A": cell(2, 2), "B": cell(2, 2), "C": cell(0, 1)],
            ], rebuilt: [], note: nil)
        XCTAssertEqual(matrix.problems.count, 2, "\(matrix.problems)")
        matrix.dependsOn = ["B": ["A"], "C": ["B"]]
        XCTAssertEqual(matrix.problems, [], "C depends on A through B")
        XCTAssertTrue(matrix.lines.contains { $0.contains("1/2~") }, "\(matrix.lines)")
        XCTAssertFalse(matrix.allows("C", toCost: "A"))
    }

    func testTheSwitchReadsTheVariantFromTheEnvironment() {
        XCTAssertTrue(VariantSolution.switchSource.contains("ProcessInfo.processInfo.environment[\"GRADER_VARIANT\"]"))
        XCTAssertEqual(VariantSolution.stubbing("MC2"), ["GRADER_VARIANT": "stub:MC2"])
    }
}

/// The matrix on a real build of the fixture kit's counter: CT2's tests call CT1's increment(), so stubbing
/// CT1 costs CT2 tests — coupling the matrix must name — while stubbing CT2 costs only CT2's.
final class RequirementMatrixTests: XCTestCase {
    private func counterKit() throws -> FixtureKit {
        let kit = try FixtureKit()
        try kit.write(
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Counter\", targets: [.target(name: \"Counter\")])\n",
            to: "Solutions/counter/Package.swift")
        try kit.write(
            """
            public struct Counter {
                public private(set) var value = 0

                public init() {}

                public mutating func increment() {
                    // BEGIN SOLUTION CT1: Count.
                    value += 1
                    // STUB:
                    // END SOLUTION
                }

                public func label() -> String {
                    // BEGIN SOLUTION CT2: Say how many.
                    return value == 1 ? "1 tap" : "\\(value) taps"
                    // STUB: return ""
                    // END SOLUTION
                }
            }
            """, to: "Solutions/counter/Sources/Counter/Counter.swift")
        return kit
    }

    private func grader(_ kit: FixtureKit) -> VariantGrader {
        var options = CheckOptions()
        options.jobs = 2
        options.testTimeout = 20
        let checker = Checker(kit: kit.kit, options: options, analyzers: .none)
        return VariantGrader(kit: kit.kit, runner: .live, options: options, environment: checker.prepareEnvironment())
    }

    private func workFolder() -> URL {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("grader-proof-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: work) }
        return work
    }

    func testTheMatrixFindsEachRequirementsTestsAndNamesCoupling() throws {
        let kit = try counterKit()
        defer { kit.remove() }
        let grader = grader(kit)
        let work = workFolder()

        let matrix = try grader.requirementMatrix("counter", slot: work.appendingPathComponent("slot"), work: work)

        XCTAssertEqual(matrix.rebuilt, [], "both regions are statements: one build serves both rows")
        XCTAssertEqual(matrix.cells["CT1"]?["CT1"]?.passed, 1, "only startsAtZero survives a counter that never counts")
        XCTAssertEqual(matrix.cells["CT2"]?["CT2"]?.passed, 0)
        XCTAssertEqual(matrix.cells["CT2"]?["CT1"]?.passed, 3)
        XCTAssertEqual(matrix.problems.count, 1, "\(matrix.problems)")
        XCTAssertTrue(
            matrix.problems.first?.hasPrefix("stubbing CT1 fails 2 test(s) of CT2: CT2LabelTests/test_CT2_singular")
                ?? false, "\(matrix.problems)")
    }

    func testMutationTestingKillsWhatTheSuiteChecksAndListsWhatSurvives() throws {
        let kit = try counterKit()
        defer { kit.remove() }
        var lines: [String] = []
        let report = try MutationTester(grader: grader(kit)).run("counter", work: workFolder()) { lines.append($0) }

        let described = report.mutants.map(\.described)
        XCTAssertTrue(
            described.contains("Sources/Counter/Counter.swift:8: delete-statement: value += 1 → (removed)"),
            "\(described)")
        XCTAssertTrue(described.contains { $0.contains("replace-literal: \"1 tap\" → \"\"") }, "\(described)")
        XCTAssertEqual(report.survivors, [], "the counter's suite checks every line it mutates")
        XCTAssertEqual(report.score(), 100)
        XCTAssertTrue(report.lines.contains { $0.hasPrefix("  CT1: ") && $0.hasSuffix("(100%)") }, "\(report.lines)")

        // A reviewed equivalent mutant is counted apart.
        let first = try XCTUnwrap(report.mutants.first)
        try kit.write(
            #"[{"file": "\#(first.file)", "line": \#(first.line), "operator": "\#(first.mutation.rawValue)", "reason": "test"}]"#,
            to: "Rubrics/counter/\(EquivalentMutant.fileName)")
        XCTAssertEqual(try MutationTester(grader: grader(kit)).equivalents("counter").map(\.reason), ["test"])
    }
}
