// swift-tools-version:5.9
import PackageDescription

// The facts-feed exercise: the "About Canada" feed (a title and rows of title, description and image),
// modelled as presentation logic a UIKit or SwiftUI layer binds to. No package dependencies.
let package = Package(
    name: "FactsFeed",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "FactsFeed", targets: ["FactsFeed"]),
        .executable(name: "facts", targets: ["facts"]),
    ],
    targets: [
        .target(name: "FactsFeed"),
        .executableTarget(name: "facts", dependencies: ["FactsFeed"]),
        .testTarget(name: "FactsFeedTests", dependencies: ["FactsFeed"]),
    ],
    swiftLanguageVersions: [.v5]
)
