import Foundation
import GraderCore
import XCTest

@testable import GraderReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Submissions are untrusted: what they control must come out inert in every format.
final class EscapingTests: XCTestCase {
    private let script = "<script>alert('pwned')</script>"

    private var hostile: GradeResult {
        var result = Fixtures.single
        result.submission = "eve\"><img src=x onerror=alert(1)>.zip"
        result.findings[0].message = "singleton \(script) & \"more\""
        result.findings[0].path = "Sources/<b>Evil</b>.swift"
        result.tests[4].message = "expected \(script)\n\u{1B}[2J\u{1B}]0;owned\u{07}cleared\u{202E}txt.exe"
        result.tests[4].output = "bad\u{0}byte and ]]> end"
        result.notes.append(
            "a note with | pipes | and [a link](https://evil.example) ![img](https://evil.example/x.png)")
        return result
    }

    func testHTMLEscapesAScriptInAFindingMessage() {
        let html = HTMLReporter.render([hostile])
        XCTAssertFalse(html.contains("<script"), "a <script> from a submission must never reach the page")
        XCTAssertTrue(
            html.contains("singleton &lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; &amp; &quot;more&quot;"))
        XCTAssertFalse(html.contains("<img"))
        XCTAssertTrue(html.contains("eve&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.zip"))
        XCTAssertTrue(html.contains("<code>Sources/&lt;b&gt;Evil&lt;/b&gt;.swift:4:5</code>"))
        XCTAssertTrue(html.contains("Content-Security-Policy"))
    }

    func testHTMLSummaryEscapesSubmissionNames() {
        let html = HTMLReporter.render([hostile, Fixtures.bob])
        XCTAssertFalse(html.contains("<img"))
        XCTAssertFalse(html.contains("<script"))
    }

    func testJUnitIsWellFormedXMLWithHostileText() throws {
        let xml = JUnitReporter.render([hostile, Fixtures.bob])
        XCTAssertFalse(xml.contains("<script"))
        XCTAssertFalse(xml.contains("\u{0}"))
        XCTAssertFalse(xml.contains("\u{1B}"))
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = SuiteCollector()
        parser.delegate = collector
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(collector.suites, ["eve\"><img src=x onerror=alert(1)>.zip", "bob, the builder/movie-client"])
        XCTAssertTrue(collector.failureMessages.contains { $0.contains(script) }, "the message survives, escaped")
    }

    func testTextStripsTerminalControlSequences() {
        let text = TextReporter.render([hostile])
        XCTAssertFalse(text.contains("\u{1B}"), "no escape sequences reach the terminal")
        XCTAssertFalse(text.contains("\u{07}"))
        XCTAssertFalse(text.contains("\u{202E}"), "no bidi override")
        XCTAssertFalse(text.contains("\u{0}"))
        XCTAssertTrue(text.contains("\u{FFFD}[2J"))
    }

    func testMarkdownRendersCandidateTextLiterally() {
        let markdown = MarkdownReporter.render([hostile])
        XCTAssertTrue(
            markdown.contains("singleton \\<script\\>alert('pwned')\\</script\\> \\& \"more\""), "prose is escaped")
        XCTAssertTrue(markdown.contains(": `expected <script>alert('pwned')</script>"), "messages are code spans")
        XCTAssertFalse(markdown.contains("[a link](https"), "no live links from a submission")
        XCTAssertFalse(markdown.contains("![img]"), "no remote images from a submission")
        XCTAssertTrue(markdown.contains("\\| pipes \\|"))
        XCTAssertTrue(markdown.contains("| `Sources/<b>Evil</b>.swift:4:5` |"), "code spans are literal")
    }

    func testMarkdownTextLinksNothing() {
        XCTAssertEqual(Escape.markdown("see https://evil.example/x"), "see https\\://evil.example/x")
        XCTAssertEqual(Escape.markdown("visit www.evil.example"), "visit www\\.evil.example")
        XCTAssertEqual(Escape.oneLine("a\u{2028}b\u{200F}c"), "a\u{FFFD}b\u{FFFD}c", "line separators and marks")
    }

    func testMarkdownCodeSpanWithBackticksAndPipes() {
        XCTAssertEqual(Escape.markdownCode("a`b"), "``a`b``")
        XCTAssertEqual(Escape.markdownCode("`x`"), "`` `x` ``")
        XCTAssertEqual(Escape.markdownCode("a|b", inTable: true), "`a\\|b`")
    }

    func testCSVQuotesCommasQuotesAndNewlines() {
        XCTAssertEqual(CSVReporter.field("plain"), "plain")
        XCTAssertEqual(CSVReporter.field("a,b"), "\"a,b\"")
        XCTAssertEqual(CSVReporter.field("say \"hi\""), "\"say \"\"hi\"\"\"")
        XCTAssertEqual(CSVReporter.field("two\nlines"), "\"two\nlines\"")
        XCTAssertEqual(CSVReporter.field("cr\rhere"), "\"cr\rhere\"")
        XCTAssertEqual(CSVReporter.field(""), "")
    }

    func testCSVRowsParseBackToTheirFields() {
        var result = Fixtures.bob
        result.submission = "x, \"quoted\"\nand new line"
        let csv = CSVReporter.render([result])
        XCTAssertTrue(csv.hasSuffix("\r\n"))
        let rows = parseCSV(csv)
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(rows[0], CSVReporter.header)
        XCTAssertEqual(rows[1][0], "x, \"quoted\"\nand new line")
        XCTAssertEqual(rows[1].count, CSVReporter.header.count)
    }

    func testCSVNeutralisesFormulas() {
        var result = Fixtures.bob
        result.submission = "=HYPERLINK(\"https://evil.example\",\"click\")"
        let rows = parseCSV(CSVReporter.render([result]))
        XCTAssertEqual(rows[1][0], "'=HYPERLINK(\"https://evil.example\",\"click\")")
    }

    /// A small RFC 4180 reader, to check what a spreadsheet would see.
    private func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        field.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\r\n" || character == "\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else {
                field.append(character)
            }
            index += 1
        }
        characters.removeAll()
        return rows
    }
}

/// Collects suite names and failure messages from JUnit XML.
private final class SuiteCollector: NSObject, XMLParserDelegate {
    var suites: [String] = []
    var failureMessages: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "testsuite", let name = attributes["name"] { suites.append(name) }
        if elementName == "failure" || elementName == "error", let message = attributes["message"] {
            failureMessages.append(message)
        }
    }
}
