import Foundation
import GraderCore
import GraderKit
import GraderRules

/// One small change to a solution's code inside a solution region, which a good hidden suite notices.
public struct Mutant: Sendable, Equatable, Codable {
    public enum Operator: String, Sendable, Codable, CaseIterable {
        case negateCondition = "negate-condition"
        case swapComparison = "swap-comparison"
        case swapBoolean = "swap-boolean"
        case replaceLiteral = "replace-literal"
        case deleteStatement = "delete-statement"
        case dropCall = "drop-call"
        case skipHop = "skip-main-hop"
        case captureStrongly = "capture-self-strongly"
    }

    public var id: Int
    public var requirement: String
    /// Path in the solution (`Sources/MovieClient/Networking/APIClient.swift`).
    public var file: String
    public var line: Int
    public var mutation: Operator
    public var before: String
    public var after: String

    /// `Sources/…/APIClient.swift:79: skip-main-hop: queue.async → run at once`.
    public var described: String { "\(file):\(line): \(mutation.rawValue): \(before) → \(after)" }
}

/// Where mutants go into a source file: each site is one edit of the original text that switches between the
/// original and its mutants at run time (`GraderVariant.mutant(id)`), so every mutant shares one build.
struct MutationSite {
    /// UTF-8 range of the original text the edit replaces.
    var range: Range<Int>
    var lines: ClosedRange<Int>
    var mutants: [(Mutant.Operator, before: String, after: String)]
    /// The replacement, given the ids of the site's mutants in order.
    var render: ([Int]) -> String
}

