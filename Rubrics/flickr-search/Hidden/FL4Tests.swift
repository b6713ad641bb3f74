import FlickrSearch
import Foundation
import GraderTestSupport
import XCTest

/// FL4: the photo URL from server, id, secret and a size suffix.
final class FL4PhotoURLTests: HiddenTestCase {
    private func kitten() -> Photo {
        Photo(
            id: "53012345678", owner: "12345678@N00", secret: "a1b2c3d4e5", server: "65535", farm: 66, title: "Kitten")
    }

    func test_FL4_theURLIsBuiltFromServerIdSecretAndSize() {
        XCTAssertEqual(
            kitten().url(size: .large)?.absoluteString,
            "https://live.staticflickr.com/65535/53012345678_a1b2c3d4e5_b.jpg")
    }

    func test_FL4_eachSizeHasItsFlickrSuffix() {
        let suffixes = [PhotoSize.square, .thumbnail, .small, .medium, .large].map {
            kitten().url(size: $0)?.lastPathComponent ?? "no URL"
        }
        XCTAssertEqual(
            suffixes,
            ["q", "t", "m", "z", "b"].map { "53012345678_a1b2c3d4e5_\($0).jpg" })
    }

    func test_FL4_anotherPhotoGetsItsOwnServerAndSecret() {
        let owl = Photo(id: "7", owner: "o", secret: "f00d", server: "7372", farm: 8, title: "Owl")
        XCTAssertEqual(owl.url(size: .square)?.absoluteString, "https://live.staticflickr.com/7372/7_f00d_q.jpg")
    }

    func test_FL4_aCellRequestsItsPhotosURLAtItsSize() {
        let loader = RecordingLoader()
        let cell = PhotoCellModel(photo: kitten(), imageLoader: loader, size: .thumbnail)
        XCTAssertEqual(
            loader.urls.map(\.absoluteString), ["https://live.staticflickr.com/65535/53012345678_a1b2c3d4e5_t.jpg"])
        withExtendedLifetime(cell) {}
    }
}

private final class RecordingLoader: ImageLoading {
    var urls: [URL] = []

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) -> CancellableTask {
        urls.append(url)
        return ProbeTask()
    }
}

private final class ProbeTask: CancellableTask {
    func cancel() {}
}
