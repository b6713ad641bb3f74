import Foundation
import GraderCore
import GraderKit
import XCTest

/// Issue 10: candidate code that tries to forge hidden-test results, outlive the check, write outside its
/// folders or stall the grader. Each fixture is named by the attack; each assertion fails without the defence
/// behind it (the loader-time request reader, one signed record per test, module-qualified assertions, the
/// sandbox, tree kills, the listing timeout).
final class TrustAttackTests: XCTestCase {
    private var fixtureKit: FixtureKit!
    private var cleanup: [URL] = []

    override func setUpWithError() throws {
        fixtureKit = try FixtureKit()
    }

    override func tearDown() {
        fixtureKit.remove()
        for url in cleanup { try? FileManager.default.removeItem(at: url) }
    }

    private func submission(_ name: String, _ files: [String: String]) throws -> FixtureSubmission {
        let fixture = try FixtureSubmission(
            name, files: files.merging(["exercise.json": FixtureSubmission.manifest]) { a, _ in a })
        cleanup.append(fixture.root)
        return fixture
    }

    private func checker(timeout: TimeInterval = 20, configure: (inout CheckOptions) -> Void = { _ in }) -> Checker {
        var options = CheckOptions()
        options.jobs = 2
        options.testTimeout = timeout
        configure(&options)
        return Checker(kit: fixtureKit.kit, options: options, analyzers: .none)
    }

    private func statuses(_ result: GradeResult, _ requirement: String) -> [TestResult.Status] {
        result.tests.filter { $0.requirement == requirement }.map(\.status)
    }

    /// Each test's message and the notes, for an assertion that fails to say what happened.
    private func messages(_ result: GradeResult) -> String {
        "\(result.tests.map { "\($0.name): \($0.message ?? "")" }) notes: \(result.notes)"
    }

