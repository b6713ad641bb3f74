import Foundation

/// Escaping for untrusted text. Submissions are untrusted: test names, failure messages, paths and commit
/// observations all come from the candidate, so every reporter passes them through one of these.
/// One line of untrusted text for a terminal or a CI log: what the CLI prints of an error, whose text may come
/// from a submission (an exercise id in its manifest, a tampered result's message).
public func untrustedLine(_ text: String) -> String { Escape.oneLine(text) }

enum Escape {
    /// Removes what could take over a terminal or hide text: C0 and C1 control characters (escape sequences
    /// start with one) except newline and tab, and Unicode bidirectional overrides ("trojan source").
    /// Carriage returns become newlines.
    static func controls(_ text: String) -> String {
        let normalised = text.replacingOccurrences(of: "\r\n", with: "\n")
        var scalars = String.UnicodeScalarView()
        for scalar in normalised.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: scalars.append(scalar)
            case 0x0D: scalars.append("\n")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028,
                0x2029, 0xFFFE, 0xFFFF:
                scalars.append("\u{FFFD}")
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// `controls`, with line breaks and tabs folded into single spaces: for table cells and headings.
    static func oneLine(_ text: String) -> String {
        controls(text).split(whereSeparator: { $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// HTML and XML text and attribute values: `&`, `<`, `>`, `"`, `'` as entities, controls removed (XML 1.0
    /// forbids them).
    static func markup(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in controls(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// An XML attribute value: `markup`, with newlines and tabs kept as character references (a parser would
    /// otherwise fold them into spaces).
    static func attribute(_ text: String) -> String {
        markup(text).replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
    }

    /// Markdown inline text: every ASCII punctuation character that could start markup (emphasis, links,
    /// images, raw HTML, tables, headings) is backslash-escaped, so a message renders literally.
    static func markdown(_ text: String) -> String {
        var out = ""
        for character in oneLine(text) {
            if markdownSpecials.contains(character) { out.append("\\") }
            out.append(character)
        }
        // No autolinks from candidate text: GitHub links bare `https://…` and `www.…`; an escaped `:` or `.`
        // renders the same and links nothing.
        out = out.replacingOccurrences(of: "://", with: "\\://")
        return out.replacingOccurrences(of: "www.", with: "www\\.", options: .caseInsensitive)
    }

    private static let markdownSpecials: Set<Character> = [
        "\\", "`", "*", "_", "{", "}", "[", "]", "<", ">", "#", "|", "!", "~", "&", "$",
    ]

    /// A Markdown code span: fenced with one more backtick than the longest run inside; in a table, `|` is
    /// escaped (GFM splits cells before it reads code spans).
    static func markdownCode(_ text: String, inTable: Bool = false) -> String {
        var content = oneLine(text)
        if inTable { content = content.replacingOccurrences(of: "|", with: "\\|") }
        let fence = String(repeating: "`", count: longestRun(of: "`", in: content) + 1)
        let pad = content.hasPrefix("`") || content.hasSuffix("`") ? " " : ""
        return fence + pad + content + pad + fence
    }

    /// A fenced Markdown code block for multi-line output.
    static func markdownBlock(_ text: String) -> String {
        let content = controls(text)
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: content) + 1))
        return fence + "text\n" + content + (content.hasSuffix("\n") ? "" : "\n") + fence
    }

    private static func longestRun(of target: Character, in text: String) -> Int {
        var longest = 0
        var current = 0
        for character in text {
            current = character == target ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }
}
