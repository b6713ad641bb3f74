import Foundation
import GraderCore
import XCTest

@testable import GraderKit

/// The grader lists the candidate's own XCTest tests itself (Linux): a guess from the source, then the compiler's
/// index merged as SwiftPM's discovery merges it. What XCTest runs must be what SwiftPM's discovery would have
/// given it, for every shape of test class.
final class ListedOwnTestsTests: XCTestCase {
    private typealias Class = ListedOwnTests.TestClass
    private typealias Method = ListedOwnTests.Method

    /// A library, two own test modules and the hidden suite, laid out nowhere.
    private static let package = GradingPackage(
        folder: URL(fileURLWithPath: "/tmp/p"),
        modules: [
            .init(name: "App", kind: .library, path: "Sources/App", dependencies: []),
            .init(name: "AppTests", kind: .candidateTests, path: "Tests/AppTests", dependencies: ["App"]),
            .init(name: "MoreTests", kind: .candidateTests, path: "Tests/MoreTests", dependencies: ["App"]),
            .init(name: "HiddenSuite", kind: .hidden, path: "Hidden/HiddenSuite", dependencies: ["App"]),
        ], notes: [])

    // MARK: - The index's marks, merged as SwiftPM merges them

    func testInheritedTestsJoinASubclassWithTestsOfItsOwnAndItsOwnWinByName() throws {
        let facts = [
            "D\tAppTests\tBaseTests\t0", "D\tAppTests\tDerivedTests\t0", "D\tAppTests\tEmptyTests\t0",
            "C\tAppTests\tDerivedTests\tBaseTests",
            "M\tAppTests\tBaseTests\ttestShared()\t0",
            "M\tAppTests\tBaseTests\ttestBase()\t0",
            "M\tAppTests\tDerivedTests\ttestShared()\t1",
            "M\tAppTests\tDerivedTests\ttestDerived()\t0",
            // A subclass without tests of its own is not listed (SwiftPM lists classes with test methods only).
            "C\tAppTests\tEmptyTests\tBaseTests",
        ].joined(separator: "\n")
        let listed = try XCTUnwrap(ListedOwnTests.fromIndex(facts))
        XCTAssertEqual(
            listed.ids,
            [
                "AppTests.BaseTests/testBase", "AppTests.BaseTests/testShared", "AppTests.DerivedTests/testBase",
                "AppTests.DerivedTests/testDerived", "AppTests.DerivedTests/testShared",
            ])
        let derived = try XCTUnwrap(listed.classes.first { $0.name == "DerivedTests" })
        XCTAssertEqual(derived.methods.first { $0.name == "testShared" }?.isAsync, true)
    }

    func testInheritanceStopsAtTheModule() throws {
        let facts = [
            "D\tA\tBaseTests\t0", "D\tB\tDerivedTests\t0", "C\tB\tDerivedTests\tBaseTests",
            "M\tA\tBaseTests\ttestA()\t0",
            "M\tB\tDerivedTests\ttestB()\t0",
        ].joined(separator: "\n")
        XCTAssertEqual(
            try XCTUnwrap(ListedOwnTests.fromIndex(facts)).ids, ["A.BaseTests/testA", "B.DerivedTests/testB"])
    }

    /// XCTest runs a test by its class's own module and name: a class defined inside another type, or defined in
    /// another module and given tests by an extension here, would be listed under a name XCTest does not know
    /// (and a run of no test passes). Those are left to SwiftPM's way.
    func testATestClassTheModuleDoesNotDefineAtItsTopLevelIsNotListed() {
        let method = "M\tAppTests\tInnerTests\ttestA()\t0"
        XCTAssertNil(ListedOwnTests.fromIndex("D\tAppTests\tInnerTests\t1\n" + method), "nested")
        XCTAssertNil(ListedOwnTests.fromIndex("D\tOtherTests\tInnerTests\t0\n" + method), "another module's")
        XCTAssertNil(
            ListedOwnTests.fromIndex("D\tAppTests\tInnerTests\t0\nD\tAppTests\tInnerTests\t1\n" + method), "both")
        XCTAssertEqual(
            ListedOwnTests.fromIndex("D\tAppTests\tInnerTests\t0\n" + method)?.ids, ["AppTests.InnerTests/testA"])
    }

