import FlickrSearch
import Foundation
import XCTest

final class ScreenModelTests: XCTestCase {
    private func photos(_ ids: ClosedRange<Int>) -> [Photo] {
        ids.map { Photo(id: String($0), secret: "s\($0)", server: "1", title: "Photo \($0)") }
    }

    func testSearchDebouncesThenPagesToTheEndWithoutRepeats() {
        let service = FakeService()
        let scheduler = TestScheduler()
        let search = PhotoSearchViewModel(service: service, scheduler: scheduler, debounce: 0.3)
        var history: [[String]] = []
        let token = search.photos.observe { history.append($0.map(\.id)) }
        search.queryChanged("kit")
        scheduler.advance(by: 0.1)
        search.queryChanged("kittens ")
        scheduler.advance(by: 0.3)
        XCTAssertEqual(service.calls, ["kittens:1"])
        search.willDisplayPhoto(at: 0)
        service.answer(0, PhotosPage(page: 1, pages: 2, photo: photos(1...2)))
        search.willDisplayPhoto(at: 0)
        search.willDisplayPhoto(at: 1)
        search.willDisplayPhoto(at: 1)
        XCTAssertEqual(service.calls, ["kittens:1", "kittens:2"])
        XCTAssertTrue(search.isLoading.value)
        service.answer(1, PhotosPage(page: 2, pages: 2, photo: photos(3...4)))
        search.willDisplayPhoto(at: 3)
        XCTAssertEqual(service.calls, ["kittens:1", "kittens:2"])
        XCTAssertEqual(history, [[], ["1", "2"], ["1", "2", "3", "4"]])
        XCTAssertFalse(search.isLoading.value)
        token.cancel()
    }

    func testANewQueryStartsOverAndDropsTheOldAnswers() {
        let service = FakeService()
        let scheduler = TestScheduler()
        let search = PhotoSearchViewModel(service: service, scheduler: scheduler)
        search.queryChanged("cats")
        scheduler.advance(by: 1)
        service.answer(0, PhotosPage(page: 1, pages: 3, photo: photos(1...2)))
        search.willDisplayPhoto(at: 1)
        search.queryChanged("dogs")
        XCTAssertTrue(service.tasks[1].isCancelled)
        scheduler.advance(by: 1)
        service.answer(1, PhotosPage(page: 2, pages: 3, photo: photos(3...4)))
        service.answer(2, PhotosPage(page: 1, pages: 1, photo: photos(9...9)))
        XCTAssertEqual(search.photos.value.map(\.id), ["9"])
        XCTAssertEqual(service.calls, ["cats:1", "cats:2", "dogs:1"])
        search.queryChanged("  ")
        XCTAssertEqual(search.photos.value, [])
        XCTAssertEqual(scheduler.pendingCount, 0)
    }

    func testAFailedPageKeepsThePhotosAndShowsTheError() {
        let service = FakeService()
        let scheduler = TestScheduler()
        let search = PhotoSearchViewModel(service: service, scheduler: scheduler)
        search.queryChanged("cats")
        scheduler.advance(by: 1)
        service.answer(0, PhotosPage(page: 1, pages: 3, photo: photos(1...2)))
        search.willDisplayPhoto(at: 1)
        service.fail(1, .http(status: 500))
        XCTAssertEqual(search.photos.value.map(\.id), ["1", "2"])
        XCTAssertEqual(search.errorMessage.value, "The server answered with status 500.")
        search.willDisplayPhoto(at: 1)
        service.answer(2, PhotosPage(page: 2, pages: 3, photo: photos(3...3)))
        XCTAssertEqual(service.calls, ["cats:1", "cats:2", "cats:2"])
        XCTAssertNil(search.errorMessage.value)
    }

    func testCellImageGoesLoadingThenImageAndIgnoresLateResultsAfterRebind() {
        let loader = FakeLoader()
        let cell = PhotoCellModel(photo: photos(1...1)[0], imageLoader: loader)
        var states: [ImageState] = []
        let token = cell.image.observe { states.append($0) }
        cell.bind(photos(2...2)[0])
        loader.loads[0].completion(.success(Data("A".utf8)))
        loader.loads[1].completion(.success(Data("B".utf8)))
        XCTAssertEqual(states, [.loading, .loading, .image(Data("B".utf8))])
        XCTAssertEqual(cell.title.value, "Photo 2")
        XCTAssertTrue(loader.loads[0].task.isCancelled)
        XCTAssertEqual(loader.loads.map(\.url.lastPathComponent), ["1_s1_q.jpg", "2_s2_q.jpg"])
        token.cancel()
    }

    func testAFailedImageAndAPhotoWithoutURLShowThePlaceholder() {
        let loader = FakeLoader()
        let cell = PhotoCellModel(photo: photos(1...1)[0], imageLoader: loader, size: .large)
        loader.loads[0].completion(.failure(ImageLoadingError.http(status: 404)))
        XCTAssertEqual(cell.image.value, .placeholder)
        cell.bind(Photo(id: "", secret: "", server: ""))
        XCTAssertEqual(cell.image.value, .placeholder)
        XCTAssertEqual(loader.loads.count, 1)
    }

    func testQueueSchedulerRunsWorkUnlessCancelled() {
        let scheduler = QueueScheduler(queue: .main)
        let ran = expectation(description: "ran")
        _ = scheduler.schedule(after: 0.01) { ran.fulfill() }
        scheduler.schedule(after: 0.01) { XCTFail("cancelled work ran") }.cancel()
        wait(for: [ran], timeout: 2)
    }
}

private final class FakeService: PhotoSearching {
    var calls: [String] = []
    var completions: [(Result<PhotosPage, NetworkError>) -> Void] = []
    var tasks: [BlockTask] = []

    func searchPhotos(
        matching text: String, page: Int, completion: @escaping (Result<PhotosPage, NetworkError>) -> Void
    ) -> CancellableTask {
        calls.append("\(text):\(page)")
        completions.append(completion)
        let task = BlockTask()
        tasks.append(task)
        return task
    }

    func answer(_ index: Int, _ page: PhotosPage) { completions[index](.success(page)) }
    func fail(_ index: Int, _ error: NetworkError) { completions[index](.failure(error)) }
}

private final class FakeLoader: ImageLoading {
    var loads: [(url: URL, completion: (Result<Data, Error>) -> Void, task: BlockTask)] = []

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        let task = BlockTask()
        loads.append((url, completion, task))
        return task
    }
}
