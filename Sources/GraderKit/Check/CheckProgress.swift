/// A long step of `grader check` starting or advancing, so a front end can show where a check is (the CLI shows
/// one line on standard error when it is a terminal). Reported through `CheckOptions.progress`, from any thread.
public struct CheckProgress: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// The candidate's sources are being built with the hidden suite.
        case building
        /// `done` of `total` hidden tests have finished (the first report is `done` 1).
        case hiddenTests(done: Int, total: Int)
        /// The hidden tests are done and the candidate's own tests (started beside them) are finishing, with
        /// coverage.
        case ownTests
    }

    /// The submission as given to `check`.
    public var submission: String
    public var step: Step

    public init(submission: String, step: Step) {
        self.submission = submission
        self.step = step
    }
}
