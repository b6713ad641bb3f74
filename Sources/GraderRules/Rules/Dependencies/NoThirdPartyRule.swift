import Foundation
import GraderCore

/// `no-third-party`: code the candidate did not write and Apple did not ship.
///
/// Triggers on: `.package(…)` dependencies in any Package.swift (read as text, never evaluated); Swift
/// packages added to an Xcode project (`XCRemoteSwiftPackageReference` in a project.pbxproj); Podfile and
/// Cartfile entries (a Podfile.lock or Cartfile.resolved without its source file); `Pods/` and `Carthage/`
/// folders; vendored `.framework`/`.xcframework` bundles; and `import X` (`@testable` too) of a module that is
/// neither Apple's SDK or the toolchain's (`appleModules`) nor the submission's own (a folder under
/// `Sources/` or `Tests/`, a top-level folder, an Xcode project's name or the folders beside it, a target
/// named in Package.swift).
public struct NoThirdPartyRule: Rule {
    public init() {}

    /// Modules of Apple's SDKs and of the Swift toolchain (Linux included).
    public static let appleModules: Set<String> = [
        // Toolchain and standard library.
        "Swift", "SwiftShims", "_Concurrency", "_StringProcessing", "_Volatile", "_Differentiation", "Observation",
        "RegexBuilder", "Synchronization", "Distributed", "Cxx", "CxxStdlib", "Foundation", "FoundationNetworking",
        "FoundationXML", "FoundationEssentials", "FoundationInternationalization", "CoreFoundation", "Dispatch",
        "XCTest", "Testing", "PackageDescription", "PackagePlugin", "Darwin", "Glibc", "Musl", "WASILibc",
        "Android", "Bionic", "CRT", "WinSDK", "ucrt", "ObjectiveC", "os", "OSLog", "libkern", "System",
        // Apple SDK frameworks.
        "Accelerate", "Accessibility", "AccessorySetupKit", "Accounts", "ActivityKit", "AdServices", "AdSupport",
        "AppIntents", "AppKit", "AppTrackingTransparency", "ARKit", "AssetsLibrary", "AudioToolbox", "AudioUnit",
        "AuthenticationServices", "AutomaticAssessmentConfiguration", "AVFAudio", "AVFoundation", "AVKit",
        "AVRouting", "BackgroundAssets", "BackgroundTasks", "BusinessChat", "CallKit", "CarPlay", "CFNetwork",
        "Charts", "CloudKit", "Combine", "Contacts", "ContactsUI", "CoreAudio", "CoreAudioKit", "CoreBluetooth",
        "CoreData", "CoreGraphics", "CoreHaptics", "CoreImage", "CoreLocation", "CoreLocationUI", "CoreML",
        "CoreMedia", "CoreMIDI", "CoreMotion", "CoreNFC", "CoreServices", "CoreSpotlight", "CoreTelephony",
        "CoreText", "CoreTransferable", "CoreVideo", "CoreWLAN", "CryptoKit", "CryptoTokenKit", "DataDetection",
        "DeveloperToolsSupport", "DeviceActivity", "DeviceCheck", "EventKit", "EventKitUI", "ExposureNotification",
        "ExtensionFoundation", "ExtensionKit", "ExternalAccessory", "FamilyControls", "FileProvider",
        "FileProviderUI", "GameController", "GameKit", "GameplayKit", "GLKit", "GroupActivities", "HealthKit",
        "HealthKitUI", "HomeKit", "IdentityLookup", "IdentityLookupUI", "ImageCaptureCore", "ImageIO", "Intents",
        "IntentsUI", "IOKit", "IOSurface", "JavaScriptCore", "LinkPresentation", "LocalAuthentication",
        "ManagedSettings", "ManagedSettingsUI", "MapKit", "MediaAccessibility", "MediaPlayer", "MediaToolbox",
        "MessageUI", "Messages", "Metal", "MetalFX", "MetalKit", "MetalPerformanceShaders",
        "MetalPerformanceShadersGraph", "MetricKit", "MLCompute", "MobileCoreServices", "ModelIO",
        "MultipeerConnectivity", "MusicKit", "NaturalLanguage", "NearbyInteraction", "Network", "NetworkExtension",
        "NotificationCenter", "OpenGLES", "PassKit", "PDFKit", "PencilKit", "Photos", "PhotosUI", "PushKit",
        "PushToTalk", "QuartzCore", "QuickLook", "QuickLookThumbnailing", "RealityKit", "ReplayKit",
        "SafariServices", "SceneKit", "ScreenCaptureKit", "ScreenTime", "Security", "SensitiveContentAnalysis",
        "SensorKit", "ShazamKit", "Social", "SoundAnalysis", "Speech", "SpriteKit", "StoreKit", "SwiftData",
        "SwiftUI", "SystemConfiguration", "TabularData", "ThreadNetwork", "TipKit", "Translation", "UIKit",
        "UniformTypeIdentifiers", "UserNotifications", "UserNotificationsUI", "VideoSubscriberAccount",
        "VideoToolbox", "Vision", "VisionKit", "WatchConnectivity", "WatchKit", "WeatherKit", "WebKit", "WidgetKit",
        "XCUIAutomation", "StoreKitTest", "simd", "Compression", "zlib", "SQLite3", "CommonCrypto", "CoreAudioTypes",
        "Symbols", "Cocoa", "Carbon", "OpenGL", "ApplicationServices", "SecurityFoundation", "ServiceManagement",
        "UserNotificationsUI", "Quartz", "PreviewsOSSupport",
    ]

