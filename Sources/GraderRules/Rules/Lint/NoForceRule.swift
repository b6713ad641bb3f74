import GraderCore

/// `no-force`: `try!`, `as!` and force unwraps (a postfix `!` on an expression) in app code; each one is a crash
/// waiting for unexpected input.
///
/// Not flagged: `!=`/`!==`, prefix `!` (`!isEmpty`), test code, `init!`, and implicitly unwrapped optional
/// types (`var label: UILabel!`, `func f(x: Int!)`, `-> T!`): an IUO declares a type, and `@IBOutlet var x: T!`
/// is what Xcode writes for every outlet, so flagging it would mostly punish the template.
public struct NoForceRule: Rule {
    public init() {}

    public var description: RuleDescription {
        RuleDescription(
            identifier: "no-force", name: "Never force: no `try!`, `as!` or force unwraps", kind: .lint,
            severity: .warning,
            rationale: """
                A force unwrap, cast or try crashes the app on the first response the code did not expect. \
                Handle the failure: `if let`, `guard let`, `??`, `as?`, `do`/`catch`.
                """,
            nonTriggeringExamples: [
                Example("if a != b && !flag { return }"),
                Example("let same = a !== b"),
                Example("@IBOutlet weak var titleLabel: UILabel!"),
                Example("var cache: [String: Int]!\nlet handler: ((Int) -> Void)!"),
                Example("func configure(with model: Model!, size: Set<Int>!) -> String! { nil }"),
                Example("let value = try? decoder.decode(Feed.self, from: data)"),
                Example("guard let url = URL(string: text) else { return }"),
                Example("let image = cast as? UIImage"),
                Example("#if !os(Linux)\nimport UIKit\n#endif"),
                Example("init!(value: Int) { return nil }"),
                Example(
                    "task = session.dataTask(with: url) { (data: Data!, response: URLResponse!, error: Error!) in }"),
                Example("let url = URL(string: text)!", path: "Tests/AppTests/FeedTests.swift"),
                Example("let x = y ?? z"),
                Example("let a = !b, c = ![1].isEmpty"),
            ],
            triggeringExamples: [
                Example("let data = ↓try! Data(contentsOf: url)"),
                Example("let cell = view ↓as! FeedCell"),
                Example("let url = URL(string: text)↓!"),
                Example("let name = user↓!.name"),
                Example("let first = items[0]↓!\nlet value = dict[\"key\"]↓!"),
                Example("label.text = \"\\(count↓!)\""),
                Example("let title = model?.title↓!"),
                Example("if x↓! == y { }"),
                Example("foo(x: y↓!)\nlet z = a ? b : c↓!"),
                Example("let row: Row = rows.first↓!"),
                Example("func f() { let x: Int = value↓! }"),
            ])
    }

    public func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput {
        var findings: [Finding] = []
        for source in context.appSources {
            findings += check(source)
        }
        return RuleOutput(findings: findings)
    }

    func check(_ source: SwiftSource) -> [Finding] {
        let tokens = source.tokens
        var findings: [Finding] = []
        for index in tokens.indices where tokens[index].kind == .op && tokens[index].text == "!" {
            let token = tokens[index]
            guard index > 0, !token.spaceBefore else { continue }
            let previous = tokens[index - 1]
            if previous.kind == .punctuation, ["(", "[", "{", ",", ";", ":", "\\"].contains(previous.text) { continue }
            if previous.kind == .op || previous.kind == .attribute || previous.kind == .pound { continue }
            if previous.kind == .string { continue }
            if previous.isWord("try") {
                findings.append(
                    source.finding(
                        description, at: index - 1,
                        "`try!` crashes when the call throws; use `try` with `do`/`catch`, or `try?`"))
                continue
            }
            if previous.isWord("as") {
                findings.append(
                    source.finding(
                        description, at: index - 1, "`as!` crashes when the cast fails; use `as?` and handle nil"))
                continue
            }
            if previous.isWord("init") { continue }
            if isImplicitlyUnwrappedType(source, bang: index) { continue }
            let start = expressionStart(source, before: index)
            let quote = source.quote(from: start, through: index, limit: 40)
            findings.append(
                source.finding(
                    description, at: index,
                    "`\(quote)` force-unwraps and crashes on nil; use `if let`, `guard let` or `??` instead"))
        }
        return findings
    }

