import GraderCore
import XCTest

@testable import GraderRules

/// `no-third-party` says what to use instead, naming the libraries the briefs call a red flag.
final class NoThirdPartyRuleTests: XCTestCase {
    private func messages(_ files: [String: String]) -> [String] {
        NoThirdPartyRule().check(RuleContext(files: files), parameters: [:]).findings.map(\.message)
    }

    func testWellKnownLibrariesAreNamedWithWhatToUseInstead() {
        XCTAssertEqual(
            messages([
                "Sources/App/Client.swift": "import Foundation\nimport Alamofire\nimport SwiftyJSON\nimport Moya\n"
            ]),
            [
                "`import Alamofire` uses a module outside Apple's SDK and this submission; remove it: "
                    + "Alamofire is a third-party library: write it with URLSession",
                "`import SwiftyJSON` uses a module outside Apple's SDK and this submission; remove it: "
                    + "SwiftyJSON is a third-party library: write it with Codable",
                "`import Moya` uses a module outside Apple's SDK and this submission; remove it: "
                    + "Moya is a third-party library: write it with URLSession",
            ])
    }

    func testManifestsAndPodfilesNameTheLibraryTheyAdd() {
        let found = messages([
            "Package.swift":
                "let package = Package(name: \"A\", dependencies: [.package(url: \"https://github.com/Alamofire/Alamofire\", from: \"5.0.0\")])",
            "Podfile": "target 'A' do\n  pod 'SwiftyJSON'\nend",
        ])
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssert(found.contains { $0.hasSuffix("Alamofire is a third-party library: write it with URLSession") })
        XCTAssert(found.contains { $0.hasSuffix("SwiftyJSON is a third-party library: write it with Codable") })
    }

    func testAnUnknownModuleGetsTheGeneralAdviceNamingTheRedFlags() {
        XCTAssertEqual(
            messages(["Sources/App/Client.swift": "import Networking2000\n"]),
            [
                "`import Networking2000` uses a module outside Apple's SDK and this submission; remove it: "
                    + "use Apple's frameworks (URLSession and Codable, not Alamofire, SwiftyJSON or Moya)"
            ])
    }
}