    func testALineThatDoesNotParseListsNothing() {
        XCTAssertNil(ListedOwnTests.fromIndex("M\tA\tTests\ttestA()"))
        XCTAssertNil(ListedOwnTests.fromIndex("M\tA\tTests\ttestA()\tyes"))
        XCTAssertNil(ListedOwnTests.fromIndex("X\tA\tB\tC"))
        XCTAssertNil(ListedOwnTests.fromIndex("D\tA\tB\t2"))
        XCTAssertEqual(ListedOwnTests.fromIndex("")?.ids, [])
    }

    // MARK: - The guess from the source

    func testTheGuessReadsClassesAndExtensionsWithAsyncAndLeavesHiddenMethodsOut() {
        let text = """
            import XCTest
            final class ScreenTests: XCTestCase {
                func testLoads() {}
                func testWaits() async throws {}
                private func testHelper() {}
                static func testStatic() {}
                func testWithArgument(_ value: Int) {}
                func helper() {}
            }
            extension ScreenTests {
                func testFromAnExtension() throws {}
            }
            """
        let guess = ListedOwnTests.guess(["AppTests": [text]])
        XCTAssertEqual(
            guess.ids,
            [
                "AppTests.ScreenTests/testFromAnExtension", "AppTests.ScreenTests/testLoads",
                "AppTests.ScreenTests/testWaits",
            ])
        XCTAssertEqual(guess.classes.first?.methods.filter(\.isAsync).map(\.name), ["testWaits"])
    }

    // MARK: - The entry point

    func testTheListIsItsOwnModuleAndTheEntryPointImportsNoCandidateModule() throws {
        let listed = ListedOwnTests([
            Class(module: "ATests", name: "Shared", methods: [Method(name: "testA", isAsync: true)]),
            Class(module: "BTests", name: "Shared", methods: [Method(name: "testB", isAsync: false)]),
            Class(module: "BTests", name: "Only", methods: [Method(name: "testC", isAsync: false)]),
        ])
        let list = try XCTUnwrap(listed.listModule(importing: ["BTests", "ATests", "CTests"]))
        XCTAssertTrue(
            list.contains("@testable import ATests\n@testable import BTests\n@testable import CTests\n"), list)
        XCTAssertTrue(list.contains("fileprivate extension ATests.Shared {"), list)
        XCTAssertTrue(list.contains("fileprivate extension Only {"), list)
        XCTAssertTrue(list.contains("(\"testA\", asyncTest(testA)),"), list)
        XCTAssertTrue(list.contains("(\"testB\", testB),"), list)
        XCTAssertTrue(
            list.contains(
                "@_silgen_name(\"grader_own_tests_list\")\npublic func graderOwnTests() -> [XCTestCaseEntry] {"),
            list)
        XCTAssertEqual(list.components(separatedBy: "        testCase(").count, 4, list)

        let template =
            "import XCTest\n\nstruct Main {\n    static func main() {\n        XCTMain(selected(__allDiscoveredTests())) as Never\n    }\n}\n"
        let main = try XCTUnwrap(ListedOwnTests.entryPoint(kitMain: template))
        XCTAssertTrue(
            main.contains(
                "if getenv(\"GRADER_OWN_TESTS\") != nil { XCTMain(selected(graderOwnTests())) as Never }\n        XCTMain(selected(__allDiscoveredTests())) as Never"
            ), main)
        XCTAssertTrue(
            main.hasSuffix(
                "import Foundation\n\n@_silgen_name(\"grader_own_tests_list\")\nprivate func graderOwnTests() -> [XCTestCaseEntry]\n"
            ),
            main)
        XCTAssertFalse(main.contains("ATests") || main.contains("@testable"), main)
    }

    func testNamesThatAreNotPlainIdentifiersAndTemplatesWithoutTheCallAreLeftToSwiftPM() {
        let raw = ListedOwnTests([
            Class(module: "A", name: "T", methods: [Method(name: "test\"), x(), (\"", isAsync: false)])
        ])
        XCTAssertNil(raw.listModule(importing: ["A"]))
        XCTAssertNil(ListedOwnTests([]).listModule(importing: ["App-Tests"]))
        XCTAssertNotNil(ListedOwnTests([]).listModule(importing: ["AppTests"]))
        XCTAssertNil(ListedOwnTests.entryPoint(kitMain: "XCTMain(tests)"))
        XCTAssertNotNil(ListedOwnTests.entryPoint(kitMain: "XCTMain(selected(__allDiscoveredTests())) as Never\n"))
        XCTAssertNil(ListedOwnTests.entryPoint(kitMain: "XCTMain(__allDiscoveredTests()) as Never\n"))
    }

