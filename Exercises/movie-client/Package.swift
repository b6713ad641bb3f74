// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "MovieClient",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "MovieClient", targets: ["MovieClient"]),
        .executable(name: "movies", targets: ["movies"]),
    ],
    targets: [
        .target(name: "MovieClient"),
        .executableTarget(name: "movies", dependencies: ["MovieClient"]),
        .testTarget(name: "MovieClientTests", dependencies: ["MovieClient"]),
    ]
)
