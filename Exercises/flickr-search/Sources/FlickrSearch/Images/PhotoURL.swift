import Foundation

/// Flickr's image sizes, by the suffix of their file name.
public enum PhotoSize: String, CaseIterable, Equatable {
    /// 150 × 150, cropped square: the grid.
    case square = "q"
    /// 100 on the longest side.
    case thumbnail = "t"
    /// 240 on the longest side.
    case small = "m"
    /// 640 on the longest side.
    case medium = "z"
    /// 1024 on the longest side.
    case large = "b"
}

extension Photo {
    /// The image at `size`: `https://live.staticflickr.com/{server}/{id}_{secret}_{size}.jpg`; nil when the
    /// photo's parts make no URL (the cell keeps its placeholder and makes no request).
    public func url(size: PhotoSize) -> URL? {
        // TODO(FL4): Build live.staticflickr.com/{server}/{id}_{secret}_{suffix}.jpg; nil when the parts make no URL.
        return nil
    }
}
