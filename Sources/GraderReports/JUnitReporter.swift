import GraderCore

/// JUnit XML for CI dashboards: one `<testsuite>` per submission (named after it), inside `<testsuites>`.
///
/// - Each hidden test is a `<testcase>` with `classname` = its requirement id (MC2) and `name` = the test's
///   name; a failing test carries `<failure>`, a crash, timeout or test that no longer compiles `<error>`, with
///   the message in the `message` attribute and message plus output in the body.
/// - Each other automatic criterion (rule, history, coverage) is a `<testcase>` with `classname` =
///   `rubric.<kind>`: it passes when the criterion got every point, fails with its score and evidence
///   otherwise, and is `<skipped>` when it could not be checked. Manual criteria are `<skipped>` until an
///   interviewer scores them (a scored one passes or fails like the others). Scoring by criterion, not by
///   finding, keeps the number of test cases stable between submissions.
/// - Rule findings are listed, one `path:line:col: severity: message [rule-id]` per line, in the suite's
///   `<system-out>`, and in the body of the failing `rubric.rule` case whose id is the finding's rule.
/// - A submission that could not be graded gets one `grader.grade` case with an `<error>`.
///
/// Every string is XML-escaped, control characters removed. `time` is the sum of the test durations.
public enum JUnitReporter: Reporter {
    public static func render(_ results: [GradeResult]) -> String {
        let suites = results.map(suite)
        let totals = suites.reduce(Counts()) { $0 + $1.counts }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"grader\"\(totals.attributes)>")
        lines += suites.flatMap(\.lines)
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private struct Counts {
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0
        var time = 0.0

        static func + (lhs: Counts, rhs: Counts) -> Counts {
            Counts(
                tests: lhs.tests + rhs.tests, failures: lhs.failures + rhs.failures, errors: lhs.errors + rhs.errors,
                skipped: lhs.skipped + rhs.skipped, time: lhs.time + rhs.time)
        }

        var attributes: String {
            " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
                + " time=\"\(Figures.fixed(time, decimals: 3))\""
        }
    }

    private enum Outcome {
        case pass
        case failure(message: String, body: String)
        case error(message: String, body: String)
        case skipped(message: String)
    }

    private struct Case {
        var classname: String
        var name: String
        var time: Double?
        var outcome: Outcome
    }

    private static func suite(_ result: GradeResult) -> (counts: Counts, lines: [String]) {
        let cases = testCases(result)
        var counts = Counts(tests: cases.count)
        for testCase in cases {
            counts.time += testCase.time ?? 0
            switch testCase.outcome {
            case .pass: break
            case .failure: counts.failures += 1
            case .error: counts.errors += 1
            case .skipped: counts.skipped += 1
            }
        }
        var lines = [
            "  <testsuite name=\"\(x(result.submission))\" package=\"\(x(result.exercise))\"\(counts.attributes)>"
        ]
        lines.append("    <properties>")
        let properties = [
            ("exercise", result.exercise), ("submission", result.submission), ("status", result.status.rawValue),
            ("score", Figures.plain(result.score)), ("max_score", Figures.plain(result.maxScore)),
            ("percent", Figures.plain(result.percent)), ("pass_percent", Figures.plain(result.passPercent)),
            ("schema", result.schema), ("grader_version", result.graderVersion),
        ]
        for (name, value) in properties {
            lines.append("      <property name=\"\(name)\" value=\"\(x(value))\"/>")
        }
        lines.append("    </properties>")
        for testCase in cases { lines += render(testCase) }
        if !result.findings.isEmpty {
            let text = result.findings.map(\.formatted).joined(separator: "\n")
            lines.append("    <system-out>\(Escape.markup(text))</system-out>")
        }
        lines.append("  </testsuite>")
        return (counts, lines)
    }

    private static func testCases(_ result: GradeResult) -> [Case] {
        var cases: [Case] = []
        if result.status == .error {
            let message = result.message ?? "could not grade"
            cases.append(
                Case(classname: "grader", name: "grade", time: nil, outcome: .error(message: message, body: message)))
        }
        for test in result.tests {
            let message = test.message ?? test.status.rawValue
            let body = [test.message, test.expectedSymbol.map { "expected symbol: \($0)" }, test.output]
                .compactMap { $0 }.joined(separator: "\n")
            let outcome: Outcome
            switch test.status {
            case .pass: outcome = .pass
            case .fail: outcome = .failure(message: message, body: body)
            case .error: outcome = .error(message: message, body: body)
            }
            cases.append(Case(classname: test.requirement, name: test.name, time: test.duration, outcome: outcome))
        }
        for criterion in result.criteria where criterion.kind != .tests {
            let score = Figures.score(criterion.score, of: criterion.maxScore)
            var evidence = criterion.evidence
            if criterion.kind == .rule {
                evidence += result.findings.filter { $0.rule == criterion.id }.map(\.formatted)
            }
            let outcome: Outcome
            switch criterion.status {
            case .passed: outcome = .pass
            case .partial, .failed, .withheld:
                outcome = .failure(
                    message: "\(score) points: \(criterion.status.rawValue)", body: evidence.joined(separator: "\n"))
            case .manual:
                outcome = .skipped(message: "left for the interviewer (\(Figures.plain(criterion.maxScore)) points)")
            case .notChecked:
                outcome = .skipped(message: "not checked: " + (criterion.evidence.first ?? "no reason given"))
            }
            cases.append(
                Case(
                    classname: "rubric.\(criterion.kind.rawValue)", name: "\(criterion.id) \(criterion.title)",
                    time: nil,
                    outcome: outcome))
        }
        return cases
    }

    private static func render(_ testCase: Case) -> [String] {
        let time = testCase.time.map { " time=\"\(Figures.fixed($0, decimals: 3))\"" } ?? ""
        let open = "    <testcase classname=\"\(x(testCase.classname))\" name=\"\(x(testCase.name))\"\(time)"
        switch testCase.outcome {
        case .pass:
            return [open + "/>"]
        case .skipped(let message):
            return [open + ">", "      <skipped message=\"\(x(message))\"/>", "    </testcase>"]
        case .failure(let message, let body):
            return [open + ">", element("failure", type: "fail", message: message, body: body), "    </testcase>"]
        case .error(let message, let body):
            return [open + ">", element("error", type: "error", message: message, body: body), "    </testcase>"]
        }
    }

    private static func element(_ tag: String, type: String, message: String, body: String) -> String {
        let firstLine = Escape.controls(message).split(separator: "\n").first.map(String.init) ?? ""
        let attributes = "message=\"\(Escape.attribute(firstLine))\" type=\"\(type)\""
        if body.isEmpty { return "      <\(tag) \(attributes)/>" }
        return "      <\(tag) \(attributes)>\(Escape.markup(body))</\(tag)>"
    }

    private static func x(_ text: String) -> String { Escape.attribute(text) }
}
