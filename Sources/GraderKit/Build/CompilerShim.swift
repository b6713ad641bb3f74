import Foundation
import GraderCore

/// Answers the questions SwiftPM asks the compiler at the start of every build from what the toolchain said once.
///
/// Each `swift build` runs `swiftc -print-target-info`, `swiftc -h` (twice) and `swiftc -version`, one after the
/// other, before it plans anything: about 0.22 s of the 0.4 s a build with nothing to do costs on 2 cores, paid by
/// every warm build and every round that cuts tests. The shim is a shell script SwiftPM runs as its compiler
/// (`SWIFT_EXEC`): it answers those four calls, exactly as they are asked, with texts it holds, and hands every
/// other call to the compiler unchanged. The answers belong to one toolchain: the shim's folder records which (the
/// compiler's and the frontend's paths, sizes and modification times) and they are asked again when it changes
/// (docs/performance.md). Linux only; elsewhere builds run the compiler themselves.
public struct CompilerShim: Sendable {
    /// The questions, each asked with exactly these arguments.
    static let questions: [[String]] = [["-print-target-info"], ["-h"], ["-version"]]
    /// The shim's folder under a build's scratch folder.
    public static let folderName = "grader-compiler"

    /// The compiler the shim hands every other call to (`…/usr/bin/swiftc`).
    public var compiler: URL
    /// Which toolchain the answers belong to.
    public var identity: String

