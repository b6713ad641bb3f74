import Foundation

/// Which of a submission's Swift files the grader compiles, in one definition shared by the package writer
/// (what is built) and the integrity rule (what is checked), so the two can never disagree.
public enum GradedSources {
    /// Swift files larger than this are neither read by the rules nor built.
    public static let maxSwiftFileBytes = 1_000_000

    /// `Sources/X` or `Tests/X` for a file in such a module folder (at any depth below it), else nil.
    public static func moduleFolder(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 3, parts[0] == "Sources" || parts[0] == "Tests" else { return nil }
        return "\(parts[0])/\(parts[1])"
    }

    /// Whether a `Sources/X` module is an executable (not built for grading): a `main.swift` directly in its
    /// folder, or a file that mentions `@main`. `files`: paths relative to the module folder, with their text.
    public static func isExecutable(_ files: [(relative: String, text: String)]) -> Bool {
        files.contains { $0.relative == "main.swift" || ($0.relative.hasSuffix(".swift") && $0.text.contains("@main")) }
    }

    /// Files of a project without `Sources/` folders (an Xcode project) left out of its one module.
    public static func isLeftOutOfFlatLayout(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return SourceTree.isTestPath(path) || name == "Package.swift" || name.hasPrefix("Package@swift")
            || ["main.swift", "AppDelegate.swift", "SceneDelegate.swift"].contains(name)
    }
}
