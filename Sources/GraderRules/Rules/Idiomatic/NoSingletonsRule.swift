import Foundation
import GraderCore

/// `no-singletons`: a type that keeps its own shared instance in a static property, or hands it out through a
/// `sharedInstance`-style accessor.
///
/// Triggers on, directly inside a class, struct, enum, actor or extension body (the innermost one for nested
/// types):
/// - a static (or class) stored property whose declared type or initializer is the enclosing type
///   (`static let shared = X()`, `static var instance: X`, `static let shared: X = .init()`, `Self()`), when
///   the property is a `var`, or the type is a class or actor (declared anywhere in the submission), or the name
///   says singleton (`shared…`, `…singleton…`, `…Instance`, `instance`);
/// - a static/class computed property or function with a singleton name returning the enclosing type
///   (`class var sharedInstance: X { … }`, `static func sharedInstance() -> X`; for classes and actors also
///   `default`, `current`, `main`, `standard`, `global`).
///
/// A static constant of another type (`static let titleColor = UIColor.red`) is not a singleton, and neither is
/// a named `let` constant of a value type (`static let zero = Vector(x: 0, y: 0)`, `static let standard =
/// Output(…)`, or `static let brand = UIColor(…)`
/// in an extension of a type the submission does not declare). Test code and protocols are not checked.
public struct NoSingletonsRule: Rule {
    public init() {}

    public var description: RuleDescription {
        RuleDescription(
            identifier: "no-singletons", name: "Inject dependencies instead of singletons", kind: .idiomatic,
            severity: .error,
            rationale: """
                A singleton is global mutable state: every caller reaches for the same instance, so tests cannot \
                substitute it and the dependency is invisible in the type's API. Pass the instance in through init.
                """,
            nonTriggeringExamples: [
                Example("final class Theme {\n    static let titleColor = UIColor.red\n}"),
                Example("struct Config {\n    static let defaultTimeout: TimeInterval = 30\n}"),
                Example("struct Vector {\n    static let zero = Vector(x: 0, y: 0)\n    var x, y: Double\n}"),
                Example("struct Output {\n    static let standard = Output(write: { print($0) })\n}"),
                Example("extension UIColor {\n    static let brand = UIColor(named: \"Brand\")\n}"),
                Example("extension Notification.Name {\n    static let didLogIn = Notification.Name(\"didLogIn\")\n}"),
                Example("final class Client {\n    static var random: Client { Client() }\n}"),
                Example("final class Client {\n    static func make() -> Client { Client() }\n}"),
                Example(
                    "final class Client {\n    let shared = Client.make()\n    static let session = URLSession(configuration: .default)\n}"
                ),
                Example("final class Client {\n    func run() { let shared = Client() }\n}"),
                Example("protocol Sharing {\n    static var shared: Self { get }\n}"),
                Example(
                    "final class Outer {\n    struct Inner {}\n    static let inner = Inner()\n}"),
                Example("// static let shared = APIClient()\nfinal class APIClient {}"),
                Example(
                    "/* /* static let shared = APIClient() */ static let shared = APIClient() */\nfinal class APIClient {}"
                ),
                Example("final class APIClient {\n    let text = #\"static let shared = APIClient()\"#\n}"),
                Example(
                    "final class APIClient {\n    let text = \"\"\"\n        static let shared = APIClient()\n        \"\"\"\n}"
                ),
                Example("final class APIClient {\n    let text = \"\\(\"static let shared = APIClient()\")\"\n}"),
                Example(
                    "final class APIClient {\n    static let shared = APIClient()\n}",
                    path: "Tests/AppTests/Mocks.swift"),
            ],
            triggeringExamples: [
                Example("final class APIClient {\n    static let ↓shared = APIClient()\n}"),
                Example("class ImageCache {\n    static var ↓instance: ImageCache!\n}"),
                Example("final class Store {\n    static let ↓shared: Store = .init()\n}"),
                Example("struct Settings {\n    static let ↓shared = Settings()\n}"),
                Example("enum Router {\n    case home\n    static var ↓current: Router = .home\n}"),
                Example("actor Database {\n    static let ↓shared = Database()\n}"),
                Example("final class Service {\n    static let ↓shared = Self()\n}"),
                Example("final class Service {\n    @MainActor static let ↓main = Service.init()\n}"),
                Example("final class Service {\n    private(set) static var ↓cached = try! Service(path: \"x\")\n}"),
                Example("final class Logger {}\nextension Logger {\n    static let ↓shared = Logger()\n}"),
                Example("extension APIClient {\n    static let ↓shared = APIClient(baseURL: url)\n}"),
                Example("final class Outer {\n    struct Inner {\n        static let ↓shared = Inner()\n    }\n}"),
                Example(
                    "final class Outer {\n    final class Inner {\n        static let ↓any = Outer.Inner()\n    }\n}"),
                Example(
                    "final class Manager: NSObject {\n    class var ↓sharedInstance: Manager {\n        return _shared\n    }\n}"
                ),
                Example("final class Manager {\n    static func ↓sharedInstance() -> Manager { Manager() }\n}"),
                Example(
                    "final class Box<Value> {\n    static var ↓shared: Box<Value>? { nil }\n    static var ↓instance: Box<Value>? = nil\n}"
                ),
                Example(
                    "final class APIClient {\n    /* a /* nested */ comment */ static let ↓shared = APIClient() // \"\n}"
                ),
                Example("final class APIClient {\n    let a = #\"\"\"#\n    static let ↓shared = APIClient()\n}"),
                Example(
                    "final class APIClient {\n    let a = \"\\(b + \")\")\"\n    static let ↓shared = APIClient()\n}"),
            ])
    }

