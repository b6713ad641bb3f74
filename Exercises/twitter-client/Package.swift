// swift-tools-version:5.9
import PackageDescription

// The twitter-client exercise: Log In and Tweet Feed screens, modelled as presentation logic around a
// provided `TwitterClient`. No package dependencies.
let package = Package(
    name: "TwitterFeed",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "TwitterFeed", targets: ["TwitterFeed"]),
        .executable(name: "tweets", targets: ["tweets"]),
    ],
    targets: [
        .target(name: "TwitterFeed"),
        .executableTarget(name: "tweets", dependencies: ["TwitterFeed"]),
        .testTarget(name: "TwitterFeedTests", dependencies: ["TwitterFeed"]),
    ],
    swiftLanguageVersions: [.v5]
)
