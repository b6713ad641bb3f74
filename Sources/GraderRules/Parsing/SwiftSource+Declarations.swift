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
    public var testMethods: [String] { testMethodDeclarations.map(\.name) }

    /// Each test method of `testMethods` as its type and name, and whether it is `async` (XCTest runs those
    /// through `asyncTest`): a first guess at what the compiler's index will mark (ListedOwnTests).
    public var testMethodSignatures: [(type: String, name: String, isAsync: Bool)] {
        testMethodDeclarations.map { declaration in
            let parts = declaration.name.split(separator: "/", maxSplits: 1).map(String.init)
            var cursor = declaration.func + 4
            var isAsync = false
            while cursor < tokens.count, !tokens[cursor].isSymbol("{") {
                if tokens[cursor].isWord("async") { isAsync = true }
                cursor += 1
            }
            return (parts[0], parts.count > 1 ? parts[1] : "", isAsync)
        }
    }

    /// Each test method of `testMethods` with the UTF-8 range of its whole declaration (attributes and
    /// modifiers through the closing brace) and its lines: what a build cuts out when only that test fails to
    /// compile against a submission.
    public var testMethodSpans: [(name: String, bytes: Range<Int>, lines: ClosedRange<Int>)] {
        testMethodDeclarations.compactMap { declaration in
            guard let open = (declaration.func + 4..<tokens.count).first(where: { tokens[$0].isSymbol("{") }),
                let close = closer(ofOpenerAt: open)
            else { return nil }
            let start = tokens[declaration.first].offset
            let end = tokens[close].end
            return (declaration.name, start..<end, location(of: start).line...location(of: end - 1).line)
        }
    }

    /// The test methods `testMethods` names: each with the index of its `func` token and of its first attribute
    /// or modifier.
    private var testMethodDeclarations: [(name: String, func: Int, first: Int)] {
        var found: [(name: String, func: Int, first: Int)] = []
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
            if !hidden { found.append(("\(types[typeIndex].name)/\(name.text)", index, cursor + 1)) }
        }
        return found
    }

    /// Types declared in the file (classes, structs, enums, protocols, actors; not extensions).
    public var declaredTypeCount: Int { types.filter { $0.kind != .extension }.count }

    /// Test functions: XCTest `func test…` methods and Swift Testing `@Test` functions.
    public var testFunctionCount: Int {
        testMethods.count + tokens.filter { $0.kind == .attribute && $0.text == "@Test" }.count
    }
}
