import Foundation
import GraderKit

/// `grader check`'s long steps as one line on standard error, rewritten in place: `alice: hidden tests 12/40`.
/// Only on a terminal; piped or redirected, standard error gets no progress at all.
enum ProgressLine {
    /// Returns the cursor to the start of the line and erases it.
    static let clear = "\r\u{1B}[2K"

    /// What the line says for `progress`: the submission's last path component (a whole path would wrap, and a
    /// wrapped line cannot be rewritten), stripped of control characters like anything else printed.
    static func text(_ progress: CheckProgress) -> String {
        let last = URL(fileURLWithPath: progress.submission).lastPathComponent
        let name = String(String.UnicodeScalarView(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7f }))
        switch progress.step {
        case .building: return "\(name): building with the hidden suite…"
        case .hiddenTests(let done, let total): return "\(name): hidden tests \(done)/\(total)"
        case .ownTests: return "\(name): the candidate's own tests, with coverage…"
        }
    }

    /// A `CheckOptions.progress` that rewrites one line of `output.err`, or nil when it is not a terminal.
    static func reporter(for output: GraderCLI.Output) -> (@Sendable (CheckProgress) -> Void)? {
        guard output.errIsTerminal else { return nil }
        let err = output.err
        return { progress in err(clear + text(progress)) }
    }
}
