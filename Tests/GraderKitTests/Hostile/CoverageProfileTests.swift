import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// The candidate's own tests write their coverage profiles into a folder they may write anything into; the LLVM
/// tools that merge them run outside the sandbox. A link planted there must never make the grader write, or read,
/// a file of its own.
final class CoverageProfileTests: XCTestCase {
    func testTheMergeReadsOnlyRegularProfilesAndWritesIntoAFolderOfTheGradersOwn() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(UUID().uuidString)")
        let profiles = work.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let precious = work.appendingPathComponent("precious.txt")
        try Data("the grader's own file\n".utf8).write(to: precious)
        // What a hostile test leaves: the merge's old output name and a profile, both links to the grader's file,
        // and a pipe no reader should wait on.
        try FileManager.default.createSymbolicLink(
            at: profiles.appendingPathComponent("own.profdata"), withDestinationURL: precious)
        try FileManager.default.createSymbolicLink(
            at: profiles.appendingPathComponent("a.profraw"), withDestinationURL: precious)
        XCTAssertEqual(mkfifo(profiles.appendingPathComponent("b.profraw").path, 0o600), 0)
        try Data("PROFILE".utf8).write(to: profiles.appendingPathComponent("c.profraw"))

        let merges = Merges()
        let runner = ProcessRunner { request in
            if request.arguments.first == "merge" { return merges.merge(request) }
            return ProcessOutput(status: 0, stdout: #"{"data": [{"files": []}]}"#, stderr: "")
        }
        let coverage = OwnTestRunner(runner: runner, llvmTools: LLVMTools(profdata: "llvm-profdata", cov: "llvm-cov"))
            .measureCoverage(
                profiles: profiles, binary: work.appendingPathComponent("binary"),
                package: work.appendingPathComponent("package"))

        XCTAssertNil(coverage, "no file under Sources/")
        XCTAssertEqual(try String(contentsOf: precious, encoding: .utf8), "the grader's own file\n")
        XCTAssertEqual(merges.inputs, [["PROFILE"]], "only the regular profile, as its bytes")
        let output = try XCTUnwrap(merges.output)
        XCTAssertFalse(output.hasPrefix(profiles.path + "/"), "the merge writes outside the tests' folder: \(output)")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: work.path).sorted(), ["precious.txt", "profiles"],
            "the grader's folder is removed afterwards")
    }
}

/// Plays `llvm-profdata merge`: records what it was given and writes its output as the tool would, following links.
private final class Merges: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var inputs: [[String]] = []
    private(set) var output: String?

    func merge(_ request: ProcessRequest) -> ProcessOutput {
        guard let flag = request.arguments.firstIndex(of: "-o"), flag + 1 < request.arguments.count else {
            return ProcessOutput(status: 1, stdout: "", stderr: "no output")
        }
        let target = request.arguments[flag + 1]
        let files = request.arguments.dropFirst(flag + 2).filter { !$0.hasPrefix("-") }
        let read = files.map { (try? String(contentsOfFile: $0, encoding: .utf8)) ?? "unreadable" }
        lock.withLock {
            inputs.append(read)
            output = target
        }
        try? Data("merged".utf8).write(to: URL(fileURLWithPath: target))
        return ProcessOutput(status: 0, stdout: "", stderr: "")
    }
}
