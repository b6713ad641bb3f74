import GraderCore

/// What the grader reads out of a Swift file besides rule findings: imports, test methods, declared types.
/// Everything goes through the lexer, so comments and strings never count.
extension SwiftSource {
    /// The modules the file imports: `import X`, `@testable import X`, `import struct X.Y`, `public import X`.
    public var imports: Set<String> {
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor"]
        var found: Set<String> = []
        for index in tokens.indices where tokens[index].isWord("import") {
            if index > 0, tokens[index - 1].isSymbol(".") { continue }
            var cursor = index + 1
            if cursor < tokens.count, kinds.contains(tokens[cursor].text) { cursor += 1 }
            guard cursor < tokens.count, tokens[cursor].kind == .identifier else { continue }
            found.insert(tokens[cursor].text)
        }
        return found
    }

    /// XCTest methods: `Class/testName` for every `func test…()` declared directly in a class body, neither
    /// static nor private, taking no arguments.
    public var testMethods: [String] {
        var names: [String] = []
        for index in tokens.indices.dropLast(3) where tokens[index].isWord("func") {
            let name = tokens[index + 1]
            guard name.kind == .identifier, name.text.hasPrefix("test"), tokens[index + 2].isSymbol("("),
                tokens[index + 3].isSymbol(")"), contexts[index].inTypeBody, let typeIndex = contexts[index].type,
                types[typeIndex].kind == .class || types[typeIndex].kind == .extension
            else { continue }
            var cursor = index - 1
            var hidden = false
            while cursor >= 0, tokens[cursor].kind == .identifier || tokens[cursor].kind == .attribute,
                SwiftSource.declarationWords.contains(tokens[cursor].text) || tokens[cursor].kind == .attribute
            {
                if ["static", "private", "fileprivate", "class"].contains(tokens[cursor].text) { hidden = true }
                cursor -= 1
            }
            if !hidden { names.append("\(types[typeIndex].name)/\(name.text)") }
        }
        return names
    }

    /// Each test method of `testMethods` with the UTF-8 range of its whole declaration (attributes and
    /// modifiers through the closing brace) and its lines: what a build cuts out when only that test fails to
    /// compile against a submission.
    public var testMethodSpans: [(name: String, bytes: Range<Int>, lines: ClosedRange<Int>)] {
        var spans: [(name: String, bytes: Range<Int>, lines: ClosedRange<Int>)] = []
        for index in tokens.indices.dropLast(3) where tokens[index].isWord("func") {
            let name = tokens[index + 1]
            guard name.kind == .identifier, name.text.hasPrefix("test"), tokens[index + 2].isSymbol("("),
                tokens[index + 3].isSymbol(")"), contexts[index].inTypeBody, let typeIndex = contexts[index].type,
                types[typeIndex].kind == .class || types[typeIndex].kind == .extension
            else { continue }
            var cursor = index - 1
            var hidden = false
            while cursor >= 0, tokens[cursor].kind == .identifier || tokens[cursor].kind == .attribute,
                SwiftSource.declarationWords.contains(tokens[cursor].text) || tokens[cursor].kind == .attribute
            {
                if ["static", "private", "fileprivate", "class"].contains(tokens[cursor].text) { hidden = true }
                cursor -= 1
            }
            guard !hidden,
                let open = (index + 4..<tokens.count).first(where: { tokens[$0].isSymbol("{") }),
                let close = closer(ofOpenerAt: open)
            else { continue }
            let start = tokens[cursor + 1].offset
            let end = tokens[close].end
            spans.append(
                (
                    "\(types[typeIndex].name)/\(name.text)", start..<end,
                    location(of: start).line...location(of: end - 1).line
                ))
        }
        return spans
    }

    /// Types declared in the file (classes, structs, enums, protocols, actors; not extensions).
    public var declaredTypeCount: Int { types.filter { $0.kind != .extension }.count }

    /// Test functions: XCTest `func test…` methods and Swift Testing `@Test` functions.
    public var testFunctionCount: Int {
        testMethods.count + tokens.filter { $0.kind == .attribute && $0.text == "@Test" }.count
    }
}
