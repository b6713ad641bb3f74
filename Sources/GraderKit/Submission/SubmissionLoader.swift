import Foundation
import GraderCore

/// Turns what the user named — a folder, a `.zip` file or a git bundle — into a private `Submission`.
public struct SubmissionLoader: Sendable {
    public var runner: ProcessRunner
    public var copier: SubmissionCopier
    /// Bytes a zip may unpack to.
    public var maxUnpackedBytes: Int

    public init(
        runner: ProcessRunner = .live, copier: SubmissionCopier = SubmissionCopier(), maxUnpackedBytes: Int = 512 << 20
    ) {
        self.runner = runner
        self.copier = copier
        self.maxUnpackedBytes = maxUnpackedBytes
    }

    public enum Kind: Equatable, Sendable { case folder, zip, bundle }

    /// What `path` is, from the file itself (not only its name).
    public static func kind(of path: URL) throws -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
            throw GraderError.badSubmission("\(path.path): no such file or folder")
        }
        if isDirectory.boolValue { return .folder }
        guard let handle = FileHandle(forReadingAtPath: path.path) else {
            throw GraderError.badSubmission("\(path.path): cannot be read")
        }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 16)
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .zip }
        if let text = String(data: head, encoding: .utf8),
            text.hasPrefix("# v2 git bundle") || text.hasPrefix("# v3 git bundle")
        {
            return .bundle
        }
        if head.isEmpty { throw GraderError.badSubmission("\(path.path): an empty file, not a submission") }
        throw GraderError.badSubmission("\(path.path): not a folder, a .zip file or a git bundle")
    }

    /// Copies or unpacks the submission into `destination` (inside the grader's work folder).
    public func load(_ path: String, into destination: URL) throws -> Submission {
        let source = URL(fileURLWithPath: path)
        let scratch = destination.deletingLastPathComponent().appendingPathComponent("unpacked")
        switch try Self.kind(of: source) {
        case .folder:
            return try copier.copy(source, to: destination, original: path)
        case .zip:
            try unzip(source, into: scratch, original: path)
            var submission = try copier.copy(Self.singleTopFolder(scratch), to: destination, original: path)
            try? FileManager.default.removeItem(at: scratch)
            if !submission.hasRepository {
                submission.notes.append("the zip holds no .git folder: history not checked")
            }
            return submission
        case .bundle:
            try cloneBundle(source, into: scratch, original: path)
            let submission = try copier.copy(scratch, to: destination, original: path)
            try? FileManager.default.removeItem(at: scratch)
            return submission
        }
    }

    /// A zip whose entries all sit in one folder is graded from that folder.
    static func singleTopFolder(_ folder: URL) -> URL {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0 != "__MACOSX" && $0 != ".DS_Store" }
        var isDirectory: ObjCBool = false
        if entries.count == 1,
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(entries[0]).path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            return folder.appendingPathComponent(entries[0])
        }
        return folder
    }

    private func unzip(_ zip: URL, into folder: URL, original: String) throws {
        let listing = try runner(ProcessRequest("unzip", ["-Z", "-l", zip.path], timeout: 60, outputLimit: 32 << 20))
        guard listing.succeeded else { throw GraderError.badSubmission("\(original): not a readable zip file") }
        var total = 0
        for line in listing.stdout.split(separator: "\n") {
            // -Z -l lines: permissions version os size type csize method date time name
            let fields = line.split(separator: " ", maxSplits: 9, omittingEmptySubsequences: true)
            guard fields.count == 10, let size = Int(fields[3]) else { continue }
            let name = String(fields[9])
            if name.hasPrefix("/") || name.split(separator: "/").contains("..") || name.contains("\\..") {
                throw GraderError.badSubmission("\(original): zip entry '\(name)' escapes the folder; not unpacked")
            }
            total += size
        }
        guard total <= maxUnpackedBytes else {
            throw GraderError.badSubmission(
                "\(original): unpacks to \(total >> 20) MiB, over the \(maxUnpackedBytes >> 20) MiB limit")
        }
        // The headers' sizes are the archive's claims: count what really comes out, and stop at the limit.
        let measured = try runner(
            ProcessRequest("unzip", ["-p", zip.path], timeout: 300, outputLimit: 0, stdoutBudget: maxUnpackedBytes))
        if measured.exceededBudget {
            throw GraderError.badSubmission(
                "\(original): unpacks to more than \(Figures.mebibytes(maxUnpackedBytes)) MiB (counted while unpacking, whatever its headers say); not unpacked"
            )
        }
        if measured.timedOut {
            throw GraderError.badSubmission("\(original): unpacking took longer than 300 s; not unpacked")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try runner(ProcessRequest("unzip", ["-q", "-o", zip.path, "-d", folder.path], timeout: 300))
        guard result.succeeded || result.status == 1 else {
            throw GraderError.badSubmission(
                "\(original): the zip could not be unpacked (\(Builder.lastLines(result.stderr, count: 1)))")
        }
    }

    private func cloneBundle(_ bundle: URL, into folder: URL, original: String) throws {
        let clone = try runner(
            ProcessRequest(
                "git", Git.safe + ["clone", "--quiet", "--no-hardlinks", bundle.path, folder.path],
                environment: Git.environment, timeout: 300))
        guard clone.succeeded else {
            let reason = Builder.lastLines(clone.stderr, count: 1)
            throw GraderError.badSubmission("\(original): the git bundle cannot be cloned (\(reason))")
        }
        // A bundle without HEAD clones with nothing checked out: take its first branch.
        if SourceTree(scanning: folder).files.isEmpty {
            let branches = try runner(
                ProcessRequest(
                    "git", Git.safe + ["-C", folder.path, "for-each-ref", "--format=%(refname:short)", "refs/remotes"],
                    environment: Git.environment, timeout: 60))
            if let branch = branches.stdout.split(separator: "\n").first {
                _ = try runner(
                    ProcessRequest(
                        "git", Git.safe + ["-C", folder.path, "checkout", "--quiet", String(branch)],
                        environment: Git.environment, timeout: 60))
            }
        }
    }

    /// The exercise named by a `Grader-Exercise:` trailer in the history (the baseline `grader new` made).
    public func exerciseFromHistory(_ repository: URL) -> String? {
        guard FileManager.default.fileExists(atPath: repository.appendingPathComponent(".git").path),
            let output = try? runner(
                ProcessRequest(
                    "git", Git.safe + ["-C", repository.path, "log", "--all", "--format=%B"],
                    environment: Git.environment,
                    timeout: 60)),
            output.succeeded
        else { return nil }
        for line in output.stdout.split(separator: "\n") where line.hasPrefix("Grader-Exercise:") {
            let value = line.dropFirst("Grader-Exercise:".count).trimmingCharacters(in: .whitespaces)
            if !value.isEmpty { return value }
        }
        return nil
    }
}

/// Running git on untrusted repositories: no hooks, no fsmonitor, no external diff, no user or system config.
public enum Git {
    public static let safe = [
        "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "safe.directory=*",
        "-c", "protocol.file.allow=always", "-c", "diff.external=",
    ]
    public static let environment = [
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_TERMINAL_PROMPT": "0",
        "GIT_ASKPASS": "/bin/true", "LC_ALL": "C",
    ]
}
