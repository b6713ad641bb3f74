import GraderCore
import GraderRules

/// What the grader can show a reviewer of architecture and clarity: modules, types and tests per folder.
enum ManualEvidence {
    static func lines(for tree: SourceTree) -> [String] {
        var byFolder: [String: (files: Int, lines: Int, types: Int, tests: Int)] = [:]
        for path in tree.swiftFiles where !path.hasSuffix("Package.swift") {
            let parts = path.split(separator: "/")
            let folder =
                parts.count >= 2 && (parts[0] == "Sources" || parts[0] == "Tests")
                ? "\(parts[0])/\(parts[1])" : (parts.count > 1 ? String(parts[0]) : ".")
            let text = tree.text(of: path) ?? ""
            let source = SwiftSource(path: path, text: text)
            var entry = byFolder[folder] ?? (0, 0, 0, 0)
            entry.files += 1
            entry.lines += text.split(separator: "\n", omittingEmptySubsequences: false).count
            entry.types += source.declaredTypeCount
            entry.tests += source.testFunctionCount
            byFolder[folder] = entry
        }
        return byFolder.sorted { $0.key < $1.key }.map { folder, entry in
            var line = "\(folder): \(entry.files) files, \(entry.lines) lines, \(entry.types) types"
            if entry.tests > 0 { line += ", \(entry.tests) tests" }
            return line
        }
    }
}
