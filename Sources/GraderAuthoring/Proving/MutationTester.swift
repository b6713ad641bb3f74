import Foundation
import GraderCore
import GraderKit

/// A mutant that survives on purpose: reviewed, with the reason it cannot be told apart from the solution.
public struct EquivalentMutant: Codable, Sendable, Equatable {
    public var file: String
    public var line: Int
    public var `operator`: String
    public var reason: String

    /// `Rubrics/<id>/equivalent-mutants.json`.
    public static let fileName = "equivalent-mutants.json"
}

/// What `grader mutate` found for one exercise.
public struct MutationReport: Sendable {
    public var exercise: String
    public var mutants: [Mutant]
    public var killed: Set<Int>
    /// Survivors reviewed as equivalent, with the reason.
    public var equivalent: [Int: String]
    /// Mutants that did not compile in the schema, left out.
    public var notCompiled: Int
    public var seconds: Double

    public var survivors: [Mutant] { mutants.filter { !killed.contains($0.id) && equivalent[$0.id] == nil } }

    /// Killed share of the non-equivalent mutants, 0–100.
    public func score(_ requirement: String? = nil) -> Double {
        let counted = mutants.filter {
            (requirement == nil || $0.requirement == requirement) && equivalent[$0.id] == nil
        }
        guard !counted.isEmpty else { return 100 }
        return Double(counted.filter { killed.contains($0.id) }.count) / Double(counted.count) * 100
    }

    public var lines: [String] {
        let requirements = Array(Set(mutants.map(\.requirement))).sorted {
            $0.localizedStandardCompare($1) == .orderedAscending
        }
        var lines = [
            "\(exercise): \(mutants.count) mutants (\(notCompiled) more did not compile and were left out), "
                + "\(killed.count) killed, \(equivalent.count) equivalent (reviewed), \(survivors.count) survived: "
                + "\(Figures.percent((score() * 10).rounded() / 10)) of the non-equivalent killed"
        ]
        for requirement in requirements {
            let own = mutants.filter { $0.requirement == requirement }
            let killedOwn = own.filter { killed.contains($0.id) }.count
            let counted = own.filter { equivalent[$0.id] == nil }.count
            lines.append(
                "  \(requirement): \(killedOwn)/\(counted) killed (\(Figures.percent((score(requirement) * 10).rounded() / 10)))"
            )
        }
        if !survivors.isEmpty {
            lines.append("survivors:")
            lines += survivors.map { "  " + $0.described }
        }
        let perMinute = seconds > 0 ? Double(mutants.count) / seconds * 60 : 0
        lines.append(
            "\(mutants.count) mutants in \(Figures.plain(seconds.rounded())) s (\(Figures.plain(perMinute.rounded())) per minute)"
        )
        return lines
    }
}

/// `grader mutate`: mutation testing of a hidden suite against its solution, on one build (mutation schemata).
public struct MutationTester: Sendable {
    public var grader: VariantGrader
    /// Most rounds of dropping mutants the compiler refuses.
    public var maxRounds = 30

    public init(grader: VariantGrader) {
        self.grader = grader
    }

