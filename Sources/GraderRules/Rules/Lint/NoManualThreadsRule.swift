import GraderCore

/// `no-manual-threads`: creating threads by hand in app code: `Thread(…)`, `Thread { … }`,
/// `Thread.detachNewThread…`, `NSThread`, `pthread_create`, or subclassing `Thread`.
///
/// Reading the current thread is fine: `Thread.isMainThread`, `Thread.current`, `Thread.sleep`. Test code is
/// not checked.
public struct NoManualThreadsRule: Rule {
    public init() {}

    public var description: RuleDescription {
        RuleDescription(
            identifier: "no-manual-threads", name: "Use GCD or Swift concurrency, not manual threads", kind: .lint,
            severity: .warning,
            rationale: """
                Threads made by hand are hard to get right (lifetime, synchronization, delivery on main) and the \
                exercises ask for GCD queues or Swift concurrency, which manage threads for you.
                """,
            nonTriggeringExamples: [
                Example("if Thread.isMainThread { render() } else { DispatchQueue.main.async(execute: render) }"),
                Example("let name = Thread.current.name"),
                Example("Task.detached { await load() }"),
                Example("let queue = DispatchQueue(label: \"feed\", qos: .userInitiated)"),
                Example("var thread: Thread?"),
                Example("let t = Thread { work() }", path: "Tests/AppTests/ThreadTests.swift"),
                Example("let thread = makeThread()\nlet note = \"Thread(\""),
            ],
            triggeringExamples: [
                Example("let worker = ↓Thread { self.load() }"),
                Example("let worker = ↓Thread(target: self, selector: #selector(run), object: nil)"),
                Example("↓Thread.detachNewThread { self.load() }"),
                Example("let worker = Foundation.↓Thread.init(block: work)"),
                Example("final class Worker: ↓Thread {\n    override func main() {}\n}"),
                Example("let t = ↓NSThread()"),
                Example("↓pthread_create(&thread, nil, start, nil)"),
            ])
    }

    public func check(_ context: RuleContext, parameters: [String: JSONValue]) -> RuleOutput {
        var findings: [Finding] = []
        for source in context.appSources {
            let tokens = source.tokens
            for index in tokens.indices where tokens[index].kind == .identifier && !tokens[index].escaped {
                let text = tokens[index].text
                let next = index + 1 < tokens.count ? tokens[index + 1] : nil
                let afterDot = index > 0 && tokens[index - 1].isSymbol(".")
                var quote: String?
                switch text {
                case "pthread_create", "NSThread":
                    quote = text
                case "Thread" where !afterDot || (index > 1 && tokens[index - 2].isWord("Foundation")):
                    if let next, next.isSymbol("(") || next.isSymbol("{") {
                        if next.isSymbol("{"), isInheritance(tokens, at: index) {
                            quote = "class …: Thread"
                        } else {
                            quote = next.isSymbol("(") ? "Thread(…)" : "Thread { … }"
                        }
                    } else if let next, next.isSymbol("."), index + 2 < tokens.count {
                        let member = tokens[index + 2].text
                        if member == "init" || member.hasPrefix("detachNewThread") { quote = "Thread.\(member)" }
                    } else if isInheritance(tokens, at: index) {
                        quote = "class …: Thread"
                    }
                default:
                    break
                }
                guard let quote else { continue }
                findings.append(
                    source.finding(
                        description, at: index,
                        "`\(quote)` manages a thread by hand; use a DispatchQueue or Swift concurrency instead"))
            }
        }
        return RuleOutput(findings: findings)
    }

    /// Whether `Thread` at `index` is in a class's inheritance clause: `class Worker: Thread`, `…: NSObject, Thread`.
    private func isInheritance(_ tokens: [Token], at index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 1 {
            let token = tokens[cursor]
            if token.isSymbol(":") {
                return tokens[cursor - 1].kind == .identifier && cursor >= 2 && tokens[cursor - 2].isWord("class")
            }
            guard token.isSymbol(",") || token.kind == .identifier || token.isSymbol(".") else { return false }
            cursor -= 1
        }
        return false
    }
}
