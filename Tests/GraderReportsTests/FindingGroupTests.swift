import GraderCore
import XCTest

@testable import GraderReports

/// The text report lists a few findings of each kind and counts the rest, instead of a hundred indentation lines.
final class FindingGroupTests: XCTestCase {
    /// A submission formatted with 2-space indentation: swift-format's findings, as the style rule passes them on,
    /// plus a singleton, a vendored dependency (a whole-file finding) and a missing API (the whole project).
    static var styleHeavy: GradeResult {
        var findings = [
            Finding(
                rule: "no-singletons", severity: .error, path: "Sources/MovieClient/ImageLoader.swift", line: 4,
                column: 5,
                message: "'static let shared = ImageLoader()' makes ImageLoader a singleton; inject it through init")
        ]
        for line in 2...13 {
            findings.append(
                Finding(
                    rule: "style", severity: .warning, path: "Sources/MovieClient/MovieService.swift", line: line,
                    column: 1, message: "[Indentation] replace leading whitespace with 4 spaces"))
        }
        findings.append(
            Finding(
                rule: "style", severity: .warning, path: "Sources/MovieClient/MovieService.swift", line: 7, column: 121,
                message: "[LineLength] line is too long"))
        findings += [
            Finding(
                rule: "style", severity: .warning, path: "Sources/MovieClient/SearchViewModel.swift", line: 3,
                column: 1, message: "[Indentation] replace leading whitespace with 4 spaces"),
            Finding(
                rule: "no-third-party", severity: .error, path: "Carthage/Build", line: 0, column: 0,
                message: "vendored frameworks in 'Carthage/Build'; use URLSession and Codable instead"),
            Finding(
                rule: "required-apis", severity: .error, path: "", line: 0, column: 0,
                message: "`URLSession` never appears in non-test code; the exercise asks for it"),
        ]
        let criteria = [
            CriterionResult(
                id: "style", title: "swift-format lint", kind: .rule, score: 0, maxScore: 5, status: .failed,
                evidence: ["14 swift-format findings in 120 lines of non-test Swift"])
        ]
        return Fixtures.result(
            submission: "dave", message: "below the pass mark", criteria: criteria, tests: [], findings: findings,
            history: nil, ownTests: nil, manualReview: [], followUpQuestions: [], notes: [])
    }

    func testTheTextReportListsTheFirstThreeOfEachKind() {
        GoldenFile.assertMatches(TextReporter.render([Self.styleHeavy]), golden: "findings.txt")
    }

    func testAllFindingsListsEveryFinding() {
        let text = TextReporter.render([Self.styleHeavy], options: ReportOptions(allFindings: true))
        GoldenFile.assertMatches(text, golden: "findings.all.txt")
        for finding in Self.styleHeavy.findings {
            XCTAssertTrue(text.contains(finding.formatted), finding.formatted)
        }
        XCTAssertFalse(text.contains("more"))
    }

    func testKindsAreRulesAndSwiftFormatRulesInOrderOfFirstAppearance() {
        let groups = FindingGroup.groups(Self.styleHeavy.findings)
        XCTAssertEqual(
            groups.map(\.title),
            ["no-singletons", "style [Indentation]", "style [LineLength]", "no-third-party", "required-apis"])
        XCTAssertEqual(groups.map(\.findings.count), [1, 13, 1, 1, 1])
        XCTAssertEqual(groups[1].findings.last?.path, "Sources/MovieClient/SearchViewModel.swift")
        XCTAssertEqual(groups[1].tally, "13 warnings")
        XCTAssertEqual(groups[0].tally, "1 error")
    }

    func testATallyCountsErrorsThenWarnings() {
        let finding = Finding(rule: "no-force", severity: .warning, path: "A.swift", line: 1, column: 1, message: "m")
        var error = finding
        error.severity = .error
        let group = FindingGroup(rule: "no-force", subrule: nil, findings: [finding, error, error])
        XCTAssertEqual(group.tally, "2 errors, 1 warning")
    }

    func testOnlyALeadingBracketedNameIsASubrule() {
        XCTAssertEqual(FindingGroup.subrule("[Indentation] replace leading whitespace"), "Indentation")
        XCTAssertEqual(FindingGroup.subrule("[NoLeadingUnderscores] remove the underscore"), "NoLeadingUnderscores")
        XCTAssertNil(FindingGroup.subrule("force unwrap 'a[0]!'"))
        XCTAssertNil(FindingGroup.subrule("[] empty"))
        XCTAssertNil(FindingGroup.subrule("[two words] x"))
        XCTAssertNil(FindingGroup.subrule("[unclosed"))
    }

    func testTheLimitIsAnOption() {
        let text = TextReporter.render([Self.styleHeavy], options: ReportOptions(findingsPerKind: 1))
        XCTAssertTrue(text.contains("Findings (17; the first 1 of each kind, --all-findings lists them all)"))
        XCTAssertTrue(text.contains("    … 12 more\n"))
        XCTAssertEqual(text.components(separatedBy: "[Indentation] replace").count - 1, 1)
    }

    func testNothingIsCutWhenEveryKindFits() {
        let text = TextReporter.render([Fixtures.single])
        XCTAssertTrue(text.contains("Findings (3)\n"))
        XCTAssertFalse(text.contains("--all-findings"))
    }

    func testOtherReportsListEveryFinding() {
        for format in [ReportFormat.markdown, .html, .junit, .json] {
            let report = Reporters.render([Self.styleHeavy], as: format)
            // JUnit lists them twice: as the findings test case and as the style criterion's evidence.
            XCTAssertEqual(
                report.components(separatedBy: "replace leading whitespace").count - 1,
                format == .junit ? 26 : 13, format.rawValue)
        }
    }
}
