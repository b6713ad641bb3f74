import Foundation
import XCTest

@testable import GraderRules

/// docs/rules.md describes every registered rule as the rule describes itself: a heading with its id,
/// severity and file, and every parameter it takes. A new rule, a changed severity or a new parameter without
/// its documentation fails here.
final class RulesDocTests: XCTestCase {
    private var document: String {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("docs/rules.md")
            return try String(contentsOf: url, encoding: .utf8)
        }
    }

    func testEveryRuleHasItsHeadingWithSeverityAndFile() throws {
        let text = try document
        for rule in RuleRegistry.rules {
            let description = rule.description
            let heading =
                "### `\(description.identifier)` (\(description.severity.rawValue)) — \(description.kind.rawValue)/\(type(of: rule)).swift"
            XCTAssertTrue(text.contains(heading), "docs/rules.md lacks: \(heading)")
        }
    }

    func testNoHeadingNamesARuleThatDoesNotExist() throws {
        let headings = try document.split(separator: "\n").filter { $0.hasPrefix("### `") }
        let documented = headings.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        XCTAssertEqual(Set(documented), Set(RuleRegistry.identifiers))
    }

    func testEveryParameterIsDocumented() throws {
        let text = try document
        for rule in RuleRegistry.rules {
            for parameter in rule.description.parameters.keys {
                XCTAssertTrue(
                    text.contains("`\(parameter)`"),
                    "docs/rules.md does not describe \(rule.description.identifier)'s `\(parameter)`")
            }
        }
    }
}
