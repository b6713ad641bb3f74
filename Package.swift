// swift-tools-version:5.9
import PackageDescription

// The interview kit: the grader (library modules + a thin `grader` executable), and the reference solutions
// with their hidden suites, so that `swift test` proves every solution passes its own hidden tests.
// No package dependencies: the Swift toolchain only (SPEC §2).

/// One exercise's targets in this package: the solution's library, its own tests, the hidden suite.
struct ExerciseTargets {
    var id: String
    var module: String

    var targets: [Target] {
        [
            .target(name: module, path: "Solutions/\(id)/Sources/\(module)"),
            .testTarget(
                name: "\(module)Tests", dependencies: [.target(name: module)],
                path: "Solutions/\(id)/Tests/\(module)Tests"),
            .testTarget(
                name: "\(module)HiddenTests", dependencies: [.target(name: module), "GraderTestSupport"],
                path: "Rubrics/\(id)/Hidden"),
        ]
    }
}

let exercises: [ExerciseTargets] = [
    // EXERCISES: one line per exercise (id, library module).
    .init(id: "twitter-client", module: "TwitterFeed"),
    .init(id: "facts-feed", module: "FactsFeed"),
    .init(id: "movie-client", module: "MovieClient"),
    .init(id: "flickr-search", module: "FlickrSearch"),
]

let package = Package(
    name: "InterviewKit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "grader", targets: ["grader"]),
        .library(name: "GraderKit", targets: ["GraderKit"]),
        .library(name: "GraderAuthoring", targets: ["GraderAuthoring"]),
    ],
    targets: [
        .target(name: "GraderSystem"),
        .target(name: "GraderCore", dependencies: ["GraderSystem"]),
        .target(name: "GraderRules", dependencies: ["GraderCore"]),
        .target(name: "GraderHistory", dependencies: ["GraderCore"]),
        .target(name: "GraderReports", dependencies: ["GraderCore"]),
        .target(
            name: "GraderKit", dependencies: ["GraderSystem", "GraderCore", "GraderRules", "GraderHistory", "GraderReports"]),
        .target(name: "GraderAuthoring", dependencies: ["GraderCore", "GraderKit"]),
        .target(name: "GraderCLI", dependencies: ["GraderCore", "GraderKit", "GraderAuthoring", "GraderReports"]),
        .executableTarget(name: "grader", dependencies: ["GraderCLI"]),
        .target(name: "GraderProcessGuard", path: "Rubrics/Support/GraderProcessGuard"),
        .target(
            name: "GraderHarnessBoot", dependencies: ["GraderProcessGuard"], path: "Rubrics/Support/GraderHarnessBoot"),
        .target(
            name: "GraderTestSupport", dependencies: ["GraderHarnessBoot"], path: "Rubrics/Support/GraderTestSupport"),

        .testTarget(name: "GraderCoreTests", dependencies: ["GraderCore"]),
        .testTarget(name: "GraderRulesTests", dependencies: ["GraderRules"]),
        .testTarget(name: "GraderHistoryTests", dependencies: ["GraderHistory"]),
        .testTarget(name: "GraderReportsTests", dependencies: ["GraderReports"], exclude: ["Goldens"]),
        .testTarget(
            name: "GraderKitTests", dependencies: ["GraderKit", "GraderAuthoring", "GraderCLI", "GraderReports"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "GraderTestSupportTests", dependencies: ["GraderTestSupport"],
            path: "Rubrics/Support/GraderTestSupportTests"),
    ] + exercises.flatMap(\.targets)
)
