/// How much a finding matters.
public enum Severity: String, Codable, Sendable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One static-rule violation at a place in the submission.
public struct Finding: Codable, Equatable, Hashable, Sendable {
    /// The rule's identifier, e.g. `no-singletons`.
    public var rule: String
    public var severity: Severity
    /// Path relative to the submission's root, with `/` separators.
    public var path: String
    /// 1-based line; 0 when the finding is about a whole file.
    public var line: Int
    /// 1-based column; 0 when unknown.
    public var column: Int
    public var message: String

    public init(rule: String, severity: Severity, path: String, line: Int, column: Int, message: String) {
        self.rule = rule
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// Where the finding is, as editors read it: `path:line:col`; `path:line` when the column is unknown;
    /// `path` alone for a whole-file or project-wide finding (line 0); empty when it has no path either.
    public var location: String {
        guard line > 0 else { return path }
        return column > 0 ? "\(path):\(line):\(column)" : "\(path):\(line)"
    }

    /// The editor-friendly form: `path:line:col: warning: message [rule-id]`; a project-wide finding drops what
    /// it has not (`Package.swift: error: …`, or `error: …` with no path), never `:0:0:`.
    public var formatted: String {
        let tail = "\(severity.rawValue): \(message) [\(rule)]"
        return location.isEmpty ? tail : "\(location): \(tail)"
    }
}
