import Foundation

/// The outcome of grading one submission: the model every reporter renders.
///
/// Shaped so that tools written for Exercism's results.json (v3) and Gradescope's results read it without
/// adapters: `version`, `status`, `message`, `tests[]` (`name`, `status`, `message`, `output`, `test_code`,
/// `task_id`) and `score`, `max_score`, per-test `score`/`max_score`/`visibility`. Encoded with snake_case keys.
public struct GradeResult: Codable, Equatable, Sendable {
    /// Exercism's results.json version.
    public var version: Int = 3
    /// This format's own schema id; bumped on incompatible changes (docs/result-format.md).
    public var schema: String = GradeResult.schemaID
    public var graderVersion: String
    /// `pass` (at or above the pass mark), `fail`, or `error` (could not grade).
    public var status: GradeStatus
    /// One line: the verdict, or why grading failed.
    public var message: String?
    public var exercise: String
    /// The pair task graded, for a pair session (`grader pair`); nil for the exercise itself.
    public var task: String?
    /// The version of the rubric that scored the submission (`Rubric.version`); nil when nothing was scored.
    public var rubricVersion: String?
    /// `Rubric.digest` of the rubric that scored the submission: `grader report` re-scores and merges a saved
    /// result only under the same rubric. Nil when nothing was scored.
    public var rubricDigest: String?
    /// The submission as given on the command line (a folder, zip or bundle name).
    public var submission: String
    public var passed: Bool
    public var score: Double
    public var maxScore: Double
    public var passPercent: Double
    public var criteria: [CriterionResult]
    public var tests: [TestResult]
    public var findings: [Finding]
    public var history: HistorySummary?
    public var ownTests: OwnTestsSummary?
    /// Checklists for the interviewer: manual criteria and what the grader can show for them.
    public var manualReview: [ManualItem]
    public var followUpQuestions: [String]
    /// What could not be checked, and why (a partial grade says so here).
    public var notes: [String]
    /// Why the grade needs a human before it counts: integrity findings, tampered test results. When present,
    /// the automatic test points are withheld and the submission does not pass; absent otherwise.
    public var needsReview: [String]?
    /// How processes running the submission's code were confined (`bubblewrap`, `namespaces`, `none`);
    /// nil when none ran.
    public var isolation: String?

    public static let schemaID = "grader-result/1"

    public init(
        graderVersion: String, status: GradeStatus, message: String?, exercise: String, submission: String,
        passed: Bool, score: Double, maxScore: Double, passPercent: Double, criteria: [CriterionResult],
        tests: [TestResult], findings: [Finding], history: HistorySummary?, ownTests: OwnTestsSummary?,
        manualReview: [ManualItem], followUpQuestions: [String], notes: [String], needsReview: [String] = [],
        isolation: String? = nil, rubric: Rubric? = nil
    ) {
        self.task = rubric?.task
        self.rubricVersion = rubric?.version
        self.rubricDigest = rubric?.digest
        self.needsReview = needsReview.isEmpty ? nil : needsReview
        self.isolation = isolation
        self.graderVersion = graderVersion
        self.status = status
        self.message = message
        self.exercise = exercise
        self.submission = submission
        self.passed = passed
        self.score = score
        self.maxScore = maxScore
        self.passPercent = passPercent
        self.criteria = criteria
        self.tests = tests
        self.findings = findings
        self.history = history
        self.ownTests = ownTests
        self.manualReview = manualReview
        self.followUpQuestions = followUpQuestions
        self.notes = notes
    }

    /// The result for a submission that could not be graded at all: status `error` and the reason.
    public static func couldNotGrade(_ submission: String, exercise: String, message: String) -> GradeResult {
        GradeResult(
            graderVersion: GraderVersion.current, status: .error, message: message, exercise: exercise,
            submission: submission, passed: false, score: 0, maxScore: 0, passPercent: 0, criteria: [], tests: [],
            findings: [], history: nil, ownTests: nil, manualReview: [], followUpQuestions: [], notes: [message])
    }

