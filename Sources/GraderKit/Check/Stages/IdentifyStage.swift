import Foundation
import GraderCore

/// What the Identify stage hands on: the private copy, the rubric it is graded on and its baseline commit.
public struct IdentifiedSubmission: Sendable {
    public var submission: Submission
    public var rubric: Rubric
    /// The commit the candidate started from, when a manifest names it.
    public var baseline: String?
    /// How the exercise was identified, what the copy left out.
    public var notes: [String]
}

/// Stage 1: unpack the submission into the work folder and find its exercise.
///
/// The exercise comes from `.grader/manifest.json` (written by `grader new`), else `exercise.json`, else
/// `--exercise`, else the baseline commit's `Grader-Exercise:` trailer, else the module folders.
public struct IdentifyStage: Sendable {
    public var kit: Kit
    public var loader: SubmissionLoader
    /// `--exercise`, for submissions without a manifest.
    public var exercise: String?

    public init(kit: Kit, loader: SubmissionLoader, exercise: String?) {
        self.kit = kit
        self.loader = loader
        self.exercise = exercise
    }

    public func run(_ path: String, work: URL) throws -> IdentifiedSubmission {
        let submission = try loader.load(path, into: work.appendingPathComponent("submission"))
        let known = kit.exerciseIDs()
        let manifest = submission.workspaceManifest
        var notes = submission.notes
        let id: String
        if let fromFiles = manifest?.exercise ?? submission.exerciseManifest?.exercise {
            id = fromFiles
            if let asked = exercise, asked != fromFiles {
                notes.append("the submission's manifest says '\(fromFiles)'; --exercise \(asked) was ignored")
            }
        } else if let asked = exercise {
            id = asked
        } else if let fromHistory = loader.exerciseFromHistory(submission.root) {
            id = fromHistory
            notes.append("exercise identified from the baseline commit's Grader-Exercise trailer")
        } else if let fromModules = try exerciseFromModules(submission.tree) {
            id = fromModules
            notes.append("exercise identified from its module folders (no manifest)")
        } else {
            throw GraderError.exerciseNotIdentified(submission.original, known: known)
        }
        guard known.contains(id) else { throw GraderError.unknownExercise(id, known: known) }
        // A manifest is the candidate's file: with --exercise the interviewer has said which rubric grades this,
        // so a task it names (a smaller pair-task rubric) is not taken.
        if let task = manifest?.task, exercise != nil {
            notes.append(
                "the submission's manifest names pair task '\(task)'; graded on the \(id) rubric, as --exercise asked")
        } else if let task = manifest?.task {
            notes.append(
                "pair session: graded on task '\(task)', as the submission's manifest says "
                    + "(a take-home is graded on its exercise's rubric with --exercise \(id))")
            return IdentifiedSubmission(
                submission: submission, rubric: try kit.rubric(id, task: task), baseline: manifest?.baseline,
                notes: notes)
        }
        return IdentifiedSubmission(
            submission: submission, rubric: try kit.rubric(id), baseline: manifest?.baseline, notes: notes)
    }

    /// The one exercise whose modules all have a `Sources/<Module>` folder in the submission, if exactly one does.
    func exerciseFromModules(_ tree: SourceTree) throws -> String? {
        let folders = Set(
            tree.files.compactMap { path -> String? in
                let parts = path.split(separator: "/")
                return parts.count >= 3 && parts[0] == "Sources" ? String(parts[1]) : nil
            })
        let matches = try kit.rubrics().filter { !$0.modules.isEmpty && Set($0.modules).isSubset(of: folders) }
        return matches.count == 1 ? matches[0].exercise : nil
    }
}
