import Foundation
import GraderCore

/// What rules look at: the submission's files, its Swift sources lexed once, and the process runner.
public struct RuleContext: Sendable {
    /// Swift files larger than this are skipped, with a note (and left out of the build: GradedSources).
    public static let maxSwiftFileBytes = GradedSources.maxSwiftFileBytes

    /// Folders holding other people's code; code rules skip them (no-third-party reports them).
    public static let vendoredFolders: Set<String> = ["Pods", "Carthage", "Vendor", "vendor", "ThirdParty", "External"]

    /// The submission's root on disk, when there is one (`style` runs swift-format there).
    public let root: URL?
    /// Every file, relative, `/`-separated, sorted.
    public let files: [String]
    /// Every readable Swift file of at most 1 MB, lexed.
    public let sources: [SwiftSource]
    /// Files that could not be read or were skipped, said once.
    public let notes: [String]
    public let runner: ProcessRunner
    private let read: @Sendable (String) -> String?

    /// The modules the grader builds from these files (the integrity rule checks exactly what is compiled).
    public let layout: CandidateLayout

    /// Names of the classes and actors declared anywhere in the sources (an extension of one is a reference type).
    public let referenceTypes: Set<String>

    public init(
        root: URL?, files: [String], runner: ProcessRunner, size: @Sendable (String) -> Int?,
        read: @escaping @Sendable (String) -> String?
    ) {
        self.root = root
        self.files = files.sorted()
        self.runner = runner
        self.read = read
        var sources: [SwiftSource] = []
        var notes: [String] = []
        for path in self.files where path.hasSuffix(".swift") {
            if let bytes = size(path), bytes > Self.maxSwiftFileBytes {
                notes.append("skipped \(path): over 1 MB")
                continue
            }
            guard let text = read(path) else {
                notes.append("skipped \(path): not readable as text")
                continue
            }
            if text.utf8.count > Self.maxSwiftFileBytes {
                notes.append("skipped \(path): over 1 MB")
                continue
            }
            sources.append(SwiftSource(path: path, text: text))
        }
        self.sources = sources
        self.notes = notes
        let texts = Dictionary(sources.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        layout = CandidateLayout(
            files: self.files, text: { texts[$0] ?? read($0) }, size: size, fallbackModule: "App")
        var referenceTypes: Set<String> = []
        for source in sources {
            for type in source.types where type.kind == .class || type.kind == .actor {
                referenceTypes.insert(type.name)
            }
        }
        self.referenceTypes = referenceTypes
    }

    /// The files of a tree on disk.
    public init(tree: SourceTree, runner: ProcessRunner) {
        let root = tree.root
        self.init(
            root: root, files: tree.files, runner: runner,
            size: { path in
                let values = try? root.appendingPathComponent(path).resourceValues(forKeys: [.fileSizeKey])
                return values?.fileSize
            },
            read: { path in tree.text(of: path) })
    }

    /// Files held in memory, path to text (tests and examples).
    public init(files: [String: String], runner: ProcessRunner = .unavailable, root: URL? = nil) {
        self.init(
            root: root, files: Array(files.keys), runner: runner, size: { files[$0]?.utf8.count },
            read: { files[$0] })
    }

    /// The text of any file (a Podfile, a project file); nil when unreadable or binary.
    public func text(of path: String) -> String? { read(path) }

    /// Whether `path` is test code (`SourceTree.isTestPath`).
    public static func isTest(_ path: String) -> Bool { SourceTree.isTestPath(path) }

    /// Whether `path` is in a folder of vendored third-party code (`Pods/`, `Carthage/`, a `.framework`).
    public static func isVendored(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { component in
            vendoredFolders.contains(String(component)) || component.hasSuffix(".framework")
                || component.hasSuffix(".xcframework")
        }
    }

    /// Whether `path` is a package manifest (`Package.swift`, `Package@swift-5.9.swift`).
    public static func isManifest(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "Package.swift" || (name.hasPrefix("Package@swift") && name.hasSuffix(".swift"))
    }

    /// The candidate's app code: Swift sources that are not tests, manifests or vendored code.
    public var appSources: [SwiftSource] {
        sources.filter { !Self.isTest($0.path) && !Self.isManifest($0.path) && !Self.isVendored($0.path) }
    }

    /// The candidate's Swift sources, tests included (manifests and vendored code left out).
    public var candidateSources: [SwiftSource] {
        sources.filter { !Self.isManifest($0.path) && !Self.isVendored($0.path) }
    }
}

extension ProcessRunner {
    /// A runner that starts nothing: every launch fails, as when the program is not installed.
    public static let unavailable = ProcessRunner { request in
        throw RunnerUnavailable(executable: request.executable)
    }
}

/// The error of `ProcessRunner.unavailable`.
struct RunnerUnavailable: Error, CustomStringConvertible {
    var executable: String
    var description: String { "could not run \(executable): no process runner" }
}
