import GraderCore

/// `no-system-singletons`: reaching for the SDK's shared instances (`URLSession.shared`, `UserDefaults.standard`,
/// `NotificationCenter.default`, …) from app code instead of taking them as dependencies.
///
/// Not flagged: test code; a default argument value in a declaration's parameter clause
/// (`init(session: URLSession = .shared)` or `= URLSession.shared`), since the dependency is still injected;
/// `DispatchQueue.main`, `RunLoop.main`, `OperationQueue.main` (schedulers, not state); `Bundle.main` (read-only
/// resources and configuration such as an API key in Info.plist); `ProcessInfo.processInfo`.
public struct NoSystemSingletonsRule: Rule {
    public init() {}

    /// Type → members that are its process-wide shared instance.
    static let shared: [String: Set<String>] = [
        "URLSession": ["shared"],
        "URLCache": ["shared"],
        "HTTPCookieStorage": ["shared"],
        "URLCredentialStorage": ["shared"],
        "UserDefaults": ["standard"],
        "NotificationCenter": ["default"],
        "DistributedNotificationCenter": ["default"],
        "FileManager": ["default"],
        "UIApplication": ["shared"],
        "NSApplication": ["shared"],
        "NSWorkspace": ["shared"],
        "UNUserNotificationCenter": ["current"],
        "NSUbiquitousKeyValueStore": ["default"],
    ]

    public var description: RuleDescription {
        RuleDescription(
            identifier: "no-system-singletons", name: "Inject system services instead of their shared instances",
            kind: .idiomatic, severity: .warning,
            rationale: """
                `URLSession.shared` and friends are singletons too: code that reaches for them cannot be tested \
                without the real network, disk or defaults. Take the session, defaults or center through init \
                (a default argument value is fine).
                """,
            parameters: ["allow": "list of `Type.member` to accept, e.g. `[\"FileManager.default\"]`"],
            nonTriggeringExamples: [
                Example("DispatchQueue.main.async { render() }"),
                Example("let path = Bundle.main.path(forResource: \"feed\", ofType: \"json\")"),
                Example("init(session: URLSession = URLSession.shared) { self.session = session }"),
                Example(
                    "final class Loader {\n    init(session: URLSession = .shared, defaults: UserDefaults = .standard) {}\n}"
                ),
                Example("let session = URLSession(configuration: .ephemeral)"),
                Example("let client = Client(session: URLSession.shared)", path: "Tests/AppTests/ClientTests.swift"),
                Example("let shared = mySession.shared"),
                Example(
                    "let manager = FileManager.default", parameters: ["allow": .array([.string("FileManager.default")])]
                ),
            ],
            triggeringExamples: [
                Example("let task = ↓URLSession.shared.dataTask(with: url)"),
                Example("↓UserDefaults.standard.set(true, forKey: \"seen\")"),
                Example("↓NotificationCenter.default.post(name: .didLogIn, object: nil)"),
                Example("let exists = ↓FileManager.default.fileExists(atPath: path)"),
                Example("↓UIApplication.shared.open(url)"),
                Example("let center = Foundation.↓NotificationCenter.default"),
                Example("↓UNUserNotificationCenter.current().add(request)"),
                Example("final class Client {\n    let session = ↓URLSession.shared\n    func f(x: Int = 1) {}\n}"),
            ])
    }

    public func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput {
        let allowed = Set(parameters.strings("allow"))
        var findings: [Finding] = []
        for source in context.appSources {
            let tokens = source.tokens
            for index in tokens.indices where tokens[index].kind == .identifier && !tokens[index].escaped {
                guard let members = Self.shared[tokens[index].text], index + 2 < tokens.count,
                    tokens[index + 1].isSymbol("."), members.contains(tokens[index + 2].text)
                else { continue }
                if index > 0, tokens[index - 1].isSymbol("."),
                    !(index > 1
                        && ["Foundation", "UIKit", "AppKit", "UserNotifications"].contains(tokens[index - 2].text))
                {
                    continue
                }
                if source.contexts[index].inParameterClause { continue }
                let name = "\(tokens[index].text).\(tokens[index + 2].text)"
                guard !allowed.contains(name) else { continue }
                findings.append(
                    source.finding(
                        description, at: index,
                        "`\(name)` is a process-wide shared instance; take a '\(tokens[index].text)' through init instead"
                    ))
            }
        }
        return RuleOutput(findings: findings)
    }
}
