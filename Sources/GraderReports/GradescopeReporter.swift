import Foundation
import GraderCore

/// Gradescope's autograder `results.json` (gradescope-autograders.readthedocs.io, "Autograder Specifications"),
/// what `run_autograder` in a `grader export gradescope` bundle writes to /autograder/results/results.json.
///
/// - `score` is the result's score; `tests` has one entry per rubric criterion that carries a score (every
///   automatic one, and a manual one once the interviewer has scored it), named `<id>: <title>`, with its
///   points as `score`/`max_score`, `status` `passed` only with every point, and its evidence (plus, for a rule,
///   its findings as `path:line:col: severity: message [rule-id]`) as `output`. The tests' scores add up to
///   `score`. Unscored manual criteria are left to Gradescope's own manual grading; `output` says how many
///   points await the interviewer.
/// - Everything is `after_published`: the candidate sees nothing before the interviewer publishes the grades.
///   The autograder's standard output stays `hidden`. No leaderboard.
/// - A submission that could not be graded scores 0 with the reason as `output` and no tests.
///
/// One result renders as one object; several as an array of them (Gradescope reads one).
public enum GradescopeReporter: Reporter {
    public static func render(_ results: [GradeResult]) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let mapped = results.map(GradescopeResults.init)
        let data = results.count == 1 ? try? encoder.encode(mapped[0]) : try? encoder.encode(mapped)
        guard let data else {
            // Only a non-finite score makes encoding fail; Gradescope then shows the reason and no points.
            let object = #"{"output":"the result could not be encoded (a score is not a finite number)","score":0}"#
            return (results.count == 1 ? object : "[\(object)]") + "\n"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// One submission's results in Gradescope's schema: only fields Gradescope documents.
public struct GradescopeResults: Codable, Equatable, Sendable {
    /// Gradescope's visibility values.
    public static let visibilities = ["hidden", "after_due_date", "after_published", "visible"]

    public var score: Double
    public var output: String
    public var visibility: String
    public var stdoutVisibility: String
    public var tests: [Test]

    /// One entry of `tests`: a rubric criterion.
    public struct Test: Codable, Equatable, Sendable {
        public var name: String
        public var score: Double
        public var maxScore: Double
        /// `passed` or `failed`.
        public var status: String
        public var output: String
        public var visibility: String
    }

    /// The mapping from a grader result.
    public init(_ result: GradeResult) {
        score = result.score
        visibility = "after_published"
        stdoutVisibility = "hidden"
        guard result.status != .error else {
            score = 0
            output = "could not grade: \(result.message ?? result.submission)"
            tests = []
            return
        }
        var lines = [result.message ?? ""]
        lines += result.reviewReasons.map { "needs review: \($0)" }
        let pending = result.criteria.filter { $0.status == .manual }
        if !pending.isEmpty {
            let points = pending.reduce(0) { $0 + $1.maxScore }
            lines.append(
                "\(Figures.plain(points)) points await the interviewer: "
                    + pending.map { "\($0.title) (\(Figures.plain($0.maxScore)))" }.joined(separator: ", "))
        }
        lines += result.notes
        output = lines.filter { !$0.isEmpty }.joined(separator: "\n")
        tests = result.criteria.filter { $0.status != .manual }.map { criterion in
            let findings = criterion.kind == .rule ? result.findings.filter { $0.rule == criterion.id } : []
            return Test(
                name: "\(criterion.id): \(criterion.title)", score: criterion.score, maxScore: criterion.maxScore,
                status: criterion.status == .passed ? "passed" : "failed",
                output: (criterion.evidence + findings.map(\.formatted)).joined(separator: "\n"),
                visibility: "after_published")
        }
    }

    /// What in `data` Gradescope's specification does not allow: unknown keys, wrong types, statuses other than
    /// `passed`/`failed`, unknown visibilities, a leaderboard, a missing score. Empty when it conforms.
    public static func problems(in data: Data) -> [String] {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return ["not a JSON object"]
        }
        let topLevel: Set = [
            "score", "execution_time", "output", "output_format", "test_output_format", "test_name_format",
            "visibility", "stdout_visibility", "extra_data", "tests",
        ]
        let perTest: Set = [
            "score", "max_score", "status", "name", "name_format", "number", "output", "output_format", "tags",
            "visibility", "extra_data",
        ]
        var problems = Set(object.keys).subtracting(topLevel).sorted().map { "unknown key '\($0)'" }
        let tests = object["tests"] as? [[String: Any]]
        if object["tests"] != nil, tests == nil { problems.append("tests is not an array of objects") }
        if !(object["score"] is NSNumber), tests?.allSatisfy({ $0["score"] is NSNumber }) != true {
            problems.append("no score: neither at the top level nor on every test")
        }
        problems += visibilityProblems(object, keys: ["visibility", "stdout_visibility"], at: "")
        for key in ["output", "output_format"] where object[key] != nil && !(object[key] is String) {
            problems.append("\(key) is not a string")
        }
        for (index, test) in (tests ?? []).enumerated() {
            let place = "tests[\(index)]"
            problems += Set(test.keys).subtracting(perTest).sorted().map { "\(place): unknown key '\($0)'" }
            for key in ["score", "max_score"] where test[key] != nil && !(test[key] is NSNumber) {
                problems.append("\(place): \(key) is not a number")
            }
            for key in ["name", "output"] where test[key] != nil && !(test[key] is String) {
                problems.append("\(place): \(key) is not a string")
            }
            if let status = test["status"], !["passed", "failed"].contains(status as? String ?? "") {
                problems.append("\(place): status must be passed or failed")
            }
            problems += visibilityProblems(test, keys: ["visibility"], at: "\(place): ")
        }
        return problems
    }

    private static func visibilityProblems(_ object: [String: Any], keys: [String], at place: String) -> [String] {
        keys.compactMap { key in
            guard let value = object[key] else { return nil }
            return visibilities.contains(value as? String ?? "") ? nil : "\(place)\(key) '\(value)' is not a visibility"
        }
    }
}
