import GraderCore
import XCTest

@testable import GraderRules

/// `no-singletons` on code shaped like real iOS apps, where most statics are not singletons.
final class NoSingletonsRuleTests: XCTestCase {
    private func findings(_ files: [String: String]) -> [String] {
        NoSingletonsRule().check(RuleContext(files: files), parameters: [:]).findings.map {
            "\($0.path):\($0.line):\($0.column)"
        }
    }

    func testRealAppCodeFlagsOnlyTheSingletons() {
        let app = #"""
            import UIKit
            import CoreData

            /// The app's network layer. Not `static let shared = NetworkManager()` /* nor /* this */ */
            final class NetworkManager {
                static let shared = NetworkManager()
                static let defaultTimeout: TimeInterval = 30
                static let baseURL = URL(string: "https://dl.dropboxusercontent.com")!
                private let session: URLSession
                private init(session: URLSession = .shared) { self.session = session }

                enum Endpoint {
                    case feed
                    static let all: [Endpoint] = [.feed]
                    static var path: String { "/s/2iodh4vg0eortkl/facts.json" }
                }

                func log() {
                    let text = #"static let shared = NetworkManager()"#
                    print("\(text) \("static var instance: NetworkManager")")
                }
            }

            final class FeedViewController: UIViewController {
                @IBOutlet private var tableView: UITableView!
                static let cellIdentifier = "FactCell"
                static let titleColor = UIColor.red
            }

            extension UIColor {
                static let brand = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
                static var random: UIColor { UIColor(white: .random(in: 0...1), alpha: 1) }
            }

            extension Notification.Name {
                static let feedDidLoad = Notification.Name("feedDidLoad")
            }

            struct PersistenceController {
                static let shared = PersistenceController()
                static var preview: PersistenceController = {
                    let result = PersistenceController(inMemory: true)
                    return result
                }()
                let container: NSPersistentContainer
                init(inMemory: Bool = false) { container = NSPersistentContainer(name: "Feed") }
            }

            struct Fact: Equatable {
                static let empty = Fact(title: nil, description: nil)
                var title: String?
                var description: String?
            }

            final class ImageCache: NSCache<NSURL, UIImage> {}
            extension ImageCache {
                static let main = ImageCache()
            }

            @objc final class LegacyManager: NSObject {
                @objc class func sharedInstance() -> LegacyManager { LegacyManager() }
                class var `default`: LegacyManager { LegacyManager() }
            }
            """#
        XCTAssertEqual(
            findings(["Feed/App.swift": app]),
            [
                "Feed/App.swift:6:16",  // NetworkManager.shared
                "Feed/App.swift:40:16",  // PersistenceController.shared
                "Feed/App.swift:41:16",  // PersistenceController.preview (a mutable static instance)
                "Feed/App.swift:57:16",  // ImageCache.main, an extension of a class declared elsewhere
                "Feed/App.swift:61:22",  // sharedInstance()
                "Feed/App.swift:62:15",  // class var `default`
            ])
    }

    func testShapesSeenInPublicAppRepositories() {
        let code = """
            class UXFUIFabric{
                static let sharedInstance = UXFUIFabric.init()
            }
            @objcMembers public class NotificationManager: NSObject, UNUserNotificationCenterDelegate {
                @objc public static let sharedInstance = NotificationManager()
                override private init() {}
            }
            public struct AppEnvironment {
                internal static let storageKey = "com.example.AppEnvironment.current"
                fileprivate static var stack: [Environment] = [Environment()]
                public static var current: Environment! { return stack.last }
            }
            protocol EntranceDelegate: class {
                func onSignUp()
            }
            """
        XCTAssertEqual(findings(["App/Managers.swift": code]), ["App/Managers.swift:2:16", "App/Managers.swift:5:29"])
    }

    func testTheEnclosingTypeIsTheInnermostOne() {
        let code = """
            final class Outer {
                final class Inner {
                    static let outer = Outer()
                    static let inner = Inner()
                }
                static let inner = Inner()
            }
            """
        XCTAssertEqual(findings(["A.swift": code]), ["A.swift:4:20"])
    }

    func testExtensionsOfClassesDeclaredInAnotherFile() {
        XCTAssertEqual(
            findings([
                "Sources/App/Client.swift": "final class Client {}",
                "Sources/App/Client+Default.swift": "extension Client {\n    static let live = Client()\n}",
            ]),
            ["Sources/App/Client+Default.swift:2:16"])
    }

    func testMessagesQuoteTheDeclarationAndSayWhatToDo() throws {
        let context = RuleContext(files: ["A.swift": "final class APIClient {\n    static let shared = APIClient()\n}"])
        let finding = try XCTUnwrap(NoSingletonsRule().check(context, parameters: [:]).findings.first)
        XCTAssertEqual(
            finding.formatted,
            "A.swift:2:16: error: `static let shared = APIClient()` makes 'APIClient' a singleton; "
                + "inject an instance instead [no-singletons]")
    }

    func testTheGradersOwnSourcesAndSolutionsHaveNoSingletonsOrThirdParty() throws {
        let repository = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        var folders = [repository.appendingPathComponent("Sources")]
        let solutions = repository.appendingPathComponent("Solutions")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: solutions.path)) ?? [] {
            folders.append(solutions.appendingPathComponent(name))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folders[0].appendingPathComponent("GraderRules").path))
        for folder in folders {
            XCTAssertFalse(SourceTree(scanning: folder).swiftFiles.isEmpty, folder.path)
            let evaluation = RuleEngine(runner: .unavailable).findings(
                context: RuleContext(tree: SourceTree(scanning: folder), runner: .unavailable),
                ruleIDs: ["no-singletons", "no-third-party"])
            XCTAssertEqual(evaluation.findings.map(\.formatted), [], folder.lastPathComponent)
        }
    }
}
