import FactsFeed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// `swift run facts`: the feed screen in a terminal, offline on the bundled fixture.
// `swift run facts --live` (or FACTS_LIVE=1): the real feed and images over the network.
// `swift run facts --print-fixture latin1|utf8`: the fixture's bytes, as stored in Fixtures/.

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: facts [--live] | --print-fixture latin1|utf8"

if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}

if let flag = arguments.firstIndex(of: "--print-fixture") {
    let kind = arguments.dropFirst(flag + 1).first
    guard kind == "latin1" || kind == "utf8" else {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(2)
    }
    FileHandle.standardOutput.write(kind == "latin1" ? FeedFixture.latin1Bytes : FeedFixture.utf8Bytes)
    exit(0)
}

let live = arguments.contains("--live") || ProcessInfo.processInfo.environment["FACTS_LIVE"] == "1"
let session = live ? URLSession(configuration: .ephemeral) : FixtureURLProtocol.makeSession()
let feedURL = live ? FactsFeedClient.defaultURL : URL(string: FeedFixture.address) ?? FactsFeedClient.defaultURL
print(live ? "Live: \(feedURL.absoluteString)" : "Offline: the bundled fixture (ISO-8859-1 bytes) via a fake transport")

let viewModel = FeedViewModel(
    feedLoader: FactsFeedClient(session: session, url: feedURL),
    imageLoader: ImageLoader(session: session, cache: ImageCache()),
    uiScheduler: QueueScheduler(queue: .main))
let demo = ScrollingDemo(
    viewModel: viewModel,
    requests: live ? nil : { FixtureURLProtocol.log.requests },
    isBusy: { live ? false : FixtureURLProtocol.log.inFlight > 0 },
    minimumWait: live ? 1.5 : 0)
exit(demo.run())
