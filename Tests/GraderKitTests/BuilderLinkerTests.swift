import Foundation
import XCTest

@testable import GraderKit

/// Issue 14: the test binary is linked with the toolchain's lld where the toolchain has one (Linux).
final class BuilderLinkerTests: XCTestCase {
    private var toolchain: URL!

    override func setUpWithError() throws {
        toolchain = FileManager.default.temporaryDirectory.appendingPathComponent("grader-lld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: toolchain.appendingPathComponent("usr/bin"), withIntermediateDirectories: true)
        try tool("swift")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: toolchain)
    }

    private func tool(_ name: String) throws {
        let path = toolchain.appendingPathComponent("usr/bin/\(name)").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    private var swift: String { toolchain.appendingPathComponent("usr/bin/swift").path }

    func testLLDIsChosenOnlyWhereTheToolchainHasItAndNotTurnedOff() throws {
        XCTAssertFalse(Builder.toolchainHasLLD(swift: swift, environment: [:]), "no ld.lld beside swift")
        try tool("ld.lld")
        #if os(Linux)
            XCTAssertTrue(Builder.toolchainHasLLD(swift: swift, environment: [:]))
            XCTAssertFalse(Builder.toolchainHasLLD(swift: swift, environment: ["GRADER_LLD": "0"]))
            // Found through PATH like the driver itself.
            let bin = toolchain.appendingPathComponent("usr/bin").path
            XCTAssertTrue(Builder.toolchainHasLLD(swift: "swift", environment: ["PATH": bin]))
        #else
            XCTAssertFalse(Builder.toolchainHasLLD(swift: swift, environment: [:]), "macOS links with ld64")
        #endif
    }
}
