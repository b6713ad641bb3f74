import Foundation
import TwitterFeed

/// Records every value an output sends, from its current value on.
final class Recorder<Value> {
    private(set) var values: [Value] = []
    private let bag = DisposeBag()

    init(_ property: ReadOnlyProperty<Value>) {
        property.observeNext { [weak self] in self?.values.append($0) }.dispose(in: bag)
    }
}

/// A session the test drives by hand; records log-in calls.
final class FakeSession: Session {
    let loggedIn: Property<Bool>
    private(set) var logInCalls: [(username: String, password: String)] = []
    private(set) var logOutCount = 0

    init(isLoggedIn: Bool = false) {
        loggedIn = Property(isLoggedIn)
    }

    var isLoggedIn: ReadOnlyProperty<Bool> { loggedIn.readOnly }

    func logIn(username: String, password: String) {
        logInCalls.append((username, password))
    }

    func logOut() {
        logOutCount += 1
        loggedIn.value = false
    }
}

/// A timeline whose loads the test answers by hand.
final class FakeTimeline: TimelineLoading {
    private(set) var completions: [(Result<[Tweet], TwitterClient.Error>) -> Void] = []

    func loadTimeline(completion: @escaping (Result<[Tweet], TwitterClient.Error>) -> Void) {
        completions.append(completion)
    }

    func answer(_ index: Int, with result: Result<[Tweet], TwitterClient.Error>) {
        completions[index](result)
    }
}

func tweet(_ id: String, _ handle: String, _ text: String) -> Tweet {
    Tweet(id: id, handle: handle, text: text, date: Date(timeIntervalSince1970: 0))
}
