import Foundation
import GraderCore

/// Runs git read-only on a candidate's repository, with no way for the repository to run a command of its own.
///
/// The repository is untrusted: its `.git/config` may name hooks, an fsmonitor, external diff or textconv
/// drivers, a signature program, replacement refs or grafts. Command-line config overrides the first ones, the
/// diff options refuse drivers, and the environment drops system and user config, replacement objects and the
/// graft file, and points git at exactly this `.git` folder (no discovery of a parent repository).
struct GitCommand: Sendable {
    var runner: ProcessRunner
    /// The repository's `.git` folder.
    var gitDirectory: URL
    var workTree: URL

    static let safeConfig = [
        "--no-pager",
        "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "diff.external=",
        "-c", "safe.directory=*", "-c", "log.showSignature=false", "-c", "core.quotePath=false",
        "-c", "i18n.logOutputEncoding=UTF-8", "-c", "log.mailmap=false", "-c", "core.attributesFile=/dev/null",
        "-c", "diff.relative=false", "-c", "diff.noprefix=false",
    ]

    /// Diff options for every command that prints a diff: no external drivers, no text conversion.
    static let safeDiff = ["--no-ext-diff", "--no-textconv", "--no-color"]

    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin",
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_TERMINAL_PROMPT": "0",
            "GIT_ASKPASS": "/bin/true", "GIT_ATTR_NOSYSTEM": "1", "GIT_NO_REPLACE_OBJECTS": "1",
            "GIT_GRAFT_FILE": "/dev/null", "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C",
            "GIT_DIR": gitDirectory.path, "GIT_WORK_TREE": workTree.path, "HOME": "/nonexistent",
        ]
    }

    /// Runs `git <safe config> arguments`; the output, or why git could not run or failed.
    func run(
        _ arguments: [String], input: Data? = nil, outputLimit: Int = 4 << 20, timeout: TimeInterval = 60
    ) -> Result<ProcessOutput, GitFailure> {
        let request = ProcessRequest(
            "git", Self.safeConfig + arguments, workingDirectory: workTree, environment: environment,
            inheritsEnvironment: false, input: input, timeout: timeout, outputLimit: outputLimit)
        let output: ProcessOutput
        do {
            output = try runner(request)
        } catch {
            return .failure(GitFailure(message: "\(error)", status: nil))
        }
        if output.timedOut {
            return .failure(
                GitFailure(message: "git \(arguments.first ?? "") timed out after \(Int(timeout)) s", status: nil))
        }
        guard output.status == 0 else {
            let line = output.stderr.split(separator: "\n").first.map(String.init) ?? "exit \(output.status)"
            return .failure(GitFailure(message: line, status: output.status))
        }
        return .success(output)
    }
}

/// Why a git command failed: its first line of standard error and exit status (`nil` when it never ran).
struct GitFailure: Error, Sendable {
    var message: String
    var status: Int32?
}
