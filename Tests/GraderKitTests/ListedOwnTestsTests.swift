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

    // MARK: - The index's marks, merged as SwiftPM merges them

    func testInheritedTestsJoinASubclassWithTestsOfItsOwnAndItsOwnWinByName() throws {
        let facts = [
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
        let facts = "C\tB\tDerivedTests\tBaseTests\nM\tA\tBaseTests\ttestA()\t0\nM\tB\tDerivedTests\ttestB()\t0"
        XCTAssertEqual(
            try XCTUnwrap(ListedOwnTests.fromIndex(facts)).ids, ["A.BaseTests/testA", "B.DerivedTests/testB"])
    }

    func testALineThatDoesNotParseListsNothing() {
        XCTAssertNil(ListedOwnTests.fromIndex("M\tA\tTests\ttestA()"))
        XCTAssertNil(ListedOwnTests.fromIndex("M\tA\tTests\ttestA()\tyes"))
        XCTAssertNil(ListedOwnTests.fromIndex("X\tA\tB\tC"))
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

    func testTheEntryPointAddsTheListToTheKitsCallAndQualifiesSharedClassNames() throws {
        let template = "import XCTest\n\nXCTMain(__allDiscoveredTests()) as Never\n"
        let listed = ListedOwnTests([
            Class(module: "ATests", name: "Shared", methods: [Method(name: "testA", isAsync: true)]),
            Class(module: "BTests", name: "Shared", methods: [Method(name: "testB", isAsync: false)]),
            Class(module: "BTests", name: "Only", methods: [Method(name: "testC", isAsync: false)]),
        ])
        let text = try XCTUnwrap(listed.entryPoint(kitMain: template))
        XCTAssertTrue(text.contains("XCTMain(__allDiscoveredTests() + graderOwnTests) as Never"), text)
        XCTAssertTrue(text.contains("@testable import ATests\n@testable import BTests\n"), text)
        XCTAssertTrue(text.contains("fileprivate extension ATests.Shared {"), text)
        XCTAssertTrue(text.contains("fileprivate extension Only {"), text)
        XCTAssertTrue(text.contains("(\"testA\", asyncTest(testA)),"), text)
        XCTAssertTrue(text.contains("(\"testB\", testB),"), text)
        XCTAssertEqual(text.components(separatedBy: "    testCase(").count, 4, text)
    }

    func testNamesThatAreNotPlainIdentifiersAndTemplatesWithoutTheCallAreLeftToSwiftPM() {
        let template = "XCTMain(__allDiscoveredTests()) as Never\n"
        let raw = ListedOwnTests([
            Class(module: "A", name: "T", methods: [Method(name: "test\"), x(), (\"", isAsync: false)])
        ])
        XCTAssertNil(raw.entryPoint(kitMain: template))
        let dashed = ListedOwnTests([
            Class(module: "App-Tests", name: "T", methods: [Method(name: "testA", isAsync: false)])
        ])
        XCTAssertNil(dashed.entryPoint(kitMain: template))
        XCTAssertNil(ListedOwnTests([]).entryPoint(kitMain: "XCTMain(tests)"))
        XCTAssertNotNil(ListedOwnTests([]).entryPoint(kitMain: template))
    }

    func testTheManifestMakesOwnTestsPlainTargetsLinkedThroughOneTestTarget() {
        let package = GradingPackage(
            folder: URL(fileURLWithPath: "/tmp/p"),
            modules: [
                .init(name: "App", kind: .library, path: "Sources/App", dependencies: []),
                .init(name: "AppTests", kind: .candidateTests, path: "Tests/AppTests", dependencies: ["App"]),
                .init(name: "MoreTests", kind: .candidateTests, path: "Tests/MoreTests", dependencies: ["App"]),
                .init(name: "HiddenSuite", kind: .hidden, path: "Hidden/HiddenSuite", dependencies: ["App"]),
            ], notes: [])
        let listed = package.manifest(excluding: ["MoreTests"], listingOwnTests: true)
        XCTAssertTrue(listed.contains(".target(name: \"AppTests\""), listed)
        XCTAssertTrue(listed.contains(".testTarget(name: \"HiddenSuite\""), listed)
        XCTAssertTrue(
            listed.contains(
                ".testTarget(name: \"GraderOwnTests\", dependencies: [\"AppTests\"], path: \"Hidden/GraderOwnTests\")"),
            listed)
        let discovered = package.manifest(excluding: ["MoreTests"])
        XCTAssertTrue(discovered.contains(".testTarget(name: \"AppTests\""), discovered)
        XCTAssertFalse(discovered.contains("GraderOwnTests"), discovered)
    }

    // MARK: - Built: the same tests as SwiftPM's discovery

    /// Test classes of every shape SwiftPM's discovery knows: inherited tests (which the guess misses, so the
    /// index's list replaces it), extensions, `async`, a helper class that is no test case and a test compiled out
    /// (the guessed entry point does not compile; the index tells), a private class, and a class named like the
    /// entry point's own type (the listed entry point never compiles, and the build goes back to SwiftPM's
    /// discovery). Each way runs exactly the tests SwiftPM's discovery does.
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
            let clashing = """
                import XCTest

                final class GraderTestMain: XCTestCase {
                    func testNamedLikeTheEntryPoint() {}
                }
                """
            // SwiftPM's discovery cannot reach a private class from its own module, and the index does not mark it.
            let privateClass = """
                import XCTest

                private final class PrivateTests: XCTestCase {
                    func testUnreachable() {}
                }
                """
            let expected = [
                "CounterTests.AsyncTests/testAwaits", "CounterTests.BaseTests/testStartsAtZero",
                "CounterTests.DerivedTests/testFromAnExtension", "CounterTests.DerivedTests/testIncrements",
                "CounterTests.DerivedTests/testStartsAtZero",
            ]
            for (name, extra, listedByTheGrader) in [
                ("shapes", [String: String](), true),
                ("clashing", ["Tests/CounterTests/Clash.swift": clashing], false),
                ("private", ["Tests/CounterTests/Private.swift": privateClass], true),
            ] {
                let files = [
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
                    "Tests/CounterTests/Shapes.swift": shapes,
                ].merging(extra) { own, _ in own }
                let listed = try build(name + "-listed", files: files, kit: kit, listing: true)
                let discovered = try build(name + "-discovered", files: files, kit: kit, listing: false)
                let clash = name == "clashing" ? ["CounterTests.GraderTestMain/testNamedLikeTheEntryPoint"] : []
                XCTAssertEqual(discovered.run, (expected + clash).sorted(), name)
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
        let listed = try ProcessRunner.live(
            ProcessRequest(binary.path, ["--list-tests"], environment: ["LLVM_PROFILE_FILE": "/dev/null"]))
        XCTAssertTrue(listed.succeeded, "\(name): \(listed.stderr)")
        let own = listed.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("CounterTests.") }.sorted()
        return (built.outcome.ownTestIDs?.sorted(), own)
    }
}
