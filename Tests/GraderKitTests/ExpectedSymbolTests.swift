@testable import GraderKit
import XCTest

final class ExpectedSymbolTests: XCTestCase {
    func testNamesTheSymbolTheTestsExpected() {
        let cases: [(String, String?)] = [
            ("value of type 'Counter' has no member 'label'", "Counter.label"),
            ("value of type 'MovieListViewModel?' has no member 'load'", "MovieListViewModel.load"),
            ("type 'MovieCategory' has no member 'nowPlaying'", "MovieCategory.nowPlaying"),
            ("cannot find 'SearchViewModel' in scope", "SearchViewModel"),
            ("cannot find type 'ImageLoader' in scope", "ImageLoader"),
            ("no such module 'MovieClient'", "module MovieClient"),
            ("incorrect argument label in call (have 'query:', expected 'text:')", "text:"),
            ("'init(session:)' is inaccessible due to 'internal' protection level", "init(session:) (public)"),
            ("expected expression", nil),
        ]
        for (message, expected) in cases {
            XCTAssertEqual(ExpectedSymbol.from(message), expected, message)
        }
    }
}
