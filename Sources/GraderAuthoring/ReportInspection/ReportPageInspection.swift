import Foundation

/// Checks an HTML report as a file and, optionally, as a browser read it: one self-contained page (nothing to
/// load from anywhere), its charts' SVG elements balanced, and, given the DOM the browser built
/// (`chromium --dump-dom`), the same page with every chart in it (an empty DOM means the browser could not load the
/// page; fewer charts mean markup broke).
public struct ReportPageInspection: Sendable, Equatable {
    /// What the page would load or link to outside itself: `<img src="…">`, `url(…)` in a style, `<script>`, ….
    public var externalReferences: [String]
    /// `<svg` elements in the file.
    public var charts: Int
    /// Charts replaced by a one-line note (nothing to draw).
    public var chartNotes: Int
    /// `<svg` elements in the DOM the browser built; nil when no DOM was given.
    public var browserCharts: Int?
    /// Why the page is not what a report should be, one line each; empty when it is.
    public var problems: [String]

    /// Elements that load something or run something, whatever their attributes.
    static let loadingElements: Set<String> = [
        "script", "link", "iframe", "frame", "object", "embed", "img", "image", "use", "audio", "video", "source",
        "track", "base",
    ]
    /// Attributes whose value names a resource.
    static let resourceAttributes: Set<String> = [
        "src", "srcset", "poster", "data", "action", "formaction", "background", "xlink:href", "ping", "manifest",
    ]

    public init(html: String, dom: String? = nil) {
        var references: [String] = []
        for tag in Self.tags(html) {
            if Self.loadingElements.contains(tag.name) { references.append("<\(tag.name)> element") }
            for (name, value) in tag.attributes {
                if Self.resourceAttributes.contains(name) {
                    references.append("\(name)=\"\(value.prefix(80))\" on <\(tag.name)>")
                } else if name == "href", !value.hasPrefix("#") {
                    references.append("href=\"\(value.prefix(80))\" on <\(tag.name)>")
                } else if name == "style", Self.loadsFromCSS(value) {
                    references.append("style=\"\(value.prefix(80))\" on <\(tag.name)>")
                } else if name == "http-equiv", value.lowercased() == "refresh" {
                    references.append("a meta refresh")
                }
            }
        }
        for style in Self.elements("style", in: html) where Self.loadsFromCSS(style) {
            references.append("url(…) or @import in a <style> element")
        }
        externalReferences = references
        charts = Self.count("<svg", in: html)
        chartNotes = Self.count("<figure class=\"chart\"><figcaption>", in: html)
        var problems = references.map { "external reference: \($0)" }
        let closed = Self.count("</svg>", in: html)
        if closed != charts { problems.append("\(charts) <svg> opened, \(closed) closed") }
        if !html.contains("Content-Security-Policy") || !html.contains("default-src 'none'") {
            problems.append("no Content-Security-Policy with default-src 'none'")
        }
        if !html.contains("class=\"report\"") && !html.contains("class=\"summary\"") {
            problems.append("no report section: not a grader HTML report")
        }
        if let dom {
            browserCharts = 0
            if dom.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("the browser could not load the page (its DOM is empty)")
            } else {
                let drawn = Self.count("<svg", in: dom)
                browserCharts = drawn
                if drawn != charts { problems.append("the browser built \(drawn) charts of the page's \(charts)") }
                if !dom.contains("class=\"report\"") && !dom.contains("class=\"summary\"") {
                    problems.append("the browser's page has no report section")
                }
            }
        }
        self.problems = problems
    }

    /// `url(` or `@import` in CSS (a `data:` URL would still be an asset not in the markup: flagged too).
    static func loadsFromCSS(_ css: String) -> Bool {
        let lowered = css.lowercased()
        return lowered.contains("url(") || lowered.contains("@import") || lowered.contains("image-set(")
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// The text inside each `<name …>…</name>`.
    static func elements(_ name: String, in html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(name)", options: .caseInsensitive),
            let start = rest.range(of: ">", range: open.upperBound..<rest.endIndex),
            let close = rest.range(of: "</\(name)>", options: .caseInsensitive, range: start.upperBound..<rest.endIndex)
        {
            found.append(String(rest[start.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    struct Tag {
        var name: String
        var attributes: [(String, String)]
    }

    /// Every start tag: a reporter escapes `<` in text, so each one starts markup. Attribute values are quoted.
    static func tags(_ html: String) -> [Tag] {
        var tags: [Tag] = []
        let characters = Array(html.unicodeScalars)
        var index = 0
        while index < characters.count {
            guard characters[index] == "<" else {
                index += 1
                continue
            }
            index += 1
            var name = ""
            while index < characters.count,
                characters[index].properties.isAlphabetic || characters[index] == "-"
                    || ("0"..."9").contains(characters[index])
            {
                name.unicodeScalars.append(characters[index])
                index += 1
            }
            var attributes: [(String, String)] = []
            while index < characters.count, characters[index] != ">" {
                let scalar = characters[index]
                if scalar.properties.isAlphabetic {
                    var attribute = ""
                    while index < characters.count,
                        characters[index].properties.isAlphabetic || characters[index] == "-"
                            || characters[index] == ":"
                    {
                        attribute.unicodeScalars.append(characters[index])
                        index += 1
                    }
                    var value = ""
                    if index < characters.count, characters[index] == "=" {
                        index += 1
                        let quote = index < characters.count ? characters[index] : " "
                        if quote == "\"" || quote == "'" {
                            index += 1
                            while index < characters.count, characters[index] != quote {
                                value.unicodeScalars.append(characters[index])
                                index += 1
                            }
                            index += 1
                        } else {
                            while index < characters.count, characters[index] != " ", characters[index] != ">" {
                                value.unicodeScalars.append(characters[index])
                                index += 1
                            }
                        }
                    }
                    attributes.append((attribute.lowercased(), value))
                } else {
                    index += 1
                }
            }
            if !name.isEmpty { tags.append(Tag(name: name.lowercased(), attributes: attributes)) }
        }
        return tags
    }
}
