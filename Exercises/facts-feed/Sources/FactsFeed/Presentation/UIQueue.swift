/// Where screen models change their outputs: the UI scheduler, the main queue in the app.
///
/// Loaders answer on background queues; every output change goes through `perform(_:)` so that a UIKit or
/// SwiftUI layer bound to the outputs only ever sees them change on main.
struct UIQueue {
    let scheduler: Scheduler

    func perform(_ work: @escaping () -> Void) {
        // TODO(FF8): Change outputs on the injected UI scheduler (the main queue), never on the loader's queue.
        work()
    }
}