    /// Well-known libraries candidates reach for, each with what the exercise wants instead (the briefs call
    /// Alamofire, SwiftyJSON or Moya a red flag). Keys are lowercased.
    static let wellKnown: [String: (name: String, instead: String)] = [
        "alamofire": ("Alamofire", "URLSession"), "moya": ("Moya", "URLSession"),
        "afnetworking": ("AFNetworking", "URLSession"), "swiftyjson": ("SwiftyJSON", "Codable"),
        "objectmapper": ("ObjectMapper", "Codable"), "kingfisher": ("Kingfisher", "URLSession and a cache of your own"),
        "sdwebimage": ("SDWebImage", "URLSession and a cache of your own"),
        "alamofireimage": ("AlamofireImage", "URLSession and a cache of your own"),
        "rxswift": ("RxSwift", "closures or async/await"), "promisekit": ("PromiseKit", "closures or async/await"),
    ]

    /// What to do instead, for a finding quoting `text`: the first well-known library it names, or the general
    /// advice naming the red flags.
    static func advice(for text: String) -> String {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
        for word in words {
            if let known = wellKnown[String(word)] {
                return "\(known.name) is a third-party library: write it with \(known.instead)"
            }
        }
        return "use Apple's frameworks (URLSession and Codable, not Alamofire, SwiftyJSON or Moya)"
    }

    /// Folder names whose children are module folders.
    static let moduleParents: Set<String> = ["Sources", "Source", "Tests", "Test", "Plugins"]

    public var description: RuleDescription {
        RuleDescription(
            identifier: "no-third-party", name: "Use no third-party libraries", kind: .dependencies,
            severity: .error,
            rationale: """
                The exercises ask for Apple's frameworks only (URLSession, Codable, GCD): the point is to see the \
                candidate's own networking, decoding and threading, not a library's. Reaching for Alamofire, \
                SwiftyJSON or Moya is what the briefs call a red flag; the message names what to use instead.
                """,
            parameters: ["allow": "list of extra module names to accept"],
            nonTriggeringExamples: [
                Example(
                    "import Foundation\nimport UIKit\n@testable import FeedCore\nimport struct Foundation.URL",
                    otherFiles: ["Sources/FeedCore/Feed.swift": ""]),
                Example("#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\nimport os.log"),
                Example("import Networking", otherFiles: ["Sources/Networking/Client.swift": ""]),
                Example(
                    "import MyApp", path: "MyAppTests/FeedTests.swift", otherFiles: ["MyApp/AppDelegate.swift": ""]),
                Example(
                    "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(\n    name: \"Feed\",\n    dependencies: [],\n    targets: [.target(name: \"Feed\")]\n)",
                    path: "Package.swift"),
                Example("import Alamofire", parameters: ["allow": .array([.string("Alamofire")])]),
                Example("let text = \"import Alamofire\"\nlet important = 1"),
            ],
            triggeringExamples: [
                Example("import Foundation\n↓import Alamofire"),
                Example("@testable ↓import Kingfisher"),
                Example("@preconcurrency ↓import SDWebImage\n↓import struct RxSwift.Observable"),
                Example(
                    "let package = Package(\n    name: \"Feed\",\n    dependencies: [\n        ↓.package(url: \"https://github.com/Alamofire/Alamofire\", from: \"5.0.0\"),\n    ]\n)",
                    path: "Package.swift"),
                Example("platform :ios, '15.0'\ntarget 'Feed' do\n  ↓pod 'Alamofire', '~> 5.0'\nend", path: "Podfile"),
                Example("↓github \"Alamofire/Alamofire\" ~> 5.0", path: "Cartfile"),
                Example("", path: "Pods/Alamofire/Source/Session.swift", wrappable: false),
                Example("", path: "Carthage/Build/iOS/Alamofire.framework/Info.plist", wrappable: false),
                Example("", path: "Frameworks/Analytics.xcframework/Info.plist", wrappable: false),
                Example(
                    "/* XCRemoteSwiftPackageReference \"Alamofire\" */ = {\n\tisa = XCRemoteSwiftPackageReference;\n\t↓repositoryURL = \"https://github.com/Alamofire/Alamofire.git\";\n};",
                    path: "Feed.xcodeproj/project.pbxproj"),
            ])
    }

