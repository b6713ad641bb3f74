import Foundation
import GraderCore

/// `required-apis`: the APIs an exercise asks for are used, and the ones it rules out are not, in app code.
///
/// Parameters (per exercise, in the rubric): `require`, a list of entries, each `|`-separated alternatives at
/// least one of which must appear as a token in non-test code (`["URLSession", "Decodable|Codable"]`); a missing
/// entry is one finding on the whole project. `forbid`, identifiers that must not appear; each use is a finding.
/// An entry may be dotted (`DispatchQueue.main`) to ask for that sequence of tokens. Comments and strings never
/// count.
public struct RequiredAPIsRule: Rule {
    public init() {}

    public var description: RuleDescription {
        let require: JSONValue = .array([.string("URLSession"), .string("Decodable|Codable")])
        return RuleDescription(
            identifier: "required-apis", name: "Use the APIs the exercise asks for", kind: .dependencies,
            severity: .error,
            rationale: """
                The assignments name their tools ("use URLSession", "decode with Codable", "use GCD"); a wrapper \
                library or hand-rolled JSON parsing misses what the exercise evaluates.
                """,
            parameters: [
                "require": "list of entries, each `A|B|…`: at least one alternative must appear in non-test code",
                "forbid": "list of identifiers that must not appear in non-test code",
            ],
            nonTriggeringExamples: [
                Example(
                    "struct Feed: Decodable {}\nlet task = URLSession(configuration: .default)",
                    parameters: ["require": require]),
                Example(
                    "final class Loader {\n    let session: URLSession\n}\nstruct Row: Codable {}",
                    parameters: ["require": require]),
                Example(
                    "DispatchQueue.main.async {}",
                    parameters: ["require": .array([.string("DispatchQueue.main|MainActor")])]),
                Example("let parsed = JSONDecoder()", parameters: ["forbid": .array([.string("JSONSerialization")])]),
                Example(
                    "// JSONSerialization is not used\nlet note = \"JSONSerialization\"",
                    parameters: ["forbid": .array([.string("JSONSerialization")])]),
                Example("let x = 1"),
            ],
            triggeringExamples: [
                Example(
                    "// URLSession and Codable would be nice\nlet note = \"URLSession\"",
                    parameters: ["require": require], wrappable: false),
                Example(
                    "struct Feed: Decodable {}\nlet session = URLSession(configuration: .default)",
                    path: "Tests/AppTests/FeedTests.swift", parameters: ["require": require], wrappable: false),
                Example(
                    "let object = try ↓JSONSerialization.jsonObject(with: data)",
                    parameters: ["forbid": .array([.string("JSONSerialization")])]),
            ])
    }

    public func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput {
        let required = parameters.strings("require")
        let forbidden = parameters.strings("forbid")
        guard !required.isEmpty || !forbidden.isEmpty else { return RuleOutput(findings: []) }
        let sources = context.appSources
        var findings: [Finding] = []
        for entry in required {
            let alternatives = entry.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard !alternatives.isEmpty else { continue }
            let found = alternatives.contains { alternative in
                sources.contains { !occurrences(of: alternative, in: $0).isEmpty }
            }
            guard !found else { continue }
            let listed = alternatives.map { "`\($0)`" }.joined(separator: " or ")
            findings.append(
                Finding(
                    rule: description.identifier, severity: description.severity, path: "", line: 0, column: 0,
                    message: "\(listed) never appears in non-test code; the exercise asks for it"))
        }
        for name in forbidden {
            for source in sources {
                for index in occurrences(of: name, in: source) {
                    findings.append(
                        source.finding(
                            description, at: index,
                            "`\(name)` is ruled out by this exercise; use what it asks for instead"))
                }
            }
        }
        return RuleOutput(findings: findings)
    }

    /// Indexes where `name` (an identifier, or dotted: `DispatchQueue.main`) appears as tokens in `source`.
    func occurrences(of name: String, in source: SwiftSource) -> [Int] {
        let parts = name.split(separator: ".").map(String.init)
        guard let first = parts.first else { return [] }
        let tokens = source.tokens
        var found: [Int] = []
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == first {
            var matches = true
            for (offset, part) in parts.enumerated().dropFirst() {
                let dot = index + offset * 2 - 1
                guard dot + 1 < tokens.count, tokens[dot].isSymbol("."), tokens[dot + 1].text == part else {
                    matches = false
                    break
                }
            }
            if matches { found.append(index) }
        }
        return found
    }
}
