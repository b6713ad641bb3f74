import Foundation

/// Reads Flickr's JSON answers. Flickr reports its own failures with status 200 and a body of
/// `{"stat": "fail", "code": …, "message": …}`: that becomes `NetworkError.api`, before the body is decoded.
public enum FlickrDecoder {
    /// Decodes `type` from `data`; throws `NetworkError.api` for Flickr's failure body and
    /// `NetworkError.decoding` for anything else that is not a `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        // TODO(FL3): A body with "stat": "fail" is Flickr's error: throw NetworkError.api with its code and message.
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw NetworkError.decoding(String(describing: error))
        }
    }
}

/// Flickr's error body: `{"stat": "fail", "code": 100, "message": "Invalid API Key (Key has invalid format)"}`.
struct FlickrFailure: Decodable {
    var stat: String
    var code: Int?
    var message: String?
}
