import Foundation
import GraderCore
import GraderRules
import GraderSystem

/// The candidate's own XCTest tests, listed by the grader instead of SwiftPM's test discovery (Linux).
///
/// SwiftPM finds XCTest tests on Linux by reading the compiler's index store after the test modules compile, and
/// compiles the list into a module of its own, then the entry point that imports it: about 0.6 s of every build
/// whose own tests changed, one step after another. Here the own test modules are plain targets, and the entry
/// point carries their list. The list is first read from the source (`guess`); once the build is done, the same
/// index SwiftPM would have read decides (`fromIndex`, merged as SwiftPM merges it), and a guess that differs is
/// replaced and the entry point built again. Anything the index cannot answer goes back to SwiftPM's discovery
/// (docs/performance.md, "The own tests listed by the grader").
public struct ListedOwnTests: Equatable, Sendable {
    /// One test class as XCTest runs it.
    public struct TestClass: Equatable, Sendable {
        public var module: String
        public var name: String
        public var methods: [Method]
    }

    public struct Method: Equatable, Hashable, Sendable {
        public var name: String
        public var isAsync: Bool
    }

    /// Sorted by module and name, each class's methods by name.
    public var classes: [TestClass]

    public init(_ classes: [TestClass]) {
        self.classes =
            classes.filter { !$0.methods.isEmpty }
            .map { TestClass(module: $0.module, name: $0.name, methods: $0.methods.sorted { $0.name < $1.name }) }
            .sorted { ($0.module, $0.name) < ($1.module, $1.name) }
    }

    /// The ids XCTest lists (`Module.Class/method`), what the own tests run by.
    public var ids: [String] {
        classes.flatMap { test in test.methods.map { "\(test.module).\(test.name)/\($0.name)" } }
    }

    /// The modules with at least one test.
    public var modules: [String] { Array(Set(classes.map(\.module))).sorted() }

    /// A first guess from the source: every `func test…()` in a class or extension body of each module's files,
    /// whatever the class inherits (the index decides).
    public static func guess(_ files: [String: [String]]) -> ListedOwnTests {
        var methods: [String: [String: [Method]]] = [:]
        for (module, texts) in files {
            for text in texts {
                for found in SwiftSource(path: "Test.swift", text: text).testMethodSignatures {
                    methods[module, default: [:]][found.type, default: []].append(
                        Method(name: found.name, isAsync: found.isAsync))
                }
            }
        }
        return ListedOwnTests(
            methods.flatMap { module, types in
                types.map { TestClass(module: module, name: $0.key, methods: Array(Set($0.value))) }
            })
    }

