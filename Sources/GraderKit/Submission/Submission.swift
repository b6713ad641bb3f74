import Foundation
import GraderCore

/// `.grader/manifest.json`, written by `grader new` in a candidate's workspace (not committed).
public struct WorkspaceManifest: Codable, Equatable, Sendable {
    public static let path = ".grader/manifest.json"

    public var exercise: String
    public var version: String
    /// The baseline commit: the starter as handed out.
    public var baseline: String?
    public var createdAt: String?
    /// For a pair session: the task being graded.
    public var task: String?

    public init(exercise: String, version: String, baseline: String?, createdAt: String?, task: String? = nil) {
        self.task = task
        self.exercise = exercise
        self.version = version
        self.baseline = baseline
        self.createdAt = createdAt
    }
}

/// `exercise.json` at the root of every starter and candidate workspace.
public struct ExerciseManifest: Codable, Equatable, Sendable {
    public static let fileName = "exercise.json"

    public var exercise: String
    public var version: String

    public init(exercise: String, version: String) {
        self.exercise = exercise
        self.version = version
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

/// A submission copied into the grader's private work folder. The original is never written to.
public struct Submission: Sendable {
    /// The path as the user gave it.
    public var original: String
    /// The private copy.
    public var root: URL
    public var tree: SourceTree
    /// What was left out of the copy, and why.
    public var notes: [String]

    /// Whether the copy is a git repository.
    public var hasRepository: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path)
    }

    /// The manifest `grader new` wrote, when present and readable.
    public var workspaceManifest: WorkspaceManifest? {
        guard let data = try? Data(contentsOf: root.appendingPathComponent(WorkspaceManifest.path)) else { return nil }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try? decoder.decode(WorkspaceManifest.self, from: data)
    }

    /// The starter's `exercise.json`, when present and readable.
    public var exerciseManifest: ExerciseManifest? {
        guard let data = try? Data(contentsOf: root.appendingPathComponent(ExerciseManifest.fileName)) else {
            return nil
        }
        return try? JSONDecoder().decode(ExerciseManifest.self, from: data)
    }
}

/// Limits on what a submission may hold.
public struct SubmissionLimits: Sendable {
    /// A single file over this many bytes is left out (outside `.git`).
    public var maxFileBytes: Int
    /// The whole copy may not exceed this many bytes.
    public var maxTotalBytes: Int
    public var maxFiles: Int

    public init(maxFileBytes: Int = 2 << 20, maxTotalBytes: Int = 512 << 20, maxFiles: Int = 50_000) {
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxFiles = maxFiles
    }
}

/// Copies a submission folder into a private work folder: regular files only, symbolic links never
/// followed, build products and oversized files left out.
public struct SubmissionCopier: Sendable {
    public var limits: SubmissionLimits

    public init(limits: SubmissionLimits = SubmissionLimits()) {
        self.limits = limits
    }

    public func copy(_ source: URL, to destination: URL, original: String) throws -> Submission {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: source.path, isDirectory: &isDirectory) else {
            throw GraderError.badSubmission("\(original): no such file or folder")
        }
        guard isDirectory.boolValue else {
            throw GraderError.badSubmission("\(original): not a folder, a .zip file or a git bundle")
        }
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        var notes: [String] = []
        var total = 0
        var count = 0
        let rootPath = source.standardizedFileURL.resolvingSymlinksInPath().path
        // Each entry is read with `lstat`: URL resource values look up the owner's name in the user database for
        // every file (0.1–0.2 s for a git history of a few hundred objects).
        guard let enumerator = manager.enumerator(at: URL(fileURLWithPath: rootPath), includingPropertiesForKeys: [])
        else { throw GraderError.badSubmission("\(original): cannot be read") }
        for case let url as URL in enumerator {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath + "/") else { continue }
            let relative = String(path.dropFirst(rootPath.count + 1))
            let values = EntryKind(path)
            let name = url.lastPathComponent
            let inGit = relative == ".git" || relative.hasPrefix(".git/")
            if values?.isSymbolicLink == true {
                if !inGit { notes.append("\(relative): a symbolic link; left out") }
                continue
            }
            if values?.isDirectory == true {
                if !inGit, SourceTree.skippedFolders.contains(name) || name.hasPrefix(".build-") {
                    enumerator.skipDescendants()
                    continue
                }
                if inGit, relative == ".git/hooks" {
                    enumerator.skipDescendants()
                    continue
                }
                try manager.createDirectory(
                    at: destination.appendingPathComponent(relative), withIntermediateDirectories: true)
                continue
            }
            guard values?.isRegularFile == true else {
                notes.append("\(relative): not a regular file; left out")
                continue
            }
            // What would send git to another repository's files: a `.git` file (`gitdir: …`), object alternates,
            // a worktree's common folder.
            if relative == ".git" || Self.gitPointersElsewhere.contains(relative) {
                notes.append("\(relative): points git at another repository; left out")
                continue
            }
            let size = values?.fileSize ?? 0
            if !inGit, size > limits.maxFileBytes {
                notes.append(
                    "\(relative): \(size / 1024) KiB is over the \(limits.maxFileBytes / 1024) KiB file limit; left out"
                )
                continue
            }
            total += size
            count += 1
            guard total <= limits.maxTotalBytes, count <= limits.maxFiles else {
                throw GraderError.badSubmission(
                    "\(original): over the limit of \(limits.maxTotalBytes >> 20) MiB or \(limits.maxFiles) files")
            }
            try Self.copyRegularFile(url.path, to: destination.appendingPathComponent(relative).path)
        }
        return Submission(original: original, root: destination, tree: SourceTree(scanning: destination), notes: notes)
    }

    /// Files in a `.git` folder that make git read another repository's objects or references.
    static let gitPointersElsewhere: Set<String> = [
        ".git/objects/info/alternates", ".git/objects/info/http-alternates", ".git/commondir",
    ]

    /// What `lstat` says of an entry: its kind and size, the link itself for a symbolic link.
    struct EntryKind {
        var isSymbolicLink: Bool
        var isDirectory: Bool
        var isRegularFile: Bool
        var fileSize: Int?

        init?(_ path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            let kind = info.st_mode & S_IFMT
            isSymbolicLink = kind == S_IFLNK
            isDirectory = kind == S_IFDIR
            isRegularFile = kind == S_IFREG
            fileSize = Int(info.st_size)
        }
    }

    /// Copies a regular file's bytes and permission bits without following a link. FileManager's copy looks up the
    /// owner's and group's names in the user database for every file it copies, as URL resource values do
    /// (docs/performance.md). A pipe put in a file's place never blocks the open (non-blocking), and a file that
    /// grows while it is copied is refused (read at most one byte past the size it had when opened).
    static func copyRegularFile(_ source: String, to destination: String) throws {
        let input = open(source, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: source]) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: source])
        }
        let size = Int(info.st_size)
        let data = try FileHandle(fileDescriptor: input, closeOnDealloc: false).read(upToCount: size + 1) ?? Data()
        guard data.count == size else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: source])
        }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(info.st_mode & 0o777) | 0o600)
        guard output >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination]) }
        defer { close(output) }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(output, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination]) }
    }
}