    public func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput {
        let rule = description
        var findings: [Finding] = []
        let files = context.files
        let fileSet = Set(files)
        var reportedFolders: Set<String> = []

        for path in files {
            let components = path.split(separator: "/").map(String.init)
            let name = components.last ?? path
            let folder = components.dropLast().joined(separator: "/")
            let sibling = { (other: String) in folder.isEmpty ? other : "\(folder)/\(other)" }

            // Vendored folders and bundles: one finding per folder.
            if let vendored = vendoredRoot(components), reportedFolders.insert(vendored).inserted {
                let what = vendored.hasSuffix("framework") ? "a vendored binary framework" : "vendored dependencies"
                findings.append(
                    Finding(
                        rule: rule.identifier, severity: rule.severity, path: vendored, line: 0, column: 0,
                        message: "'\(vendored)' holds \(what); remove it: \(Self.advice(for: vendored))"))
            }
            if vendoredRoot(components) != nil { continue }

            switch name {
            case "Podfile":
                findings += lineFindings(
                    context, path: path, prefixes: ["pod "], what: "a CocoaPods dependency")
            case "Cartfile", "Cartfile.private":
                findings += lineFindings(
                    context, path: path, prefixes: ["github ", "git ", "binary "], what: "a Carthage dependency")
            case "Podfile.lock" where !fileSet.contains(sibling("Podfile")),
                "Cartfile.resolved" where !fileSet.contains(sibling("Cartfile")):
                findings.append(
                    Finding(
                        rule: rule.identifier, severity: rule.severity, path: path, line: 0, column: 0,
                        message: "'\(name)' locks third-party dependencies; remove them: \(Self.advice(for: ""))"))
            case "project.pbxproj":
                guard let text = context.text(of: path), text.contains("XCRemoteSwiftPackageReference") else { break }
                findings += lineFindings(
                    context, path: path, prefixes: ["repositoryURL = "], what: "a Swift package to the Xcode project")
            default:
                break
            }
        }

        // Package manifests: `.package(` calls.
        for source in context.sources where RuleContext.isManifest(source.path) {
            let tokens = source.tokens
            for index in tokens.indices.dropLast(2)
            where tokens[index].isSymbol(".") && tokens[index + 1].isWord("package") && tokens[index + 2].isSymbol("(")
            {
                let close = source.closer(ofOpenerAt: index + 2) ?? index + 2
                let quote = source.quote(from: index, through: close, limit: 70)
                findings.append(
                    source.finding(
                        rule, at: index, "`\(quote)` adds a third-party package; remove it: \(Self.advice(for: quote))")
                )
            }
        }

        // Imports.
        let own = ownModules(context).union(parameters.strings("allow"))
        for source in context.candidateSources {
            for (index, module) in imports(in: source)
            where !Self.appleModules.contains(module) && !own.contains(module) {
                findings.append(
                    source.finding(
                        rule, at: index,
                        "`import \(module)` uses a module outside Apple's SDK and this submission; remove it: "
                            + Self.advice(for: module)))
            }
        }
        return RuleOutput(findings: findings)
    }

