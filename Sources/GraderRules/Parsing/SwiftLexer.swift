/// A Swift lexer good enough for static rules: it knows where code is not.
///
/// It handles what trips up text searches: nested block comments (`/* /* */ */`), line comments, string
/// literals with escapes, interpolation (`"\(a + "\(b)")"`, lexed as code), multi-line strings (`"""`), raw
/// strings (`#"…"#`, `##"…"##`, with `\#(…)` interpolation), extended regex literals (`#/…/#`), backticked
/// names, attributes and `#` directives. It never fails: unterminated comments and strings end at the end of
/// the file (single-line strings at the end of the line), and anything it does not know is one-byte punctuation.
public enum SwiftLexer {
    /// The tokens of `text`, in order.
    public static func tokenize(_ text: String) -> [Token] {
        var lexer = Lexer(bytes: Array(text.utf8))
        lexer.lex(insideInterpolation: false, depth: 0)
        return lexer.tokens
    }
}

private struct Lexer {
    let bytes: [UInt8]
    var position = 0
    var tokens: [Token] = []
    /// Trivia (whitespace or a comment) since the last token.
    var sawSpace = true
    var sawNewline = true

    init(bytes: [UInt8]) {
        self.bytes = bytes
        tokens.reserveCapacity(bytes.count / 4)
    }

    /// Deepest interpolation nesting lexed as code; deeper ones are skipped as string content.
    static let maxDepth = 24

    func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func emit(_ kind: Token.Kind, from start: Int, escaped: Bool = false, text: String? = nil) {
        let slice = bytes[start..<position]
        tokens.append(
            Token(
                kind: kind, text: text ?? String(decoding: slice, as: UTF8.self), offset: start,
                length: position - start, spaceBefore: sawSpace, newlineBefore: sawNewline, escaped: escaped))
        sawSpace = false
        sawNewline = false
    }

    /// Lexes until the end of the input or, inside an interpolation, past the `)` that closes it.
    mutating func lex(insideInterpolation: Bool, depth: Int) {
        var parens = 0
        while position < bytes.count {
            let c = bytes[position]
            switch c {
            case ASCII.space, ASCII.tab, ASCII.carriageReturn, 0x0B, 0x0C, 0:
                position += 1
                sawSpace = true
            case ASCII.newline:
                position += 1
                sawSpace = true
                sawNewline = true
            case ASCII.slash where byte(at: position + 1) == ASCII.slash:
                skipLineComment()
            case ASCII.slash where byte(at: position + 1) == ASCII.star:
                skipBlockComment()
            case ASCII.quote:
                lexString(hashes: 0, depth: depth)
            case ASCII.hash:
                lexHash(depth: depth)
            case ASCII.at:
                let start = position
                position += 1
                while let next = byte(at: position), ASCII.isIdentifierContinue(next) { position += 1 }
                emit(position - start > 1 ? .attribute : .punctuation, from: start)
            case ASCII.backtick:
                lexBacktick()
            case ASCII.openParen:
                parens += 1
                punctuation()
            case ASCII.closeParen:
                if insideInterpolation && parens == 0 {
                    position += 1
                    return
                }
                parens = max(0, parens - 1)
                punctuation()
            case ASCII.dot:
                if let next = byte(at: position + 1), next == ASCII.dot || ASCII.isOperator(next) {
                    lexOperator(dotted: true)
                } else {
                    punctuation()
                }
            case _ where ASCII.isDigit(c):
                lexNumber()
            case _ where ASCII.isOperator(c):
                lexOperator(dotted: false)
            case _ where ASCII.isIdentifierStart(c):
                let start = position
                position += 1
                while let next = byte(at: position), ASCII.isIdentifierContinue(next) { position += 1 }
                emit(.identifier, from: start)
            default:
                punctuation()
            }
        }
    }

    mutating func punctuation() {
        let start = position
        position += 1
        emit(.punctuation, from: start)
    }

    mutating func skipLineComment() {
        while let c = byte(at: position), c != ASCII.newline { position += 1 }
        sawSpace = true
    }

    /// Skips a block comment, nested ones included; an unterminated comment runs to the end of the file.
    mutating func skipBlockComment() {
        var depth = 0
        while position < bytes.count {
            let c = bytes[position]
            if c == ASCII.slash, byte(at: position + 1) == ASCII.star {
                depth += 1
                position += 2
            } else if c == ASCII.star, byte(at: position + 1) == ASCII.slash {
                depth -= 1
                position += 2
                if depth == 0 { break }
            } else {
                if c == ASCII.newline { sawNewline = true }
                position += 1
            }
        }
        sawSpace = true
    }

    mutating func lexBacktick() {
        let start = position
        var end = position + 1
        while let c = byte(at: end), c != ASCII.backtick, c != ASCII.newline { end += 1 }
        guard byte(at: end) == ASCII.backtick, end > position + 1 else {
            punctuation()
            return
        }
        let name = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
        position = end + 1
        emit(.identifier, from: start, escaped: true, text: name)
    }

    mutating func lexNumber() {
        let start = position
        position += 1
        while let c = byte(at: position) {
            if ASCII.isIdentifierContinue(c) {
                position += 1
            } else if c == ASCII.dot, let next = byte(at: position + 1), ASCII.isDigit(next) {
                position += 1
            } else if c == ASCII.plus || c == ASCII.minus,
                let previous = byte(at: position - 1),
                previous == 0x65 || previous == 0x45 || previous == 0x70
                    || previous == 0x50,
                let next = byte(at: position + 1), ASCII.isDigit(next)
            {
                position += 1
            } else {
                break
            }
        }
        emit(.number, from: start)
    }

