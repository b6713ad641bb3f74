/// How a criterion came out.
public enum CriterionStatus: String, Codable, Sendable {
    /// Every point awarded.
    case passed
    /// Some points awarded.
    case partial
    /// No points awarded.
    case failed
    /// Left for a human and not scored yet (no `--manual` score given).
    case manual
    /// Could not be checked (e.g. `--static-only`, or the build failed); scores 0 and says why.
    case notChecked = "not_checked"
    /// Points held back until a human has reviewed the submission (the integrity rule found something, or a
    /// test's result channel was tampered with); scores 0 and says what the tests said.
    case withheld
}

/// The score of one rubric criterion, with the evidence behind it.
public struct CriterionResult: Codable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var kind: Criterion.Kind
    public var score: Double
    public var maxScore: Double
    public var status: CriterionStatus
    /// Short, human-readable lines: figures, file:line, test names.
    public var evidence: [String]

    public init(
        id: String, title: String, kind: Criterion.Kind, score: Double, maxScore: Double, status: CriterionStatus,
        evidence: [String]
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.score = score
        self.maxScore = maxScore
        self.status = status
        self.evidence = evidence
    }

    /// A result for `criterion` whose status follows from the score (passed, partial or failed).
    public init(criterion: Criterion, score: Double, evidence: [String]) {
        let clamped = min(max(score, 0), criterion.points)
        let rounded = (clamped * 100).rounded() / 100
        let status: CriterionStatus =
            rounded >= criterion.points ? .passed : (rounded > 0 ? .partial : .failed)
        self.init(
            id: criterion.id, title: criterion.title, kind: criterion.kind, score: rounded,
            maxScore: criterion.points, status: status, evidence: evidence)
    }

    /// A zero-point result for a criterion that could not be checked, saying why.
    public static func notChecked(_ criterion: Criterion, reason: String) -> CriterionResult {
        CriterionResult(
            id: criterion.id, title: criterion.title, kind: criterion.kind, score: 0, maxScore: criterion.points,
            status: .notChecked, evidence: [reason])
    }
}
