import Foundation
import GraderCore
import XCTest

@testable import GraderRules

/// Every rule's own examples are its tests: non-triggering ones give no finding, triggering ones give findings
/// exactly at their `↓` marks, and triggering code wrapped in a comment or a string literal gives none.
final class RuleExamplesTests: XCTestCase {
    func testNonTriggeringExamplesGiveNoFindings() throws {
        for rule in try rulesToRun() {
            for example in rule.description.nonTriggeringExamples {
                let findings = try run(rule, example)
                XCTAssertEqual(
                    findings.map(\.formatted), [], "\(rule.description.identifier): \(example.code)",
                    file: example.file, line: example.line)
            }
        }
    }

    func testTriggeringExamplesFindEveryMarkAndNothingElse() throws {
        for rule in try rulesToRun() {
            for example in rule.description.triggeringExamples {
                let (_, marks) = example.unmarked
                let findings = try run(rule, example)
                let message = "\(rule.description.identifier): \(example.code)\n\(findings.map(\.formatted))"
                XCTAssertFalse(findings.isEmpty, message, file: example.file, line: example.line)
                if marks.isEmpty {
                    XCTAssertEqual(
                        findings.filter { $0.line != 0 }.map(\.formatted), [], message, file: example.file,
                        line: example.line)
                } else {
                    let found = findings.filter { $0.path == example.path }
                        .map { Example.Mark(line: $0.line, column: $0.column) }.sorted()
                    XCTAssertEqual(found, marks.sorted(), message, file: example.file, line: example.line)
                    XCTAssertEqual(findings.count, found.count, message, file: example.file, line: example.line)
                }
                for finding in findings {
                    XCTAssertEqual(finding.rule, rule.description.identifier, file: example.file, line: example.line)
                    XCTAssertEqual(finding.severity, rule.description.severity, file: example.file, line: example.line)
                    XCTAssertFalse(finding.message.isEmpty)
                    XCTAssertEqual(
                        finding.message.first.map { String($0) }, finding.message.first.map { String($0).lowercased() },
                        "messages start lowercase: \(finding.message)", file: example.file, line: example.line)
                }
            }
        }
    }

    func testTriggeringExamplesWrappedInCommentsAndStringsDoNotTrigger() throws {
        for rule in RuleRegistry.rules where rule.description.kind != .style {
            for example in rule.description.triggeringExamples where example.wrappable {
                let code = example.unmarked.code
                for (how, wrapped) in Self.wrappings(of: code) {
                    let findings = try run(rule, example, code: wrapped)
                    XCTAssertEqual(
                        findings.map(\.formatted), [], "\(rule.description.identifier) in a \(how):\n\(wrapped)",
                        file: example.file, line: example.line)
                }
            }
        }
    }

    func testEveryRuleIsRegisteredOnceWithItsOwnFile() throws {
        let identifiers = RuleRegistry.identifiers
        XCTAssertEqual(Set(identifiers).count, identifiers.count, "rule ids are unique: \(identifiers)")
        XCTAssertEqual(
            Set(identifiers),
            [
                "no-singletons", "no-system-singletons", "no-third-party", "required-apis", "no-manual-threads",
                "no-force", "style", "integrity",
            ])

        let rulesFolder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/GraderRules/Rules")
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: rulesFolder.path))
            .filter { $0.hasSuffix("Rule.swift") }
        let registered = RuleRegistry.rules.map { rule in
            "\(rule.description.kind.rawValue)/\(String(describing: type(of: rule))).swift"
        }
        XCTAssertEqual(Set(files), Set(registered), "one file per rule, in the folder of its kind, all registered")

        for rule in RuleRegistry.rules {
            let description = rule.description
            XCTAssertFalse(description.name.isEmpty)
            XCTAssertFalse(description.rationale.isEmpty)
            XCTAssertFalse(description.triggeringExamples.isEmpty, description.identifier)
            XCTAssertFalse(description.nonTriggeringExamples.isEmpty, description.identifier)
            XCTAssertTrue(RuleRegistry.rule(description.identifier) != nil)
        }
    }

    func testWrappingsAreValidAndCodeFree() {
        // The wrapped forms hold no tokens of the original code, whatever it contains.
        let code = "let a = \"\\(b)\" /* c */\nlet d = #\"\"\"#"
        for (how, wrapped) in Self.wrappings(of: code) {
            let tokens = SwiftLexer.tokenize(wrapped)
            XCTAssertFalse(tokens.contains { $0.isWord("d") || $0.isWord("b") }, "\(how): \(tokens.map(\.text))")
        }
    }

    // MARK: - Helpers

    /// The code inside a line comment, a block comment, a string literal and a multi-line string literal.
    static func wrappings(of code: String) -> [(String, String)] {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        var escaped = ""
        for character in code {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        let multiline = code.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        return [
            ("line comment", lines.map { "// " + $0 }.joined(separator: "\n")),
            ("block comment", "/*\n" + code + "\n*/"),
            ("string literal", "let wrapped = \"" + escaped + "\""),
            ("multi-line string literal", "let wrapped = \"\"\"\n" + multiline + "\n\"\"\""),
        ]
    }

    /// The rules whose examples can run here: all but `style` when swift-format is not installed.
    private func rulesToRun() throws -> [any Rule] {
        RuleRegistry.rules.filter { $0.description.kind != .style || SwiftFormat.isAvailable }
    }

    private func run(_ rule: any Rule, _ example: Example, code: String? = nil) throws -> [Finding] {
        var files = example.otherFiles
        files[example.path] = code ?? example.unmarked.code
        if rule.description.kind == .style {
            let folder = try TemporaryFolder(files: files)
            defer { folder.remove() }
            let context = RuleContext(tree: SourceTree(scanning: folder.url), runner: .live)
            return rule.check(context, parameters: example.parameters).findings
        }
        return rule.check(RuleContext(files: files), parameters: example.parameters).findings
    }
}

/// Whether the toolchain's `swift format` runs here.
enum SwiftFormat {
    static let isAvailable: Bool = {
        guard let output = try? ProcessRunner.live.run("swift", ["format", "--version"]) else { return false }
        return output.succeeded
    }()
}

/// A folder of files under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init(files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("grader-rules-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
