import Foundation
import GraderCore
import GraderRules

/// The package the grader builds: the candidate's sources and the hidden suite under a manifest the grader
/// writes. The candidate's own Package.swift is never evaluated (SPEC §5).
///
/// Layout: one target per `Sources/<Module>` folder of the submission (executables left out) and per
/// `Tests/<Module>` folder, dependencies taken from `import` lines. The hidden suite is first laid out as one
/// target (`HiddenSuite`: one module compiles fastest); when it does not compile against the submission, it is
/// laid out again as one target per requirement (`HiddenMC1` …), so a requirement whose tests no longer compile
/// costs only its own tests.
public struct GradingPackage: Sendable {
    public static let packageName = "Graded"
    public static let supportModule = "GraderTestSupport"
    /// The C module under the support module that reads the grader's request when the binary loads.
    public static let bootModule = "GraderHarnessBoot"
    /// The C module, declaring nothing public, that keeps every test process from starting processes.
    public static let guardModule = "GraderProcessGuard"
    /// The one hidden target of the combined layout.
    public static let combinedHiddenModule = "HiddenSuite"
    /// Where the package holds the test binary's entry point (outside every target), when the kit has one.
    public static let testMainPath = "Hidden/GraderTestMain/GraderTestMain.swift"
    /// The modules SwiftPM adds for the test product: the entry point's and the discovered tests'.
    static let testProductModules = ["\(packageName)PackageTests", "\(packageName)PackageDiscoveredTests"]
    /// The test target that links the candidate's own tests into the test binary when the grader lists them
    /// (ListedOwnTests): they are plain targets then, which only a test target's dependencies bring in. Its one
    /// file is the same for every candidate, so SwiftPM's discovery of the hidden tests is not compiled again.
    public static let ownTestsLinkModule = "GraderOwnTests"
    static let ownTestsLinkPath = "Hidden/GraderOwnTests"
    static let ownTestsLinkFile = "\(ownTestsLinkPath)/\(ownTestsLinkModule).swift"
    /// The plain target that holds the list of the candidate's own tests, which the link target depends on.
    public static let ownTestListModule = "GraderOwnTestList"
    static let ownTestListPath = "Hidden/GraderOwnTestList"
    static let ownTestListFile = "\(ownTestListPath)/\(ownTestListModule).swift"

    public struct Module: Equatable, Sendable {
        public enum Kind: String, Sendable { case library, candidateTests, hidden, support }
        public var name: String
        public var kind: Kind
        /// Folder relative to the package root.
        public var path: String
        public var dependencies: [String]
        /// For hidden targets of the split layout: the requirement id (nil for the combined target).
        public var requirement: String?
        public var hasResources: Bool = false
    }

    /// Where the package is laid out.
    public var folder: URL
    public var modules: [Module]
    /// What the package left out, and why ("Sources/movies: an executable").
    public var notes: [String]
    /// The test binary's entry point (`testMainPath`), when the package has one: the build passes it to SwiftPM
    /// in place of the runner SwiftPM writes, which costs about 0.6 s whenever the own tests change (Linux; on
    /// macOS XCTest finds tests itself and SwiftPM's bundle is kept).
    public var testMain: URL?
    /// The kit's entry point, which `testMain` holds as it is or, with the own tests listed by the grader, calling
    /// their list (ListedOwnTests).
    public var testMainTemplate: String?

    /// Whether the hidden suite is one target (the first, optimistic layout).
    public var isHiddenCombined: Bool { modules.contains { $0.name == Self.combinedHiddenModule } }

    /// The module holding the hidden tests of `requirement`.
    public func hiddenModule(for requirement: String) -> String {
        isHiddenCombined ? Self.combinedHiddenModule : Self.splitHiddenModule(requirement)
    }

    /// The target of `requirement`'s hidden tests in the split layout: `HiddenMC1`.
    static func splitHiddenModule(_ requirement: String) -> String { "Hidden\(requirement)" }

