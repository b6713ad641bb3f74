import Foundation
import GraderCore
import GraderRules

/// Rewrites a hidden test file so that candidate declarations cannot capture its calls: every XCTest name
/// (`XCTAssertEqual`, `XCTUnwrap`, `XCTestExpectation`, …) becomes `XCTest::XCTAssertEqual` and every name of
/// the grader's support module becomes `GraderTestSupport::HiddenTestCase` (Swift's module selectors, SE-0491).
///
/// Without it, a candidate module declaring a non-generic `XCTAssertEqual(_: String, _: String)` — or a type
/// named `XCTest` with such a static method, which even `XCTest.XCTAssertEqual` would find — wins overload
/// resolution inside the hidden tests, which import the candidate's module, and failing comparisons vanish.
/// Only identifiers are touched (never comments or strings); names already qualified stay as they are.
public struct HiddenSourceQualifier: Sendable {
    /// Names the support module declares publicly, each qualified with `GraderTestSupport::`.
    public var supportNames: Set<String>

    public init(supportNames: Set<String>) {
        self.supportNames = supportNames
    }

    /// The public top-level names declared by the support module's sources.
    public static func publicNames(in sources: [String]) -> Set<String> {
        var names: Set<String> = []
        let declarations: Set<String> = [
            "func", "class", "struct", "enum", "protocol", "typealias", "let", "var", "actor",
        ]
        for text in sources {
            let source = SwiftSource(path: "Support.swift", text: text)
            let tokens = source.tokens
            for index in tokens.indices.dropLast() where tokens[index].isWord("public") || tokens[index].isWord("open")
            {
                guard source.contexts[index].type == nil else { continue }
                var cursor = index + 1
                while cursor < tokens.count - 1, tokens[cursor].kind == .identifier,
                    !declarations.contains(tokens[cursor].text)
                {
                    cursor += 1
                }
                guard cursor < tokens.count - 1, declarations.contains(tokens[cursor].text),
                    tokens[cursor + 1].kind == .identifier
                else { continue }
                names.insert(tokens[cursor + 1].text)
            }
        }
        return names
    }

    /// `text` with XCTest's and the support module's names qualified by their module.
    public func qualify(_ text: String) -> String {
        let tokens = SwiftLexer.tokenize(text)
        var bytes = Array(text.utf8)
        // Back to front, so earlier offsets stay valid.
        for index in tokens.indices.reversed() {
            guard let module = module(of: index, in: tokens) else { continue }
            bytes.insert(contentsOf: Array("\(module)::".utf8), at: tokens[index].offset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func module(of index: Int, in tokens: [Token]) -> String? {
        let token = tokens[index]
        guard token.kind == .identifier, !token.escaped else { return nil }
        let module: String
        if token.text.hasPrefix("XCT"), token.text != "XCTest" {
            module = "XCTest"
        } else if supportNames.contains(token.text) {
            module = GradingPackage.supportModule
        } else {
            return nil
        }
        if index > 0 {
            let previous = tokens[index - 1]
            // `x.XCTFoo`, `Module::Name`, `import XCTest`, a declaration of the name itself.
            if previous.isSymbol(".") || previous.isSymbol(":") && index > 1 && tokens[index - 2].isSymbol(":") {
                return nil
            }
            if ["import", "func", "class", "struct", "enum", "protocol", "typealias", "let", "var", "case"]
                .contains(where: previous.isWord)
            {
                return nil
            }
        }
        // An argument label or a dictionary key: `f(XCTFoo: 1)`.
        if index + 1 < tokens.count, tokens[index + 1].isSymbol(":"),
            !(index + 2 < tokens.count && tokens[index + 2].isSymbol(":"))
        {
            return nil
        }
        return module
    }

    /// Whether this toolchain understands module selectors (`Swift::print`): Swift 6.3 and later.
    public static func toolchainSupportsModuleSelectors(runner: ProcessRunner, swiftc: String = "swiftc") -> Bool {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "grader-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("probe.swift")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
            (try? "let selected = Swift::max(1, 2)\n".write(to: file, atomically: true, encoding: .utf8)) != nil,
            let output = try? runner(
                ProcessRequest(swiftc, ["-parse", file.path], environment: ["TMPDIR": folder.path], timeout: 60))
        else { return false }
        return output.succeeded && output.stderr.isEmpty
    }
}