    /// The reasons the grade needs review; empty when it does not.
    public var reviewReasons: [String] { needsReview ?? [] }

    /// The share of points scored, from 0 to 100.
    public var percent: Double { maxScore > 0 ? (score / maxScore * 1000).rounded() / 10 : 0 }

    /// The encoder every JSON output uses: snake_case keys, sorted, pretty.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The decoder matching `makeEncoder()`.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}

public enum GradeStatus: String, Codable, Sendable {
    case pass, fail, error
}

/// One hidden test's outcome.
public struct TestResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Exercism's statuses; a crash, a timeout or a test that no longer compiles is an `error`.
        case pass, fail, error
    }

    /// The test's name, `Class/test_MC2_encodesAmpersand`.
    public var name: String
    /// The requirement id the test belongs to (MC2).
    public var requirement: String
    public var status: Status
    /// Why it failed: the assertion, "timed out after 10 s", "crashed (signal 4)", or the compile error.
    public var message: String?
    /// Bounded output of the test process (evidence only; never used to decide the status).
    public var output: String?
    /// Exercism's `test_code`; hidden tests leave it out.
    public var testCode: String?
    /// Exercism's `task_id`: the 1-based position of the requirement in the rubric.
    public var taskId: Int?
    public var score: Double
    public var maxScore: Double
    /// Gradescope's visibility: hidden tests are `after_published`.
    public var visibility: String
    /// Seconds the test took (left out of golden files).
    public var duration: Double?
    /// When the test no longer compiles against the submission (a renamed method, a changed signature): the
    /// symbol the hidden test expected, e.g. `SearchViewModel.queryChanged(_:)`, so a report can tell a broken
    /// contract from broken behaviour. Nil otherwise; left out of the JSON when nil.
    public var expectedSymbol: String?
    /// True when the test's result channel was written by someone other than the harness, or the binary was
    /// changed after the build: the grade then needs review. Left out of the JSON otherwise.
    public var tampered: Bool?

    public init(
        name: String, requirement: String, status: Status, message: String? = nil, output: String? = nil,
        testCode: String? = nil, taskId: Int? = nil, score: Double, maxScore: Double,
        visibility: String = "after_published", duration: Double? = nil, expectedSymbol: String? = nil,
        tampered: Bool? = nil
    ) {
        self.tampered = tampered
        self.name = name
        self.requirement = requirement
        self.status = status
        self.message = message
        self.output = output
        self.testCode = testCode
        self.taskId = taskId
        self.score = score
        self.maxScore = maxScore
        self.visibility = visibility
        self.duration = duration
        self.expectedSymbol = expectedSymbol
    }
}

/// The candidate's own tests.
public struct OwnTestsSummary: Codable, Equatable, Sendable {
    public var total: Int
    public var passed: Int
    public var failed: Int
    /// Line coverage of the candidate's non-test sources, from 0 to 100; nil when not measured.
    public var lineCoverage: Double?
    /// Per-file coverage, `path: percent`, for evidence.
    public var files: [FileCoverage]

    public init(total: Int, passed: Int, failed: Int, lineCoverage: Double?, files: [FileCoverage]) {
        self.total = total
        self.passed = passed
        self.failed = failed
        self.lineCoverage = lineCoverage
        self.files = files
    }
}

public struct FileCoverage: Codable, Equatable, Sendable {
    public var path: String
    public var lineCoverage: Double

    public init(path: String, lineCoverage: Double) {
        self.path = path
        self.lineCoverage = lineCoverage
    }
}

/// A manual criterion as the interviewer sees it: the checklist and the evidence the grader gathered.
public struct ManualItem: Codable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var points: Double
    public var checklist: [String]
    public var evidence: [String]
    /// The interviewer's score from `--manual`, when given.
    public var score: Double?

    public init(id: String, title: String, points: Double, checklist: [String], evidence: [String], score: Double?) {
        self.id = id
        self.title = title
        self.points = points
        self.checklist = checklist
        self.evidence = evidence
        self.score = score
    }
}
