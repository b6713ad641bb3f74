import Foundation
import GraderCore

/// `style`: the toolchain's `swift format lint` over the app code, scored as findings per 100 lines.
///
/// Runs `swift format lint` through the injected `ProcessRunner` in the submission's root, on its non-test,
/// non-vendored Swift files, with `--configuration <root>/.swift-format` when the submission has one (its own
/// style, consistently applied, is what counts) and otherwise Xcode's conventions (4-space indentation, 120
/// columns, swift-format's defaults for the rest), so a candidate is not penalised on every line for keeping
/// Xcode's default indentation. When swift-format cannot
/// be run the criterion is "not checked", with a note; never a crash.
public struct StyleRule: Rule {
    public init() {}

    /// Files per swift-format run, to keep command lines short.
    static let batchSize = 100

    /// The configuration for a submission without its own: Xcode's indentation and a 120-column line.
    static let xcodeConfiguration = #"{"version": 1, "indentation": {"spaces": 4}, "lineLength": 120}"#

    public var description: RuleDescription {
        RuleDescription(
            identifier: "style", name: "Keep the code formatted (swift format lint)", kind: .style,
            severity: .warning,
            rationale: """
                Consistent formatting is the cheapest signal of care, and a formatter makes it free. Scored per \
                100 lines so a large submission is not punished for its size.
                """,
            parameters: [
                "max_per_100_lines":
                    "findings per 100 lines of non-test Swift at or under which the criterion gets full points "
                    + "(default 3); the score falls linearly to 0 at three times that",
                "max_listed": "how many findings to list in the result (default 100); all of them are counted",
            ],
            nonTriggeringExamples: [
                Example("let x = 1\n"),
                Example("// let x=1\n"),
            ],
            triggeringExamples: [
                Example("let x↓=↓1\n")
            ])
    }

    public func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput {
        let sources = context.appSources
        let lines = sources.reduce(0) { $0 + $1.lineCount }
        guard !sources.isEmpty else { return RuleOutput(findings: [], linesMeasured: 0) }
        let root = context.root ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        var arguments = ["format", "lint", "--no-color-diagnostics", "--ignore-unparsable-files"]
        var fallback: URL?
        if context.files.contains(".swift-format") {
            arguments += ["--configuration", root.appendingPathComponent(".swift-format").path]
        } else {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "grader-style-\(UUID().uuidString).json")
            if (try? Data(Self.xcodeConfiguration.utf8).write(to: url)) != nil {
                arguments += ["--configuration", url.path]
                fallback = url
            }
        }
        defer { if let fallback { try? FileManager.default.removeItem(at: fallback) } }
        var findings: [Finding] = []
        var notes: [String] = []
        let paths = sources.map(\.path)
        for start in stride(from: 0, to: paths.count, by: Self.batchSize) {
            let batch = Array(paths[start..<min(start + Self.batchSize, paths.count)])
            let output: ProcessOutput
            do {
                output = try context.runner(
                    ProcessRequest("swift", arguments + batch, workingDirectory: root, timeout: 120))
            } catch {
                return RuleOutput(
                    findings: [], notes: ["style not checked: swift-format could not be run (\(error))"],
                    unavailable: "swift-format could not be run", linesMeasured: lines)
            }
            if output.timedOut {
                return RuleOutput(
                    findings: [], notes: ["style not checked: swift format lint timed out"],
                    unavailable: "swift format lint timed out", linesMeasured: lines)
            }
            let parsed = Self.parse(output.stderr + "\n" + output.stdout, root: root)
            if parsed.findings.isEmpty && !output.succeeded {
                let reason = Self.firstLine(output.stderr) ?? "exit status \(output.status)"
                return RuleOutput(
                    findings: [], notes: ["style not checked: swift-format is not available (\(reason))"],
                    unavailable: "swift-format is not available", linesMeasured: lines)
            }
            findings += parsed.findings
            notes += parsed.notes
        }
        findings.sort { ($0.path, $0.line, $0.column, $0.message) < ($1.path, $1.line, $1.column, $1.message) }
        return RuleOutput(findings: findings, notes: notes, linesMeasured: lines)
    }

    /// Full points at or under `max_per_100_lines`, then linearly down to 0 at three times that.
    public func score(_ output: RuleOutput, criterion: Criterion) -> CriterionResult {
        if let reason = output.unavailable { return .notChecked(criterion, reason: reason) }
        let threshold = max(0.01, criterion.options.number("max_per_100_lines", default: 3))
        let lines = output.linesMeasured ?? 0
        let count = output.findings.count
        guard lines > 0 else {
            return CriterionResult(
                criterion: criterion, score: criterion.points, evidence: ["no non-test Swift to lint"])
        }
        let rate = Double(count) * 100 / Double(lines)
        let fraction = rate <= threshold ? 1 : max(0, (3 * threshold - rate) / (2 * threshold))
        var evidence = [
            "\(count) swift-format finding\(count == 1 ? "" : "s") in \(lines) lines of non-test Swift: "
                + "\(Figures.plain(rate)) per 100 lines (full points at or under \(Figures.plain(threshold)), "
                + "none at \(Figures.plain(3 * threshold)))"
        ]
        evidence += output.findings.prefix(RuleScoring.evidenceFindings).map(\.formatted)
        return CriterionResult(criterion: criterion, score: criterion.points * fraction, evidence: evidence)
    }

    /// swift-format diagnostics (`path:line:col: warning: [Rule] message`) as findings; other `error:` lines as notes.
    static func parse(_ text: String, root: URL) -> (findings: [Finding], notes: [String]) {
        var findings: [Finding] = []
        var notes: [String] = []
        let rootPath = root.standardizedFileURL.path + "/"
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            if parts.count == 5, let row = Int(parts[1]), let column = Int(parts[2]) {
                let level = parts[3].trimmingCharacters(in: .whitespaces)
                guard level == "warning" || level == "error" || level == "note" else { continue }
                var path = String(parts[0])
                if path.hasPrefix(rootPath) { path.removeFirst(rootPath.count) }
                if path.hasPrefix("./") { path.removeFirst(2) }
                let message = parts[4].trimmingCharacters(in: .whitespaces)
                findings.append(
                    Finding(rule: "style", severity: .warning, path: path, line: row, column: column, message: message))
            } else if line.hasPrefix("error:") || line.contains(": error:") {
                notes.append("style: " + line.trimmingCharacters(in: .whitespaces))
            }
        }
        return (findings, notes)
    }

    static func firstLine(_ text: String) -> String? {
        text.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) }
    }
}
