// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "FlickrSearch",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "FlickrSearch", targets: ["FlickrSearch"]),
        .executable(name: "flickr", targets: ["flickr"]),
    ],
    targets: [
        .target(name: "FlickrSearch"),
        .executableTarget(name: "flickr", dependencies: ["FlickrSearch"]),
        .testTarget(name: "FlickrSearchTests", dependencies: ["FlickrSearch"]),
    ]
)
