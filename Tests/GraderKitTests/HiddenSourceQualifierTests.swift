import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// Hidden files are compiled with XCTest's and the support module's names qualified by module, so that a
/// candidate's overloads cannot capture them (the end-to-end proof is TrustAttackTests, overloads-xctassertequal).
final class HiddenSourceQualifierTests: XCTestCase {
    private let qualifier = HiddenSourceQualifier(supportNames: ["HiddenTestCase", "StubTransport"])

    func testQualifiesAssertionsTypesAndSupportNames() {
        let source = """
            import XCTest
            import GraderTestSupport

            final class MC1Tests: HiddenTestCase {
                func test_MC1_a() throws {
                    let value = try XCTUnwrap(Optional(1))
                    XCTAssertEqual(value, 1, "one")
                    let transport = StubTransport(always: .failure(.notConnectedToInternet))
                    let done = XCTestExpectation(description: "x")
                    wait(for: [done], timeout: 1)
                }
            }
            """
        let expected = """
            import XCTest
            import GraderTestSupport

            final class MC1Tests: GraderTestSupport::HiddenTestCase {
                func test_MC1_a() throws {
                    let value = try XCTest::XCTUnwrap(Optional(1))
                    XCTest::XCTAssertEqual(value, 1, "one")
                    let transport = GraderTestSupport::StubTransport(always: .failure(.notConnectedToInternet))
                    let done = XCTest::XCTestExpectation(description: "x")
                    wait(for: [done], timeout: 1)
                }
            }
            """
        XCTAssertEqual(qualifier.qualify(source), expected)
    }

    func testLeavesCommentsStringsMembersAndQualifiedNamesAlone() {
        let source = """
            // XCTAssertEqual in a comment
            let text = "XCTAssertEqual(\\(count))"
            let member = object.XCTAssertEqual
            XCTest::XCTFail("already")
            call(XCTLabel: 1)
            func XCTHelper() {}
            """
        let expected = """
            // XCTAssertEqual in a comment
            let text = "XCTAssertEqual(\\(count))"
            let member = object.XCTAssertEqual
            XCTest::XCTFail("already")
            call(XCTLabel: 1)
            func XCTHelper() {}
            """
        XCTAssertEqual(qualifier.qualify(source), expected)
    }

    func testTheSupportModulesPublicNamesAreFound() {
        let names = HiddenSourceQualifier.publicNames(in: [
            """
            public final class StubTransport { public func respond() {} }
            open class HiddenTestCase: XCTestCase {}
            public enum StubResponse { case hold }
            public func waitUntil(_ condition: () -> Bool) {}
            struct Internal {}
            """
        ])
        XCTAssertEqual(names, ["StubTransport", "HiddenTestCase", "StubResponse", "waitUntil"])
    }

    func testTheKitsToolchainUnderstandsModuleSelectors() {
        // The kit's CI runs Swift 6.3: when this fails, hidden tests are compiled unprotected (with a note).
        XCTAssertTrue(HiddenSourceQualifier.toolchainSupportsModuleSelectors(runner: .live))
    }
}