    /// The compiler beside `swift` (a path, or a name looked up on the PATH, as the build runs it); nil when there
    /// is none or it cannot be read.
    public static func locate(swift: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> CompilerShim?
    {
        guard let bin = ToolchainDriver.resolved(swift, environment: environment)?.deletingLastPathComponent()
        else { return nil }
        let compiler = bin.appendingPathComponent("swiftc")
        // A toolchain's own compiler (…/usr/bin/swiftc → swift-driver), not a proxy that picks a toolchain each
        // time it runs (swiftly's): the answers would belong to whichever it picked.
        let resolved = compiler.resolvingSymlinksInPath().lastPathComponent
        guard FileManager.default.isExecutableFile(atPath: compiler.path), bin.lastPathComponent == "bin",
            ["swiftc", "swift-driver", "swift-frontend"].contains(resolved)
        else { return nil }
        let parts = [compiler, bin.appendingPathComponent("swift-frontend")].map(Self.describe)
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        return CompilerShim(compiler: compiler, identity: parts.compactMap { $0 }.joined(separator: "\n") + "\n")
    }

    /// A file's resolved path, size and modification time, or nil when it cannot be read.
    static func describe(_ file: URL) -> String? {
        let resolved = file.resolvingSymlinksInPath()
        guard let values = try? resolved.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey]),
            let size = values.fileSize, let modified = values.contentModificationDate
        else { return nil }
        return "\(resolved.path) \(size) \(modified.timeIntervalSince1970)"
    }

    /// What the folder records: the toolchain the answers belong to, and the answers (by question).
    struct Record: Codable, Equatable {
        var identity: String
        var answers: [String: String]
    }

    /// The shim in `scratch` (written when missing, changed or of another toolchain); nil when the toolchain does
    /// not answer as expected, and the build runs the compiler itself.
    ///
    /// The answers are in the script itself, which is compared byte for byte at every build and written again
    /// when it differs; the record beside it says which toolchain they came from. SwiftPM finds the rest of the
    /// toolchain from its compiler's folder (`../lib/libIndexStore.so`, the testing plugins), so the shim sits in
    /// a copy of the toolchain's `usr` made of links: `usr/bin/swiftc` is the shim, every other entry links to the
    /// toolchain's own.
    public func install(in scratch: URL, runner: ProcessRunner) -> URL? {
        #if os(Linux)
            let manager = FileManager.default
            let folder = scratch.appendingPathComponent(Self.folderName)
            let bin = folder.appendingPathComponent("usr/bin")
            let shim = bin.appendingPathComponent("swiftc")
            let recordFile = folder.appendingPathComponent("toolchain.json")
            do {
                var record = (try? Data(contentsOf: recordFile)).flatMap {
                    try? JSONDecoder().decode(Record.self, from: $0)
                }
                if record?.identity != identity {
                    // The driver leaves a folder in its temporary folder for each question: one removed afterwards.
                    try? manager.removeItem(at: folder)
                    let temporary = folder.appendingPathComponent("tmp")
                    try manager.createDirectory(at: temporary, withIntermediateDirectories: true)
                    let outputs = parallelMap(Self.questions, jobs: Self.questions.count) { question in
                        try? runner(
                            ProcessRequest(
                                compiler.path, question, environment: ["TMPDIR": temporary.path],
                                timeout: 120))
                    }
                    try? manager.removeItem(at: temporary)
                    var answers: [String: String] = [:]
                    for (question, output) in zip(Self.questions, outputs) {
                        guard let output, output.succeeded, output.stderr.isEmpty else { break }
                        answers[question[0]] = output.stdout
                    }
                    guard answers.count == Self.questions.count, script(answers) != nil else {
                        try? manager.removeItem(at: folder)
                        return nil
                    }
                    try manager.createDirectory(at: bin, withIntermediateDirectories: true)
                    let realBin = compiler.deletingLastPathComponent()
                    let realUsr = realBin.deletingLastPathComponent()
                    for entry in try manager.contentsOfDirectory(atPath: realUsr.path) where entry != "bin" {
                        try manager.createSymbolicLink(
                            at: folder.appendingPathComponent("usr").appendingPathComponent(entry),
                            withDestinationURL: realUsr.appendingPathComponent(entry))
                    }
                    for entry in try manager.contentsOfDirectory(atPath: realBin.path) where entry != "swiftc" {
                        try manager.createSymbolicLink(
                            at: bin.appendingPathComponent(entry),
                            withDestinationURL: realBin.appendingPathComponent(entry))
                    }
                    // Written last: a shim whose links or record were cut short is made again.
                    record = Record(identity: identity, answers: answers)
                    try JSONEncoder().encode(record).write(to: recordFile)
                }
                guard let answers = record?.answers, let text = script(answers) else { return nil }
                let script = Data(text.utf8)
                if (try? Data(contentsOf: shim)) != script || !manager.isExecutableFile(atPath: shim.path) {
                    // Removed first: whatever stands there (a link included) is replaced, never written through.
                    try? manager.removeItem(at: shim)
                    try script.write(to: shim)
                    try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shim.path)
                }
                return shim
            } catch {
                return nil
            }
        #else
            return nil
        #endif
    }

    /// Ends each answer in the script (a here-document, so the shell expands nothing in it).
    static let answerEnd = "GRADER_ANSWER_END"

    /// The shell script: each question answered with its text, every other call handed to the compiler; nil
    /// when an answer cannot be written as a here-document (it lacks a final line end or holds the end marker).
    func script(_ answers: [String: String]) -> String? {
        var lines = [
            "#!/bin/sh",
            "# Written by the grader (CompilerShim): SwiftPM's questions about the compiler, answered with what",
            "# the toolchain said once; every other call goes to the compiler.",
            "if [ \"$#\" -eq 1 ]; then",
            "    case \"$1\" in",
        ]
        for question in Self.questions {
            let flag = question[0]
            guard let answer = answers[flag], answer.hasSuffix("\n"),
                !answer.split(separator: "\n").contains(Substring(Self.answerEnd))
            else { return nil }
            lines.append("    \(flag))")
            lines.append("        cat <<'\(Self.answerEnd)'")
            lines.append(answer + Self.answerEnd)
            lines.append("        exit 0 ;;")
        }
        lines += ["    esac", "fi", "exec \(Self.quoted(compiler.path)) \"$@\"", ""]
        return lines.joined(separator: "\n")
    }

    /// `text` in single quotes for the shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
