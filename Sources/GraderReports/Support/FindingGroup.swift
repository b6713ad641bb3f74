import GraderCore

/// Findings of one kind: one rule's, and for a rule whose messages name a sub-rule in brackets (swift-format's
/// `[Indentation] replace leading whitespace…`, which the `style` rule passes on) one sub-rule's. The text report
/// lists a few of each kind and counts the rest, so a hundred indentation findings take five lines.
struct FindingGroup: Equatable {
    var rule: String
    /// The bracketed sub-rule (`Indentation`), when the messages carry one.
    var subrule: String?
    var findings: [Finding]

    /// `style [Indentation]`, or the rule id alone.
    var title: String { subrule.map { "\(rule) [\($0)]" } ?? rule }

    /// `1 error`, `97 warnings`, `2 errors, 1 warning`: errors first.
    var tally: String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.joined(separator: ", ")
    }

    /// `findings` grouped by kind, kinds in the order they first appear, findings in their own order.
    static func groups(_ findings: [Finding]) -> [FindingGroup] {
        var groups: [FindingGroup] = []
        var index: [String: Int] = [:]
        for finding in findings {
            let subrule = Self.subrule(finding.message)
            let key = finding.rule + "\u{0}" + (subrule ?? "")
            if let position = index[key] {
                groups[position].findings.append(finding)
            } else {
                index[key] = groups.count
                groups.append(FindingGroup(rule: finding.rule, subrule: subrule, findings: [finding]))
            }
        }
        return groups
    }

    /// `Indentation` from `[Indentation] replace…`: a leading bracketed word of letters and digits.
    static func subrule(_ message: String) -> String? {
        guard message.hasPrefix("["), let close = message.firstIndex(of: "]") else { return nil }
        let name = message[message.index(after: message.startIndex)..<close]
        guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        return String(name)
    }
}
