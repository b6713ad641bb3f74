// The test binary's entry point, in place of the one SwiftPM writes (`--experimental-test-entry-point-path`).
// SwiftPM's runner also records every XCTest event to a file for `swift test` through 500 lines of Codable
// types, compiled again whenever a submission's own tests change; the grader reads its own records, so this
// one only starts XCTest with the discovered tests, or Swift Testing when asked (docs/performance.md).
import GradedPackageDiscoveredTests
import XCTest

#if canImport(Testing)
    import Testing
#endif

@main
@available(*, deprecated, message: "Not deprecated: lets tests of deprecated code in without warnings")
struct GraderTestMain {
    @_silgen_name("$ss13_runAsyncMainyyyyYaKcF")
    private static func runAsyncMain(_ body: @Sendable @escaping () async throws -> Void)

    static func main() {
        let arguments = CommandLine.arguments
        #if canImport(Testing)
            if let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count,
                arguments[index + 1].lowercased() == "swift-testing"
            {
                runAsyncMain { await Testing.__swiftPMEntryPoint() as Never }
            }
        #endif
        XCTMain(selected(__allDiscoveredTests())) as Never
    }

    /// The test classes XCTest keeps for the one test the grader names (`Module.Class/method`), found by the
    /// classes' names: XCTest's own filter asks every class of the list for its name through
    /// `String(reflecting:)`, whose protocol lookups had 15% of the samples of a profile of movie-client's forked
    /// tests; now it asks the one class (with the batch server's warm-up, 10.2 → 9.0 ms a hidden test;
    /// docs/performance.md). Any other arguments, or a name no class has, leave the list to XCTest as it came.
    static func selected(_ entries: [XCTestCaseEntry]) -> [XCTestCaseEntry] {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 1, let test = arguments.first, let slash = test.firstIndex(of: "/") else {
            return entries
        }
        let name = test[..<slash]
        let kept = entries.filter { _typeName($0.testCaseClass, qualified: true) == name }
        return kept.isEmpty ? entries : kept
    }
}
