import Foundation
import GraderCore
import GraderKit

/// The words after a command's name, parsed against its spec: options it does not take, missing values and
/// wrong argument counts are usage errors that name the command.
public struct Invocation: Sendable, Equatable {
    public var command: String
    public var positional: [String] = []
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    /// `-h`/`--help` was given.
    public var wantsHelp = false

    public init(_ words: [String], spec: CommandSpec) throws {
        command = spec.name
        let seeHelp = "see 'grader \(spec.name) --help'"
        var index = 0
        var onlyPositional = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositional || !word.hasPrefix("-") || word == "-" {
                positional.append(word)
                continue
            }
            if word == "--" {
                onlyPositional = true
                continue
            }
            if word == "-h" || word == "--help" {
                wantsHelp = true
                continue
            }
            guard word.hasPrefix("--") else {
                throw GraderError.usage("unknown option '\(word)' for 'grader \(spec.name)'; \(seeHelp)")
            }
            var name = String(word.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.option(name) else {
                throw GraderError.usage("unknown option '--\(name)' for 'grader \(spec.name)'; \(seeHelp)")
            }
            if option.isFlag {
                guard value == nil else { throw GraderError.usage("option --\(name) takes no value") }
                flags.insert(name)
            } else {
                if value == nil {
                    guard index < words.count else { throw GraderError.usage("option --\(name) needs a value") }
                    value = words[index]
                    index += 1
                }
                values[name, default: []].append(value ?? "")
            }
        }
        if !wantsHelp { try checkCount(spec, seeHelp: seeHelp) }
    }

    private func checkCount(_ spec: CommandSpec, seeHelp: String) throws {
        let required = spec.arguments.filter { $0.count == .one || $0.count == .oneOrMore }
        let unbounded = spec.arguments.contains { $0.count == .oneOrMore || $0.count == .any }
        let usage = spec.arguments.map(\.usage).joined(separator: " ")
        if positional.count < required.count {
            throw GraderError.usage("'grader \(spec.name)' needs \(usage); \(seeHelp)")
        }
        if !unbounded, positional.count > spec.arguments.count {
            let extra = positional[spec.arguments.count]
            throw GraderError.usage("unexpected argument '\(extra)' for 'grader \(spec.name)'; \(seeHelp)")
        }
    }

    /// The last value of option `name`.
    public func value(_ name: String) -> String? { values[name]?.last }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// A whole number of at least `minimum`, when given.
    public func integer(_ name: String, minimum: Int) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw GraderError.usage("--\(name) needs a whole number of at least \(minimum)")
        }
        return number
    }

    /// A number of seconds above 0, when given.
    public func seconds(_ name: String) throws -> TimeInterval? {
        guard let text = value(name) else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw GraderError.usage("--\(name) needs a number of seconds above 0")
        }
        return seconds
    }

    /// One of `choices`, when given.
    public func choice(_ name: String, in choices: [String]) throws -> String? {
        guard let text = value(name) else { return nil }
        guard choices.contains(text) else {
            throw GraderError.usage("unknown \(name) '\(text)'; use one of: \(choices.joined(separator: ", "))")
        }
        return text
    }
}
