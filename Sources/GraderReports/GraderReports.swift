/// Reporters: pure functions from `GradeResult` to text.
enum GraderReports {}
