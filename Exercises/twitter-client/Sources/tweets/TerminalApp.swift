import Foundation
import TwitterFeed

/// A terminal stand-in for the iOS screens: binds to the coordinator's route and screen models, reads commands
/// from standard input and prints what the screens would show. Runs on the main queue.
final class TerminalApp {
    private let coordinator: AppCoordinator
    private let client: TwitterClient
    private let echoInput: Bool
    private let bag = DisposeBag()
    private var pendingLines: [String] = []
    private var inputEnded = false
    private var waiting: ((String) -> Void)?
    private var screenBag = DisposeBag()

    init(client: TwitterClient, coordinator: AppCoordinator, echoInput: Bool) {
        self.client = client
        self.coordinator = coordinator
        self.echoInput = echoInput
    }

    func start() {
        coordinator.route.observeNext { [weak self] route in self?.show(route) }.dispose(in: bag)
    }

    /// A line typed by the user (or the end of input, as nil). Call on the main queue.
    func received(_ line: String?) {
        guard let line else {
            inputEnded = true
            if waiting != nil && pendingLines.isEmpty { quit() }
            return
        }
        pendingLines.append(line)
        deliverIfWaiting()
    }

    private func deliverIfWaiting() {
        guard let handler = waiting, !pendingLines.isEmpty else { return }
        waiting = nil
        let line = pendingLines.removeFirst()
        if echoInput { print(line) }
        handler(line)
    }

    private func ask(_ prompt: String, then handler: @escaping (String) -> Void) {
        print(prompt, terminator: "")
        fflush(stdout)
        waiting = handler
        if !pendingLines.isEmpty {
            // Answer on the next turn of the main queue, as a typed line would: never inside an observer.
            DispatchQueue.main.async { [weak self] in self?.deliverIfWaiting() }
        } else if inputEnded {
            quit()
        }
    }

    private func show(_ route: Route) {
        screenBag = DisposeBag()
        waiting = nil
        switch route {
        case .logIn:
            guard let model = coordinator.logInViewModel else { return }
            print("\n== \(model.title) ==")
            askCredentials(model)
        case .feed:
            guard let model = coordinator.feedViewModel else { return }
            print("\n== \(model.title) ==   [\(model.logOutButtonTitle): o]")
            bind(model)
            model.viewDidLoad()
        }
    }

    private func askCredentials(_ model: LogInViewModel) {
        ask("Username: ") { [weak self] username in
            model.usernameChanged(username)
            self?.ask("Password: ") { password in
                model.passwordChanged(password)
                self?.tapLogIn(model)
            }
        }
    }

    private func tapLogIn(_ model: LogInViewModel) {
        guard model.isLogInEnabled.value else {
            print("Fill in both fields to log in.")
            askCredentials(model)
            return
        }
        print("Logging in…")
        model.logInButtonTapped()
        // A failed log-in shows nothing (out of scope for the exercise); the terminal says so after the latency.
        DispatchQueue.main.asyncAfter(deadline: .now() + client.latency + 0.2) { [weak self, weak model] in
            guard let self, let model, self.coordinator.logInViewModel === model else { return }
            print("Still on Log In: wrong username or password. Try again.")
            self.askCredentials(model)
        }
    }

    private func bind(_ model: FeedViewModel) {
        var wasLoading = false
        model.isLoading.observeNext { [weak self, weak model] loading in
            defer { wasLoading = loading }
            guard let self, let model else { return }
            if loading {
                print("Loading timeline…")
            } else if wasLoading {
                self.printCells(model.cells.value)
                self.askCommand(model)
            }
        }
        .dispose(in: screenBag)
    }

    private func printCells(_ cells: [TweetCellModel]) {
        if cells.isEmpty { print("(no tweets)") }
        for cell in cells {
            print("\n  \(cell.title)\n  \(cell.text)")
        }
        print("")
    }

    private func askCommand(_ model: FeedViewModel) {
        ask("[r] refresh  [o] log out  [q] quit > ") { [weak self, weak model] command in
            guard let self, let model else { return }
            switch command.trimmingCharacters(in: .whitespaces).lowercased() {
            case "r": model.refreshRequested()
            case "o": model.logOutButtonTapped()
            case "q": self.quit()
            default:
                print("Unknown command: \(command)")
                self.askCommand(model)
            }
        }
    }

    private func quit() {
        print("\nBye.")
        exit(0)
    }
}
