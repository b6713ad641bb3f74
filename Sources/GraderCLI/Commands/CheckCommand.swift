import Foundation
import GraderCore
import GraderKit
import GraderReports

/// `grader check <path>…`: grade submissions and report.
struct CheckCommand: GraderCommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Grade submissions (folders, .zip files or git bundles).",
        discussion: """
            Grades each submission: a private copy is unpacked, identified, analysed (rules, history, integrity),
            built with the hidden suite under a manifest the grader writes, tested in a sandbox, and scored
            against the rubric. The submission is never changed; its Package.swift is read as text and never
            evaluated.

            A submission whose app code reaches for the test machinery or the process (docs/rules.md, integrity)
            or whose test results were tampered with "needs review": its hidden-test points are withheld and it
            does not pass. A submission that cannot be graded at all prints one line on standard error.
            """,
        arguments: [
            ArgumentSpec(
                "path", "A submission: a folder, a .zip file or a git bundle.", count: .oneOrMore, completion: .file)
        ],
        options: CommandSpec.printingOptions + [
            .value("exercise", "id", "The exercise, when the submission has no manifest.", completion: .exercise),
            CommandSpec.manualOption,
            .value("jobs", "n", "Test processes run at once (default: twice the cores plus 4, one per 2 GiB at most)."),
            .flag("static-only", "Rules and history only: no build, no tests."),
            .value("build-timeout", "s", "Seconds the build may take before it is stopped (default: 900)."),
            .value("test-timeout", "s", "Seconds one hidden test may take before it is stopped (default: 10)."),
            .flag("keep-work", "Keep the private work folder (to debug the grader)."),
            .flag("no-cache", "Build in a private folder instead of the warm build kept between runs (grader cache)."),
            CommandSpec.kitOption,
        ],
        exitCodes: """
            0 every submission at or above the pass mark, 1 one below it (or needing review), 2 usage error,
            3 a submission could not be graded.
            """)

    var paths: [String]
    var options = CheckOptions()
    var format: ReportFormat
    var output: String?
    var csv: String?
    var manualFile: String?
    var reportOptions: ReportOptions
    let invocation: Invocation

    init(_ invocation: Invocation) throws {
        self.invocation = invocation
        paths = invocation.positional
        options.exercise = invocation.value("exercise")
        options.staticOnly = invocation.has("static-only")
        options.keepWork = invocation.has("keep-work")
        if !invocation.has("no-cache") { options.buildCache = .standard() }
        if ProcessInfo.processInfo.environment["GRADER_TIMINGS"] == "1" {
            options.stageTimer = { stage, seconds in
                FileHandle.standardError.write(Data("grader: \(stage) \(Figures.seconds(seconds)) s\n".utf8))
            }
        }
        if let jobs = try invocation.integer("jobs", minimum: 1) { options.jobs = jobs }
        if let seconds = try invocation.seconds("build-timeout") { options.buildTimeout = seconds }
        if let seconds = try invocation.seconds("test-timeout") { options.testTimeout = seconds }
        let name = try invocation.choice("format", in: ReportFormat.allCases.map(\.rawValue)) ?? "text"
        format = ReportFormat(rawValue: name) ?? .text
        output = invocation.value("output")
        csv = invocation.value("csv")
        manualFile = invocation.value("manual")
        reportOptions = ReportOptions(allFindings: invocation.has("all-findings"))
    }

    func run(_ context: CommandContext) throws -> Int32 {
        let kit = try context.kit(invocation)
        var options = options
        options.progress = ProgressLine.reporter(for: context.output)
        if let manualFile { options.manualScores = try ManualScores.load(manualFile, rubrics: try kit.rubrics()) }
        if let exercise = options.exercise, !kit.exerciseIDs().contains(exercise) {
            throw GraderError.unknownExercise(exercise, known: kit.exerciseIDs())
        }
        let checker = Checker(
            kit: kit, options: options, runner: context.runner, analyzers: .live(runner: context.runner))
        let results = checker.check(paths)
        if options.progress != nil { context.output.err(ProgressLine.clear) }
        return try context.report(results, format: format, options: reportOptions, output: output, csv: csv)
    }
}

extension CommandSpec {
    /// `--format`, `--output`, `--csv` and `--all-findings`: how `check` and `report` print results.
    static let printingOptions: [OptionSpec] = [
        .value(
            "format", ReportFormat.allCases.map(\.rawValue).joined(separator: "|"), "Report format (default: text).",
            completion: .choices(ReportFormat.allCases.map(\.rawValue))),
        .value("output", "file", "Write the report to a file instead of standard output.", completion: .file),
        .value("csv", "file", "Also write the summary table as CSV.", completion: .file),
        .flag("all-findings", "List every finding in the text report (default: the first 3 of each kind)."),
    ]

    /// `--manual`: the interviewer's scores, at check time or later with `report`.
    static let manualOption = OptionSpec.value(
        "manual", "file", #"The interviewer's scores for manual criteria (JSON: {"architecture": 8})."#,
        completion: .file)
}

extension CommandContext {
    /// What `check` prints for its results, and `report` for saved ones, so the two cannot differ: one line on
    /// standard error per submission that could not be graded (alone or among others), the report in `format`
    /// (unless nothing was graded), the CSV summary when asked; the exit code (0 all at or above the pass mark,
    /// 1 one below it or needing review, 3 one could not be graded).
    func report(
        _ results: [GradeResult], format: ReportFormat, options: ReportOptions, output: String?, csv: String?
    ) throws -> Int32 {
        let failed = results.filter { $0.status == .error }
        for result in failed {
            self.output.err("grader: \(untrustedLine(result.message ?? "could not grade \(result.submission)"))\n")
        }
        if failed.count < results.count {
            try emit(Reporters.render(results, as: format, options: options), to: output)
            if let csv { try emit(Reporters.render(results, as: .csv), to: csv) }
        }
        if !failed.isEmpty { return 3 }
        return results.allSatisfy(\.passed) ? 0 : 1
    }
}