/// Finds the mutation sites of a solution's files, inside solution regions and function bodies only.
enum MutationSites {
    /// Sites in `text`, each with the requirement of the region it sits in.
    static func find(in text: String) -> [(requirement: String, site: MutationSite)] {
        let regions = regionLines(text)
        guard !regions.isEmpty else { return [] }
        let source = SwiftSource(path: "Solution.swift", text: text)
        let tokens = source.tokens
        var depths: [Int] = []
        var depth = 0
        for token in tokens {
            if token.isSymbol("}") || token.isSymbol(")") || token.isSymbol("]") { depth -= 1 }
            depths.append(depth)
            if token.isSymbol("{") || token.isSymbol("(") || token.isSymbol("[") { depth += 1 }
        }
        let bytes = Array(text.utf8)
        func slice(_ from: Int, _ through: Int) -> String {
            String(decoding: bytes[tokens[from].offset..<tokens[through].end], as: UTF8.self)
        }
        func oneLine(_ text: String) -> String {
            text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
        }
        func line(_ index: Int) -> Int { source.location(of: tokens[index].offset).line }
        func inBody(_ index: Int) -> Bool { depths[index] > 0 && !source.contexts[index].inTypeBody }
        func requirement(_ index: Int) -> String? {
            let number = line(index)
            return regions.first { $0.lines.contains(number) }?.requirement
        }

        var found: [(String, MutationSite)] = []
        var taken: [Range<Int>] = []
        func add(_ requirement: String, _ site: MutationSite) {
            guard !taken.contains(where: { $0.overlaps(site.range) }) else { return }
            taken.append(site.range)
            found.append((requirement, site))
        }

        for index in tokens.indices where inBody(index) {
            guard let requirement = requirement(index) else { continue }
            let token = tokens[index]
            // A hop to a queue: `X.async {` runs the work right away instead.
            if token.isWord("async"), index >= 2, tokens[index - 1].isSymbol("."), index + 1 < tokens.count,
                tokens[index + 1].isSymbol("{") || tokens[index + 1].isSymbol("(")
            {
                var start = index - 2
                while start >= 2, tokens[start - 1].isSymbol("."), tokens[start - 2].kind == .identifier { start -= 2 }
                guard tokens[start].kind == .identifier else { continue }
                let queue = slice(start, index - 2)
                add(
                    requirement,
                    MutationSite(
                        range: tokens[start].offset..<tokens[index].end, lines: line(start)...line(index),
                        mutants: [(.skipHop, "\(queue).async", "run at once")],
                        render: { ids in "GraderVariant.Hop(id: \(ids[0]), queue: \(queue)).async" }))
            }
            // `[weak self]`: a strong reference rides along. The closure must use it, or the compiler drops an
            // unused capture and the mutant is the solution itself: `_ = graderRetained` right after `in`.
            if token.isWord("weak"), index + 2 < tokens.count, tokens[index + 1].isWord("self"),
                tokens[index + 2].isSymbol("]"), index > 0, tokens[index - 1].isSymbol("["),
                let keyword = (index + 3..<min(tokens.count, index + 40)).first(where: {
                    tokens[$0].isWord("in") && depths[$0] == depths[index - 1]
                })
            {
                let signature = slice(index + 2, keyword)
                add(
                    requirement,
                    MutationSite(
                        range: tokens[index].offset..<tokens[keyword].end, lines: line(index)...line(keyword),
                        mutants: [(.captureStrongly, "[weak self]", "[weak self, strong self]")],
                        render: { ids in
                            "weak self, graderRetained = GraderVariant.mutant(\(ids[0])) ? self : nil\(signature) "
                                + "_ = graderRetained;"
                        }))
            }
            // Conditions of if, guard and while (not bindings or patterns).
            if token.isWord("if") || token.isWord("guard") || token.isWord("while"),
                let end = conditionEnd(tokens, from: index, guardStatement: token.isWord("guard"))
            {
                let first = index + 1
                let last = end - 1
                guard first <= last else { continue }
                let condition = tokens[first...last]
                if condition.contains(where: {
                    ($0.isWord("let") || $0.isWord("var") || $0.isWord("case") || $0.isSymbol(",") || $0.kind == .pound)
                }) {
                    continue
                }
                let original = slice(first, last)
                let flat = oneLine(original)
                var mutants: [(Mutant.Operator, String, String)] = [(.negateCondition, flat, "!(\(flat))")]
                var variants = ["!(\(flat))"]
                let swaps = ["<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="]
                for cursor in first...last where depths[cursor] == depths[first] && tokens[cursor].kind == .op {
                    let op = tokens[cursor].text
                    let replacement: String?
                    let kind: Mutant.Operator
                    if let swapped = swaps[op] {
                        replacement = swapped
                        kind = .swapComparison
                    } else if op == "&&" || op == "||" {
                        replacement = op == "&&" ? "||" : "&&"
                        kind = .swapBoolean
                    } else {
                        continue
                    }
                    guard let replacement else { continue }
                    let mutated =
                        (cursor > first ? oneLine(slice(first, cursor - 1)) + " " : "") + replacement
                        + (cursor < last ? " " + oneLine(slice(cursor + 1, last)) : "")
                    mutants.append((kind, flat, mutated))
                    variants.append(mutated)
                }
                add(
                    requirement,
                    MutationSite(
                        range: tokens[first].offset..<tokens[last].end, lines: line(first)...line(last),
                        mutants: mutants.map { ($0.0, before: $0.1, after: $0.2) },
                        render: { ids in
                            zip(ids, variants).map { "GraderVariant.mutant(\($0)) ? (\($1)) : " }.joined()
                                + "(\(original))"
                        }))
            }
        }
        // Whole statements on one line: calls and assignments.
        for index in tokens.indices where inBody(index) && tokens[index].newlineBefore {
            guard let requirement = requirement(index), tokens[index].kind == .identifier else { continue }
            let keywords: Set<String> = [
                "let", "var", "return", "guard", "if", "switch", "case", "default", "defer", "throw", "break",
                "continue", "else", "for", "while", "repeat", "do", "catch", "try", "await", "fallthrough", "func",
                "super", "self",
            ]
            guard !keywords.contains(tokens[index].text) || tokens[index].text == "self" else { continue }
            var end = index
            while end + 1 < tokens.count, !tokens[end + 1].newlineBefore { end += 1 }
            let statement = tokens[index...end]
            guard depths[end] == depths[index] || tokens[end].isSymbol(")"),
                !statement.contains(where: { $0.isSymbol("{") || $0.isSymbol("}") || $0.isSymbol(";") }),
                end + 1 >= tokens.count || depths[end + 1] <= depths[index]
            else { continue }
            let isAssignment = statement.contains { $0.kind == .op && ["=", "+=", "-=", "*=", "/="].contains($0.text) }
            let isCall = tokens[end].isSymbol(")")
            guard isAssignment || isCall else { continue }
            let text = slice(index, end)
            add(
                requirement,
                MutationSite(
                    range: tokens[index].offset..<tokens[end].end, lines: line(index)...line(end),
                    mutants: [(isAssignment ? .deleteStatement : .dropCall, text, "(removed)")],
                    render: { ids in "if !GraderVariant.mutant(\(ids[0])) { \(text) }" }))
        }
        // Literals.
        for index in tokens.indices where inBody(index) {
            guard let requirement = requirement(index), !source.contexts[index].inParameterClause else { continue }
            let token = tokens[index]
            if index > 0, tokens[index - 1].isWord("case") || tokens[index - 1].isSymbol(".") { continue }
            let replacement: String
            switch token.kind {
            case .number where !token.text.contains("x") && !token.text.contains("e"):
                if token.text.contains(".") {
                    replacement = Double(token.text) == 0 ? "1.0" : "0.0"
                } else if let value = Int(token.text.replacingOccurrences(of: "_", with: "")) {
                    replacement = value == 0 ? "1" : (value == 1 ? "0" : String(value + 1))
                } else {
                    continue
                }
            case .identifier where token.isWord("true") || token.isWord("false"):
                replacement = token.isWord("true") ? "false" : "true"
            case .string
            where token.text.hasPrefix("\"") && !token.text.hasPrefix("\"\"\"") && token.text.hasSuffix("\"")
                && token.text.count >= 2 && (index + 1 >= tokens.count || tokens[index + 1].kind != .string):
                replacement = token.text == "\"\"" ? "\"grader\"" : "\"\""
            default:
                continue
            }
            add(
                requirement,
                MutationSite(
                    range: token.offset..<token.end, lines: line(index)...line(index),
                    mutants: [(.replaceLiteral, token.text, replacement)],
                    render: { ids in "(GraderVariant.mutant(\(ids[0])) ? \(replacement) : \(token.text))" }))
        }
        return found
    }

