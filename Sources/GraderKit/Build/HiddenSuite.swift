import Foundation
import GraderCore
import GraderRules

/// The hidden suite of one exercise: its files per requirement and the test names they declare.
///
/// Test names come from the source, not from the built binary, so a requirement whose tests no longer
/// compile still counts all of its tests (as errors) and the points split stays the same for everyone.
public struct HiddenSuite: Sendable {
    public struct RequirementTests: Sendable {
        public var id: String
        public var files: [URL]
        /// `Class/test_MC1_…`, in file order.
        public var tests: [String]
    }

    public var requirements: [RequirementTests]
    /// Helper files compiled into every requirement's target.
    public var sharedFiles: [URL]

    public init(kit: Kit, rubric: Rubric) throws {
        let folder = kit.hiddenTests(for: rubric)
        let tree = SourceTree(scanning: folder)
        let ids = rubric.requirements.map(\.id).sorted { $0.count > $1.count }
        var byRequirement: [String: RequirementTests] = [:]
        var shared: [URL] = []
        for path in tree.swiftFiles where !path.contains("/") {
            let url = tree.url(of: path)
            guard let id = ids.first(where: { Self.file(path, belongsTo: $0) }) else {
                shared.append(url)
                continue
            }
            var entry = byRequirement[id] ?? RequirementTests(id: id, files: [], tests: [])
            entry.files.append(url)
            entry.tests += Self.testNames(in: tree.text(of: path) ?? "")
            byRequirement[id] = entry
        }
        requirements = rubric.requirements.compactMap { byRequirement[$0.id] }
        sharedFiles = shared
    }

    /// `MC1Tests.swift` and `MC1_Extra.swift` belong to MC1; `MC10Tests.swift` does not.
    static func file(_ name: String, belongsTo id: String) -> Bool {
        guard name.hasPrefix(id) else { return false }
        let next = name.dropFirst(id.count).first
        return next.map { !$0.isNumber } ?? true
    }

    /// `Class/testName` for every `func test…()` in classes deriving from HiddenTestCase (or XCTestCase).
    static func testNames(in text: String) -> [String] {
        SwiftSource(path: "Hidden.swift", text: text).testMethods
    }
}
