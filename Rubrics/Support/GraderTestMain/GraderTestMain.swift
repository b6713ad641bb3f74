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
        XCTMain(__allDiscoveredTests()) as Never
    }
}
