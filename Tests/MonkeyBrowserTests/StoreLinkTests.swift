import Foundation
import MonkeyBrowser
import Testing

@Suite("Apple Store links")
struct StoreLinkTests {
    @Test(
        "store pages give their slug; other pages none",
        arguments: [
            ("https://www.apple.com/retail/unionsquare/", "unionsquare"),
            ("https://www.apple.com/retail/fifth-avenue", "fifth-avenue"),
            ("https://www.apple.com/retail/", nil),
            ("https://www.apple.com/mac/", nil),
            ("https://example.com/retail/unionsquare/", nil),
            ("file:///retail/unionsquare/", nil),
        ] as [(String, String?)])
    func slug(address: String, expected: String?) throws {
        let url = try #require(URL(string: address))
        #expect(StoreLink.slug(of: url) == expected)
    }
}
