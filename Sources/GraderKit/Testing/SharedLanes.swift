import Foundation

/// The hidden and the own tests of one submission in one set of lanes (TestBatches): a lane's start (a sandbox,
/// a program load, about 25 ms of a core) is paid once for both instead of once each, and the own tests fill the
/// lanes the hidden tests leave short (docs/performance.md, "One set of lanes").
///
/// Each runner is a party: it hands in its requests with the batch it would have run on its own (time limit,
/// variables, output kept), and waits; the last party to come runs every request, and each gets
/// back the outcomes of its own requests. A party that has nothing to run leaves, and must: RunStage has each one
/// leave once its runner returns, which is a no-op for a party that handed requests in.
///
/// Shared lanes write in no folder but their batch folder, which the server empties after each test: a folder
/// that outlived a test would carry what one test learned to the next, hidden ones included (a red team's
/// finding: with the own tests' profiles folder writable, wrong code passed two hidden tests by reading another's
/// failure message there). The own tests' coverage profiles come back with their outcomes instead.
final class SharedLanes: @unchecked Sendable {
    /// The hidden tests' party and the own tests'.
    static let hidden = 0
    static let own = 1

    /// What one party hands in: its requests and the batch it would run on its own.
    struct Party {
        var requests: [TestBatches.Request]
        var batches: TestBatches
    }

    private let condition = NSCondition()
    private var expected: Int
    private var handedIn: [Int: Party] = [:]
    private var gone: Set<Int> = []
    private var outcomes: [Int: [Int: TestBatches.Outcome]]?
    /// Runs the merged requests: `TestBatches.run` in the lanes' folder, through the launcher.
    private let execute: @Sendable (TestBatches, [TestBatches.Request]) -> [Int: TestBatches.Outcome]

    /// `parties` runners, whose tests start through `launcher`; the lanes' folders go in `folder`.
    convenience init(parties: Int, launcher: TestLauncher, folder: URL) {
        self.init(parties: parties) { batches, requests in
            batches.run(requests, launcher: launcher, folder: folder, writable: [])
        }
    }

    /// `parties` runners whose merged requests `execute` runs (tests give one that runs no process).
    init(
        parties: Int,
        execute: @escaping @Sendable (TestBatches, [TestBatches.Request]) -> [Int: TestBatches.Outcome]
    ) {
        expected = parties
        self.execute = execute
    }

    /// Runs `requests` (as `batches` would) with every other party's: the outcomes of these requests, by their
    /// index, once all of them have ended.
    func run(_ requests: [TestBatches.Request], party: Int, batches: TestBatches) -> [Int: TestBatches.Outcome] {
        condition.lock()
        defer { condition.unlock() }
        guard handedIn[party] == nil, !gone.contains(party) else { return [:] }
        handedIn[party] = Party(requests: requests, batches: batches)
        arrive(waits: true)
        return outcomes?[party] ?? [:]
    }

    /// The party has nothing (more) to run: no one waits for it (the last party to come runs the others' tests).
    func leave(party: Int) {
        condition.lock()
        defer { condition.unlock() }
        guard handedIn[party] == nil, !gone.contains(party) else { return }
        gone.insert(party)
        arrive(waits: false)
    }

    /// One more party is in (the lock held): the last one runs everything; the others that handed requests in
    /// wait for it.
    private func arrive(waits: Bool) {
        expected -= 1
        if expected > 0 {
            while waits && outcomes == nil { condition.wait() }
            return
        }
        let parties = handedIn
        condition.unlock()
        let merged = Self.merge(parties)
        var all: [Int: [Int: TestBatches.Outcome]] = [:]
        if let merged {
            for (index, outcome) in execute(merged.batches, merged.requests) {
                let owner = merged.owners[index]
                all[owner.party, default: [:]][owner.index] = outcome
            }
        }
        condition.lock()
        outcomes = all
        condition.broadcast()
    }

    /// Every party's requests as one batch, in party order: the batch, its requests (indexed in that order), and
    /// for each merged index the party and the index it had there. Variables every party sets alike stay the
    /// lanes'; the rest, and each party's time limit, go with its requests. Lanes keep as much output as the most
    /// any party keeps. Nil without a party.
    static func merge(_ parties: [Int: Party])
        -> (batches: TestBatches, requests: [TestBatches.Request], owners: [(party: Int, index: Int)])?
    {
        let ordered = parties.sorted { $0.key < $1.key }
        guard let first = ordered.first?.value.batches else { return nil }
        let common = first.environment.filter { name, value in
            ordered.allSatisfy { $0.value.batches.environment[name] == value }
        }
        var merged: [TestBatches.Request] = []
        var owners: [(party: Int, index: Int)] = []
        for (number, party) in ordered {
            let own = party.batches.environment.filter { common[$0.key] == nil }
            for request in party.requests {
                var request = request
                owners.append((number, request.index))
                request.index = merged.count
                request.environment = own.merging(request.environment) { _, mine in mine }
                request.timeout = request.timeout ?? party.batches.timeout
                merged.append(request)
            }
        }
        var batches = first
        batches.jobs = ordered.map(\.value.batches.jobs).max() ?? first.jobs
        batches.outputLimit = ordered.map(\.value.batches.outputLimit).max() ?? first.outputLimit
        batches.environment = common
        return (batches, merged, owners)
    }
}
