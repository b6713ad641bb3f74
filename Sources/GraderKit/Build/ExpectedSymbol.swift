/// Names the symbol a hidden test expected from the compiler's complaint, so an interviewer can tell a
/// broken contract ("the tests call `MovieListViewModel.load()`") from broken behaviour.
enum ExpectedSymbol {
    /// `X.y` for "value of type 'X' has no member 'y'", `Z` for "cannot find 'Z' in scope", the call for a
    /// label mismatch, and so on; nil when the message names no symbol.
    static func from(_ message: String) -> String? {
        let quoted = quotedParts(message)
        if message.contains("has no member"), quoted.count >= 2 {
            return "\(baseType(quoted[0])).\(quoted[1])"
        }
        if message.hasPrefix("cannot find type"), let name = quoted.first { return name }
        if message.hasPrefix("cannot find"), message.hasSuffix("in scope"), let name = quoted.first { return name }
        if message.hasPrefix("no such module"), let name = quoted.first { return "module \(name)" }
        if message.contains("argument label"), let labels = quoted.last { return labels }
        if message.hasPrefix("missing argument"), let name = quoted.first { return "argument \(name)" }
        if message.contains("is inaccessible due to"), let name = quoted.first { return "\(name) (public)" }
        if message.hasPrefix("cannot convert value of type"), quoted.count >= 2 {
            return "a value of type \(quoted[1])"
        }
        if message.contains("has no initializers") || message.contains("no exact matches in call to initializer"),
            let name = quoted.first
        {
            return "\(name).init"
        }
        return nil
    }

    /// The symbol a diagnostic names, with the argument labels of the call it points at when the build read
    /// them (`SearchViewModel.queryChanged(_:)` rather than `SearchViewModel.queryChanged`).
    static func from(_ diagnostic: CompilerDiagnostic) -> String? {
        guard let symbol = from(diagnostic.message) else { return nil }
        guard let call = diagnostic.call, call.hasSuffix(")") else { return symbol }
        let name = call.prefix { $0 != "(" }
        if symbol == name { return call }
        if symbol.hasSuffix(".\(name)") { return symbol.dropLast(name.count) + call }
        return symbol
    }

    /// The call at `line`:`column` (1-based; the column counts UTF-8 bytes, as the compiler's do) of `text`:
    /// its name and argument labels, `queryChanged(_:)`, `schedule(after:_:)`, `reset()`; the bare name when
    /// no argument list follows; nil when no name starts there.
    static func call(in text: String, line: Int, column: Int) -> String? {
        let bytes = Array(text.utf8)
        var offset = 0
        var current = 1
        while current < line, offset < bytes.count {
            if bytes[offset] == 0x0A { current += 1 }
            offset += 1
        }
        offset += column - 1
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == 0x5F || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte >= 0x80
        }
        guard offset >= 0, offset < bytes.count, isNameByte(bytes[offset]) else { return nil }
        var end = offset
        while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
        let name = String(decoding: bytes[offset..<end], as: UTF8.self)
        guard end < bytes.count, bytes[end] == 0x28 else { return name }  // "("
        // The top-level arguments, each `label:` or `_:`; strings and nested brackets skipped.
        var labels: [String] = []
        var depth = 0
        var argumentStart = end + 1
        var index = end
        var inString = false
        func label(_ range: Range<Int>) -> String? {
            let argument = String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !argument.isEmpty else { return nil }
            let head = argument.prefix { $0 == "_" || $0.isLetter || $0.isNumber }
            let rest = argument.dropFirst(head.count).drop { $0 == " " }
            if !head.isEmpty, rest.hasPrefix(":"), !rest.hasPrefix("::") { return "\(head):" }
            return "_:"
        }
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == 0x5C { index += 1 } else if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else if byte == 0x28 || byte == 0x5B || byte == 0x7B {
                depth += 1
            } else if byte == 0x29 || byte == 0x5D || byte == 0x7D {
                depth -= 1
                if depth == 0 {
                    if let last = label(argumentStart..<index) { labels.append(last) }
                    return "\(name)(\(labels.joined()))"
                }
            } else if byte == 0x2C, depth == 1 {
                labels.append(label(argumentStart..<index) ?? "_:")
                argumentStart = index + 1
            }
            index += 1
        }
        return name
    }

    /// The texts between single quotes.
    static func quotedParts(_ message: String) -> [String] {
        message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// `Optional<X>` / `X?` / `any X` → `X`.
    static func baseType(_ type: String) -> String {
        var name = type
        if name.hasPrefix("any ") { name = String(name.dropFirst(4)) }
        if name.hasSuffix("?") { name = String(name.dropLast()) }
        return name
    }
}
