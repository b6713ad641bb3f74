/// One lexical token of Swift source.
///
/// Comments and whitespace are not tokens, and a string literal is a single `.string` token (its
/// interpolations' code follows it as ordinary tokens, then a closing `.string` token), so a rule that
/// looks at tokens never sees code that only sits inside a comment or a string.
public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A name or keyword: `let`, `URLSession`, `$0`, or a backticked name (text without the backticks).
        case identifier
        /// `@testable`, `@MainActor`.
        case attribute
        /// `#if`, `#selector`, `#available`.
        case pound
        case number
        /// A string or regex literal, or the closing part of one after an interpolation.
        case string
        /// An operator: `!`, `!=`, `->`, `=`, `...`, `?`.
        case op
        /// `( ) [ ] { } , ; : . \` and anything else of one byte.
        case punctuation
    }

    public var kind: Kind
    public var text: String
    /// UTF-8 offset of the first byte in the file.
    public var offset: Int
    /// UTF-8 length in the file.
    public var length: Int
    /// Whether whitespace, a comment or the start of the file comes right before the token.
    public var spaceBefore: Bool
    /// Whether a line break (possibly inside a comment) separates the token from the previous one.
    public var newlineBefore: Bool
    /// A backticked identifier (`` `default` ``): never a keyword.
    public var escaped: Bool

    public var end: Int { offset + length }

    /// Whether this is the unescaped keyword or identifier `word`.
    public func isWord(_ word: String) -> Bool {
        kind == .identifier && !escaped && text == word
    }

    /// Whether this is punctuation or an operator spelled exactly `symbol`.
    public func isSymbol(_ symbol: String) -> Bool {
        (kind == .punctuation || kind == .op) && text == symbol
    }
}
