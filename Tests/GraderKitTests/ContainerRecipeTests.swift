import Foundation
import GraderAuthoring
import XCTest

/// The Containerfile cannot be built here (no container engine): what can drift is checked instead. It stays on
/// the official Swift image of the toolchain the kit pins, runs what .ci/run runs, leaves build products out of
/// its context, and the README documents the two commands it says.
final class ContainerRecipeTests: XCTestCase {
    private let root = FixtureKit.repositoryRoot

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The instructions of the Containerfile, continuation lines joined, comments left out.
    private func instructions() throws -> [String] {
        let lines = try text("Containerfile").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var joined: [String] = []
        var current = ""
        for line in lines where !line.hasPrefix("#") {
            current += line.hasSuffix("\\") ? String(line.dropLast()) : line
            if !line.hasSuffix("\\") {
                let instruction = current.split(separator: " ").filter { !$0.isEmpty }.joined(separator: " ")
                if !instruction.isEmpty { joined.append(instruction) }
                current = ""
            }
        }
        return joined
    }

    func testItBuildsOnTheOfficialImageOfThePinnedToolchainWithWhatCIRuns() throws {
        let instructions = try instructions()
        XCTAssertEqual(instructions.first, "FROM swift:\(GradescopeBundle.swiftVersion)-noble")
        XCTAssertEqual(instructions.filter { $0.hasPrefix("FROM ") }.count, 1)
        let install = try XCTUnwrap(instructions.first { $0.contains("apt-get install") })
        for package in ["bubblewrap", "git", "unzip"] { XCTAssertTrue(install.contains(" \(package)"), package) }
        XCTAssertTrue(instructions.contains("RUN swift build --product grader"))
        XCTAssertTrue(instructions.contains("ENV PATH=/kit/.build/debug:$PATH"), "the entry point is the built grader")
        XCTAssertTrue(instructions.contains(#"ENTRYPOINT ["grader"]"#))
        XCTAssertTrue(instructions.contains("ENV GRADER_KIT=/kit"))
        let ci = try text(".ci/run")
        XCTAssertTrue(ci.contains("apt-get install -y -q bubblewrap"), ".ci/run installs bubblewrap as the image does")
        XCTAssertTrue(ci.contains("\nswift build\n"), ".ci/run builds with swift build as the image does")
    }

    func testTheContextLeavesBuildProductsOut() throws {
        let ignored = try text(".dockerignore").split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        for pattern in ["**/.build", "**/.swiftpm", ".git"] { XCTAssertTrue(ignored.contains(pattern), pattern) }
    }

    /// The lines of `text` without their indentation or a leading `#` (comments and list items indent commands).
    private func commandLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.drop { $0 == " " || $0 == "#" }.trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    func testTheReadmeDocumentsTheTwoCommandsAndSaysItIsNotBuiltHere() throws {
        let commands = """
            podman build -t interview-kit-grader -f Containerfile .
            podman run --rm --network none --security-opt seccomp=unconfined --security-opt apparmor=unconfined \\
            -v "$PWD/alice:/submissions/alice:ro" interview-kit-grader check /submissions/alice
            """
        for file in ["README.md", "docs/integrations.md", "Containerfile"] {
            XCTAssertTrue(commandLines(try text(file)).contains(commands), "\(file) does not show the two commands")
        }
        XCTAssertTrue(try text("README.md").contains("cannot be built here"), "the README says it is not built here")
    }
}