    func testTheManifestMakesOwnTestsPlainTargetsLinkedThroughOneTestTarget() {
        let package = Self.package
        let listed = package.manifest(excluding: ["MoreTests"], listingOwnTests: true)
        XCTAssertTrue(listed.contains(".target(name: \"AppTests\""), listed)
        XCTAssertTrue(listed.contains(".testTarget(name: \"HiddenSuite\""), listed)
        XCTAssertTrue(
            listed.contains(
                ".target(name: \"GraderOwnTestList\", dependencies: [\"AppTests\"], path: \"Hidden/GraderOwnTestList\")"
            ),
            listed)
        XCTAssertTrue(
            listed.contains(
                ".testTarget(name: \"GraderOwnTests\", dependencies: [\"GraderOwnTestList\"], path: \"Hidden/GraderOwnTests\")"
            ), listed)
        let discovered = package.manifest(excluding: ["MoreTests"])
        XCTAssertTrue(discovered.contains(".testTarget(name: \"AppTests\""), discovered)
        XCTAssertFalse(discovered.contains("GraderOwnTest"), discovered)
    }

    func testAnErrorInSwiftPMsListOfAnOwnTestModuleBlamesThatModule() {
        let package = Self.package
        let derived = "/s/x86_64-unknown-linux-gnu/debug/GradedPackageDiscoveredTests.derived/"
        XCTAssertEqual(Builder.discoveredModule(derived + "AppTests.swift", in: package), "AppTests")
        XCTAssertNil(Builder.discoveredModule(derived + "App.swift", in: package), "not a test module")
        XCTAssertNil(Builder.discoveredModule(derived + "all-discovered-tests.swift", in: package))
        XCTAssertNil(Builder.discoveredModule("Tests/AppTests/AppTests.swift", in: package))
    }

    // MARK: - Built: the same tests as SwiftPM's discovery

