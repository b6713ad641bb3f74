import Foundation

/// Flickr's answer to `flickr.photos.search` and `flickr.photos.getRecent`:
/// `{"photos": {"page": 1, "pages": 62, "perpage": 20, "total": "1234", "photo": […]}, "stat": "ok"}`.
public struct PhotoSearchResponse: Decodable, Equatable {
    public var photos: PhotosPage
    public var stat: String

    public init(photos: PhotosPage, stat: String = "ok") {
        self.photos = photos
        self.stat = stat
    }
}

/// One page of photos.
public struct PhotosPage: Decodable, Equatable {
    public var page: Int
    public var pages: Int
    public var perPage: Int
    /// How many photos match in all; Flickr sends it as a string or a number depending on the call.
    public var total: Int
    public var photo: [Photo]

    public init(page: Int = 1, pages: Int = 1, perPage: Int? = nil, total: Int? = nil, photo: [Photo]) {
        self.page = page
        self.pages = pages
        self.perPage = perPage ?? photo.count
        self.total = total ?? photo.count
        self.photo = photo
    }

    enum CodingKeys: String, CodingKey {
        case page, pages, total, photo
        case perPage = "perpage"
    }

    public init(from decoder: Decoder) throws {
        // TODO(FL3): Decode page, pages, perpage, total and photo[]; the numbers may arrive as numbers or as strings ("1234").
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "TODO(FL3)"))
    }

    // TODO(FL3): A number that Flickr may send as 1234 or as "1234".
}
