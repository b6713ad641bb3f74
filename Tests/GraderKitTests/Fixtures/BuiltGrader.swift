import Foundation
import XCTest

/// The `grader` executable built next to the test bundle, for tests that run it as a user or a script does.
enum BuiltGrader {
    /// Its location, or a skip when the tests run without it (`swift test` always builds it).
    static func url() throws -> URL {
        guard let grader = FixtureKit.builtGrader else {
            throw XCTSkip("the grader executable is not built next to the tests")
        }
        return grader
    }
}
