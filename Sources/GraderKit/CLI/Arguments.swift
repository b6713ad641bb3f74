/// A command line split into its subcommand, options and positional arguments.
///
/// Options are `--name value`, `--name=value` or boolean `--flag`; `--` ends options.
public struct Arguments: Equatable, Sendable {
    public var command: String?
    public var positional: [String] = []
    public var options: [String: [String]] = [:]
    public var flags: Set<String> = []

    /// Parses `words` (without the program name), knowing which options take a value.
    public init(_ words: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws {
        var index = 0
        var onlyPositional = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositional || !word.hasPrefix("-") || word == "-" {
                if command == nil { command = word } else { positional.append(word) }
                continue
            }
            if word == "--" {
                onlyPositional = true
                continue
            }
            if word == "-h" {
                flags.insert("help")
                continue
            }
            guard word.hasPrefix("--") else { throw GraderError.usage("unknown option '\(word)'; see 'grader --help'") }
            var name = String(word.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valueOptions.contains(name) {
                if value == nil {
                    guard index < words.count else { throw GraderError.usage("option --\(name) needs a value") }
                    value = words[index]
                    index += 1
                }
                options[name, default: []].append(value ?? "")
            } else if flagOptions.contains(name) {
                guard value == nil else { throw GraderError.usage("option --\(name) takes no value") }
                flags.insert(name)
            } else {
                throw GraderError.usage("unknown option '--\(name)'; see 'grader --help'")
            }
        }
    }

    /// The last value of option `name`.
    public func value(_ name: String) -> String? { options[name]?.last }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }
}