    /// An operator: the longest run of operator characters (dots only in operators that start with one), never
    /// swallowing a comment start. `>` runs followed by `!`/`?` are split (`Array<Int>!`, `Set<String>?`).
    mutating func lexOperator(dotted: Bool) {
        let start = position
        position += 1
        while let c = byte(at: position) {
            if c == ASCII.slash, let next = byte(at: position + 1), next == ASCII.slash || next == ASCII.star {
                break
            }
            if ASCII.isOperator(c) || (dotted && c == ASCII.dot) {
                position += 1
            } else {
                break
            }
        }
        let end = position
        var closers = start
        while closers < end, bytes[closers] == ASCII.greater { closers += 1 }
        if closers > start, closers < end,
            bytes[closers..<end].allSatisfy({ $0 == ASCII.bang || $0 == ASCII.question })
        {
            for index in start..<end {
                position = index + 1
                emit(.op, from: index)
            }
            return
        }
        emit(.op, from: start)
    }

    /// `#` starts a raw string (`#"`), an extended regex literal (`#/`), a directive (`#if`), a shebang, or is
    /// punctuation.
    mutating func lexHash(depth: Int) {
        var hashes = 0
        while byte(at: position + hashes) == ASCII.hash { hashes += 1 }
        let after = byte(at: position + hashes)
        if after == ASCII.quote {
            lexString(hashes: hashes, depth: depth)
        } else if after == ASCII.slash {
            lexRegex(hashes: hashes)
        } else if position == 0, byte(at: 1) == ASCII.bang {
            skipLineComment()
        } else if hashes == 1, let next = after, ASCII.isIdentifierStart(next) {
            let start = position
            position += 1
            while let c = byte(at: position), ASCII.isIdentifierContinue(c) { position += 1 }
            emit(.pound, from: start)
        } else {
            punctuation()
        }
    }

    /// `#/…/#` (any number of `#`): to the matching `/` followed by as many `#`, or the end of the file.
    mutating func lexRegex(hashes: Int) {
        let start = position
        position += hashes + 1
        while position < bytes.count {
            if bytes[position] == ASCII.slash, closes(at: position + 1, hashes: hashes) {
                position += 1 + hashes
                break
            }
            position += 1
        }
        emit(.string, from: start)
    }

    /// Whether `hashes` `#` characters start at `index`.
    func closes(at index: Int, hashes: Int) -> Bool {
        guard index + hashes <= bytes.count else { return false }
        for offset in 0..<hashes where bytes[index + offset] != ASCII.hash { return false }
        return true
    }

    /// A string literal starting at `position` with `hashes` leading `#`: `"…"`, `"""…"""`, `#"…"#`.
    /// Interpolations are lexed as code, between the opening `.string` token and a closing one.
    mutating func lexString(hashes: Int, depth: Int) {
        let start = position
        position += hashes
        var multiline = byte(at: position + 1) == ASCII.quote && byte(at: position + 2) == ASCII.quote
        if multiline && hashes > 0 {
            // `#"""#` is a one-line raw string holding `"`: a closing `"#` later on the same line says so.
            var cursor = position + 1
            while let c = byte(at: cursor), c != ASCII.newline, c != ASCII.carriageReturn {
                cursor += 1
                if c == ASCII.quote, closes(at: cursor, hashes: hashes) {
                    multiline = false
                    break
                }
            }
        }
        position += multiline ? 3 : 1
        var segmentStart = start
        var interpolated = false
        while position < bytes.count {
            let c = bytes[position]
            if !multiline && (c == ASCII.newline || c == ASCII.carriageReturn) { break }
            if c == ASCII.backslash, closes(at: position + 1, hashes: hashes) {
                let afterEscape = position + 1 + hashes
                if byte(at: afterEscape) == ASCII.openParen {
                    // Close the literal part, lex the interpolation as code.
                    position = afterEscape + 1
                    emit(.string, from: segmentStart)
                    if depth < Self.maxDepth {
                        lex(insideInterpolation: true, depth: depth + 1)
                    } else {
                        skipBalancedParens()
                    }
                    segmentStart = position
                    interpolated = true
                    continue
                }
                position = min(afterEscape + 1, bytes.count)
                continue
            }
            if c == ASCII.quote {
                if multiline {
                    if byte(at: position + 1) == ASCII.quote, byte(at: position + 2) == ASCII.quote,
                        closes(at: position + 3, hashes: hashes)
                    {
                        position += 3 + hashes
                        break
                    }
                } else if closes(at: position + 1, hashes: hashes) {
                    position += 1 + hashes
                    break
                }
            }
            position += 1
        }
        if !interpolated || position > segmentStart {
            emit(.string, from: segmentStart)
        }
    }

    /// Past the `)` matching an interpolation's `(` already consumed, without lexing (too deeply nested).
    mutating func skipBalancedParens() {
        var depth = 1
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == ASCII.openParen {
                depth += 1
            } else if c == ASCII.closeParen {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }
}

/// Byte constants and classes for the lexer.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let bang: UInt8 = 0x21
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29
    static let star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let greater: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let backslash: UInt8 = 0x5C
    static let backtick: UInt8 = 0x60

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    static func isIdentifierContinue(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }

    /// `/ = - + ! * % < > & | ^ ~ ?`
    static func isOperator(_ c: UInt8) -> Bool {
        switch c {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F: return true
        default: return false
        }
    }
}