    /// Test classes of every shape SwiftPM's discovery knows: inherited tests (which the guess misses, so the
    /// index's list replaces it), extensions, `async`, a helper class that is no test case and a test compiled out
    /// (the guessed list does not compile; the index tells), a private class, a class named like the entry
    /// point's type; and shapes left to SwiftPM's way (tests added to another module's class, a `main.swift`, a
    /// nested class, whose own tests SwiftPM cannot list and which cost only those).
    /// Each way runs exactly the tests SwiftPM's discovery does.
    func testTheListedTestsAreTheTestsSwiftPMDiscovers() throws {
        #if !os(Linux)
            throw XCTSkip("the grader lists own tests only where SwiftPM discovers them from the index (Linux)")
        #else
            let kit = try FixtureKit()
            defer { kit.remove() }
            let shapes = """
                import Counter
                import XCTest

                class BaseTests: XCTestCase {
                    func testStartsAtZero() { XCTAssertEqual(Counter().value, 0) }
                }

                final class DerivedTests: BaseTests {
                    func testIncrements() {
                        var counter = Counter()
                        counter.increment()
                        XCTAssertEqual(counter.value, 1)
                    }
                }

                extension DerivedTests {
                    func testFromAnExtension() {}
                }

                final class AsyncTests: XCTestCase {
                    func testAwaits() async throws { await Task.yield() }
                }

                final class NotATestCase {
                    func testLooksLikeATest() {}
                }

                #if false
                    final class CompiledOutTests: XCTestCase {
                        func testNever() {}
                    }
                #endif
                """
            // A class named like the entry point's own type, and a private class (SwiftPM's discovery cannot reach
            // it from its own module, and the index does not mark it).
            let odd = """
                import XCTest

                final class GraderTestMain: XCTestCase {
                    func testNamedLikeTheEntryPoint() {}
                }

                private final class PrivateTests: XCTestCase {
                    func testUnreachable() {}
                }
                """
            // Tests added by an extension to a class of another module: XCTest runs them under that module's
            // name, which the index does not give, so they are left to SwiftPM's way (whose listing has them
            // under the library's name, not the own tests').
            let library = """
                import XCTest

                open class LibraryCase: XCTestCase {}
                """
            let extended = """
                import Shared
                import XCTest

                typealias LibraryCase = Shared.LibraryCase

                extension LibraryCase {
                    func testAddedToTheLibrarysClass() { XCTFail("never passes") }
                }
                """
            // A nested test class: SwiftPM's own list of the module does not compile (it names the class without
            // its outer type), and the list cannot name it as XCTest runs it. The own tests are lost, not the
            // submission.
            let nested = """
                import XCTest

                enum Outer {
                    final class InnerTests: XCTestCase {
                        func testInner() {}
                    }
                }
                """
            // A test folder with a `main.swift` holding top-level code: a test target refuses it.
            let main = "import XCTest\n\nprint(\"top-level code\")\n"
            let expected = [
                "CounterTests.AsyncTests/testAwaits", "CounterTests.BaseTests/testStartsAtZero",
                "CounterTests.DerivedTests/testFromAnExtension", "CounterTests.DerivedTests/testIncrements",
                "CounterTests.DerivedTests/testStartsAtZero", "CounterTests.GraderTestMain/testNamedLikeTheEntryPoint",
            ]
            for (name, extra, runs, listedByTheGrader) in [
                ("shapes", [String: String](), expected, true),
                (
                    "extended",
                    ["Sources/Shared/Library.swift": library, "Tests/CounterTests/Extended.swift": extended],
                    expected, false
                ),
                ("main", ["Tests/CounterTests/main.swift": main], [], false),
                ("nested", ["Tests/CounterTests/Nested.swift": nested], [], false),
            ] {
                let files = [
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
                    "Tests/CounterTests/Shapes.swift": shapes, "Tests/CounterTests/Odd.swift": odd,
                ].merging(extra) { own, _ in own }
                let listed = try build(name + "-listed", files: files, kit: kit, listing: true)
                let discovered = try build(name + "-discovered", files: files, kit: kit, listing: false)
                XCTAssertEqual(discovered.run, runs, name)
                XCTAssertEqual(listed.run, discovered.run, "\(name): the binary runs what SwiftPM discovers")
                XCTAssertEqual(listed.ids, listedByTheGrader ? discovered.run : nil, name)
                XCTAssertNil(discovered.ids, name)
            }
        #endif
    }

    /// Builds `files` as a submission of the fixture kit's exercise, the grader listing the own tests or not: the
    /// ids the build listed, and the own tests the built binary lists.
    private func build(_ name: String, files: [String: String], kit: FixtureKit, listing: Bool) throws
        -> (ids: [String]?, run: [String])
    {
        let fixture = try FixtureSubmission(
            name, files: files.merging(["exercise.json": FixtureSubmission.manifest]) { own, _ in own }, git: false)
        defer { fixture.remove() }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("grader-listed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let identified = try IdentifyStage(kit: kit.kit, loader: SubmissionLoader(), exercise: nil).run(
            fixture.root.path, work: work.appendingPathComponent("work"))
        let environment = Checker(kit: kit.kit, options: CheckOptions(), analyzers: .none).prepareEnvironment()
        var stage = BuildStage(
            kit: kit.kit, runner: .live, environment: environment, timeout: 600, limits: ResourceLimits())
        stage.listsOwnTests = listing
        let built = try stage.run(
            identified, suite: try HiddenSuite(kit: kit.kit, rubric: identified.rubric),
            slot: work.appendingPathComponent("slot"))
        let binary = try XCTUnwrap(built.outcome.testBinary, "\(name): \(built.notes)")
        // Linked by the toolchain's lld wherever it has one (Builder.linksWithLLD), which says so in the binary.
        let linkedByLLD = try Data(contentsOf: binary).range(of: Data("Linker: LLD".utf8)) != nil
        XCTAssertEqual(linkedByLLD, Builder.toolchainHasLLD(swift: "swift"), name)
        let listed = try ProcessRunner.live(
            ProcessRequest(
                binary.path, ["--list-tests"],
                environment: ["LLVM_PROFILE_FILE": "/dev/null", ListedOwnTests.ownTestsVariable: "1"]))
        XCTAssertTrue(listed.succeeded, "\(name): \(listed.stderr)")
        let own = listed.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("CounterTests.") }.sorted()
        return (built.outcome.ownTestIDs?.sorted(), own)
    }
}
