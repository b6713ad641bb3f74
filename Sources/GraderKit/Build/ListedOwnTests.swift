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
    /// win by name). Nil when a line does not parse, and where the name the list would give a test is not the one
    /// XCTest runs it by: a class the module does not define at its top level (a nested class, or one defined in
    /// another module and given tests by an extension here). SwiftPM's way, whose binary lists the names, decides
    /// those.
    public static func fromIndex(_ facts: String) -> ListedOwnTests? {
        var bases: [String: [String: String]] = [:]
        var declared: [String: [String: [Method]]] = [:]
        var defined: [String: [String: Set<String>]] = [:]
        for line in facts.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("C", 4): bases[fields[1], default: [:]][fields[2]] = fields[3]
            case ("D", 4) where fields[3] == "0" || fields[3] == "1":
                defined[fields[1], default: [:]][fields[2], default: []].insert(fields[3])
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
        for (module, classes) in declared {
            for name in classes.keys where defined[module]?[name] != ["0"] { return nil }
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

    /// The environment variable that has the entry point run the candidate's own tests (`GraderOwnTestList`) instead
    /// of SwiftPM's discovered ones (the hidden suite's): the grader sets it for the own tests' processes only.
    public static let ownTestsVariable = "GRADER_OWN_TESTS"

    private static let deprecated =
        "@available(*, deprecated, message: \"Not deprecated: lets tests of deprecated code in without warnings\")"

    /// The symbol of the function the list module defines and the entry point calls without importing it.
    static let listSymbol = "grader_own_tests_list"

    /// The source of the `GraderOwnTestList` module: the candidate's test modules imported, and this list behind
    /// one function (`listSymbol`). Nil when a name is not a plain identifier (a raw identifier, a module folder
    /// SwiftPM renames): those stay SwiftPM's to spell.
    public func listModule(importing modules: [String]) -> String? {
        let names = modules + classes.flatMap { [$0.module, $0.name] + $0.methods.map(\.name) }
        guard names.allSatisfy(Self.isPlainIdentifier) else { return nil }
        // A class name two modules share is written with its module.
        let shared = Set(Dictionary(grouping: classes, by: \.name).filter { $0.value.count > 1 }.keys)
        var lines = ["// Written by the grader: the candidate's own XCTest tests (ListedOwnTests).", "import XCTest"]
        lines += modules.sorted().map { "@testable import \($0)" }
        var entries: [String] = []
        for (index, test) in classes.enumerated() {
            let type = shared.contains(test.name) ? "\(test.module).\(test.name)" : test.name
            lines += ["", "fileprivate extension \(type) {", "    \(Self.deprecated)"]
            lines.append("    static nonisolated(unsafe) let __graderOwnTests\(index) = [")
            for method in test.methods {
                let reference = method.isAsync ? "asyncTest(\(method.name))" : method.name
                lines.append("        (\"\(method.name)\", \(reference)),")
            }
            lines += ["    ]", "}"]
            entries.append("        testCase(\(type).__graderOwnTests\(index)),")
        }
        lines += ["", Self.deprecated, "@_silgen_name(\"\(Self.listSymbol)\")"]
        lines += ["public func graderOwnTests() -> [XCTestCaseEntry] {", "    ["]
        lines += entries + ["    ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The kit's entry point for the listed layout: a process of the candidate's own tests (`ownTestsVariable`
    /// set) runs the list module's list, every other one SwiftPM's discovered tests, through the kit's own
    /// `XCTMain(selected(__allDiscoveredTests()))`. The file imports no candidate module, nor the list module (it
    /// calls the list by its symbol), so nothing a candidate declares takes part in how the hidden tests are found,
    /// and it is the same file with the same imports for every candidate: it is not compiled again. Nil when the
    /// kit's file lacks the call.
    public static func entryPoint(kitMain: String) -> String? {
        let call = "XCTMain(selected(__allDiscoveredTests())) as Never"
        guard kitMain.components(separatedBy: call).count == 2 else { return nil }
        let own =
            "if getenv(\"\(ownTestsVariable)\") != nil { XCTMain(selected(graderOwnTests())) as Never }\n        "
            + call
        var text = kitMain.replacingOccurrences(of: call, with: own)
        if !text.hasSuffix("\n") { text += "\n" }
        return text + "\n// The candidate's own tests, listed by the grader (ListedOwnTests).\nimport Foundation\n\n"
            + "@_silgen_name(\"\(listSymbol)\")\nprivate func graderOwnTests() -> [XCTestCaseEntry]\n"
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

    /// Nil where the package has no entry point of the kit's, no own test module, or no index to read, where a
    /// candidate file names Swift Testing (its macros are set up for test targets only), and where a test folder
    /// has a `main.swift` (a plain target with one is a program; a test target refuses its top-level code).
    init?(package: GradingPackage, library: URL?) {
        let own = package.modules.filter { $0.kind == .candidateTests }
        guard let library, let main = package.testMain, let template = package.testMainTemplate, !own.isEmpty,
            ListedOwnTests.entryPoint(kitMain: template) != nil, !OwnTestRunner.mayUseSwiftTesting(package)
        else { return nil }
        self.package = package
        self.library = library
        self.main = main
        self.template = template
        var texts: [String: [String]] = [:]
        for module in own {
            let tree = SourceTree(scanning: package.folder.appendingPathComponent(module.path))
            if tree.swiftFiles.contains(where: { ($0 as NSString).lastPathComponent == "main.swift" }) { return nil }
            texts[module.name] = tree.swiftFiles.compactMap { tree.text(of: $0) }
        }
        self.guess = ListedOwnTests.guess(texts)
    }

    /// Writes the `GraderOwnTestList` module listing `listed` for the own test modules not `excluded`, and the entry
    /// point; false when it cannot.
    func write(_ listed: ListedOwnTests, excluded: Set<String>) -> Bool {
        let modules = package.modules.filter { $0.kind == .candidateTests && !excluded.contains($0.name) }
        guard let entry = ListedOwnTests.entryPoint(kitMain: template),
            let list = listed.excluding(excluded).listModule(importing: modules.map(\.name))
        else { return false }
        let listFile = package.folder.appendingPathComponent(GradingPackage.ownTestListFile)
        return (try? GradingPackageWriter.writeIfChanged(Data(list.utf8), to: listFile)) != nil
            && (try? GradingPackageWriter.writeIfChanged(Data(entry.utf8), to: main)) != nil
    }

    /// Whether `path` (relative to the package) is one of the files this layout adds.
    func owns(_ path: String) -> Bool {
        path == GradingPackage.testMainPath || path.hasPrefix(GradingPackage.ownTestsLinkPath + "/")
            || path.hasPrefix(GradingPackage.ownTestListPath + "/")
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
