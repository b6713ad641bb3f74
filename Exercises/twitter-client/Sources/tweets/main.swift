import Foundation
import TwitterFeed

// `swift run tweets`: the Log In and Tweet Feed screens in a terminal, offline, on demo accounts.
// Standard input may be a terminal or a pipe: printf 'alice\nsecret\nq\n' | swift run tweets

setvbuf(stdout, nil, _IOLBF, 0)  // prompts and lines show at once, also through a pipe

let accounts = DemoAccounts.all
print("Twitter client demo (offline). Demo accounts:")
for account in accounts {
    print("  username: \(account.username)   password: \(account.password)")
}

let client = TwitterClient(
    accounts: accounts, latency: 0.4, scheduler: QueueScheduler(queue: DispatchQueue(label: "twitter-client")))
let coordinator = AppCoordinator(client: client, uiScheduler: QueueScheduler(queue: .main))
let app = TerminalApp(client: client, coordinator: coordinator, echoInput: isatty(STDIN_FILENO) == 0)

DispatchQueue.main.async { app.start() }
DispatchQueue(label: "stdin").async {
    while let line = readLine() {
        DispatchQueue.main.async { app.received(line) }
    }
    DispatchQueue.main.async { app.received(nil) }
}
dispatchMain()
