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
