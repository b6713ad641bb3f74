import Foundation
import GraderCore
import GraderKit
import GraderReports

/// `grader report <result.json>…`: render, merge or re-score saved results without regrading.
struct ReportCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "report", abstract: "Render or merge saved JSON results, adding manual scores, without regrading.",
        discussion: """
            Reads results saved by `grader check --format json` (one result or an array per file; shards graded on
            other machines merge in the order given) and prints what `check` would have printed for them, in any
            format, with the summary table and CSV of a batch. `--manual` applies the interviewer's scores exactly
            as `check --manual` does; scores a result already holds stay unless given again.

            A result is used only under the rubric that graded it: when the kit's rubric for its exercise has
            another version or digest, the result is refused with one line naming the file.
            """,
        arguments: [
            ArgumentSpec(
                "result.json", "A result saved by 'grader check --format json'.", count: .oneOrMore,
                completion: .file)
        ],
        options: CommandSpec.printingOptions + [CommandSpec.manualOption, CommandSpec.kitOption],
        exitCodes: """
            0 every result at or above the pass mark, 1 one below it (or needing review), 2 usage error, 3 a result
            cannot be used (unreadable, another rubric version) or records a submission that could not be graded.
            """)

    var paths: [String]
    var format: ReportFormat
    var output: String?
    var csv: String?
    var manualFile: String?
    var reportOptions: ReportOptions
    let invocation: Invocation

    init(_ invocation: Invocation) throws {
        self.invocation = invocation
        paths = invocation.positional
        let name = try invocation.choice("format", in: ReportFormat.allCases.map(\.rawValue)) ?? "text"
        format = ReportFormat(rawValue: name) ?? .text
        output = invocation.value("output")
        csv = invocation.value("csv")
        manualFile = invocation.value("manual")
        reportOptions = ReportOptions(allFindings: invocation.has("all-findings"))
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        let manualScores = try manualFile.map { try ManualScores.load($0, rubrics: try kit.rubrics()) } ?? [:]
        let results = try SavedResults(kit: kit).load(paths, manualScores: manualScores)
        return try context.report(results, format: format, options: reportOptions, output: output, csv: csv)
    }
}
