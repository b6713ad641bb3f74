import Foundation
import GraderCore

/// The interviewer's scores for manual criteria: a JSON object of criterion id → points,
/// e.g. `{"architecture": 8, "clarity": 4}`.
public enum ManualScores {
    public static func load(_ path: String, rubrics: [Rubric]) throws -> [String: Double] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GraderError.usage("--manual: cannot read \(path)")
        }
        guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: data) else {
            throw GraderError.usage("--manual: \(path) is not a JSON object of criterion id to points")
        }
        let manual = rubrics.flatMap(\.criteria).filter { $0.kind == .manual }
        var scores: [String: Double] = [:]
        for (id, value) in object.sorted(by: { $0.key < $1.key }) {
            guard case .number(let number) = value else {
                throw GraderError.usage("--manual: the score of '\(id)' is not a number")
            }
            guard let criterion = manual.first(where: { $0.id == id }) else {
                let known = Set(manual.map(\.id)).sorted().joined(separator: ", ")
                throw GraderError.usage("--manual: '\(id)' is not a manual criterion; manual criteria: \(known)")
            }
            guard number >= 0, number <= criterion.points else {
                throw GraderError.usage(
                    "--manual: '\(id)' scores from 0 to \(Figures.plain(criterion.points)), not \(Figures.plain(number))"
                )
            }
            scores[id] = number
        }
        return scores
    }
}