    /// Whether the `!` at `bang` ends a type: `name: T!` in a `let`/`var` or a parameter clause, or `-> T!`.
    private func isImplicitlyUnwrappedType(_ source: SwiftSource, bang: Int) -> Bool {
        let tokens = source.tokens
        guard let start = typeStart(source, before: bang), start > 0 else { return false }
        let before = tokens[start - 1]
        if before.isSymbol("->") { return true }
        guard before.isSymbol(":"), start >= 2, tokens[start - 2].kind == .identifier else { return false }
        if source.contexts[bang].inParameterClause { return true }
        return start >= 3 && (tokens[start - 3].isWord("var") || tokens[start - 3].isWord("let"))
    }

    /// The first token of a type that ends right before `end`: `A.B`, `A<B>`, `[A: B]`, `(A) -> B` in parens.
    private func typeStart(_ source: SwiftSource, before end: Int) -> Int? {
        let tokens = source.tokens
        var cursor = end - 1
        while cursor >= 0 {
            let token = tokens[cursor]
            if token.isSymbol(")") || token.isSymbol("]") {
                guard let opener = source.opener(ofCloserAt: cursor) else { return nil }
                return opener
            }
            if token.kind == .op, token.text.allSatisfy({ $0 == ">" }) {
                var depth = 0
                while cursor >= 0 {
                    let text = tokens[cursor].text
                    if tokens[cursor].kind == .op {
                        for character in text {
                            if character == ">" { depth += 1 } else if character == "<" { depth -= 1 }
                        }
                    }
                    if depth == 0 { break }
                    cursor -= 1
                }
                cursor -= 1
                continue
            }
            if token.isSymbol("?") {
                cursor -= 1
                continue
            }
            guard token.kind == .identifier else { return nil }
            if cursor > 1, tokens[cursor - 1].isSymbol("."), tokens[cursor - 2].kind == .identifier {
                cursor -= 2
                continue
            }
            return cursor
        }
        return nil
    }

    /// Where the postfix expression ending before `end` starts, for quoting: `a.b(c)[d]?.e`.
    private func expressionStart(_ source: SwiftSource, before end: Int) -> Int {
        let tokens = source.tokens
        func isOperandEnd(_ token: Token) -> Bool {
            switch token.kind {
            case .identifier, .number, .string: return true
            case .punctuation: return token.text == ")" || token.text == "]"
            case .op: return (token.text == "?" || token.text == "!") && !token.spaceBefore
            default: return false
            }
        }
        var cursor = end - 1
        while cursor >= 0 {
            let token = tokens[cursor]
            if token.isSymbol(")") || token.isSymbol("]") {
                guard let opener = source.opener(ofCloserAt: cursor) else { return cursor }
                if opener > 0, !tokens[opener].spaceBefore, isOperandEnd(tokens[opener - 1]) {
                    cursor = opener - 1
                    continue
                }
                return opener
            }
            if token.kind == .op, token.text == "?" || token.text == "!", !token.spaceBefore {
                cursor -= 1
                continue
            }
            guard token.kind == .identifier || token.kind == .number || token.kind == .string else {
                return min(cursor + 1, end)
            }
            if cursor > 0, tokens[cursor - 1].isSymbol(".") {
                if cursor > 1, isOperandEnd(tokens[cursor - 2]) {
                    cursor -= 2
                    continue
                }
                return cursor - 1
            }
            return cursor
        }
        return 0
    }
}
