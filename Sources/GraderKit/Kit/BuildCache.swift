import Foundation
import GraderCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Warm build folders kept between `grader check` runs: one per exercise and kit version, under the user's
/// cache folder (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches` on macOS; `GRADER_CACHE`
/// overrides), locked while a check uses it, bounded in size, cleared by `grader cache clear`.
///
/// A slot is reused only under bubblewrap, where no candidate process can write to it (the build runs no
/// candidate code and tests see the built products read-only); with weaker isolation a check builds in a
/// private folder it removes, so one candidate cannot plant objects in the next one's build.
public struct BuildCache: Sendable {
    public var root: URL
    /// Bytes the cache may hold; the least recently used slots go first.
    public var limitBytes: Int

    public init(root: URL, limitBytes: Int = 4 << 30) {
        self.root = root
        self.limitBytes = limitBytes
    }

    /// The cache folder for this user and system.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> BuildCache {
        if let path = environment["GRADER_CACHE"], !path.isEmpty { return BuildCache(root: URL(fileURLWithPath: path)) }
        #if os(macOS)
            let base = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library/Caches")
        #else
            let base =
                environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
                ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".cache")
        #endif
        return BuildCache(root: base.appendingPathComponent("interview-kit-grader"))
    }

    /// A slot held under an exclusive lock until `release()`.
    public final class Lease: @unchecked Sendable {
        public let slot: URL
        private var descriptor: Int32

        init(slot: URL, descriptor: Int32) {
            self.slot = slot
            self.descriptor = descriptor
        }

        /// Unlocks the slot and marks it used now (for least-recently-used eviction).
        public func release() {
            guard descriptor >= 0 else { return }
            _ = utime(slot.appendingPathComponent("lock").path, nil)
            flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }

        deinit { release() }
    }

    /// The slot for `key`, locked; nil when another check holds it (the caller builds privately then).
    public func lease(_ key: String) -> Lease? {
        let slot = root.appendingPathComponent(key)
        guard (try? FileManager.default.createDirectory(at: slot, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        let descriptor = open(slot.appendingPathComponent("lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return Lease(slot: slot, descriptor: descriptor)
    }

    /// The key of an exercise's slot: the grader's version, the exercise, the rubric's version and a hash of the
    /// hidden suite and support sources, so a kit change never reuses another kit's build.
    public static func key(kit: Kit, rubric: Rubric) -> String {
        var hasher = StableHash()
        hasher.add(GraderVersion.current)
        hasher.add(rubric.exercise + "/" + (rubric.task ?? "") + "@" + rubric.version)
        for folder in [kit.hiddenTests(for: rubric), kit.testSupport, kit.harnessBoot, kit.processGuard, kit.testMain] {
            let tree = SourceTree(scanning: folder)
            for path in tree.files.sorted() {
                hasher.add(path)
                hasher.add((try? Data(contentsOf: tree.url(of: path))) ?? Data())
            }
        }
        let name = rubric.task.map { "\(rubric.exercise)-\($0)" } ?? rubric.exercise
        return "\(name)-\(hasher.hex)"
    }

    /// Removes the least recently used slots (not locked) until the cache is within its limit.
    public func trim() {
        let manager = FileManager.default
        let slots = slotNames().map { root.appendingPathComponent($0) }
        var sized = slots.map { slot -> (URL, Int, Date) in
            let used =
                (try? manager.attributesOfItem(atPath: slot.appendingPathComponent("lock").path)[.modificationDate])
                as? Date ?? .distantPast
            return (slot, Self.size(of: slot), used)
        }
        var total = sized.reduce(0) { $0 + $1.1 }
        sized.sort { $0.2 < $1.2 }
        for (slot, size, _) in sized where total > limitBytes {
            guard let lease = lease(slot.lastPathComponent) else { continue }
            try? manager.removeItem(at: slot)
            lease.release()
            total -= size
        }
    }

    /// The entries of the cache folder that are slots: a folder named like a key (`movie-client-<hash in hex>`)
    /// holding a `lock` file. Nothing else is ever removed, whatever `GRADER_CACHE` points at.
    func slotNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { name in
            guard let dash = name.lastIndex(of: "-"), dash > name.startIndex else { return false }
            let hex = name[name.index(after: dash)...]
            guard (1...16).contains(hex.count), hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
                return false
            }
            var info = stat()
            return lstat(root.appendingPathComponent(name).appendingPathComponent("lock").path, &info) == 0
                && (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// Removes every slot no check is using; returns how many bytes were freed.
    @discardableResult
    public func clear() -> Int {
        let manager = FileManager.default
        var freed = 0
        for name in slotNames() {
            guard let lease = lease(name) else { continue }
            freed += Self.size(of: lease.slot)
            try? manager.removeItem(at: lease.slot)
            lease.release()
        }
        return freed
    }

    /// Bytes of the regular files under `folder`, links not followed. A plain directory walk: every check trims the
    /// cache when it ends, and Foundation's resource values cost about 0.2 ms a file in a debug build, 0.2 s for
    /// a slot's thousand files (docs/performance.md).
    public static func size(of folder: URL) -> Int {
        var total = 0
        // Paths as the file system's bytes: a name that is not UTF-8 would not survive a `String`.
        func walk(_ path: [CChar], depth: Int) {
            guard depth < 256, let directory = opendir(path) else { return }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    Array($0.bindMemory(to: CChar.self).prefix { $0 != 0 })
                }
                guard name != [46], name != [46, 46] else { continue }  // "." and ".."
                let child = path.dropLast() + [47] + name + [0]  // path + "/" + name
                var info = stat()
                guard lstat(child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: walk(child, depth: depth + 1)
                case S_IFREG: total += Int(info.st_size)
                default: break
                }
            }
        }
        walk(
            folder.withUnsafeFileSystemRepresentation { path in
                path.map { Array(UnsafeBufferPointer(start: $0, count: strlen($0) + 1)) } ?? [0]
            },
            depth: 0)
        return total
    }
}
