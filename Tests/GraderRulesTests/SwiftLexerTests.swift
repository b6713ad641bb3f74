import XCTest

@testable import GraderRules

/// The lexer on the cases that fool text searches, and on input that is not Swift at all.
final class SwiftLexerTests: XCTestCase {
    private func words(_ code: String) -> [String] {
        SwiftLexer.tokenize(code).filter { $0.kind == .identifier }.map(\.text)
    }

    func testNestedBlockCommentsHideEverythingInside() {
        XCTAssertEqual(words("a /* b /* c */ d */ e"), ["a", "e"])
        XCTAssertEqual(words("a /* /* */ */ b /**/ c /*/ still comment */ d"), ["a", "b", "c", "d"])
        XCTAssertEqual(words("a // b /* c\nd"), ["a", "d"])
    }

    func testUnterminatedCommentsAndStringsRunToTheirEnd() {
        XCTAssertEqual(words("a /* b /* c */ d"), ["a"])
        XCTAssertEqual(words("let s = \"abc\nlet t = 1"), ["let", "s", "let", "t"])
        XCTAssertEqual(words("let s = \"\"\"\nabc\nlet t = 1"), ["let", "s"])
        XCTAssertEqual(words("let s = #\"abc"), ["let", "s"])
    }

    func testStringsAreOneTokenWithEscapes() {
        let tokens = SwiftLexer.tokenize(#"let s = "a \"quoted\" static let" + x"#)
        XCTAssertEqual(tokens.map(\.text), ["let", "s", "=", #""a \"quoted\" static let""#, "+", "x"])
        XCTAssertEqual(words(#"let s = "back\\" ; y"#), ["let", "s", "y"])
    }

    func testInterpolationIsCodeAndNestsStrings() {
        XCTAssertEqual(words(#"let s = "a \(b + "c \(d) )" ) e" ; f"#), ["let", "s", "b", "d", "f"])
        XCTAssertEqual(words(#"let s = "\(foo(bar(1), "))")) static""#), ["let", "s", "foo", "bar"])
        XCTAssertEqual(
            words("let s = \"\"\"\n  \\(x) \"quoted\" \"\" here\n  \"\"\"\nlet y"), ["let", "s", "x", "let", "y"])
    }

    func testRawStrings() {
        XCTAssertEqual(words(##"let s = #"a "b" \(c) \#(d) "#; e"##), ["let", "s", "d", "e"])
        XCTAssertEqual(words(###"let s = ##"a "# b"## ; c"###), ["let", "s", "c"])
        // `#"""#` is a one-line raw string holding a quote, not a multi-line string.
        XCTAssertEqual(words(##"let q = #"""#; let r = 1"##), ["let", "q", "let", "r"])
        XCTAssertEqual(words("let s = #\"\"\"\n  a \"\"\" b\n  \"\"\"#\nlet t"), ["let", "s", "let", "t"])
    }

    func testRegexLiteralsAndDirectives() {
        XCTAssertEqual(words(#"let r = #/a"b/# ; c"#), ["let", "r", "c"])
        let tokens = SwiftLexer.tokenize("#if canImport(UIKit)\n@testable import A\n#endif")
        XCTAssertEqual(tokens.first?.kind, .pound)
        XCTAssertEqual(tokens.first { $0.kind == .attribute }?.text, "@testable")
    }

    func testBacktickedNamesAreEscapedIdentifiers() {
        let token = SwiftLexer.tokenize("let `default` = 1")[1]
        XCTAssertEqual(token.text, "default")
        XCTAssertTrue(token.escaped)
        XCTAssertFalse(token.isWord("default"))
    }

    func testOperatorsSplitAfterGenericClosers() {
        XCTAssertEqual(SwiftLexer.tokenize("a: Set<Int>!").map(\.text), ["a", ":", "Set", "<", "Int", ">", "!"])
        XCTAssertEqual(SwiftLexer.tokenize("a != b").map(\.text), ["a", "!=", "b"])
        XCTAssertEqual(SwiftLexer.tokenize("x!.y").map(\.text), ["x", "!", ".", "y"])
        XCTAssertEqual(SwiftLexer.tokenize("a...b ..< c").map(\.text), ["a", "...", "b", "..<", "c"])
        XCTAssertEqual(SwiftLexer.tokenize("a +/* c */b").map(\.text), ["a", "+", "b"])
    }

    func testLocationsAreLinesAndUTF8Columns() {
        let source = SwiftSource(path: "a.swift", text: "let é = 1\n  let x = \"ü\"; y")
        let y = try? XCTUnwrap(source.tokens.last)
        XCTAssertEqual(y?.text, "y")
        let location = source.location(of: y?.offset ?? 0)
        XCTAssertEqual(location.line, 2)
        XCTAssertEqual(location.column, 17)
        XCTAssertEqual(source.lineCount, 2)
    }

    func testScopesNameTheInnermostTypeAndExtensions() {
        let source = SwiftSource(
            path: "a.swift",
            text: """
                final class Outer: Base {
                    class var x: Int { 1 }
                    struct Inner { let a = 1 }
                    func f() { let actor = 1; for actor in [] {} }
                }
                extension Outer.Inner where A == B { let b = 2 }
                protocol P: class { }
                """)
        XCTAssertEqual(source.types.map(\.path), [["Outer"], ["Outer", "Inner"], ["Outer", "Inner"], ["P"]])
        XCTAssertEqual(source.types.map(\.kind), [.class, .struct, .extension, .protocol])
        let a = source.tokens.firstIndex { $0.isWord("a") } ?? 0
        XCTAssertEqual(source.contexts[a].type.map { source.types[$0].path }, ["Outer", "Inner"])
        XCTAssertTrue(source.contexts[a].inTypeBody)
        let f = source.tokens.firstIndex { $0.isWord("actor") } ?? 0
        XCTAssertFalse(source.contexts[f].inTypeBody)
    }

    func testNeverCrashesOnArbitraryInput() {
        var generator = SplitMix(seed: 42)
        let alphabet = Array("\"#\\()[]{}/*! \n\tabc`@$.<>?=\u{0}é↓'")
        for length in stride(from: 0, through: 400, by: 7) {
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let source = SwiftSource(path: "fuzz.swift", text: text)
            let byteCount = text.utf8.count
            for token in source.tokens {
                XCTAssertTrue(
                    token.offset >= 0 && token.end <= byteCount, "token out of range in \(text.debugDescription)")
            }
            // Every rule runs over it without trapping.
            let context = RuleContext(files: ["Sources/App/fuzz.swift": text])
            for rule in RuleRegistry.rules where rule.description.kind != .style {
                _ = rule.check(context, parameters: [:])
            }
        }
    }

    func testDeeplyNestedInterpolationDoesNotOverflow() {
        let text = String(repeating: #""\("#, count: 5_000) + String(repeating: #")""#, count: 5_000)
        let tokens = SwiftLexer.tokenize(text)
        XCTAssertFalse(tokens.isEmpty)
        let brackets = String(repeating: "(", count: 20_000) + String(repeating: "{", count: 20_000)
        let context = RuleContext(files: ["Sources/App/deep.swift": brackets + "\nstatic let shared = X()"])
        XCTAssertEqual(NoForceRule().check(context, parameters: [:]).findings, [])
    }

    func testLexesALargeFileQuickly() {
        let line = "let value = \"\\(a.b(c: d[0]))\" // comment /* x */\n"
        let text = String(repeating: line, count: 20_000)
        let start = Date()
        let source = SwiftSource(path: "big.swift", text: text)
        XCTAssertEqual(source.lineCount, 20_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }
}

/// A small deterministic random number generator for the fuzz test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
