import Foundation

/// Help texts, generated from the commands' specs: every option a command takes appears in its help.
enum HelpText {
    static let width = 30

    static func overview(_ specs: [CommandSpec]) -> String {
        var lines = [
            "grader — hand out iOS take-home exercises and grade them.", "", "USAGE: grader <command> [options]", "",
            "COMMANDS:",
        ]
        for spec in specs {
            lines.append(row(([spec.name] + spec.arguments.map(\.usage)).joined(separator: " "), spec.abstract))
        }
        lines += [
            "", "OPTIONS:", row("-h, --help", "Show help; 'grader <command> --help' for a command."),
            row("--version", "Show the grader's version."), "",
            "EXIT CODES: 0 success or passed, 1 below the pass mark, 2 usage error, 3 could not grade.", "",
        ]
        return lines.joined(separator: "\n")
    }

    static func command(_ spec: CommandSpec) -> String {
        let usage = (["grader", spec.name] + spec.arguments.map(\.usage) + (spec.options.isEmpty ? [] : ["[options]"]))
            .joined(separator: " ")
        var lines = ["USAGE: \(usage)", "", spec.abstract, ""]
        lines += spec.discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if !spec.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"] + spec.arguments.map { row($0.usage, $0.help) }
        }
        lines +=
            ["", "OPTIONS:"] + spec.options.map { row($0.usage, $0.help) } + [row("-h, --help", "Show this help.")]
        lines += ["", "EXIT CODES: " + spec.exitCodes.split(separator: "\n").joined(separator: " "), ""]
        return lines.joined(separator: "\n")
    }

    /// `  <left padded>  help`, the help on the next line when the left side is too long.
    private static func row(_ left: String, _ help: String) -> String {
        let indent = "  " + left
        if indent.count + 2 <= width { return indent.padding(toLength: width, withPad: " ", startingAt: 0) + help }
        return indent + "\n" + String(repeating: " ", count: width) + help
    }
}