    /// Names that say "the one instance" of a reference type (of a value type they name a constant value:
    /// `static let standard = Output(…)` is a value like `.zero`).
    static let referenceSingletonNames: Set<String> = ["default", "current", "main", "standard", "global"]

    /// Whether a property or function name says "the one instance": `shared…`, `…singleton…`, `…Instance`,
    /// `instance` (not `makeInstance`/`newInstance`); for reference types also `default`, `current`, `main`,
    /// `standard`, `global`.
    static func isSingletonName(_ name: String, referenceType: Bool) -> Bool {
        let lowered = name.lowercased().trimmingCharacters(in: ["_"])
        if lowered.contains("shared") || lowered.contains("singleton") {
            return true
        }
        if lowered.hasSuffix("instance") && !lowered.hasPrefix("make") && !lowered.hasPrefix("new") {
            return true
        }
        return referenceType && referenceSingletonNames.contains(lowered)
    }

    /// Modifiers that may sit between `static` and `let`/`var`/`func`.
    static let modifiers: Set<String> = [
        "static", "class", "final", "private", "fileprivate", "internal", "public", "open", "package", "override",
        "nonisolated", "lazy", "dynamic", "required",
    ]

    public func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput {
        var findings: [Finding] = []
        for source in context.appSources {
            findings += check(source, referenceTypes: context.referenceTypes)
        }
        return RuleOutput(findings: findings)
    }

