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

    func testTheSwitchReadsTheVariantFromTheEnvironment() {
        XCTAssertTrue(VariantSolution.switchSource.contains("ProcessInfo.processInfo.environment[\"GRADER_VARIANT\"]"))
        XCTAssertEqual(VariantSolution.stubbing("MC2"), ["GRADER_VARIANT": "stub:MC2"])
    }
}

/// The matrix on a real build of the fixture kit's counter: CT2's tests call CT1's increment(), so stubbing
/// CT1 costs CT2 tests — coupling the matrix must name — while stubbing CT2 costs only CT2's.
final class RequirementMatrixTests: XCTestCase {
    func testTheMatrixFindsEachRequirementsTestsAndNamesCoupling() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
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
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("grader-matrix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        var options = CheckOptions()
        options.jobs = 2
        options.testTimeout = 20
        let checker = Checker(kit: kit.kit, options: options, analyzers: .none)
        let grader = VariantGrader(
            kit: kit.kit, runner: .live, options: options, environment: checker.prepareEnvironment())

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
}
