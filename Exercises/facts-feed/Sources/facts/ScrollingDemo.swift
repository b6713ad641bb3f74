import FactsFeed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads the feed into a `FeedViewModel` and plays a scroll through it, printing what the screen shows and
/// which images are requested when: the table a UIKit layer would drive, in a terminal.
struct ScrollingDemo {
    /// How many rows fit on the pretend screen.
    var windowSize = 5
    let viewModel: FeedViewModel
    /// The requests made so far, when the network can be watched (offline); nil for the real network.
    let requests: (() -> [URL])?
    /// Whether the network is busy, so a step can wait for its answers.
    let isBusy: () -> Bool
    /// How long a step waits for the network at most.
    var timeout: TimeInterval = 5
    /// How long a step waits at least: the real network cannot be watched, so images get this long.
    var minimumWait: TimeInterval = 0

    func run() -> Int32 {
        print("viewDidLoad()")
        viewModel.viewDidLoad()
        settle(until: { viewModel.state.value != .loading })
        switch viewModel.state.value {
        case .failed(let message):
            print("The feed could not be loaded: \(message)")
            return 1
        case .idle, .loading:
            print("No answer from the feed within \(Int(timeout)) s: does FactsFeedClient.loadFeed answer?")
            return 1
        case .loaded:
            break
        }
        let rows = viewModel.rows.value
        print("\n\(viewModel.title.value)\n\(String(repeating: "=", count: viewModel.title.value.count))")
        for (index, row) in rows.enumerated() {
            print(describe(row, at: index))
        }
        print("\n\(rows.count) rows; image requests after loading the feed: \(imageRequests().count)")

        var seen = 0
        var windows = stride(from: 0, to: rows.count, by: windowSize).map { $0..<min($0 + windowSize, rows.count) }
        if let first = windows.first { windows.append(first) }
        for window in windows {
            let prefetch = window.upperBound..<min(window.upperBound + 2, rows.count)
            viewModel.rowsBecameVisible(Array(window))
            viewModel.prefetchRequested(Array(prefetch))
            settle(until: { !isBusy() })
            let all = imageRequests()
            let shown = viewModel.rows.value
            let order = { (url: URL) in shown.firstIndex { $0.imageURL == url } ?? shown.count }
            let new = all.dropFirst(seen).sorted { order($0) < order($1) }.map(\.lastPathComponent)
            seen = all.count
            let prefetchText = prefetch.isEmpty ? "" : ", prefetch \(range(prefetch))"
            let requestText =
                requests == nil ? "" : (new.isEmpty ? " → no request" : " → requests \(new.joined(separator: ", "))")
            print("rows \(range(window)) visible\(prefetchText)\(requestText)")
            for index in window {
                print("    \(index): \(imageText(viewModel.rows.value[index].image))")
            }
        }

        let before = requests?().count ?? 0
        print("\nrefreshRequested() ×2 while the first is on its way")
        viewModel.refreshRequested()
        viewModel.refreshRequested()
        settle(until: { !viewModel.isRefreshing.value })
        if let requests {
            print("    feed requests: \(requests().count - before)")
        }
        print("    \(viewModel.rows.value.count) rows shown; refresh error: \(viewModel.refreshError.value ?? "none")")
        return 0
    }

    private func imageRequests() -> [URL] {
        (requests?() ?? []).filter { $0.absoluteString != FeedFixture.address }
    }

    private func describe(_ row: FactRowModel, at index: Int) -> String {
        let slot = row.hasImageSlot ? "[image]" : "[no image]"
        var text = "\(index). \(row.title ?? "(no title)") \(slot)"
        if let description = row.description {
            text += "\n    \(description)"
        }
        return text
    }

    private func imageText(_ image: RowImage) -> String {
        switch image {
        case .none: return "no image slot"
        case .placeholder: return "placeholder"
        case .loaded(let data):
            return String(data: data, encoding: .utf8).flatMap { $0.hasPrefix("<") ? $0 : nil } ?? "\(data.count) bytes"
        }
    }

    private func range(_ indices: Range<Int>) -> String {
        indices.count == 1 ? "\(indices.lowerBound)" : "\(indices.lowerBound)–\(indices.upperBound - 1)"
    }

    /// Lets the main queue run (the view model's outputs change there) until `condition` holds and the
    /// network is quiet, or `timeout` passes.
    private func settle(until condition: () -> Bool) {
        let start = Date()
        repeat {
            RunLoop.main.run(until: Date().addingTimeInterval(0.01))
        } while (!condition() || isBusy() || Date() < start.addingTimeInterval(minimumWait))
            && Date() < start.addingTimeInterval(timeout)
        RunLoop.main.run(until: Date().addingTimeInterval(0.02))
    }
}
