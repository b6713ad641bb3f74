import Foundation
import GraderCore

/// Results saved by `grader check --format json`, read back to be rendered, merged or given manual scores
/// without regrading (`grader report`).
///
/// A result is used only under the rubric that scored it: the kit's rubric for its exercise (or pair task) must
/// have the version and digest the result records. Anything else is one line saying which file and why.
public struct SavedResults: Sendable {
    public let kit: Kit

    public init(kit: Kit) {
        self.kit = kit
    }

    /// Every result in `paths`, in order (a file holds one result or an array of them), checked against the
    /// kit's rubrics, with the interviewer's `manualScores` applied as `grader check --manual` applies them.
    public func load(_ paths: [String], manualScores: [String: Double] = [:]) throws -> [GradeResult] {
        var results: [GradeResult] = []
        for path in paths {
            for result in try Self.read(path) {
                guard let rubric = try rubric(of: result, file: path) else {
                    results.append(result)
                    continue
                }
                try Self.checkCriteria(of: result, against: rubric, file: path)
                let scorer = Scorer(rubric: rubric)
                // The totals and the verdict are always recomputed from the checked criteria, never read back.
                results.append(scorer.applyingManualScores(manualScores, to: scorer.rescored(result)))
            }
        }
        return results
    }

    /// A saved result is a file anyone could edit: its criteria must be exactly the rubric's (each once), each
    /// worth the rubric's points, each score a finite number from 0 to those points. Throws naming the first
    /// criterion that is not.
    static func checkCriteria(of result: GradeResult, against rubric: Rubric, file: String) throws {
        let name = "\(file): \(result.submission)"
        let expected = Dictionary(uniqueKeysWithValues: rubric.criteria.map { ($0.id, $0.points) })
        var seen: Set<String> = []
        for criterion in result.criteria {
            guard let points = expected[criterion.id] else {
                throw GraderError.unusableResult("\(name): criterion '\(criterion.id)' is not in the rubric")
            }
            guard seen.insert(criterion.id).inserted else {
                throw GraderError.unusableResult("\(name): criterion '\(criterion.id)' appears twice")
            }
            guard criterion.maxScore == points, criterion.score.isFinite, (0...points).contains(criterion.score)
            else {
                throw GraderError.unusableResult(
                    "\(name): criterion '\(criterion.id)' scores \(criterion.score) of \(criterion.maxScore), but the "
                        + "rubric gives it \(points) points: the result was edited; regrade it with 'grader check'")
            }
        }
        if let missing = rubric.criteria.first(where: { !seen.contains($0.id) }) {
            throw GraderError.unusableResult("\(name): criterion '\(missing.id)' is missing")
        }
    }

    /// The results in one file: an object or an array, as `--format json` writes them.
    public static func read(_ path: String) throws -> [GradeResult] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GraderError.unusableResult("\(path): no such file, or it cannot be read")
        }
        let decoder = GradeResult.makeDecoder()
        let results: [GradeResult]
        if let one = try? decoder.decode(GradeResult.self, from: data) {
            results = [one]
        } else if let many = try? decoder.decode([GradeResult].self, from: data), !many.isEmpty {
            results = many
        } else {
            throw GraderError.unusableResult(
                "\(path): not a grader result (write one with 'grader check --format json')")
        }
        let known = GradeResult.schemaID.split(separator: "/").first.map(String.init) ?? ""
        for result in results where result.schema != GradeResult.schemaID {
            let reason =
                result.schema.hasPrefix(known + "/")
                ? "is \(result.schema); this grader reads \(GradeResult.schemaID)"
                : "is not a grader result (schema '\(result.schema)')"
            throw GraderError.unusableResult("\(path): \(result.submission) \(reason)")
        }
        return results
    }

    /// The kit's rubric that scored `result`, or nil for a result that could not be graded (nothing was scored).
    /// Throws when the kit has no such rubric, or has another version of it.
    public func rubric(of result: GradeResult, file: String) throws -> Rubric? {
        guard result.status != .error else { return nil }
        let name = "\(file): \(result.submission)"
        let exercise = result.task.map { "\(result.exercise)/\($0)" } ?? result.exercise
        guard let version = result.rubricVersion, let digest = result.rubricDigest else {
            throw GraderError.unusableResult(
                "\(name) names no rubric version (saved by an older grader); regrade it with 'grader check'")
        }
        let known =
            kit.exerciseIDs().contains(result.exercise)
            && (result.task.map { kit.pairTaskIDs(result.exercise).contains($0) } ?? true)
        guard known else {
            throw GraderError.unusableResult("\(name) was graded as \(exercise), which this kit does not have")
        }
        let rubric = try result.task.map { try kit.rubric(result.exercise, task: $0) } ?? kit.rubric(result.exercise)
        if rubric.version != version {
            throw GraderError.unusableResult(
                "\(name) was graded under \(exercise) rubric \(version), this kit has \(rubric.version); "
                    + "use the kit it was graded with, or regrade it with 'grader check'")
        }
        if rubric.digest != digest {
            throw GraderError.unusableResult(
                "\(name) was graded under another \(exercise) rubric \(version) (digest \(digest), this kit's is "
                    + "\(rubric.digest)): the rubric changed without a new version; regrade it with 'grader check'")
        }
        return rubric
    }
}
