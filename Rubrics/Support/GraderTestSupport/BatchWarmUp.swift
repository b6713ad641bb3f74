import Foundation

/// What the batch server (GraderHarnessBoot's GraderBatch.c) does once, before it forks the first test, so that
/// no test process forked from it does it again.
///
/// XCTest's console observer makes a `DateFormatter` in every test process, to print when each suite started.
/// Making the first one of a process loads ICU's calendar and date symbols for the locale and Foundation's
/// current locale: 40% of a forked test process's time in a profile of movie-client's tests. Made once here, ICU's
/// and Foundation's caches hold them, and every test process forked afterwards finds them ready. It starts no
/// thread and writes no file: each test process still starts as one of its own would (docs/grading.md,
/// "Batches").
@_cdecl("grader_batch_warm_up")
public func graderBatchWarmUp() {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
    _ = formatter.string(from: Date())
}
