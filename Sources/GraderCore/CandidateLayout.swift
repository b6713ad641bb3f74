import Foundation

/// How a submission's files map to the modules the grader builds: one per `Sources/<X>` and `Tests/<X>` folder
/// (executables left out), or, for a project without that layout, every non-test Swift file as one module.
///
/// The one definition of "what gets compiled": the package writer builds exactly these files and the
/// integrity rule checks exactly these, so code can never be built without being checked.
public struct CandidateLayout: Sendable {
    public struct File: Sendable, Equatable {
        /// Path in the submission.
        public var source: String
        /// Path inside the module folder (`Networking/Client.swift`).
        public var relative: String
    }

    public struct Group: Sendable {
        public var name: String
        public var isTest: Bool
        public var files: [File]
        public var hasResources: Bool
    }

    public var libraries: [Group] = []
    public var tests: [Group] = []
    /// What was left out, and why.
    public var notes: [String] = []

    /// Every Swift file that is compiled, library and test modules alike.
    public var compiledSwiftFiles: [String] {
        (libraries + tests).flatMap { $0.files.filter { $0.source.hasSuffix(".swift") }.map(\.source) }
    }

    /// The Swift files of the library modules: what the hidden tests import.
    public var librarySwiftFiles: [String] {
        libraries.flatMap { $0.files.filter { $0.source.hasSuffix(".swift") }.map(\.source) }
    }

    public init(tree: SourceTree, fallbackModule: String) {
        let root = tree.root
        self.init(
            files: tree.files, text: tree.text(of:),
            size: { path in (try? root.appendingPathComponent(path).resourceValues(forKeys: [.fileSizeKey]))?.fileSize
            },
            fallbackModule: fallbackModule)
    }

    /// `text` is nil for binary files; `size` in bytes.
    public init(files: [String], text: (String) -> String?, size: (String) -> Int?, fallbackModule: String) {
        /// A Swift file the grader will read: text, and at most `GradedSources.maxSwiftFileBytes`.
        func readable(_ path: String) -> String? {
            if let bytes = size(path), bytes > GradedSources.maxSwiftFileBytes {
                notes.append("\(path): over 1 MB of Swift; left out of the build")
                return nil
            }
            guard let contents = text(path) else {
                notes.append("\(path): binary data, not Swift source; left out of the build")
                return nil
            }
            guard contents.utf8.count <= GradedSources.maxSwiftFileBytes else {
                notes.append("\(path): over 1 MB of Swift; left out of the build")
                return nil
            }
            return contents
        }
        var byFolder: [String: (isTest: Bool, files: [File], texts: [String: String], resources: Bool)] = [:]
        for path in files.sorted() {
            guard let key = GradedSources.moduleFolder(of: path) else { continue }
            let relative = path.split(separator: "/").dropFirst(2).joined(separator: "/")
            var entry = byFolder[key] ?? (key.hasPrefix("Tests/"), [], [:], false)
            if relative.hasPrefix("Resources/") {
                entry.resources = true
                entry.files.append(File(source: path, relative: relative))
            } else if path.hasSuffix(".swift") {
                guard let contents = readable(path) else { continue }
                entry.files.append(File(source: path, relative: relative))
                entry.texts[relative] = contents
            }
            byFolder[key] = entry
        }
        for (key, entry) in byFolder.sorted(by: { $0.key < $1.key }) {
            let name = String(key.split(separator: "/")[1])
            guard entry.files.contains(where: { $0.relative.hasSuffix(".swift") }) else { continue }
            guard Self.isValidModuleName(name) else {
                notes.append("\(key): not a valid module name; left out of the build")
                continue
            }
            if !entry.isTest, GradedSources.isExecutable(entry.texts.map { ($0.key, $0.value) }) {
                notes.append("\(key): an executable (main.swift or @main); not built for grading")
                continue
            }
            let group = Group(name: name, isTest: entry.isTest, files: entry.files, hasResources: entry.resources)
            if entry.isTest { tests.append(group) } else { libraries.append(group) }
        }
        if libraries.isEmpty {
            // Not a package layout (an Xcode project, loose files): every non-test Swift file is one module.
            let flat = files.sorted().filter { $0.hasSuffix(".swift") && !GradedSources.isLeftOutOfFlatLayout($0) }
                .filter { readable($0) != nil }
            if !flat.isEmpty {
                notes.append("no Sources/<Module> folders: built every non-test Swift file as module \(fallbackModule)")
                libraries.append(
                    Group(
                        name: fallbackModule, isTest: false,
                        files: flat.map { File(source: $0, relative: $0.replacingOccurrences(of: "/", with: "_")) },
                        hasResources: false))
            }
        }
    }

    public static func isValidModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, CharacterSet.letters.contains(first) || first == "_" else {
            return false
        }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
    }
}
