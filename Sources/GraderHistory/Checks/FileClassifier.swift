/// What a changed file counts as when sizing a commit.
public enum FileKind: String, Sendable, Equatable {
    /// Counted: the candidate's code, docs, configuration.
    case source
    /// Counted, and marks the commit as one that touches tests.
    case test
    /// Not counted: written by tools (Package.resolved, Xcode projects, lock files) or vendored (Pods, Carthage).
    case generated
    /// Not counted: git could not count lines (`-` in `--numstat`), e.g. images.
    case binary
}

/// Sorts changed paths into counted code, tests, generated or vendored files, and binaries.
public enum FileClassifier {
    /// Folders whose contents tools write or vendor.
    static let generatedFolders: Set<String> = [
        "Pods", "Carthage", ".build", "DerivedData", ".swiftpm", "xcuserdata", "node_modules", ".grader",
    ]
    /// Folder suffixes of Xcode bundles.
    static let generatedBundleSuffixes = [".xcodeproj", ".xcworkspace", ".xcassets"]
    static let generatedFileNames: Set<String> = ["Package.resolved", "Cartfile.resolved", ".DS_Store"]
    static let generatedFileSuffixes = [".pbxproj", ".lock", ".xcuserstate", ".xcscheme"]

    /// The kind of `path` (as git prints it, `/`-separated); `binary` when numstat had no line counts.
    public static func classify(_ path: String, binary: Bool = false) -> FileKind {
        let components = path.split(separator: "/").map(String.init)
        guard let name = components.last else { return .source }
        let folders = components.dropLast()
        if generatedFileNames.contains(name) || generatedFileSuffixes.contains(where: { name.hasSuffix($0) }) {
            return .generated
        }
        for folder in folders
        where generatedFolders.contains(folder) || generatedBundleSuffixes.contains(where: { folder.hasSuffix($0) }) {
            return .generated
        }
        if binary { return .binary }
        if isTest(name: name, folders: Array(folders)) { return .test }
        return .source
    }

    /// `Tests/…`, `…/Tests/…`, a folder named `…Tests` (Xcode's `AppTests/`), or a file named `…Tests.swift`.
    static func isTest(name: String, folders: [String]) -> Bool {
        if folders.contains(where: { $0 == "Tests" || $0.hasSuffix("Tests") }) { return true }
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        return stem.hasSuffix("Tests") || stem.hasSuffix("Test") || stem.hasSuffix("Spec")
    }
}
