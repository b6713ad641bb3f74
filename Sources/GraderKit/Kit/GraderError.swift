import Foundation

/// Errors a user can hit. Each prints as one line and maps to a documented exit code.
public enum GraderError: Error, Equatable, CustomStringConvertible, Sendable {
    case usage(String)
    case kitNotFound(String)
    case unknownExercise(String, known: [String])
    case unknownTask(String, String, known: [String])
    case exerciseNotIdentified(String, known: [String])
    case invalidRubric(String, reason: String)
    case badSubmission(String)
    /// A saved result `grader report` cannot use: unreadable, not a result, or scored under another rubric.
    case unusableResult(String)
    case destinationExists(String)
    case markers(String)
    case toolFailed(String)

    public var description: String {
        switch self {
        case .usage(let message): return message
        case .kitNotFound(let detail): return "cannot find the kit (Rubrics/ and Package.swift): \(detail)"
        case .unknownExercise(let id, let known):
            return "unknown exercise '\(id)'; known exercises: \(known.joined(separator: ", "))"
        case .unknownTask(let id, let task, let known):
            return
                "unknown pair task '\(task)' of \(id); tasks: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case .exerciseNotIdentified(let path, let known):
            return
                "cannot tell which exercise \(path) is (no .grader/manifest.json or exercise.json); "
                + "pass --exercise with one of: \(known.joined(separator: ", "))"
        case .invalidRubric(let id, let reason): return "rubric of '\(id)' is invalid: \(reason)"
        case .badSubmission(let message): return message
        case .unusableResult(let message): return message
        case .destinationExists(let path): return "\(path) already exists and is not empty; choose a new folder"
        case .markers(let message): return "solution markers: \(message)"
        case .toolFailed(let message): return message
        }
    }

    /// The exit code of SPEC §4: 2 for usage errors, 3 for "could not grade" (a saved result that cannot be used
    /// included).
    public var exitCode: Int32 {
        switch self {
        case .usage, .unknownExercise, .unknownTask, .destinationExists: return 2
        default: return 3
        }
    }
}
