import GraderCore
import XCTest

@testable import GraderRules

/// The declarations the grader reads with the lexer: never fooled by comments or strings.
final class SwiftSourceDeclarationsTests: XCTestCase {
    func testImports() {
        let source = SwiftSource(
            path: "A.swift",
            text: """
                import Foundation
                @testable import MovieClient
                import struct Feed.Row
                public import Shared
                // import Commented
                let text = "import Quoted"
                """)
        XCTAssertEqual(source.imports, ["Foundation", "MovieClient", "Feed", "Shared"])
    }

    func testTestMethodsAreInstanceMethodsOfClassesWithoutArguments() {
        let source = SwiftSource(
            path: "MC1Tests.swift",
            text: """
                final class MC1Tests: HiddenTestCase {
                    func test_MC1_a() {}
                    func test_MC1_b() throws {}
                    func test_MC1_c() async throws {}
                    static func testHelper() {}
                    private func testPrivate() {}
                    func testWithArgument(_ value: Int) {}
                    func helper() {}
                    // func test_MC1_commented() {}
                }
                struct NotATestCase {
                    func testNotCounted() {}
                }
                """)
        XCTAssertEqual(source.testMethods, ["MC1Tests/test_MC1_a", "MC1Tests/test_MC1_b", "MC1Tests/test_MC1_c"])
    }

    func testDeclaredTypesAndTestFunctions() {
        let source = SwiftSource(
            path: "A.swift",
            text: """
                struct A {}
                enum B { case one }
                extension A {}
                final class CTests: XCTestCase { func testOne() {} }
                @Test func two() {}
                let text = "class Fake {}"
                """)
        XCTAssertEqual(source.declaredTypeCount, 3)
        XCTAssertEqual(source.testFunctionCount, 2)
    }
}
