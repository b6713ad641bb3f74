import Foundation

/// One exercise's rubric, read from `Rubrics/<id>/rubric.json`.
public struct Rubric: Codable, Equatable, Sendable {
    /// The exercise id, e.g. `movie-client`; also the folder name under Solutions/, Exercises/, Rubrics/.
    public var exercise: String
    public var title: String
    /// The exercise's version; `grader new` records it in the workspace manifest.
    public var version: String
    /// The time box the candidate is given, as the assignment states it ("4 hours").
    public var timeBox: String
    /// The share of the automatic and manual points needed to pass, from 0 to 100.
    public var passPercent: Double
    /// The library module(s) the hidden tests import, e.g. `["MovieClient"]`.
    public var modules: [String]
    public var requirements: [Requirement]
    public var criteria: [Criterion]
    /// Follow-up questions for the interview, shown in every report.
    public var followUpQuestions: [String]?
    /// For a pair-session task (`Rubrics/<exercise>/pair/<task>/rubric.json`): the task's id.
    public var task: String?

    public init(
        exercise: String, title: String, version: String, timeBox: String, passPercent: Double,
        modules: [String], requirements: [Requirement], criteria: [Criterion], followUpQuestions: [String]? = nil
    ) {
        self.exercise = exercise
        self.title = title
        self.version = version
        self.timeBox = timeBox
        self.passPercent = passPercent
        self.modules = modules
        self.requirements = requirements
        self.criteria = criteria
        self.followUpQuestions = followUpQuestions
    }

    /// The most points the rubric can award.
    public var maxScore: Double { criteria.reduce(0) { $0 + $1.points } }

    /// A fingerprint of everything that decides a score: the exercise (and pair task), the pass mark, and each
    /// criterion's id, kind, points, requirement, rule and parameters, in order. Titles, checklists and
    /// follow-up questions are left out: rewording them changes no score. A result records it
    /// (`rubric_digest`), so a saved result is re-scored or merged only under the rubric that graded it.
    public var digest: String {
        var hasher = StableHash()
        hasher.add(exercise)
        hasher.add(task ?? "")
        hasher.add("\(passPercent)")
        for criterion in criteria {
            hasher.add(
                [
                    criterion.id, criterion.kind.rawValue, "\(criterion.points)", criterion.requirement ?? "",
                    criterion.rule ?? "", JSONValue.object(criterion.options).canonical,
                ].joined(separator: "\u{1F}"))
        }
        return hasher.paddedHex
    }

    /// Reads a rubric file (snake_case keys).
    public static func load(from url: URL) throws -> Rubric {
        let data = try Data(contentsOf: url)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Rubric.self, from: data)
    }
}

/// A requirement of the exercise (SPEC §3), e.g. MC3 Decoding.
public struct Requirement: Codable, Equatable, Sendable {
    public var id: String
    public var title: String
    public var summary: String?
    /// Requirements this one builds on by its nature (the screen's error state needs the feed to be fetched):
    /// their stubs may cost this requirement's tests, and `grader verify` accepts that coupling, shown as `~`.
    public var dependsOn: [String]?

    public init(id: String, title: String, summary: String? = nil, dependsOn: [String]? = nil) {
        self.id = id
        self.title = title
        self.summary = summary
        self.dependsOn = dependsOn
    }
}

/// One line of the rubric: what is scored, how, and for how many points.
public struct Criterion: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Hidden tests of one requirement; points split evenly between its tests.
        case tests
        /// A static rule, with its parameters.
        case rule
        /// The git-history verdict.
        case history
        /// The candidate's own tests and their line coverage.
        case coverage
        /// Left for a human: scored only from `--manual`.
        case manual
    }

    public var id: String
    public var title: String
    public var kind: Kind
    public var points: Double
    /// For `tests`: the requirement whose hidden tests are scored (defaults to `id`).
    public var requirement: String?
    /// For `rule`: the rule id (defaults to `id`).
    public var rule: String?
    /// Thresholds and options of the rule, history or coverage criterion.
    public var parameters: [String: JSONValue]?
    /// For `manual`: what the reviewer checks.
    public var checklist: [String]?

    public init(
        id: String, title: String, kind: Kind, points: Double, requirement: String? = nil, rule: String? = nil,
        parameters: [String: JSONValue]? = nil, checklist: [String]? = nil
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.points = points
        self.requirement = requirement
        self.rule = rule
        self.parameters = parameters
        self.checklist = checklist
    }

    /// The parameters, or an empty dictionary.
    public var options: [String: JSONValue] { parameters ?? [:] }
}
