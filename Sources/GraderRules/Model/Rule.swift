import GraderCore

/// A static rule: what it looks for (`check`) and how its findings turn into a criterion's score (`score`).
///
/// Each rule lives in its own file, named after it, with its description and examples; `RuleRegistry` lists them.
public protocol Rule: Sendable {
    /// The rule's id, name, severity, rationale, parameters and examples.
    var description: RuleDescription { get }

    /// Findings over the context's files, with the criterion's parameters (empty for defaults).
    func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput

    /// The criterion's score; by default the generic `allowed`/`penalty` scoring (`RuleScoring.penalty`).
    func score(_ output: RuleOutput, criterion: Criterion) -> CriterionResult
}

extension Rule {
    public func score(_ output: RuleOutput, criterion: Criterion) -> CriterionResult {
        RuleScoring.penalty(output, criterion: criterion)
    }
}

/// What one run of a rule produced.
public struct RuleOutput: Sendable {
    public var findings: [Finding]
    /// Things worth telling the interviewer that are not findings (a skipped file, a missing tool).
    public var notes: [String]
    /// Set when the rule could not run at all (e.g. swift-format is missing): the criterion is "not checked".
    public var unavailable: String?
    /// Lines of Swift the rule measured (`style` scores per 100 lines).
    public var linesMeasured: Int?

    public init(findings: [Finding], notes: [String] = [], unavailable: String? = nil, linesMeasured: Int? = nil) {
        self.findings = findings
        self.notes = notes
        self.unavailable = unavailable
        self.linesMeasured = linesMeasured
    }
}

/// Everything a rule says about itself: the documentation and the examples that are its tests.
public struct RuleDescription: Sendable {
    /// The folder the rule's file lives in.
    public enum Kind: String, Sendable {
        case idiomatic = "Idiomatic"
        case lint = "Lint"
        case dependencies = "Dependencies"
        case style = "Style"
        case integrity = "Integrity"
    }

    /// The id rubrics use, `no-singletons`.
    public var identifier: String
    /// A short imperative name, `Inject dependencies instead of singletons`.
    public var name: String
    public var kind: Kind
    public var severity: Severity
    /// Why the rule exists, for the docs and the report.
    public var rationale: String
    /// Rule-specific parameters, `name: meaning`, besides the generic `allowed` and `penalty`.
    public var parameters: [String: String]
    /// Code that must give no finding.
    public var nonTriggeringExamples: [Example]
    /// Code that must give findings exactly at its `↓` marks (or, without marks, whole-file findings).
    public var triggeringExamples: [Example]

    public init(
        identifier: String, name: String, kind: Kind, severity: Severity, rationale: String,
        parameters: [String: String] = [:], nonTriggeringExamples: [Example], triggeringExamples: [Example]
    ) {
        self.identifier = identifier
        self.name = name
        self.kind = kind
        self.severity = severity
        self.rationale = rationale
        self.parameters = parameters
        self.nonTriggeringExamples = nonTriggeringExamples
        self.triggeringExamples = triggeringExamples
    }
}

/// One example of a rule: a file (and maybe others around it), the parameters to run with, and for a
/// triggering example the `↓` marks where findings must be.
public struct Example: Sendable {
    /// The file's text; `↓` marks each spot a finding must point at (removed before checking).
    public var code: String
    /// Where the file sits in the submission.
    public var path: String
    /// Other files of the submission, path to text.
    public var otherFiles: [String: String]
    public var parameters: [String: JSONValue]
    /// Whether the example, wrapped in a comment or a string literal, must stop triggering. False for
    /// examples that are about files rather than code (a Podfile) or about something missing.
    public var wrappable: Bool
    /// Where the example is written, for test failures.
    public var file: StaticString
    public var line: UInt

    public init(
        _ code: String, path: String = "Sources/App/Example.swift", otherFiles: [String: String] = [:],
        parameters: [String: JSONValue] = [:], wrappable: Bool? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        self.code = code
        self.path = path
        self.otherFiles = otherFiles
        self.parameters = parameters
        self.wrappable = wrappable ?? path.hasSuffix(".swift")
        self.file = file
        self.line = line
    }

    /// The mark triggering examples put where a finding must point.
    public static let marker: Character = "↓"

    /// The code without marks, and the 1-based line and UTF-8 column of each mark.
    public var unmarked: (code: String, marks: [Mark]) {
        var marks: [Mark] = []
        var text = ""
        var line = 1
        var column = 1
        for character in code {
            if character == Self.marker {
                marks.append(Mark(line: line, column: column))
                continue
            }
            text.append(character)
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return (text, marks)
    }

    /// A spot a finding must point at.
    public struct Mark: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public static func < (lhs: Mark, rhs: Mark) -> Bool {
            (lhs.line, lhs.column) < (rhs.line, rhs.column)
        }

        public var description: String { "\(line):\(column)" }
    }
}
