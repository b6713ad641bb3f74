import GraderCore

/// Number formatting that does not depend on the locale, so reports are byte-for-byte deterministic.
enum Numbers {
    /// `10` for 10.0, `7.5` for 7.5, `0.33` for 1/3 (at most two decimals, trailing zeros dropped).
    static func plain(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let hundredths = Int((abs(value) * 100).rounded())
        let sign = value < 0 && hundredths > 0 ? "-" : ""
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        let trimmed = digits.hasSuffix("0") ? String(digits.dropLast()) : digits
        return "\(sign)\(whole).\(trimmed)"
    }

    /// Exactly `decimals` decimals: `0.120` for 0.12 with three.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let units = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && units > 0 ? "-" : ""
        guard decimals > 0 else { return "\(sign)\(units)" }
        var fraction = String(units % scale)
        while fraction.count < decimals { fraction = "0" + fraction }
        return "\(sign)\(units / scale).\(fraction)"
    }

    /// `61.5/100`.
    static func score(_ score: Double, of maxScore: Double) -> String {
        "\(plain(score))/\(plain(maxScore))"
    }

    /// `61.5%`.
    static func percent(_ value: Double) -> String { "\(plain(value))%" }
}

/// Pure helpers over `GradeResult` that several reporters share, so every format shows the same content.
extension GradeResult {
    /// `PASS`, `FAIL` or `ERROR`.
    var verdict: String { status.rawValue.uppercased() }

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

    /// When the requirement's hidden tests no longer compile against the submission: every test is an error
    /// and at least one names the symbol it expected. Reports then show one line with that symbol instead of
    /// repeating the compiler's message for every test.
    var brokenContract: BrokenContract? {
        guard !tests.isEmpty, tests.allSatisfy({ $0.status == .error }) else { return nil }
        let symbols = tests.compactMap(\.expectedSymbol)
        guard !symbols.isEmpty else { return nil }
        var unique: [String] = []
        for symbol in symbols where !unique.contains(symbol) { unique.append(symbol) }
        return BrokenContract(symbols: unique, message: tests.compactMap(\.message).first)
    }
}

/// Hidden tests that no longer compile: the symbols they expected and the compiler's message.
struct BrokenContract {
    var symbols: [String]
    var message: String?

    /// `expected `A.b(_:)`` or `expected `A.b(_:)`, `C.d``.
    var summary: String {
        "hidden tests do not compile: expected " + symbols.map { "`\($0)`" }.joined(separator: ", ")
    }
}
