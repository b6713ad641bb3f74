import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// The compiler shim answers SwiftPM's questions as the toolchain would and hands every other call to the
/// compiler; its answers belong to one toolchain.
final class CompilerShimTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    /// A fresh folder whose name holds a quote and a space, as a user's cache path may.
    private func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shim \(name)'s-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        return url
    }

    /// A toolchain of scripts: `swiftc` prints its arguments, `swift` and `swift-frontend` exist.
    private func fakeToolchain() throws -> URL {
        let root = try folder("toolchain")
        let bin = root.appendingPathComponent("usr/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("usr/lib/swift"), withIntermediateDirectories: true)
        for (name, text) in [
            ("swiftc", "#!/bin/sh\necho \"compiled: $*\"\n"), ("swift", "#!/bin/sh\n"), ("swift-frontend", "frontend"),
        ] {
            let file = bin.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return root
    }

    /// A shim for `fakeToolchain()`, a fresh build folder and a runner that answers the shim's questions.
    private func fakeShim() throws -> (shim: CompilerShim, toolchain: URL, scratch: URL, asked: Asked) {
        let toolchain = try fakeToolchain()
        let shim = try XCTUnwrap(CompilerShim.locate(swift: toolchain.appendingPathComponent("usr/bin/swift").path))
        return (shim, toolchain, try folder("scratch"), Asked())
    }

    /// A runner that answers each question with a text naming it and counts what it was asked.
    private final class Asked: @unchecked Sendable {
        private let lock = NSLock()
        private var asked: [[String]] = []
        var failing: String?
        var calls: [[String]] { lock.withLock { asked } }

        var runner: ProcessRunner {
            ProcessRunner { request in
                self.lock.withLock { self.asked.append(request.arguments) }
                let failed = request.arguments == [self.failing]
                return ProcessOutput(
                    status: failed ? 1 : 0, stdout: "answer to \(request.arguments.joined(separator: " "))\n",
                    stderr: "")
            }
        }
    }

    func testTheShimAnswersAsTheCompilerDoesAndHandsOnEveryOtherCall() throws {
        #if os(Linux)
            let shim = try XCTUnwrap(CompilerShim.locate(swift: "swift"), "the toolchain's compiler")
            let scratch = try folder("scratch")
            let installed = try XCTUnwrap(shim.install(in: scratch, runner: .live))

            for question in CompilerShim.questions {
                let real = try ProcessRunner.live(ProcessRequest(shim.compiler.path, question, timeout: 120))
                let answered = try ProcessRunner.live(ProcessRequest(installed.path, question, timeout: 60))
                XCTAssertTrue(answered.succeeded, "\(question)")
                XCTAssertEqual(answered.stdout, real.stdout, "\(question)")
            }
            // Any other call is the compiler's: its errors, its exit status.
            let source = scratch.appendingPathComponent("Broken.swift")
            try Data("let count: Int = \"three\"\n".utf8).write(to: source)
            let arguments = ["-typecheck", source.path]
            let real = try ProcessRunner.live(ProcessRequest(shim.compiler.path, arguments, timeout: 120))
            let handed = try ProcessRunner.live(ProcessRequest(installed.path, arguments, timeout: 120))
            XCTAssertFalse(handed.succeeded)
            XCTAssertEqual(handed.status, real.status)
            XCTAssertTrue(handed.stderr.contains("cannot convert value of type 'String'"), handed.stderr)
            // SwiftPM finds the rest of the toolchain beside its compiler.
            let lib = installed.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib")
            XCTAssertEqual(
                lib.resolvingSymlinksInPath().path,
                shim.compiler.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("lib")
                    .resolvingSymlinksInPath().path)
        #else
            XCTAssertNil(try CompilerShim.locate(swift: "swift")?.install(in: folder("scratch"), runner: .live))
        #endif
    }

    func testTheToolchainIsAskedOnceAndAgainWhenItChanges() throws {
        #if os(Linux)
            let (shim, toolchain, scratch, asked) = try fakeShim()

            let installed = try XCTUnwrap(shim.install(in: scratch, runner: asked.runner))
            XCTAssertEqual(try XCTUnwrap(shim.install(in: scratch, runner: asked.runner)), installed)
            XCTAssertEqual(
                asked.calls.sorted { $0.joined() < $1.joined() }, [["-h"], ["-print-target-info"], ["-version"]])
            let version = try ProcessRunner.live(ProcessRequest(installed.path, ["-version"], timeout: 60))
            XCTAssertEqual(version.stdout, "answer to -version\n")
            let handed = try ProcessRunner.live(ProcessRequest(installed.path, ["-version", "-v"], timeout: 60))
            XCTAssertEqual(handed.stdout, "compiled: -version -v\n", "a question asked otherwise goes to the compiler")

            // Another toolchain in the same place (an upgrade): asked again, answered anew.
            try Data("a newer frontend".utf8).write(to: toolchain.appendingPathComponent("usr/bin/swift-frontend"))
            let upgraded = try XCTUnwrap(
                CompilerShim.locate(swift: toolchain.appendingPathComponent("usr/bin/swift").path))
            XCTAssertNotEqual(upgraded.identity, shim.identity)
            XCTAssertEqual(try XCTUnwrap(upgraded.install(in: scratch, runner: asked.runner)), installed)
            XCTAssertEqual(asked.calls.count, 6)
        #else
            throw XCTSkip("the compiler shim is Linux only")
        #endif
    }

    func testAChangedShimIsWrittenAgain() throws {
        #if os(Linux)
            let (shim, _, scratch, asked) = try fakeShim()
            let installed = try XCTUnwrap(shim.install(in: scratch, runner: asked.runner))
            try Data("#!/bin/sh\necho forged\n".utf8).write(to: installed)

            _ = try XCTUnwrap(shim.install(in: scratch, runner: asked.runner))

            let version = try ProcessRunner.live(ProcessRequest(installed.path, ["-version"], timeout: 60))
            XCTAssertEqual(version.stdout, "answer to -version\n")
            XCTAssertEqual(asked.calls.count, 3, "a changed script is written again from the record")

            // A link in the script's place is replaced, never written through.
            let elsewhere = try folder("elsewhere").appendingPathComponent("file")
            try Data("kept\n".utf8).write(to: elsewhere)
            try FileManager.default.removeItem(at: installed)
            try FileManager.default.createSymbolicLink(at: installed, withDestinationURL: elsewhere)
            _ = try XCTUnwrap(shim.install(in: scratch, runner: asked.runner))
            XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "kept\n")
            XCTAssertEqual(
                try ProcessRunner.live(ProcessRequest(installed.path, ["-version"], timeout: 60)).stdout,
                "answer to -version\n")

            // A record that does not read as one: the toolchain is asked again.
            let record = scratch.appendingPathComponent("\(CompilerShim.folderName)/toolchain.json")
            try Data("\u{FF}lprofi".utf8).write(to: record)
            _ = try XCTUnwrap(shim.install(in: scratch, runner: asked.runner))
            XCTAssertEqual(asked.calls.count, 6)
            let again = try ProcessRunner.live(ProcessRequest(installed.path, ["-h"], timeout: 60))
            XCTAssertEqual(again.stdout, "answer to -h\n")
        #else
            throw XCTSkip("the compiler shim is Linux only")
        #endif
    }

    func testAToolchainThatDoesNotAnswerIsLeftToSwiftPM() throws {
        #if os(Linux)
            let (shim, _, scratch, asked) = try fakeShim()
            asked.failing = "-h"

            XCTAssertNil(shim.install(in: scratch, runner: asked.runner))
            XCTAssertFalse(
                FileManager.default.fileExists(
                    atPath: scratch.appendingPathComponent("\(CompilerShim.folderName)/usr/bin/swiftc").path))
        #else
            throw XCTSkip("the compiler shim is Linux only")
        #endif
    }

    func testEveryCheckBuildsThroughTheShim() throws {
        #if os(Linux)
            let environment = CheckEnvironment.prepare(runner: .live, sandbox: Sandbox(isolation: .none), hidden: [])
            XCTAssertEqual(environment.compilerShim?.compiler, CompilerShim.locate(swift: "swift")?.compiler)
            XCTAssertNotNil(environment.compilerShim)
        #else
            throw XCTSkip("the compiler shim is Linux only")
        #endif
    }

    func testAnAnswerTheScriptCannotHoldMeansNoShim() throws {
        let shim = CompilerShim(compiler: URL(fileURLWithPath: "/usr/bin/swiftc"), identity: "test")
        let answers = ["-print-target-info": "{}\n", "-h": "help\n", "-version": "Swift\n"]
        XCTAssertNotNil(shim.script(answers))
        XCTAssertNil(shim.script(answers.merging(["-h": "help\n\(CompilerShim.answerEnd)\nrm -rf /\n"]) { $1 }))
        XCTAssertNil(shim.script(answers.merging(["-version": "no line end"]) { $1 }))
        XCTAssertNil(shim.script(answers.filter { $0.key != "-h" }))
    }

    func testNoCompilerBesideSwiftMeansNoShim() throws {
        let empty = try folder("empty")
        XCTAssertNil(CompilerShim.locate(swift: empty.appendingPathComponent("swift").path))
        XCTAssertNil(CompilerShim.locate(swift: "swift", environment: ["PATH": empty.path]))
    }

    func testAProxyThatPicksAToolchainEachTimeGetsNoShim() throws {
        let toolchain = try fakeToolchain()
        let bin = toolchain.appendingPathComponent("usr/bin")
        XCTAssertNotNil(CompilerShim.locate(swift: bin.appendingPathComponent("swift").path))
        // swiftly's proxies: every tool a link to one program that chooses a toolchain when run.
        let proxy = bin.appendingPathComponent("swiftly")
        try FileManager.default.moveItem(at: bin.appendingPathComponent("swiftc"), to: proxy)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("swiftc"), withDestinationURL: proxy)
        XCTAssertNil(CompilerShim.locate(swift: bin.appendingPathComponent("swift").path))
    }
}
