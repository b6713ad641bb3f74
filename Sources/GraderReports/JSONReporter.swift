import Foundation
import GraderCore

/// The machine-readable result (docs/result-format.md): `GradeResult.makeEncoder()` output, an object for one
/// submission and an array for several (or none).
public enum JSONReporter: Reporter {
    public static func render(_ results: [GradeResult]) -> String {
        if results.isEmpty { return "[]\n" }
        let encoder = GradeResult.makeEncoder()
        let data: Data?
        if results.count == 1 {
            data = try? encoder.encode(results[0])
        } else {
            data = try? encoder.encode(results)
        }
        guard let data else {
            // Only a non-finite number (NaN, infinity) makes encoding fail; say so in the same shape.
            return fallback(results.count == 1)
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func fallback(_ single: Bool) -> String {
        let object = """
            {"message":"the result could not be encoded (a score is not a finite number)","status":"error",\
            "version":3}
            """
        return (single ? object : "[\(object)]") + "\n"
    }
}
