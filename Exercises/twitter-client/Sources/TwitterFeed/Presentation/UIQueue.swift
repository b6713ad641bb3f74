/// Where screen models change their outputs: the UI scheduler, the main queue in the app.
///
/// The client answers on its own scheduler; every output change goes through `perform(_:)` so that a UIKit or
/// SwiftUI layer bound to the outputs only ever sees them change on main.
struct UIQueue {
    let scheduler: Scheduler

    func perform(_ work: @escaping () -> Void) {
        // TODO(TW8): Run UI state changes on the injected UI scheduler (the main queue), not the client's.
        work()
    }
}
