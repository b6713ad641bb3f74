import GraderCore

/// Pure helpers over `GradeResult` that several reporters share, so every format shows the same content.
extension GradeResult {
    /// `PASS`, `FAIL` or `ERROR`.
    var verdict: String { reviewReasons.isEmpty ? status.rawValue.uppercased() : "NEEDS REVIEW" }

    /// Hidden tests that passed.
    var testsPassed: Int { tests.filter { $0.status == .pass }.count }

    /// The hidden tests grouped by requirement, in rubric order (task id, then first appearance).
    var requirementGroups: [RequirementGroup] {
        var order: [String] = []
        var byRequirement: [String: [TestResult]] = [:]
        for test in tests {
            if byRequirement[test.requirement] == nil { order.append(test.requirement) }
            byRequirement[test.requirement, default: []].append(test)
        }
        let groups = order.enumerated().map { index, id -> (Int, Int, RequirementGroup) in
            let tests = byRequirement[id] ?? []
            let title = criteria.first { $0.id == id && $0.kind == .tests }?.title
            let taskId = tests.compactMap(\.taskId).min() ?? Int.max
            return (taskId, index, RequirementGroup(id: id, title: title, tests: tests))
        }
        return groups.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }
}

/// One requirement's hidden tests, as the reports show them.
struct RequirementGroup {
    var id: String
    /// The matching `tests` criterion's title, when the rubric has one.
    var title: String?
    var tests: [TestResult]

    var passed: Int { tests.filter { $0.status == .pass }.count }

    /// `MC2 Requests`, or `MC2` without a title.
    var heading: String { title.map { "\(id) \($0)" } ?? id }

    /// When none of the requirement's tests ran for one shared reason, reports show that reason once instead of
    /// repeating it for every test: either the hidden tests no longer compile against the submission (every
    /// test is an error and at least one names the symbol it expected), or every test is an error with the same
    /// message (the build failed, or the runner's own "does not compile against the submission's API: …").
    var blocked: BlockedRequirement? {
        guard !tests.isEmpty, tests.allSatisfy({ $0.status == .error }) else { return nil }
        var symbols: [String] = []
        for symbol in tests.compactMap(\.expectedSymbol) where !symbols.contains(symbol) { symbols.append(symbol) }
        let messages = Set(tests.map { $0.message ?? "" })
        if symbols.isEmpty && (tests.count < 2 || messages.count != 1) { return nil }
        return BlockedRequirement(symbols: symbols, message: tests.compactMap(\.message).first)
    }
}

/// A requirement none of whose hidden tests ran: the symbols they expected (if known) and the shared message.
struct BlockedRequirement {
    var symbols: [String]
    var message: String?

    /// `hidden tests do not compile: expected `A.b(_:)``, or `no test ran` when no symbol is known.
    var summary: String {
        if symbols.isEmpty { return "no test ran" }
        return "hidden tests do not compile: expected " + symbols.map { "`\($0)`" }.joined(separator: ", ")
    }
}