    public func run(_ id: String, requirement: String? = nil, work: URL, log: (String) -> Void) throws -> MutationReport
    {
        let start = Date()
        let kit = grader.kit
        let rubric = try kit.rubric(id)
        let module = rubric.modules.first ?? id
        let solution = SourceTree(scanning: kit.solution(id))
        // Sites per file, their mutants numbered across the exercise.
        var sites: [String: [(requirement: String, site: MutationSite, ids: [Int])]] = [:]
        var mutants: [Int: Mutant] = [:]
        var next = 1
        for path in solution.swiftFiles where path.hasPrefix("Sources/\(module)/") {
            guard let text = solution.text(of: path) else { continue }
            for (owner, site) in MutationSites.find(in: text) where requirement == nil || owner == requirement {
                var ids: [Int] = []
                for mutation in site.mutants {
                    mutants[next] = Mutant(
                        id: next, requirement: owner, file: path, line: site.lines.lowerBound, mutation: mutation.0,
                        before: mutation.before, after: mutation.after)
                    ids.append(next)
                    next += 1
                }
                sites[path, default: []].append((owner, site, ids))
            }
        }
        log("\(id): \(mutants.count) mutants in \(sites.count) files; building them into one schema…")

        // Build; drop the sites on the lines the compiler refuses; build again.
        var dropped = 0
        var built: BuiltSubmission?
        var suite: HiddenSuite?
        var graded: Rubric?
        let slot = work.appendingPathComponent("slot")
        for round in 1...maxRounds {
            let folder = work.appendingPathComponent("schema-\(round)")
            try writeSchema(from: kit.solution(id), module: module, sites: sites, to: folder)
            let attempt = try grader.build(
                folder, exercise: id, slot: slot, work: work.appendingPathComponent("build-\(round)"))
            if attempt.0.launcher != nil {
                (built, suite, graded) = (attempt.0, attempt.1, attempt.2)
                break
            }
            let errors = attempt.0.outcome.sourceErrors
            var removed = 0
            for error in errors {
                guard var entries = sites[error.path] else { continue }
                // The site on the refused line, else the nearest one above it (an initializer is refused at its
                // end for an assignment a site made conditional).
                let onLine = entries.indices.filter { entries[$0].site.lines.contains(error.line) }
                let above = entries.indices.filter { entries[$0].site.lines.lowerBound <= error.line }
                    .max { entries[$0].site.lines.lowerBound < entries[$1].site.lines.lowerBound }
                let victims = onLine.isEmpty ? (above.map { [$0] } ?? []) : onLine
                for index in victims.sorted(by: >) {
                    for id in entries[index].ids { mutants[id] = nil }
                    dropped += entries[index].ids.count
                    entries.remove(at: index)
                    removed += 1
                }
                sites[error.path] = entries
            }
            guard removed > 0 else {
                throw GraderError.toolFailed(
                    "the mutation schema of \(id) does not build: \(attempt.0.outcome.failure ?? "no test binary")")
            }
            log("  round \(round): \(removed) site(s) the compiler refused were left out")
        }
        guard let built, let suite, let graded else {
            throw GraderError.toolFailed("the mutation schema of \(id) did not build in \(maxRounds) rounds")
        }

        // The schema with no mutant on must be the solution.
        let baseline = grader.run(
            built, suite: suite, rubric: graded, variables: [:], work: work.appendingPathComponent("baseline"))
        let broken = baseline.filter { $0.status != .pass }
        guard broken.isEmpty else {
            throw GraderError.toolFailed(
                "the mutation schema of \(id) fails \(broken.count) hidden test(s) with no mutant on: \(broken[0].name): \(broken[0].message ?? "")"
            )
        }

        var killed: Set<Int> = []
        let ordered = mutants.values.sorted { $0.id < $1.id }
        for (index, mutant) in ordered.enumerated() {
            // The mutant's own requirement first; the rest only when those all pass.
            let variables = [VariantSolution.variable: "mutant:\(mutant.id)"]
            var own = suite
            own.requirements = suite.requirements.filter { $0.id == mutant.requirement }
            var others = suite
            others.requirements = suite.requirements.filter { $0.id != mutant.requirement }
            let folder = work.appendingPathComponent("mutant-\(mutant.id)")
            var results = grader.run(built, suite: own, rubric: graded, variables: variables, work: folder)
            if results.allSatisfy({ $0.status == .pass }) {
                results = grader.run(built, suite: others, rubric: graded, variables: variables, work: folder)
            }
            if results.contains(where: { $0.status != .pass }) { killed.insert(mutant.id) }
            try? FileManager.default.removeItem(at: folder)
            if (index + 1) % 10 == 0 { log("  \(index + 1)/\(ordered.count) mutants run, \(killed.count) killed") }
        }

        let reviewed = try equivalents(id)
        var equivalent: [Int: String] = [:]
        for mutant in ordered where !killed.contains(mutant.id) {
            if let entry = reviewed.first(where: {
                $0.file == mutant.file && $0.line == mutant.line && $0.operator == mutant.mutation.rawValue
            }) {
                equivalent[mutant.id] = entry.reason
            }
        }
        return MutationReport(
            exercise: id, mutants: ordered, killed: killed, equivalent: equivalent, notCompiled: dropped,
            seconds: Date().timeIntervalSince(start))
    }

    /// The reviewed equivalent mutants beside the rubric, if any.
    func equivalents(_ id: String) throws -> [EquivalentMutant] {
        let url = grader.kit.rubricFolder(id).appendingPathComponent(EquivalentMutant.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        do {
            return try JSONDecoder().decode([EquivalentMutant].self, from: data)
        } catch {
            throw GraderError.invalidRubric(id, reason: "\(EquivalentMutant.fileName): \(error)")
        }
    }

    /// The solution with every site's edit applied (back to front, so offsets hold) and the variant switch added.
    func writeSchema(
        from solution: URL, module: String, sites: [String: [(requirement: String, site: MutationSite, ids: [Int])]],
        to folder: URL
    ) throws {
        try VariantSolution.copy(solution, to: folder) { path, text in
            guard let edits = sites[path], !edits.isEmpty else { return text }
            var bytes = Array(text.utf8)
            for entry in edits.sorted(by: { $0.site.range.lowerBound > $1.site.range.lowerBound }) {
                bytes.replaceSubrange(entry.site.range, with: Array(entry.site.render(entry.ids).utf8))
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        try VariantSolution.switchSource.write(
            to: folder.appendingPathComponent("Sources/\(module)/\(VariantSolution.switchFile)"), atomically: true,
            encoding: .utf8)
    }
}