    func testForgeriesNeverPassAndOrdinaryCodeStillDoes() throws {
        let marker = 86_400 + Int.random(in: 1_000..<900_000)
        let home = URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("grader-owned-\(UUID().uuidString)")
        let temporary = URL(fileURLWithPath: "/tmp").appendingPathComponent("grader-owned-\(UUID().uuidString)")
        let nextToHiddenTests = fixtureKit.root.appendingPathComponent("Rubrics/counter/Hidden/Owned\(marker).swift")
        cleanup += [home, temporary, nextToHiddenTests]
        let counter = "Sources/Counter/Counter.swift"
        let fixtures: [(String, [String: String])] = [
            (
                "forges-from-an-initializer",
                [
                    counter: FixtureSubmission.counter(
                        label: #"return "wrong""#, initBody: HostileFixtures.forgeFromInitializer)
                ]
            ),
            (
                "runs-a-fake-test-case",
                [
                    counter: FixtureSubmission.counter(
                        label: HostileFixtures.fakeTestCaseLabel, prelude: HostileFixtures.fakeTestCasePrelude)
                ]
            ),
            (
                "scans-memory-for-the-token",
                [
                    counter: FixtureSubmission.counter(
                        label: HostileFixtures.memoryScannerLabel, prelude: HostileFixtures.memoryScannerPrelude)
                ]
            ),
            (
                "overloads-xctassertequal",
                [
                    counter: FixtureSubmission.counter(
                        label: #"return "wrong""#, prelude: HostileFixtures.assertionOverloads)
                ]
            ),
            (
                "leaves-a-daemon",
                [counter: FixtureSubmission.counter(label: HostileFixtures.daemonLabel(marker: marker))]
            ),
            (
                "writes-outside-its-folder",
                [
                    counter: FixtureSubmission.counter(
                        label: HostileFixtures.writesOutsideLabel(paths: [
                            home.path, temporary.path, nextToHiddenTests.path,
                        ]))
                ]
            ),
            (
                "reflects-on-xctest-behind-backticks",
                [
                    counter: FixtureSubmission.counter(
                        label: HostileFixtures.reflectionLabel, prelude: HostileFixtures.reflectionPrelude)
                ]
            ),
            (
                "hides-behind-a-nested-main-swift",
                [
                    counter: FixtureSubmission.counter(label: HostileFixtures.exitingLabel),
                    "Sources/Counter/Legacy/main.swift": HostileFixtures.nestedMainFile,
                ]
            ),
            (
                "pads-a-file-past-one-megabyte",
                [
                    counter: FixtureSubmission.counter(label: HostileFixtures.exitingLabel)
                        + "\n" + String(repeating: "// padding\n", count: 100_000)
                ]
            ),
            ("honest", [counter: FixtureSubmission.counter()]),
        ]
        let submissions = try fixtures.map { try submission($0.0, $0.1) }

        let results = checker().check(submissions.map(\.root.path))
        let byName = Dictionary(uniqueKeysWithValues: zip(fixtures.map(\.0), results))

        #if os(Linux)
            let forged = try XCTUnwrap(byName["forges-from-an-initializer"])
            XCTAssertEqual(statuses(forged, "CT2"), [.fail, .fail, .fail], "code run before the test read the request")
            XCTAssertEqual(statuses(forged, "CT1"), [.pass, .pass, .pass], "inside the test the request is long gone")

            let fake = try XCTUnwrap(byName["runs-a-fake-test-case"])
            XCTAssertEqual(statuses(fake, "CT2"), [.error, .error, .error], "a fake test case was signed")

            let scanner = try XCTUnwrap(byName["scans-memory-for-the-token"])
            XCTAssertFalse(statuses(scanner, "CT2").contains(.pass), "a token found in memory forged a pass")
            XCTAssertEqual(scanner.tests.filter { $0.requirement == "CT2" }.compactMap(\.tampered), [true, true, true])
        #endif

        let overloads = try XCTUnwrap(byName["overloads-xctassertequal"])
        XCTAssertEqual(
            statuses(overloads, "CT2"), [.fail, .fail, .fail], "candidate overloads captured XCTAssertEqual")
        XCTAssertEqual(statuses(overloads, "CT1"), [.pass, .pass, .pass])

        for name in [
            "forges-from-an-initializer", "runs-a-fake-test-case", "scans-memory-for-the-token",
            "overloads-xctassertequal",
        ] {
            let result = try XCTUnwrap(byName[name])
            XCTAssertFalse(result.reviewReasons.isEmpty, "\(name) must need review")
            XCTAssertFalse(result.passed, name)
            XCTAssertTrue(
                result.criteria.filter { $0.kind == .tests }.allSatisfy { $0.status == .withheld && $0.score == 0 },
                name)
        }

        // Code that only misbehaves outside its tests gets the honest score of its tests, and needs review.
        let daemon = try XCTUnwrap(byName["leaves-a-daemon"])
        XCTAssertEqual(statuses(daemon, "CT2"), [.pass, .pass, .pass])
        XCTAssertEqual(ProcessProbe.running(matching: "sleep \(marker)"), [], "a process of the check outlived it")
        XCTAssertTrue(
            daemon.reviewReasons.contains { $0.contains("`Process` starts processes") }, "\(daemon.reviewReasons)")

        let outside = try XCTUnwrap(byName["writes-outside-its-folder"])
        XCTAssertEqual(statuses(outside, "CT2"), [.pass, .pass, .pass])
        if outside.isolation == Sandbox.Isolation.bubblewrap.rawValue {
            for url in [home, temporary, nextToHiddenTests] {
                XCTAssertFalse(
                    FileManager.default.fileExists(atPath: url.path), "the sandbox let a test write \(url.path)")
            }
        } else {
            XCTAssertTrue(outside.notes.contains { $0.contains("install bubblewrap") }, "\(outside.notes)")
        }

        let honest = try XCTUnwrap(byName["honest"])
        XCTAssertEqual(statuses(honest, "CT1") + statuses(honest, "CT2"), Array(repeating: .pass, count: 6))
        XCTAssertEqual(honest.reviewReasons, [])
        XCTAssertTrue(honest.passed)
    }

    /// Issue 14: hidden tests forked by the batch server get the results each would get in a sandbox of its
    /// own, whatever the tests before them left, crashed, hung or killed.
    func testABatchGivesEveryTestTheResultItGetsAlone() throws {
        #if os(Linux)
            let counter = "Sources/Counter/Counter.swift"
            let fixtures: [(String, [String: String])] = [
                ("leaves-state-behind", [counter: FixtureSubmission.counter(label: HostileFixtures.leavesStateLabel)]),
                (
                    "leaves-ipc-behind",
                    [
                        counter: FixtureSubmission.counter(
                            label: HostileFixtures.leavesIPCLabel, prelude: HostileFixtures.leavesIPCPrelude)
                    ]
                ),
                (
                    "crashes-and-hangs",
                    [counter: FixtureSubmission.counter(label: HostileFixtures.crashesAndHangsLabel)]
                ),
                ("kills-its-parent", [counter: FixtureSubmission.counter(label: HostileFixtures.killsItsParentLabel)]),
                ("passes-only-in-a-batch", [counter: FixtureSubmission.counter(label: HostileFixtures.parentLabel)]),
                (
                    "reads-the-sandboxs-init",
                    [counter: FixtureSubmission.counter(label: HostileFixtures.readsItsParentLabel)]
                ),
                (
                    "contends-for-a-global",
                    [
                        counter: FixtureSubmission.counter(
                            label: HostileFixtures.contendedGlobalLabel,
                            prelude: HostileFixtures.contendedGlobalPrelude)
                    ]
                ),
                ("honest", [counter: FixtureSubmission.counter()]),
                (
                    "leaves-marks-in-metadata",
                    [counter: FixtureSubmission.counter(label: HostileFixtures.leavesMarksInMetadataLabel)]
                ),
                (
                    "reads-earlier-outcomes",
                    [
                        counter: FixtureSubmission.counter(
                            label: HostileFixtures.readsEarlierOutcomesLabel,
                            prelude: HostileFixtures.readsEarlierOutcomesPrelude)
                    ]
                ),
                (
                    "starts-processes",
                    [
                        counter: FixtureSubmission.counter(label: HostileFixtures.startsProcessesLabel),
                        "Tests/CounterTests/ProcessTests.swift": HostileFixtures.ownTestThatForks,
                    ]
                ),
                (
                    "own-tests-that-pass-fail-and-crash",
                    [
                        counter: FixtureSubmission.counter(),
                        "Tests/CounterTests/CounterTests.swift": FixtureSubmission.ownXCTests,
                        "Tests/CounterTests/StartTests.swift": FixtureSubmission.ownSwiftTests,
                        "Tests/CounterTests/MoreTests.swift": HostileFixtures.failingAndCrashingOwnTests,
                    ]
                ),
            ]
            let submissions = try fixtures.map { try submission($0.0, $0.1) }
            let batched = checker(timeout: 3) { $0.batches = true }.check(submissions.map(\.root.path))
            let alone = checker(timeout: 3) { $0.batches = false }.check(submissions.map(\.root.path))
            guard batched.first?.isolation == Sandbox.Isolation.bubblewrap.rawValue else {
                XCTAssertTrue(batched.allSatisfy { $0.notes.contains { $0.contains("install bubblewrap") } })
                return
            }
            let names = fixtures.map(\.0)
            let batchedByName = Dictionary(uniqueKeysWithValues: zip(names, batched))
            let aloneByName = Dictionary(uniqueKeysWithValues: zip(names, alone))

            // The batch really ran: a test's parent was the server, not the sandbox's init.
            let inABatch = try XCTUnwrap(batchedByName["passes-only-in-a-batch"])
            let inASandboxOfItsOwn = try XCTUnwrap(aloneByName["passes-only-in-a-batch"])
            XCTAssertEqual(statuses(inABatch, "CT2"), [.pass, .pass, .pass])
            XCTAssertEqual(statuses(inASandboxOfItsOwn, "CT2"), [.fail, .fail, .fail])
            // The server, which holds every test's secrets, is the sandbox's init and not dumpable: no test reads
            // or traces it, and nothing a test takes over survives it.
            let reads = try XCTUnwrap(batchedByName["reads-the-sandboxs-init"])
            XCTAssertEqual(
                statuses(reads, "CT2"), [.fail, .fail, .fail],
                "a test read the sandbox's init: the server must be it, and not dumpable: \(messages(reads))")
            // Two threads meeting at a global's initializer in a forked test finish there, as they do alone.
            let contends = try XCTUnwrap(batchedByName["contends-for-a-global"])
            XCTAssertEqual(
                statuses(contends, "CT2"), [.pass, .pass, .pass],
                "a forked test hung where a process of its own does not: \(messages(contends))")

            let state = try XCTUnwrap(batchedByName["leaves-state-behind"])
            XCTAssertEqual(
                statuses(state, "CT2"), [.fail, .fail, .fail],
                "a test saw what an earlier one left: \(state.tests.map { $0.message ?? "" })")
            let metadata = try XCTUnwrap(batchedByName["leaves-marks-in-metadata"])
            XCTAssertEqual(
                statuses(metadata, "CT2"), [.fail, .fail, .fail],
                "a test saw the times or mode an earlier one gave /tmp: \(messages(metadata))")
            let ipc = try XCTUnwrap(batchedByName["leaves-ipc-behind"])
            XCTAssertEqual(
                statuses(ipc, "CT2"), [.fail, .fail, .fail],
                "a test saw an IPC object an earlier one made: \(ipc.tests.map { $0.message ?? "" })")
            let crashing = try XCTUnwrap(batchedByName["crashes-and-hangs"])
            XCTAssertEqual(statuses(crashing, "CT2"), [.error, .error, .pass])
            XCTAssertEqual(statuses(crashing, "CT1"), [.pass, .pass, .pass], "a crash or a hang spilled over")
            XCTAssertEqual(
                crashing.tests.first { $0.name.hasSuffix("singular") }?.message, "timed out after 3 s")
            // The server reports each outcome before the next test starts from its memory, and wipes it first.
            let reader = try XCTUnwrap(batchedByName["reads-earlier-outcomes"])
            XCTAssertFalse(
                reader.tests.contains { $0.message?.contains("leaked") == true },
                "a test found an earlier test's failure output in its memory: \(messages(reader))")
            let killer = try XCTUnwrap(batchedByName["kills-its-parent"])
            XCTAssertEqual(statuses(killer, "CT1") + statuses(killer, "CT2"), Array(repeating: .pass, count: 6))

            let differ: Set = ["passes-only-in-a-batch", "contends-for-a-global", "reads-the-sandboxs-init"]
            for name in names where !differ.contains(name) {
                let (one, other) = (try XCTUnwrap(batchedByName[name]), try XCTUnwrap(aloneByName[name]))
                XCTAssertEqual(one.tests.map(\.status), other.tests.map(\.status), name)
                XCTAssertEqual(one.tests.map(\.message), other.tests.map(\.message), name)
                XCTAssertEqual(one.tests.map(\.tampered), other.tests.map(\.tampered), name)
                XCTAssertEqual(one.score, other.score, name)
                XCTAssertEqual(one.reviewReasons, other.reviewReasons, name)
                XCTAssertEqual(one.ownTests, other.ownTests, name)
            }
            // Hidden and own tests may start threads but no process, in a batch and alone.
            let forks = try XCTUnwrap(batchedByName["starts-processes"])
            XCTAssertEqual(
                statuses(forks, "CT2"), [.pass, .pass, .pass], "a test started a process: \(messages(forks))")
            XCTAssertEqual(forks.ownTests.map { [$0.total, $0.passed] }, [1, 1], "an own test forked")
            let own = try XCTUnwrap(batchedByName["own-tests-that-pass-fail-and-crash"]?.ownTests)
            XCTAssertEqual([own.total, own.passed, own.failed], [4, 2, 2])
            XCTAssertNotNil(own.lineCoverage)
            XCTAssertEqual(ProcessProbe.running(matching: "grader-late"), [], "a process of a test outlived the check")
        #endif
    }

    /// Issue 14: where the build listed the own tests, they run in the hidden tests' lanes (SharedLanes). Each kind
    /// still gets what it gets alone: the own tests' variable reaches the own tests (else XCTest would run none of
    /// them and count that as a pass) and no hidden test, and their outcomes are those of a process each.
    func testHiddenAndOwnTestsShareTheirLanesAndGetWhatTheyGetAlone() throws {
        #if os(Linux)
            let fixture = try submission(
                "shares-lanes",
                [
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(
                        label: HostileFixtures.seesTheOwnTestsVariableLabel),
                    "Tests/CounterTests/CounterTests.swift": FixtureSubmission.ownXCTests,
                    "Tests/CounterTests/MoreTests.swift": HostileFixtures.failingAndCrashingOwnTests,
                ])
            let servers = ProcessCount()
            var shared = checker(timeout: 3)
            shared.runner = ProcessRunner { request in
                if request.environment["GRADER_BATCH_FOLDER"] != nil { servers.increment() }
                return try ProcessRunner.live(request)
            }
            let together = try XCTUnwrap(shared.check([fixture.root.path]).first)
            let alone = try XCTUnwrap(checker(timeout: 3) { $0.batches = false }.check([fixture.root.path]).first)
            guard together.isolation == Sandbox.Isolation.bubblewrap.rawValue else {
                XCTAssertTrue(together.notes.contains { $0.contains("install bubblewrap") })
                return
            }
            XCTAssertEqual(servers.value, 2, "one set of lanes (--jobs 2) for both kinds: \(messages(together))")
            XCTAssertEqual(
                statuses(together, "CT2"), [.fail, .fail, .fail], "a hidden test got the own tests' variable")
            let own = try XCTUnwrap(together.ownTests)
            XCTAssertEqual([own.total, own.passed, own.failed], [3, 1, 2], "the own tests ran as own tests")
            XCTAssertNotNil(own.lineCoverage)
            XCTAssertEqual(together.tests.map(\.status), alone.tests.map(\.status))
            XCTAssertEqual(together.tests.map(\.message), alone.tests.map(\.message))
            XCTAssertEqual(together.ownTests, alone.ownTests)
            XCTAssertEqual(together.score, alone.score)

            // Nothing a test writes outlives it, not even where the own tests' profiles are collected: a red team
            // passed hidden tests with a mark left there while the shared lanes could write that folder.
            let marking = try submission(
                "marks-where-profiles-go",
                [
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(
                        label: HostileFixtures.marksWhereProfilesGoLabel),
                    "Tests/CounterTests/CounterTests.swift": FixtureSubmission.ownXCTests,
                ])
            let marked = try XCTUnwrap(checker(timeout: 3).check([marking.root.path]).first)
            let markedAlone = try XCTUnwrap(
                checker(timeout: 3) { $0.batches = false }.check([marking.root.path]).first)
            XCTAssertEqual(statuses(marked, "CT2"), [.fail, .fail, .fail], "a test saw a mark: \(messages(marked))")
            XCTAssertEqual(marked.tests.map(\.status), markedAlone.tests.map(\.status))
            XCTAssertEqual(marked.ownTests.map { [$0.total, $0.passed] }, [1, 1])
            XCTAssertNotNil(marked.ownTests?.lineCoverage, "the profile came back with the own test's outcome")
        #endif
    }

    /// An own test XCTest cannot reach by the name it is listed under (a class nested in another type, extended
    /// through a typealias) runs nothing, and its process exits 0: that is not a pass, in a batch or alone.
    func testAnOwnTestThatNeverRunsIsNotAPass() throws {
        let nested = """
            import XCTest

            enum Outer {
                final class InnerTests: XCTestCase {}
            }

            typealias InnerTests = Outer.InnerTests

            extension InnerTests {
                func testNeverRunsButWouldFail() { XCTFail("fails whenever it runs") }
            }
            """
        let fixture = try submission(
            "own-test-that-never-runs",
            [
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
                "Tests/CounterTests/CounterTests.swift": FixtureSubmission.ownXCTests,
                "Tests/CounterTests/NestedTests.swift": nested,
            ])
        for batches in [true, false] {
            let result = try XCTUnwrap(checker { $0.batches = batches }.check([fixture.root.path]).first)
            let own = try XCTUnwrap(result.ownTests, "batches \(batches): \(result.notes)")
            XCTAssertEqual([own.total, own.passed, own.failed], [2, 1, 1], "batches \(batches)")
        }
    }

    func testABuildOverItsTimeoutStopsWithEveryCompilerJob() throws {
        let fixture = try submission("slow-build", ["Sources/Counter/Counter.swift": FixtureSubmission.counter()])
        let result = try XCTUnwrap(checker { $0.buildTimeout = 1 }.check([fixture.root.path]).first)
        XCTAssertTrue(result.notes.contains("the build took longer than 1 s and was stopped"), "\(result.notes)")
        XCTAssertEqual(statuses(result, "CT1"), [.error, .error, .error])
        // The build cache of this process's checks holds every compiler job's paths.
        XCTAssertEqual(
            ProcessProbe.running(matching: "grader-build-\(getpid())-"), [], "compiler jobs outlived the check")
    }

    /// Where the grader lists the own tests (ListedOwnTests), no declaration of the candidate's may take part in
    /// how the hidden tests are found. The red team's attack: an own test file declaring `+` for lists of test
    /// cases, which the entry point used when it imported the own modules to add their list to the hidden one: the
    /// hidden tests ran as empty closures, and every failing one passed. Here with the same operator as a static
    /// member too, and `+=` (members reach further than imports), and a `testCase` of its own.
    func testNothingAnOwnTestDeclaresChangesHowHiddenTestsRun() throws {
        let hijack = """
            import XCTest

            private func emptied(_ entries: [XCTestCaseEntry]) -> [XCTestCaseEntry] {
                entries.map { entry in
                    (testCaseClass: entry.testCaseClass, allTests: entry.allTests.map { test in
                        (test.0, { (_: XCTestCase) throws -> Void in })
                    })
                }
            }

            func + (lhs: [XCTestCaseEntry], rhs: [XCTestCaseEntry]) -> [XCTestCaseEntry] {
                var all = lhs
                all.append(contentsOf: rhs)
                return emptied(all)
            }

            extension Array where Element == XCTestCaseEntry {
                static func + (lhs: Self, rhs: Self) -> Self {
                    var all = lhs
                    all.append(contentsOf: rhs)
                    return emptied(all)
                }

                static func += (lhs: inout Self, rhs: Self) {
                    lhs.append(contentsOf: rhs)
                    lhs = emptied(lhs)
                }
            }

            func testCase<T: XCTestCase>(_ allTests: [(String, (T) -> () throws -> Void)]) -> XCTestCaseEntry {
                (testCaseClass: T.self, allTests: allTests.map { test in (test.0, { (_: XCTestCase) throws -> Void in }) })
            }

            final class OwnTests: XCTestCase {
                func testOwn() {}
            }
            """
        let fixture = try submission(
            "hijacks-the-list",
            [
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(label: #""wrong""#),
                "Tests/CounterTests/Hijack.swift": hijack,
            ])
        let result = try XCTUnwrap(checker().check([fixture.root.path]).first)
        XCTAssertEqual(statuses(result, "CT2"), [.fail, .fail, .fail], messages(result))
        XCTAssertEqual(statuses(result, "CT1"), [.pass, .pass, .pass], messages(result))
        XCTAssertEqual(result.ownTests?.total, 1, "\(result.notes)")
    }

    /// A test case that is never done being created. Where the test binary lists the own tests (a candidate file
    /// names Swift Testing, as a comment does here, or the grader cannot list them), the listing times out and the
    /// criterion is not checked, never "no tests". Where the grader lists them from the compiler's index (Linux),
    /// no listing runs: the test is counted, and fails at its time limit.
    func testAListingThatNeverEndsIsReportedAsSuchNotAsNoTests() throws {
        let listedByTheBinary = try submission(
            "blocking-own-tests",
            [
                "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
                "Tests/CounterTests/SlowTests.swift": "// Testing\n" + HostileFixtures.blockingOwnTests,
            ])
        let result = try XCTUnwrap(checker { $0.listTimeout = 3 }.check([listedByTheBinary.root.path]).first)
        let own = try XCTUnwrap(result.criteria.first { $0.kind == .coverage })
        XCTAssertEqual(own.status, .notChecked)
        XCTAssertEqual(own.evidence, ["could not list the candidate's tests: timed out after 3 s"])
        XCTAssertEqual(statuses(result, "CT1") + statuses(result, "CT2"), Array(repeating: .pass, count: 6))
        #if os(Linux)
            let listedByTheGrader = try submission(
                "blocking-own-tests-listed",
                [
                    "Sources/Counter/Counter.swift": FixtureSubmission.counter(),
                    "Tests/CounterTests/SlowTests.swift": HostileFixtures.blockingOwnTests,
                ])
            let listed = try XCTUnwrap(
                checker {
                    $0.listTimeout = 3
                    $0.ownTestTimeout = 3
                }.check([listedByTheGrader.root.path]).first)
            XCTAssertEqual(listed.ownTests.map { [$0.total, $0.passed, $0.failed] }, [1, 0, 1], "\(listed.notes)")
            XCTAssertEqual(statuses(listed, "CT1") + statuses(listed, "CT2"), Array(repeating: .pass, count: 6))
        #endif
    }
}

/// Processes alive on this machine, read from /proc (Linux); empty elsewhere.
enum ProcessProbe {
    /// The pids whose command line contains `fragment` (arguments joined by spaces).
    static func running(matching fragment: String) -> [Int32] {
        #if os(Linux)
            let mine = getpid()
            var found: [Int32] = []
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry), pid != mine,
                    let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty
                else { continue }
                let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
                if line.contains(fragment), !isZombie(entry) { found.append(pid) }
            }
            return found.sorted()
        #else
            return []
        #endif
    }

    private static func isZombie(_ pid: String) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }
}

/// Counts from any thread.
private final class ProcessCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
