import Foundation
import XCTest

@testable import GraderKit

/// The private copy of a submission folder: every regular file byte for byte with its permission bits, nothing
/// else (the hostile tests cover links, sizes and limits).
final class SubmissionCopierTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    private func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("copier-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        return url
    }

    func testFilesKeepTheirBytesAndPermissionBits() throws {
        let source = try folder("source")
        let files: [String: (Data, Int)] = [
            "Sources/App/App.swift": (Data("struct App {}\n".utf8), 0o644),
            "scripts/check.sh": (Data("#!/bin/sh\nexit 0\n".utf8), 0o755),
            ".git/objects/ab/cdef": (Data((0..<4096).map { UInt8($0 % 251) }), 0o444),
            "empty.txt": (Data(), 0o600),
        ]
        for (path, (data, mode)) in files {
            let url = source.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
        let destination = try folder("copy").appendingPathComponent("submission")

        let submission = try SubmissionCopier().copy(source, to: destination, original: source.path)

        XCTAssertEqual(submission.notes, [])
        let mask = Int(umask(0))
        umask(mode_t(mask))
        for (path, (data, mode)) in files {
            let copy = destination.appendingPathComponent(path)
            XCTAssertEqual(try Data(contentsOf: copy), data, path)
            let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
            // Read-only files stay readable and become writable by the grader, so the copy can be removed.
            XCTAssertEqual((attributes[.posixPermissions] as? Int).map { $0 & 0o777 }, (mode | 0o600) & ~mask, path)
        }
    }

    func testNothingThatPointsGitAtAnotherRepositoryIsCopied() throws {
        let worktree = try folder("worktree")
        try Data("gitdir: /somewhere/else/.git/worktrees/x\n".utf8).write(to: worktree.appendingPathComponent(".git"))
        let repository = try folder("repository")
        let info = repository.appendingPathComponent(".git/objects/info")
        try FileManager.default.createDirectory(at: info, withIntermediateDirectories: true)
        try Data("/somewhere/else/.git/objects\n".utf8).write(to: info.appendingPathComponent("alternates"))
        try Data("../..\n".utf8).write(to: repository.appendingPathComponent(".git/commondir"))
        try Data("ref: refs/heads/main\n".utf8).write(to: repository.appendingPathComponent(".git/HEAD"))

        let fromWorktree = try SubmissionCopier().copy(
            worktree, to: try folder("copy").appendingPathComponent("a"), original: "worktree")
        let copied = try folder("copy").appendingPathComponent("b")
        let fromRepository = try SubmissionCopier().copy(repository, to: copied, original: "repository")

        XCTAssertEqual(fromWorktree.notes, [".git: points git at another repository; left out"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: fromWorktree.root.appendingPathComponent(".git").path))
        XCTAssertEqual(
            fromRepository.notes.sorted(),
            [
                ".git/commondir: points git at another repository; left out",
                ".git/objects/info/alternates: points git at another repository; left out",
            ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: copied.appendingPathComponent(".git/HEAD").path))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: copied.appendingPathComponent(".git/objects/info/alternates").path))
    }

    func testACopyNeverOverwritesWhatIsAlreadyThere() throws {
        let source = try folder("file")
        let original = source.appendingPathComponent("a.swift")
        try Data("let a = 1\n".utf8).write(to: original)
        let target = try folder("target").appendingPathComponent("a.swift")
        try Data("kept\n".utf8).write(to: target)

        XCTAssertThrowsError(try SubmissionCopier.copyRegularFile(original.path, to: target.path))
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "kept\n")
    }

    func testALinkIsNeverFollowedByTheCopy() throws {
        let source = try folder("links")
        let secret = try folder("secret").appendingPathComponent("key")
        try Data("secret\n".utf8).write(to: secret)
        let link = source.appendingPathComponent("key.swift")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: secret)
        let target = try folder("out").appendingPathComponent("key.swift")

        XCTAssertThrowsError(try SubmissionCopier.copyRegularFile(link.path, to: target.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
    }
}
