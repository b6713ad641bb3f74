import Foundation

/// TMDb response bodies shared by the hidden tests (no import of the exercise module: a bent API must not
/// break every requirement's tests at once).
enum MovieFixtures {
    static let page = """
        {"page": 2, "total_pages": 7, "total_results": 131, "results": [
          {"id": 671, "title": "Harry Potter and the Philosopher's Stone", "overview": "Harry learns he is a wizard.",
           "poster_path": "/wuMc08IPKEatf9rnMNXvIDxqP4W.jpg", "release_date": "2001-11-16", "vote_average": 7.9,
           "adult": false, "genre_ids": [12, 14], "original_language": "en"},
          {"id": 603, "title": "The Matrix", "overview": "A hacker learns the truth.", "poster_path": null,
           "release_date": "", "vote_average": 8.2}
        ]}
        """

    static let sparse = """
        {"page": 1, "total_pages": 1, "total_results": 1, "results": [{"id": 1, "title": "Untitled Project"}]}
        """

    static let invalidKey = """
        {"status_code": 7, "status_message": "Invalid API key: You must be granted a valid key.", "success": false}
        """

    static func wait(until condition: () -> Bool, timeout: TimeInterval = 2) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(), Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.005)) }
    }
}