    func check(_ source: SwiftSource, referenceTypes: Set<String>) -> [Finding] {
        let tokens = source.tokens
        var findings: [Finding] = []
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            guard token.isWord("static") || token.isWord("class"), source.contexts[index].inTypeBody,
                let typeIndex = source.contexts[index].type
            else { continue }
            let scope = source.types[typeIndex]
            guard scope.kind != .protocol else { continue }
            // The first modifier of the declaration, for the quote.
            var first = index
            while first > 0, Self.modifiers.contains(tokens[first - 1].text) || isModifierArgument(tokens, first - 1) {
                first -= 1
                if tokens[first].isSymbol(")"), let opener = source.opener(ofCloserAt: first), opener > 0 {
                    first = opener - 1
                }
            }
            // Skip the other modifiers to the introducer.
            var cursor = index + 1
            while cursor < tokens.count {
                let word = tokens[cursor]
                if word.kind == .attribute {
                    cursor += 1
                    if cursor < tokens.count, tokens[cursor].isSymbol("("), !tokens[cursor].spaceBefore,
                        let close = source.closer(ofOpenerAt: cursor)
                    {
                        cursor = close + 1
                    }
                } else if word.kind == .identifier, !word.escaped, Self.modifiers.contains(word.text) {
                    cursor += 1
                    if cursor < tokens.count, tokens[cursor].isSymbol("("),
                        let close = source.closer(ofOpenerAt: cursor)
                    {
                        cursor = close + 1
                    }
                } else {
                    break
                }
            }
            guard cursor + 1 < tokens.count, !tokens[cursor].escaped, tokens[cursor + 1].kind == .identifier else {
                continue
            }
            let introducer = tokens[cursor].text
            let nameIndex = cursor + 1
            let name = tokens[nameIndex].text
            switch introducer {
            case "let", "var":
                if let finding = property(
                    in: source, first: first, introducer: introducer, nameIndex: nameIndex, scope: scope,
                    referenceTypes: referenceTypes)
                {
                    findings.append(finding)
                }
            case "func"
            where Self.isSingletonName(name, referenceType: isReference(scope, referenceTypes: referenceTypes)):
                if let arrow = returnArrow(in: source, after: nameIndex),
                    let type = typePath(in: tokens, from: arrow + 1).path, isOwn(type, scope: scope)
                {
                    let quote = source.quote(from: first, through: lastOnLine(source, from: nameIndex))
                    findings.append(
                        source.finding(
                            description, at: nameIndex,
                            "`\(quote)` is a singleton accessor for '\(scope.name)'; inject an instance instead"))
                }
            default:
                break
            }
        }
        return findings
    }

    /// Whether the scope is a class or actor, or an extension of one declared in the submission.
    private func isReference(_ scope: SwiftSource.TypeScope, referenceTypes: Set<String>) -> Bool {
        scope.kind == .class || scope.kind == .actor
            || (scope.kind == .extension && referenceTypes.contains(scope.name))
    }

    /// The last token of the declaration's line, leaving out a trailing `= {` or `{` that opens a body.
    private func lastOnLine(_ source: SwiftSource, from start: Int) -> Int {
        let tokens = source.tokens
        var last = start
        while last + 1 < tokens.count, !tokens[last + 1].newlineBefore { last += 1 }
        if last > start, tokens[last].isSymbol("{") {
            last -= 1
            if last > start, tokens[last].isSymbol("=") { last -= 1 }
        }
        return last
    }

    /// `set` in `private(set)` and the parentheses around it.
    private func isModifierArgument(_ tokens: [Token], _ index: Int) -> Bool {
        tokens[index].isSymbol(")") && index >= 2
            && (tokens[index - 1].isWord("set") || tokens[index - 1].isWord("unsafe"))
    }

    private func property(
        in source: SwiftSource, first: Int, introducer: String, nameIndex: Int, scope: SwiftSource.TypeScope,
        referenceTypes: Set<String>
    ) -> Finding? {
        let tokens = source.tokens
        let name = tokens[nameIndex].text
        var cursor = nameIndex + 1
        var declared: [String]?
        if cursor < tokens.count, tokens[cursor].isSymbol(":") {
            let type = typePath(in: tokens, from: cursor + 1)
            declared = type.path
            cursor = type.end
        }
        var initialized: [String]?
        var stored = introducer == "let"
        if cursor < tokens.count, tokens[cursor].isSymbol("=") {
            stored = true
            initialized = initializerHead(in: source, from: cursor + 1)
        } else if cursor < tokens.count, tokens[cursor].isSymbol("{") {
            stored = false
        } else {
            // `static var x: T` with no value (an optional) is stored.
            stored = true
        }
        let ownDeclared = declared.map { isOwn($0, scope: scope) } ?? false
        let ownInitialized = initialized.map { isOwn($0, scope: scope) } ?? false
        guard ownDeclared || ownInitialized else { return nil }
        let quote = source.quote(from: first, through: lastOnLine(source, from: nameIndex))
        let isReference = isReference(scope, referenceTypes: referenceTypes)
        if stored {
            guard introducer == "var" || isReference || Self.isSingletonName(name, referenceType: isReference) else {
                return nil
            }
            return source.finding(
                description, at: nameIndex, "`\(quote)` makes '\(scope.name)' a singleton; inject an instance instead")
        }
        guard ownDeclared, Self.isSingletonName(name, referenceType: isReference) else { return nil }
        return source.finding(
            description, at: nameIndex,
            "`\(quote)` is a singleton accessor for '\(scope.name)'; inject an instance instead")
    }

    /// The `->` of a function declaration whose name is at `nameIndex`.
    private func returnArrow(in source: SwiftSource, after nameIndex: Int) -> Int? {
        var cursor = nameIndex + 1
        let tokens = source.tokens
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.isSymbol("(") {
                guard let close = source.closer(ofOpenerAt: cursor) else { return nil }
                cursor = close + 1
                while cursor < tokens.count,
                    tokens[cursor].isWord("throws") || tokens[cursor].isWord("async")
                        || tokens[cursor].isWord("rethrows")
                {
                    cursor += 1
                }
                return cursor < tokens.count && tokens[cursor].isSymbol("->") ? cursor : nil
            }
            if token.isSymbol("{") || token.isSymbol("}") { return nil }
            cursor += 1
        }
        return nil
    }

    /// A type written from `start`: its dotted name (generic arguments dropped, `?`/`!` after it ignored),
    /// or nil for anything else (`[X]`, `(X) -> Y`); `end` is the index after it.
    func typePath(in tokens: [Token], from start: Int) -> (path: [String]?, end: Int) {
        var cursor = start
        var path: [String] = []
        while cursor < tokens.count, tokens[cursor].kind == .identifier {
            path.append(tokens[cursor].text)
            cursor += 1
            // Generic arguments.
            if cursor < tokens.count, tokens[cursor].kind == .op, tokens[cursor].text.hasPrefix("<"),
                !tokens[cursor].spaceBefore
            {
                var depth = 0
                while cursor < tokens.count {
                    let text = tokens[cursor].text
                    if tokens[cursor].kind == .op && (text.hasPrefix("<") || text.hasPrefix(">")) {
                        for character in text {
                            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 }
                        }
                    }
                    cursor += 1
                    if depth <= 0 { break }
                }
            }
            if cursor + 1 < tokens.count, tokens[cursor].isSymbol("."), tokens[cursor + 1].kind == .identifier {
                cursor += 1
            } else {
                break
            }
        }
        while cursor < tokens.count, tokens[cursor].isSymbol("?") || tokens[cursor].isSymbol("!") { cursor += 1 }
        return (path.isEmpty ? nil : path, cursor)
    }

    /// The type an initializer expression constructs: `X(…)`, `X.init(…)`, `Outer.X<T>(…)`, `Self()`, `X { … }`,
    /// after any `try`, `try!`, `try?`, `await`.
    private func initializerHead(in source: SwiftSource, from start: Int) -> [String]? {
        let tokens = source.tokens
        var cursor = start
        while cursor < tokens.count, tokens[cursor].isWord("try") || tokens[cursor].isWord("await") {
            cursor += 1
            if cursor < tokens.count, tokens[cursor].isSymbol("!") || tokens[cursor].isSymbol("?"),
                !tokens[cursor].spaceBefore
            {
                cursor += 1
            }
        }
        let type = typePath(in: tokens, from: cursor)
        guard var path = type.path, type.end < tokens.count else { return nil }
        if path.last == "init" { path.removeLast() }
        let next = tokens[type.end]
        guard !path.isEmpty, next.isSymbol("(") || next.isSymbol("{") else { return nil }
        return path
    }

    /// Whether a written type names the enclosing one: `Self`, its name, or a qualified name ending in its path.
    private func isOwn(_ path: [String], scope: SwiftSource.TypeScope) -> Bool {
        if path == ["Self"] { return true }
        let count = min(path.count, scope.path.count)
        guard count > 0 else { return false }
        return Array(path.suffix(count)) == Array(scope.path.suffix(count))
    }
}
