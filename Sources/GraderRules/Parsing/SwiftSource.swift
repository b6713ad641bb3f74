import GraderCore

/// One Swift file, lexed once and shared by every rule: its tokens, where each line starts, and the
/// declaration structure around each token (enclosing type, type body, parameter clause).
public struct SwiftSource: Sendable {
    /// A type declaration or extension, as the scope tracker saw it.
    public struct TypeScope: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case `class`, `struct`, `enum`, actor, `extension`, `protocol`
        }

        public var kind: Kind
        /// The full name as far as the file shows it: `["Outer", "Inner"]` for a nested type,
        /// `["Foo", "Bar"]` for `extension Foo.Bar`.
        public var path: [String]
        /// The simple name: the last component of `path`.
        public var name: String { path.last ?? "" }
    }

    /// What surrounds one token.
    public struct Context: Sendable, Equatable {
        /// The innermost type declaration or extension the token is in (index into `types`).
        public var type: Int?
        /// Whether the token sits directly in a type's body (not in a function or closure inside it).
        public var inTypeBody: Bool
        /// Whether the innermost bracket around the token is a parameter clause: `func f(…)`, `init(…)`,
        /// `subscript(…)`, or a closure's `{ (…) in`.
        public var inParameterClause: Bool
    }

    public let path: String
    public let text: String
    public let tokens: [Token]
    public let contexts: [Context]
    public let types: [TypeScope]
    /// UTF-8 offsets where each line starts.
    private let lineStarts: [Int]
    /// The UTF-8 bytes, for quoting source.
    private let bytes: [UInt8]

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        let bytes = Array(text.utf8)
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == ASCII.newline { starts.append(index + 1) }
        lineStarts = starts
        tokens = SwiftLexer.tokenize(text)
        (contexts, types) = Self.structure(of: tokens)
    }

    /// Lines in the file (a trailing line break does not start a new line).
    public var lineCount: Int {
        if bytes.isEmpty { return 0 }
        return bytes.last == ASCII.newline ? lineStarts.count - 1 : lineStarts.count
    }

    /// The 1-based line and UTF-8 column of a byte offset.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The source from the start of token `first` to the end of token `last`, on one line, at most `limit`
    /// characters (cut with `…`).
    public func quote(from first: Int, through last: Int, limit: Int = 60) -> String {
        guard first >= 0, last < tokens.count, first <= last else { return "" }
        let start = tokens[first].offset
        let end = min(tokens[last].end, bytes.count)
        guard start < end else { return "" }
        let raw = String(decoding: bytes[start..<end], as: UTF8.self)
        let collapsed = raw.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
        return collapsed.count > limit ? String(collapsed.prefix(limit - 1)) + "…" : collapsed
    }

    /// A finding at token `index`.
    func finding(_ rule: RuleDescription, at index: Int, _ message: String) -> Finding {
        let offset = index < tokens.count ? tokens[index].offset : 0
        let (line, column) = location(of: offset)
        return Finding(
            rule: rule.identifier, severity: rule.severity, path: path, line: line, column: column, message: message)
    }

    /// The index of the bracket matching the closing one at `index` (`)`, `]`, `}`), searching backwards.
    public func opener(ofCloserAt index: Int) -> Int? {
        let closer = tokens[index].text
        let opener: String
        switch closer {
        case ")": opener = "("
        case "]": opener = "["
        case "}": opener = "{"
        default: return nil
        }
        var depth = 0
        var cursor = index
        while cursor >= 0 {
            let token = tokens[cursor]
            if token.kind == .punctuation {
                if token.text == closer {
                    depth += 1
                } else if token.text == opener {
                    depth -= 1
                    if depth == 0 { return cursor }
                }
            }
            cursor -= 1
        }
        return nil
    }

    /// The index of the bracket matching the opening one at `index` (`(`, `[`, `{`), searching forwards.
    public func closer(ofOpenerAt index: Int) -> Int? {
        let opener = tokens[index].text
        let closer: String
        switch opener {
        case "(": closer = ")"
        case "[": closer = "]"
        case "{": closer = "}"
        default: return nil
        }
        var depth = 0
        var cursor = index
        while cursor < tokens.count {
            let token = tokens[cursor]
            if token.kind == .punctuation {
                if token.text == opener {
                    depth += 1
                } else if token.text == closer {
                    depth -= 1
                    if depth == 0 { return cursor }
                }
            }
            cursor += 1
        }
        return nil
    }

    // MARK: - Scope tracking

    private enum Bracket {
        case typeBody(Int)
        case parameters
        case other
    }

    /// Words that follow `class` when it is a modifier (`class var`, `class func`), not a declaration.
    static let declarationWords: Set<String> = [
        "var", "let", "func", "init", "deinit", "subscript", "typealias", "static", "class", "final", "override",
        "private", "fileprivate", "internal", "public", "open", "package", "required", "convenience", "dynamic",
        "lazy", "weak", "unowned", "mutating", "nonmutating", "nonisolated", "isolated", "indirect", "in", "as",
        "is", "where", "case", "some", "any",
    ]

    private static func structure(of tokens: [Token]) -> ([Context], [TypeScope]) {
        var contexts: [Context] = []
        contexts.reserveCapacity(tokens.count)
        var types: [TypeScope] = []
        var stack: [Bracket] = []
        var typeStack: [Int] = []
        var pendingType: Int?
        var pendingParameters = false

        for (index, token) in tokens.enumerated() {
            let top = stack.last
            var inTypeBody = false
            var inParameters = false
            if case .typeBody = top { inTypeBody = true }
            if case .parameters = top { inParameters = true }
            contexts.append(Context(type: typeStack.last, inTypeBody: inTypeBody, inParameterClause: inParameters))

            let previous = index > 0 ? tokens[index - 1] : nil
            let afterDot = previous?.isSymbol(".") ?? false
            switch token.kind {
            case .identifier where !token.escaped && !afterDot:
                switch token.text {
                case "class", "struct", "enum", "actor", "extension", "protocol":
                    if let scope = typeDeclaration(at: index, in: tokens, enclosing: typeStack.last.map { types[$0] }) {
                        types.append(scope)
                        pendingType = types.count - 1
                    }
                case "func", "subscript":
                    pendingParameters = true
                case "init":
                    pendingParameters = true
                default:
                    break
                }
            case .punctuation:
                switch token.text {
                case "{":
                    if let pending = pendingType {
                        stack.append(.typeBody(pending))
                        typeStack.append(pending)
                        pendingType = nil
                    } else {
                        stack.append(.other)
                    }
                    pendingParameters = false
                case "(":
                    // A declaration's parameters, or a closure's: `{ (data: Data!) in`.
                    let closureParameters = previous?.isSymbol("{") ?? false
                    stack.append(pendingParameters || closureParameters ? .parameters : .other)
                    pendingParameters = false
                case "[":
                    stack.append(.other)
                case "}", ")", "]":
                    if let last = stack.popLast(), case .typeBody = last { typeStack.removeLast() }
                default:
                    break
                }
            case .op where token.text == "=":
                pendingParameters = false
            default:
                break
            }
        }
        return (contexts, types)
    }

    /// The type a declaration keyword at `index` introduces, or nil when the word is used otherwise
    /// (`class var`, `protocol P: class`, a variable named `actor`).
    private static func typeDeclaration(at index: Int, in tokens: [Token], enclosing: TypeScope?) -> TypeScope? {
        guard index + 1 < tokens.count, let kind = TypeScope.Kind(rawValue: tokens[index].text) else { return nil }
        let next = tokens[index + 1]
        guard next.kind == .identifier, next.escaped || !declarationWords.contains(next.text) else { return nil }
        if kind == .extension {
            var path = [next.text]
            var cursor = index + 2
            while cursor + 1 < tokens.count, tokens[cursor].isSymbol("."), tokens[cursor + 1].kind == .identifier {
                path.append(tokens[cursor + 1].text)
                cursor += 2
            }
            return TypeScope(kind: kind, path: path)
        }
        let outer = enclosing.map(\.path) ?? []
        return TypeScope(kind: kind, path: outer + [next.text])
    }
}