    /// The token index of the `{` (or `else` for a guard) that ends the condition starting after `index`.
    static func conditionEnd(_ tokens: [Token], from index: Int, guardStatement: Bool) -> Int? {
        var depth = 0
        var cursor = index + 1
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.isSymbol("(") || token.isSymbol("[") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") { depth -= 1 }
            if depth == 0 {
                if guardStatement, token.isWord("else") { return cursor }
                if !guardStatement, token.isSymbol("{") { return cursor }
                // A closure in a condition (`contains { … }`) is more than this lexer-level site can hold.
                if guardStatement, token.isSymbol("{") { return nil }
            }
            cursor += 1
        }
        return nil
    }

    /// Each solution region's requirement and line range (BEGIN through END).
    static func regionLines(_ text: String) -> [(requirement: String, lines: ClosedRange<Int>)] {
        var found: [(String, ClosedRange<Int>)] = []
        var open: (String, Int)?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.hasPrefix("// BEGIN SOLUTION") {
                let rest = trimmed.dropFirst("// BEGIN SOLUTION".count).drop(while: { $0 == " " })
                open = (String(rest.prefix(while: { $0 != ":" && $0 != " " })), number + 1)
            } else if trimmed.hasPrefix("// END SOLUTION"), let begin = open {
                found.append((begin.0, begin.1...(number + 1)))
                open = nil
            }
        }
        return found
    }
}
