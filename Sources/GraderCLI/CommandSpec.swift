import Foundation
import GraderCore
import GraderKit

/// How a shell completes a value.
public enum Completion: Sendable, Equatable {
    case none
    case file
    case directory
    /// One of these words.
    case choices([String])
    /// An exercise id of the kit.
    case exercise
}

/// One option a command takes: a flag, or an option with a value.
public struct OptionSpec: Sendable {
    public var name: String
    /// The value's placeholder (`<format>`); nil for a flag.
    public var placeholder: String?
    public var help: String
    public var completion: Completion

    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, placeholder: nil, help: help, completion: .none)
    }

    public static func value(_ name: String, _ placeholder: String, _ help: String, completion: Completion = .none)
        -> OptionSpec
    {
        OptionSpec(name: name, placeholder: placeholder, help: help, completion: completion)
    }

    public var isFlag: Bool { placeholder == nil }

    /// `--format <text|json>` or `--static-only`.
    public var usage: String { placeholder.map { "--\(name) <\($0)>" } ?? "--\(name)" }
}

/// One positional argument.
public struct ArgumentSpec: Sendable {
    public enum Count: Sendable { case one, optional, oneOrMore, any }

    public var name: String
    public var help: String
    public var count: Count
    public var completion: Completion

    public init(_ name: String, _ help: String, count: Count = .one, completion: Completion = .none) {
        self.name = name
        self.help = help
        self.count = count
        self.completion = completion
    }

    /// `<path>…`, `[<exercise>]`.
    public var usage: String {
        switch count {
        case .one: return "<\(name)>"
        case .optional: return "[<\(name)>]"
        case .oneOrMore: return "<\(name)>…"
        case .any: return "[<\(name)>…]"
        }
    }
}

/// Everything a command says about itself: parsing, validation, help and completions come from it.
public struct CommandSpec: Sendable {
    public var name: String
    /// One line, for the overview.
    public var abstract: String
    /// Paragraphs for the command's help.
    public var discussion: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    public var exitCodes: String

    /// `--kit`, which every command reading the kit takes.
    public static let kitOption = OptionSpec.value(
        "kit", "dir", "The kit's folder (default: found from here, from the grader's folder, or GRADER_KIT).",
        completion: .directory)

    public func option(_ name: String) -> OptionSpec? { options.first { $0.name == name } }
}

/// What a command runs with: where it prints, its environment, the process runner.
public struct CommandContext: Sendable {
    public var output: GraderCLI.Output
    public var environment: [String: String]
    public var runner: ProcessRunner

    /// The kit named by `--kit`, else found from here (`Kit.locate`).
    public func kit(_ invocation: Invocation) throws -> Kit {
        if let path = invocation.value("kit") {
            let kit = Kit(root: URL(fileURLWithPath: path))
            guard kit.looksLikeKit else {
                throw GraderError.kitNotFound("--kit \(path) holds no Rubrics/ and Package.swift")
            }
            return kit
        }
        return try Kit.locate(environment: environment)
    }
}

/// A `grader` command: a small type with its spec, the validation of its arguments, and `run`.
public protocol GraderCommand {
    static var spec: CommandSpec { get }
    /// Validates the parsed arguments; a problem is a `GraderError.usage`.
    init(_ invocation: Invocation) throws
    /// Does the work and returns the exit code.
    func run(_ context: CommandContext) throws -> Int32
}