    /// The list SwiftPM's discovery makes of the index's marks (`grader_index_tests`' lines): per module, each
    /// class with test methods of its own, with those it inherits from a test class of the same module (its own
    /// win by name). Nil when a line does not parse.
    public static func fromIndex(_ facts: String) -> ListedOwnTests? {
        var bases: [String: [String: String]] = [:]
        var declared: [String: [String: [Method]]] = [:]
        for line in facts.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("C", 4): bases[fields[1], default: [:]][fields[2]] = fields[3]
            case ("M", 5) where fields[4] == "0" || fields[4] == "1":
                // The index names a method with its parameters, `testA()`; SwiftPM lists it without them.
                let name = fields[3].hasSuffix("()") ? String(fields[3].dropLast(2)) : fields[3]
                declared[fields[1], default: [:]][fields[2], default: []].append(
                    Method(name: name, isAsync: fields[4] == "1"))
            default: return nil
            }
        }
        func flattened(_ module: String, _ name: String, depth: Int) -> [String: Method] {
            var methods: [String: Method] = [:]
            if depth < 64, let base = bases[module]?[name] {
                methods = flattened(module, base, depth: depth + 1)
            }
            for method in declared[module]?[name] ?? [] { methods[method.name] = method }
            return methods
        }
        return ListedOwnTests(
            declared.flatMap { module, classes in
                classes.keys.map {
                    TestClass(module: module, name: $0, methods: Array(flattened(module, $0, depth: 0).values))
                }
            })
    }

    /// Reads the index store at `store` for `objects` through the toolchain's libIndexStore at `library`.
    public static func read(library: URL, store: URL, objects: [URL]) -> Result<ListedOwnTests, IndexProblem> {
        var error: UnsafeMutablePointer<CChar>?
        var paths = objects.map { strdup($0.path) }
        defer { for path in paths { free(path) } }
        let text = paths.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                grader_index_tests(library.path, store.path, $0, Int32(buffer.count), &error)
            }
        }
        guard let text else {
            defer { free(error) }
            return .failure(IndexProblem(description: error.map { String(cString: $0) } ?? "the index did not answer"))
        }
        defer { free(text) }
        guard let listed = fromIndex(String(cString: text)) else {
            return .failure(IndexProblem(description: "the index's listing does not parse"))
        }
        return .success(listed)
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }

    public struct IndexProblem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The kit's entry point with this list added: `call` (the kit's `XCTMain(__allDiscoveredTests())`) runs
    /// SwiftPM's discovered tests (the hidden suite's) and these. Nil when the kit's file lacks the call.
    /// Nil too when a name is not a plain identifier (a raw identifier, a module folder SwiftPM renames): those
    /// stay SwiftPM's to spell.
    public func entryPoint(kitMain: String) -> String? {
        let call = "XCTMain(__allDiscoveredTests())"
        let names = classes.flatMap { [$0.module, $0.name] + $0.methods.map(\.name) }
        guard kitMain.components(separatedBy: call).count == 2, names.allSatisfy(Self.isPlainIdentifier) else {
            return nil
        }
        var lines = kitMain.replacingOccurrences(of: call, with: "XCTMain(__allDiscoveredTests() + graderOwnTests)")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let deprecated =
            "@available(*, deprecated, message: \"Not deprecated: lets tests of deprecated code in without warnings\")"
        // A class name two modules share is written with its module.
        let shared = Set(Dictionary(grouping: classes, by: \.name).filter { $0.value.count > 1 }.keys)
        lines += ["", "// The candidate's own tests, listed by the grader (ListedOwnTests)."]
        lines += modules.map { "@testable import \($0)" }
        var entries: [String] = []
        for (index, test) in classes.enumerated() {
            let type = shared.contains(test.name) ? "\(test.module).\(test.name)" : test.name
            lines += ["", "fileprivate extension \(type) {", "    \(deprecated)"]
            lines.append("    static nonisolated(unsafe) let __graderOwnTests\(index) = [")
            for method in test.methods {
                let reference = method.isAsync ? "asyncTest(\(method.name))" : method.name
                lines.append("        (\"\(method.name)\", \(reference)),")
            }
            lines += ["    ]", "}"]
            entries.append("    testCase(\(type).__graderOwnTests\(index)),")
        }
        lines += ["", deprecated, "private let graderOwnTests: [XCTestCaseEntry] = ["] + entries + ["]"]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ListedOwnTests {
    /// The list without the tests of `modules` (own test targets that did not compile).
    func excluding(_ modules: Set<String>) -> ListedOwnTests {
        ListedOwnTests(classes.filter { !modules.contains($0.module) })
    }
}

/// One build's listed layout: where the entry point goes, the kit's template, the first guess, and how the
/// index is read afterwards.
struct OwnTestListing {
    var package: GradingPackage
    var library: URL
    var main: URL
    var template: String
    var guess: ListedOwnTests

    /// Nil where the package has no entry point of the kit's, no own test module, or no index to read, and where a
    /// candidate file names Swift Testing: its macros are set up for test targets only.
    init?(package: GradingPackage, library: URL?) {
        let own = package.modules.filter { $0.kind == .candidateTests }
        guard let library, let main = package.testMain, let template = package.testMainTemplate, !own.isEmpty,
            ListedOwnTests([]).entryPoint(kitMain: template) != nil, !OwnTestRunner.mayUseSwiftTesting(package)
        else { return nil }
        self.package = package
        self.library = library
        self.main = main
        self.template = template
        var texts: [String: [String]] = [:]
        for module in own {
            let tree = SourceTree(scanning: package.folder.appendingPathComponent(module.path))
            texts[module.name] = tree.swiftFiles.compactMap { tree.text(of: $0) }
        }
        self.guess = ListedOwnTests.guess(texts)
    }

    /// Writes the entry point listing `listed`; false when it cannot.
    func write(_ listed: ListedOwnTests) -> Bool {
        guard let text = listed.entryPoint(kitMain: template) else { return false }
        return (try? GradingPackageWriter.writeIfChanged(Data(text.utf8), to: main)) != nil
    }

    /// Whether `path` (relative to the package) is one of the files this layout adds.
    func owns(_ path: String) -> Bool {
        path == GradingPackage.testMainPath || path.hasPrefix(GradingPackage.ownTestsLinkPath + "/")
    }

    /// What the index records of the own test modules among `modules`, for the object files the last build
    /// compiled from their current sources (each module's output file map; an object a removed file left behind
    /// is never read).
    func read(scratch: URL, modules: [String]) -> Result<ListedOwnTests, ListedOwnTests.IndexProblem> {
        let debug = Self.debugFolder(in: scratch)
        var objects: [URL] = []
        for module in package.modules where module.kind == .candidateTests && modules.contains(module.name) {
            let map = debug.appendingPathComponent("\(module.name).build/output-file-map.json")
            guard let data = try? Data(contentsOf: map),
                let entries = try? JSONDecoder().decode([String: [String: String]].self, from: data)
            else { return .failure(.init(description: "no output file map for \(module.name)")) }
            objects += entries.filter { $0.key.hasSuffix(".swift") }.compactMap { $0.value["object"] }.sorted()
                .map { URL(fileURLWithPath: $0) }
        }
        guard !objects.isEmpty else { return .success(ListedOwnTests([])) }
        return ListedOwnTests.read(
            library: library, store: debug.appendingPathComponent("index/store"), objects: objects)
    }

    /// `<scratch>/debug`, or `<scratch>/<triple>/debug` before SwiftPM links the first to it at the end of a
    /// build that succeeded.
    static func debugFolder(in scratch: URL) -> URL {
        let link = scratch.appendingPathComponent("debug")
        if FileManager.default.fileExists(atPath: link.path) { return link }
        let triples = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
        let built = triples.sorted().map { scratch.appendingPathComponent("\($0)/debug") }
        return built.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("index").path) } ?? link
    }
}
