import Foundation

/// The files of a submission (or any folder), as relative paths, for rules and reports to read.
///
/// Build products and version-control folders are left out; nothing is ever written.
public struct SourceTree: Sendable {
    /// Folder names never walked into.
    public static let skippedFolders: Set<String> = [".git", ".build", ".swiftpm", "DerivedData", "xcuserdata"]

    public let root: URL
    /// Every regular file below `root`, relative, `/`-separated, sorted.
    public let files: [String]

    public init(root: URL, files: [String]) {
        self.root = root
        self.files = files.sorted()
    }

    /// Lists the regular files below `root`; symbolic links are listed but never followed.
    public init(scanning root: URL) {
        var found: [String] = []
        let manager = FileManager.default
        let rootPath = root.standardizedFileURL.path
        if let enumerator = manager.enumerator(
            at: root, includingPropertiesForKeys: [.isDirectoryKey, .isSymbolicLinkKey], options: [])
        {
            for case let url as URL in enumerator {
                let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
                let name = url.lastPathComponent
                if values?.isDirectory == true, values?.isSymbolicLink != true {
                    if Self.skippedFolders.contains(name) || name.hasPrefix(".build-") || name.hasPrefix(".build_") {
                        enumerator.skipDescendants()
                    }
                    continue
                }
                let path = url.standardizedFileURL.path
                guard path.hasPrefix(rootPath + "/") else { continue }
                found.append(String(path.dropFirst(rootPath.count + 1)))
            }
        }
        self.init(root: root, files: found)
    }

    /// The Swift source files.
    public var swiftFiles: [String] { files.filter { $0.hasSuffix(".swift") } }

    /// Whether `path` belongs to test code: under a `Tests` folder, or named `…Tests.swift` / `…Test.swift`.
    public static func isTestPath(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        if components.dropLast().contains(where: { $0 == "Tests" || $0.hasSuffix("Tests") || $0.hasSuffix("UITests") })
        {
            return true
        }
        let name = components.last.map(String.init) ?? path
        return name.hasSuffix("Tests.swift") || name.hasSuffix("Test.swift")
    }

    /// The absolute URL of a relative path.
    public func url(of path: String) -> URL { root.appendingPathComponent(path) }

    /// The text of a file: UTF-8, or ISO-8859-1 when the bytes are not UTF-8; `nil` when unreadable or binary.
    public func text(of path: String) -> String? {
        guard let data = try? Data(contentsOf: url(of: path)) else { return nil }
        return Self.decodeText(data)
    }

    /// Decodes source bytes: UTF-8, else ISO-8859-1; `nil` for binary data (a NUL byte).
    public static func decodeText(_ data: Data) -> String? {
        if data.contains(0) { return nil }
        return String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1)
    }
}
