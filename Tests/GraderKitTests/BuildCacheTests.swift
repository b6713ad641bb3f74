import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// The warm builds kept between checks: one lock per slot, keys that change with the kit, bounded size.
final class BuildCacheTests: XCTestCase {
    private var cache: BuildCache!

    override func setUp() {
        cache = BuildCache(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("grader-cache-\(UUID().uuidString)"),
            limitBytes: 1 << 20)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: cache.root)
    }

    func testASlotIsHeldByOneCheckAtATime() throws {
        let first = try XCTUnwrap(cache.lease("counter-1"))
        XCTAssertNil(cache.lease("counter-1"), "a second check must build privately while the first holds the slot")
        XCTAssertNotNil(cache.lease("counter-2"))
        first.release()
        XCTAssertNotNil(cache.lease("counter-1"))
    }

    func testTheKeyChangesWithTheHiddenSuite() throws {
        let kit = try FixtureKit()
        defer { kit.remove() }
        let rubric = try kit.kit.rubric("counter")
        let before = BuildCache.key(kit: kit.kit, rubric: rubric)
        XCTAssertEqual(BuildCache.key(kit: kit.kit, rubric: rubric), before)
        try kit.write(FixtureKit.ct1Tests + "\n// changed\n", to: "Rubrics/counter/Hidden/CT1Tests.swift")
        XCTAssertNotEqual(BuildCache.key(kit: kit.kit, rubric: rubric), before)
        XCTAssertTrue(before.hasPrefix("counter-"))
    }

    func testTrimKeepsTheCacheWithinItsLimitOldestFirstAndClearFreesWhatIsNotInUse() throws {
        for (name, age) in [("counter-01d", 300.0), ("counter-0e1", 0.0)] {
            let lease = try XCTUnwrap(cache.lease(name))
            try Data(count: 800 << 10).write(to: lease.slot.appendingPathComponent("objects"))
            lease.release()
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-age)],
                ofItemAtPath: lease.slot.appendingPathComponent("lock").path)
        }
        cache.trim()
        let left = try FileManager.default.contentsOfDirectory(atPath: cache.root.path)
        XCTAssertEqual(left, ["counter-0e1"])

        let held = try XCTUnwrap(cache.lease("counter-0e1"))
        XCTAssertEqual(cache.clear(), 0, "a slot in use is not cleared")
        held.release()
        XCTAssertGreaterThanOrEqual(cache.clear(), 800 << 10)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache.root.path), [])
    }

    /// A slot's size is what its regular files hold, nested folders included; a link counts nothing, whatever it
    /// points at.
    func testSizeCountsRegularFilesAndNeverFollowsALink() throws {
        let manager = FileManager.default
        let slot = cache.root.appendingPathComponent("counter-0d4")
        try manager.createDirectory(at: slot.appendingPathComponent("a/b/c"), withIntermediateDirectories: true)
        try Data(count: 1000).write(to: slot.appendingPathComponent("top"))
        try Data(count: 2345).write(to: slot.appendingPathComponent("a/b/c/deep"))
        let outside = cache.root.appendingPathComponent("outside")
        try Data(count: 1 << 20).write(to: outside)
        try manager.createSymbolicLink(at: slot.appendingPathComponent("a/link"), withDestinationURL: outside)
        try manager.createSymbolicLink(
            at: slot.appendingPathComponent("a/b/loop"), withDestinationURL: slot.appendingPathComponent("a"))
        // A name that is not UTF-8 (0xFF) counts too.
        let odd = slot.appendingPathComponent("a").withUnsafeFileSystemRepresentation { String(cString: $0!) }
        let file = try XCTUnwrap(fopen(Array(odd.utf8CString.dropLast()) + [47, -1, 0], "w"))
        fwrite([UInt8](repeating: 1, count: 500), 1, 500, file)
        fclose(file)
        XCTAssertEqual(BuildCache.size(of: slot), 3845)
        XCTAssertEqual(BuildCache.size(of: slot.appendingPathComponent("missing")), 0)
    }

    /// `GRADER_CACHE` may point at a folder that holds other things: only slots are ever removed.
    func testTrimAndClearRemoveOnlySlots() throws {
        let manager = FileManager.default
        let slot = try XCTUnwrap(cache.lease("counter-0a1"))
        try Data(count: 2 << 20).write(to: slot.slot.appendingPathComponent("objects"))
        slot.release()
        let foreign = ["notes.txt", "photos/cat.jpg", "project-abc/file", "counter-0b2/no-lock-here"]
        for path in foreign {
            let url = cache.root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(count: 1 << 20).write(to: url)
        }
        try manager.createDirectory(
            at: cache.root.appendingPathComponent("counter-0c3"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            at: cache.root.appendingPathComponent("counter-0c3/lock"),
            withDestinationURL: cache.root.appendingPathComponent("notes.txt"))

        cache.trim()
        XCTAssertFalse(manager.fileExists(atPath: slot.slot.path), "the slot is over the limit")
        cache.clear()
        for path in foreign + ["counter-0c3/lock"] {
            XCTAssertTrue(
                manager.fileExists(atPath: cache.root.appendingPathComponent(path).path), "\(path) was removed")
        }
    }
}