    /// The `Pods`/`Carthage` folder or outermost `.framework`/`.xcframework` bundle `components` lie in.
    private func vendoredRoot(_ components: [String]) -> String? {
        for (index, component) in components.dropLast().enumerated() {
            if component == "Pods" || component == "Carthage" || component.hasSuffix(".framework")
                || component.hasSuffix(".xcframework")
            {
                return components[...index].joined(separator: "/")
            }
        }
        return nil
    }

    /// One finding per line starting (after indentation) with one of `prefixes`; a whole-file finding if none.
    private func lineFindings(_ context: RuleContext, path: String, prefixes: [String], what: String) -> [Finding] {
        let rule = description
        var findings: [Finding] = []
        let text = context.text(of: path) ?? ""
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard prefixes.contains(where: { trimmed.hasPrefix($0) }) else { continue }
            let column = line.utf8.count - trimmed.utf8.count + 1
            var quote = String(trimmed).trimmingCharacters(in: .whitespacesAndNewlines)
            if quote.count > 70 { quote = String(quote.prefix(69)) + "…" }
            findings.append(
                Finding(
                    rule: rule.identifier, severity: rule.severity, path: path, line: number + 1, column: column,
                    message: "`\(quote)` adds \(what); remove it: \(Self.advice(for: quote))"))
        }
        if findings.isEmpty {
            findings.append(
                Finding(
                    rule: rule.identifier, severity: rule.severity, path: path, line: 0, column: 0,
                    message: "'\(path)' declares third-party dependencies; remove it: \(Self.advice(for: ""))"))
        }
        return findings
    }

    /// Each `import` declaration: the index of the `import` keyword and the module's top-level name.
    func imports(in source: SwiftSource) -> [(Int, String)] {
        let tokens = source.tokens
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor"]
        let modifiers: Set<String> = ["private", "fileprivate", "internal", "public", "package", "open"]
        var found: [(Int, String)] = []
        for index in tokens.indices where tokens[index].isWord("import") {
            if index > 0, !tokens[index].newlineBefore {
                let previous = tokens[index - 1]
                guard
                    previous.kind == .attribute || previous.isSymbol(";") || previous.isSymbol(")")
                        || (previous.kind == .identifier && modifiers.contains(previous.text))
                else { continue }
            }
            var cursor = index + 1
            if cursor < tokens.count, tokens[cursor].kind == .identifier, kinds.contains(tokens[cursor].text),
                cursor + 1 < tokens.count, tokens[cursor + 1].kind == .identifier
            {
                cursor += 1
            }
            guard cursor < tokens.count, tokens[cursor].kind == .identifier else { continue }
            found.append((index, tokens[cursor].text))
        }
        return found
    }

    /// The submission's own module names: folders under `Sources/`/`Tests/`, top-level folders, Xcode project
    /// names and the folders beside them, and targets named in package manifests.
    func ownModules(_ context: RuleContext) -> Set<String> {
        var names: Set<String> = []
        var projectFolders: Set<String> = []
        for path in context.files {
            let components = path.split(separator: "/").map(String.init)
            if components.count > 1 { names.insert(components[0]) }
            for (index, component) in components.enumerated() {
                if Self.moduleParents.contains(component), index + 2 < components.count {
                    names.insert(components[index + 1])
                }
                if component.hasSuffix(".xcodeproj") || component.hasSuffix(".xcworkspace") {
                    let stem = String(component.split(separator: ".").first ?? "")
                    names.formUnion([stem, stem + "Tests", stem + "UITests"])
                    projectFolders.insert(components[..<index].joined(separator: "/"))
                }
            }
        }
        for path in context.files {
            let components = path.split(separator: "/").map(String.init)
            for depth in 0..<max(0, components.count - 1) {
                if projectFolders.contains(components[..<depth].joined(separator: "/")) {
                    names.insert(components[depth])
                }
            }
        }
        for source in context.sources where RuleContext.isManifest(source.path) {
            let tokens = source.tokens
            for index in tokens.indices.dropLast(2)
            where tokens[index].isWord("name") && tokens[index + 1].isSymbol(":") && tokens[index + 2].kind == .string {
                names.insert(tokens[index + 2].text.trimmingCharacters(in: ["\"", "#"]))
            }
        }
        // Xcode turns `My-App` into the module `My_App`.
        for name in names {
            names.insert(String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" }))
        }
        return names
    }
}