    /// The manifest text.
    ///
    /// `listingOwnTests`: the candidate's test modules are plain targets, listed by the grader in
    /// `ownTestListModule` and linked through `ownTestsLinkModule` (ListedOwnTests).
    public func manifest(excluding excluded: Set<String> = [], listingOwnTests: Bool = false) -> String {
        let included = modules.filter { !excluded.contains($0.name) }
        let names = Set(included.map(\.name))
        var lines = [
            "// swift-tools-version:5.9",
            "// Written by the grader; the submission's own Package.swift is never evaluated.",
            "import PackageDescription",
            "",
            "let package = Package(",
            "    name: \"\(Self.packageName)\",",
            "    platforms: [.macOS(.v13)],",
            "    targets: [",
        ]
        for module in included {
            // The candidate's tests link the process guard too, so it holds even when no hidden target is left to
            // bring it in; it declares nothing, so nothing of it can be called (the harness declares its writer).
            let linked = module.kind == .candidateTests ? module.dependencies + [Self.guardModule] : module.dependencies
            let dependencies = linked.filter(names.contains).map { "\"\($0)\"" }.joined(separator: ", ")
            let plain =
                module.kind == .library || module.kind == .support
                || (listingOwnTests && module.kind == .candidateTests)
            let resources = module.hasResources ? ", resources: [.process(\"Resources\")]" : ""
            lines.append(
                "        .\(plain ? "target" : "testTarget")(name: \"\(module.name)\", dependencies: [\(dependencies)], path: \"\(module.path)\"\(resources)),"
            )
        }
        if listingOwnTests {
            let own = included.filter { $0.kind == .candidateTests }.map { "\"\($0.name)\"" }.joined(separator: ", ")
            lines.append(
                "        .target(name: \"\(Self.ownTestListModule)\", dependencies: [\(own)], path: \"\(Self.ownTestListPath)\"),"
            )
            lines.append(
                "        .testTarget(name: \"\(Self.ownTestsLinkModule)\", dependencies: [\"\(Self.ownTestListModule)\"], path: \"\(Self.ownTestsLinkPath)\"),"
            )
        }
        lines.append("    ]")
        lines.append(")")
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Builds a `GradingPackage` folder from a submission's private copy and the exercise's hidden suite.
public struct GradingPackageWriter: Sendable {
    public let kit: Kit
    public let rubric: Rubric
    /// Qualifies the hidden files' XCTest and support names by module; nil on toolchains without module selectors.
    public var qualifier: HiddenSourceQualifier?

    public init(kit: Kit, rubric: Rubric, qualifier: HiddenSourceQualifier? = nil) {
        self.kit = kit
        self.rubric = rubric
        self.qualifier = qualifier
    }

    /// A writer that qualifies hidden names when the toolchain understands module selectors.
    public static func qualifying(kit: Kit, rubric: Rubric, moduleSelectors: Bool) -> GradingPackageWriter {
        guard moduleSelectors else { return GradingPackageWriter(kit: kit, rubric: rubric) }
        let support = SourceTree(scanning: kit.testSupport)
        let texts = support.swiftFiles.compactMap { support.text(of: $0) }
        return GradingPackageWriter(
            kit: kit, rubric: rubric,
            qualifier: HiddenSourceQualifier(supportNames: HiddenSourceQualifier.publicNames(in: texts)))
    }

    /// Lays out the package at `destination` from the submission at `submission` (already a private copy).
    public func write(
        submission: SourceTree, suite: HiddenSuite, to destination: URL, combineHidden: Bool = true
    ) throws -> GradingPackage {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        var written: Set<String> = ["Package.swift"]
        var notes: [String] = []
        func copy(_ source: URL, to relative: String) throws {
            written.insert(relative)
            try Self.copyIfChanged(source, to: destination.appendingPathComponent(relative))
        }
        /// Candidate Swift files go in as UTF-8: Latin-1 bytes (an old editor's) are converted, with a note.
        func copySource(_ path: String, to relative: String) throws {
            written.insert(relative)
            let data = try Data(contentsOf: submission.url(of: path))
            var contents = data
            if path.hasSuffix(".swift"), String(data: data, encoding: .utf8) == nil,
                let text = SourceTree.decodeText(data)
            {
                contents = Data(text.utf8)
                notes.append("\(path): not UTF-8; read as ISO-8859-1 and converted for the build")
            }
            try Self.writeIfChanged(contents, to: destination.appendingPathComponent(relative))
        }
        var modules: [GradingPackage.Module] = []

        // The candidate's modules: Sources/<X> and Tests/<X>, or, for a project without that layout, every
        // Swift file outside test folders as the rubric's first module.
        let layout = CandidateLayout(tree: submission, fallbackModule: rubric.modules.first ?? "App")
        notes += layout.notes
        var groups: [CandidateLayout.Group] = []
        for group in layout.libraries + layout.tests {
            if Self.isReserved(group.name) {
                notes.append(
                    "\(group.isTest ? "Tests" : "Sources")/\(group.name): named like one of the grader's own modules; left out of the build"
                )
            } else {
                groups.append(group)
            }
        }
        let candidateNames = Set(groups.filter { !$0.isTest }.map(\.name))
        for group in groups {
            let folder = (group.isTest ? "Tests/" : "Sources/") + group.name
            for file in group.files {
                try copySource(file.source, to: folder + "/" + file.relative)
            }
            let imports = group.files.reduce(into: Set<String>()) {
                $0.formUnion(Self.imports(in: submission.text(of: $1.source) ?? ""))
            }
            let dependencies = imports.intersection(candidateNames).subtracting([group.name]).sorted()
            modules.append(
                .init(
                    name: group.name, kind: group.isTest ? .candidateTests : .library, path: folder,
                    dependencies: dependencies, requirement: nil, hasResources: group.hasResources))
        }

        // The shared support modules and one hidden target per requirement.
        func addSupport(_ name: String, from folder: URL, dependencies: [String], kept: (String) -> Bool) throws {
            let tree = SourceTree(scanning: folder)
            for path in tree.files where kept(path) {
                try copy(tree.url(of: path), to: "Hidden/\(name)/\(path)")
            }
            modules.append(.init(name: name, kind: .support, path: "Hidden/\(name)", dependencies: dependencies))
        }
        let cSource = { (path: String) in path.hasSuffix(".c") || path.hasSuffix(".h") }
        try addSupport(GradingPackage.guardModule, from: kit.processGuard, dependencies: [], kept: cSource)
        try addSupport(
            GradingPackage.bootModule, from: kit.harnessBoot, dependencies: [GradingPackage.guardModule], kept: cSource)
        try addSupport(
            GradingPackage.supportModule, from: kit.testSupport, dependencies: [GradingPackage.bootModule],
            kept: { $0.hasSuffix(".swift") })
        // The entry point and the own tests' list are the builder's to write (ListedOwnTests): kept here, so an
        // unchanged one keeps its date.
        var testMain: URL?
        var testMainTemplate: String?
        #if os(Linux)
            let main = kit.testMain.appendingPathComponent("GraderTestMain.swift")
            if let template = try? String(contentsOf: main, encoding: .utf8) {
                written.insert(GradingPackage.testMainPath)
                written.insert(GradingPackage.ownTestListFile)
                testMain = destination.appendingPathComponent(GradingPackage.testMainPath)
                testMainTemplate = template
                written.insert(GradingPackage.ownTestsLinkFile)
                try Self.writeIfChanged(
                    Data("// Links the candidate's own tests into the test binary (ListedOwnTests).\n".utf8),
                    to: destination.appendingPathComponent(GradingPackage.ownTestsLinkFile))
            }
        #endif
        let hiddenDependencies = rubric.modules + [GradingPackage.supportModule]
        let hiddenTargets: [(target: String, requirement: String?, files: [URL])] =
            combineHidden
            ? [(GradingPackage.combinedHiddenModule, nil, suite.requirements.flatMap(\.files))]
            : suite.requirements.map { (GradingPackage.splitHiddenModule($0.id), $0.id, $0.files) }
        for (target, requirement, files) in hiddenTargets {
            for file in files + suite.sharedFiles {
                let relative = "Hidden/\(target)/\(file.lastPathComponent)"
                if let qualifier {
                    written.insert(relative)
                    let text = try String(contentsOf: file, encoding: .utf8)
                    try Self.writeIfChanged(
                        Data(qualifier.qualify(text).utf8), to: destination.appendingPathComponent(relative))
                } else {
                    try copy(file, to: relative)
                }
            }
            modules.append(
                .init(
                    name: target, kind: .hidden, path: "Hidden/\(target)", dependencies: hiddenDependencies,
                    requirement: requirement))
        }
        // A reused folder keeps unchanged files (and so a warm build); what the last submission left goes.
        for stale in SourceTree(scanning: destination).files where !written.contains(stale) {
            try? manager.removeItem(at: destination.appendingPathComponent(stale))
        }
        var package = GradingPackage(folder: destination, modules: modules, notes: notes)
        package.testMain = testMain
        package.testMainTemplate = testMainTemplate
        return package
    }

    /// Copies `source` unless `destination` already holds the same bytes, so unchanged files keep their dates.
    static func copyIfChanged(_ source: URL, to destination: URL) throws {
        try writeIfChanged(try Data(contentsOf: source), to: destination)
    }

    static func writeIfChanged(_ data: Data, to destination: URL) throws {
        if let existing = try? Data(contentsOf: destination), existing == data { return }
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: destination)
    }

    /// Module names the grader's package uses itself: a candidate module of that name would take its place.
    static func isReserved(_ name: String) -> Bool {
        ([
            GradingPackage.supportModule, GradingPackage.bootModule, GradingPackage.guardModule,
            GradingPackage.combinedHiddenModule, GradingPackage.ownTestsLinkModule, GradingPackage.ownTestListModule,
            "XCTest",
            "Testing",
        ] + GradingPackage.testProductModules)
        .contains(name) || (name.hasPrefix("Hidden") && name.count > 6)
    }

    /// The module names a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(in text: String) -> Set<String> {
        SwiftSource(path: "Imports.swift", text: text).imports
    }
}
