import Cartography
import Stores
import TerminalUI
import TestSupport
import Testing
import Wire

@Suite("Stores views, rendered headlessly")
struct StoresGoldenTests {
    static let sanFrancisco = GeoCoordinate(latitude: 37.7749, longitude: -122.4194)
    static let favourites: PropertyListValue = .dictionary([
        "unionsquare": .string("https://www.apple.com/retail/unionsquare/"),
        "regentstreet": .string("https://www.apple.com/uk/retail/regentstreet/"),
        "ginza": .string("https://www.apple.com/jp/retail/ginza/"),
    ])

    @Test("the world map beside the list of every store, favourites marked")
    func world() throws {
        let harness = try StoresHarness.launched(favourites: Self.favourites)
        try Golden.check(harness.frame(), named: "world-map-and-list")
    }

    @Test("the city map at the device's location, nearest stores first")
    func city() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco, favourites: Self.favourites)
        try Golden.check(harness.render(), named: "city-map-and-list")
    }

    @Test("the block-character map for fonts without braille")
    func blocks() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco)
        harness.press(.char("b"))
        try Golden.check(harness.frame(), named: "city-map-blocks")
    }

    @Test("searching lists matching stores everywhere, the field open")
    func search() throws {
        let harness = try StoresHarness.launched(favourites: Self.favourites)
        harness.press(.char("/"))
        harness.type("london")
        try Golden.check(harness.frame(), named: "search-list")
    }

    @Test("the details popover of a favourite store")
    func details() throws {
        let harness = try StoresHarness.launched(favourites: Self.favourites)
        harness.press(.char("/"))
        harness.type("Regent Street")
        harness.press(KeyPress(.enter))
        harness.press(KeyPress(.enter))
        try Golden.check(harness.frame(), named: "details-popover")
    }

    @Test("favourites only, across the world")
    func favouritesOnly() throws {
        let harness = try StoresHarness.launched(favourites: Self.favourites)
        harness.press(KeyPress(.tab))
        harness.press(.char("*"))
        try Golden.check(harness.frame(), named: "favourites-only")
    }
}
