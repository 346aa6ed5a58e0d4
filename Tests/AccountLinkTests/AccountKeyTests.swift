import Testing

@testable import AccountLink

/// The account key as the user copies it.
@Suite struct AccountKeyTests {
    @Test func textRoundTripsAndBadTextIsRefused() throws {
        let key = AccountKey.generate()
        #expect(try AccountKey(text: "  " + key.text + "\n") == key)
        #expect(key != AccountKey.generate())
        #expect(throws: AccountLinkError.self) { try AccountKey(text: "secret") }
        #expect(throws: AccountLinkError.self) { try AccountKey(text: AccountKey.prefix + "AAAA") }
    }
}
