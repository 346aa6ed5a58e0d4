import Cartography
import Foundation
import Handoff
import Stores
import SuiteMessages
import TerminalUI
import Testing
import Wire

@Suite("Stores app: launch, favourites, links, bad input")
struct StoresAppTests {
    static let sanFrancisco = GeoCoordinate(latitude: 37.7749, longitude: -122.4194)

    @Test("the stores load off the first frame: the first frame says so, the posted result fills the map")
    func loadsAfterFirstFrame() throws {
        let harness = try StoresHarness()
        #expect(harness.frame().joined().contains("Loading stores…"))
        harness.deliver()
        #expect(harness.app.isLoaded)
        #expect(harness.app.state.index.stores.count == 522)
        #expect(harness.timers[LoopTimer(StoresTimer.launchRegion)] == 0.5)
    }

    @Test("with no handoff at launch, the device's location opens a 50 km region")
    func launchAtLocation() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco)
        let region = harness.app.state.region
        #expect(abs(region.center.latitude - 37.7749) < 0.01)
        #expect(region.span.latitudeDelta < 1)
        #expect(harness.app.state.rows.first?.name == "Union Square")
    }

    @Test("a restart reopens the map where it rested, before the device's location")
    func restartReopensWhereTheMapWas() throws {
        let first = try StoresHarness.launched(location: Self.sanFrancisco, keepsPlace: true)
        for _ in 0..<4 { first.press(KeyPress(.right)) }
        first.press(.char("+"))
        #expect(first.timers[LoopTimer(StoresTimer.mapActivity)] != nil)
        first.fire(.mapActivity)
        let rested = first.app.state.region
        let second = try StoresHarness.launched(location: Self.sanFrancisco, home: first.home, keepsPlace: true)
        let region = second.app.state.region
        #expect(region.center == rested.center)
        // The same region fitted to the map again: its span within a thousandth.
        #expect(abs(region.span.latitudeDelta / rested.span.latitudeDelta - 1) < 0.001, "\(region) \(rested)")
        #expect(abs(second.app.state.region.center.longitude - (-122.4194)) > 0.01, "the location won")
    }

    @Test("no place is kept before the launch chose the region: the world shown meanwhile is not one")
    func noPlaceBeforeTheLaunchRegion() throws {
        let harness = try StoresHarness(location: Self.sanFrancisco, keepsPlace: true)
        harness.deliver()
        harness.app.appear(context: harness.context)
        harness.fire(.mapActivity)
        harness.fire(.launchRegion)
        #expect(abs(harness.app.state.region.center.latitude - 37.7749) < 0.01, "\(harness.app.state.region)")
    }

    @Test("with neither a handoff nor a location, the whole world")
    func launchWorld() throws {
        let harness = try StoresHarness.launched()
        #expect(harness.app.state.viewport.zoom == 0)
        #expect(harness.app.state.rows.count == 522)
    }

    @Test("a location out of range gets a clear banner and the world")
    func badLocation() throws {
        let harness = try StoresHarness.launched(location: GeoCoordinate(latitude: 95, longitude: 0))
        #expect(harness.app.state.viewport.zoom == 0)
        #expect(harness.banners.contains { $0.text.contains("out of range") })
    }

    @Test("f toggles the selected store's favourite: key-value store, list ★ and the widget's file")
    func toggleFavourite() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco)
        harness.press(.char("f"))
        #expect(
            harness.favorites.value
                == .dictionary(["unionsquare": .string("https://www.apple.com/retail/unionsquare/")]))
        #expect(harness.app.state.favourites == ["R075"])
        let file = harness.paths.appGroupDirectory.appendingPathComponent("favorites.json")
        let entries = try JSONDecoder().decode([[String: String]].self, from: Data(contentsOf: file))
        #expect(entries == [["name": "Union Square", "city": "San Francisco", "slug": "unionsquare"]])
        #expect(harness.frame().contains { $0.contains("★ Union Square") })
    }

    @Test("a change from another device updates the list at once, with no key pressed")
    func externalChange() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco)
        #expect(!harness.frame().contains { $0.contains("★ Union Square") })
        harness.favorites.changeElsewhere(
            to: .dictionary(["unionsquare": .string("https://www.apple.com/retail/unionsquare/")]))
        #expect(harness.frame().contains { $0.contains("★ Union Square") })
    }

    @Test("another device's favourites are merged with this one's marks and the merge is saved")
    func externalChangeIsMerged() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco)
        harness.press(.char("f"))  // Union Square, marked here
        let fifth = PropertyListValue.string("https://www.apple.com/retail/fifthavenue/")
        harness.favorites.changeElsewhere(to: .dictionary(["fifthavenue": fifth]))
        let both = PropertyListValue.dictionary([
            "unionsquare": .string("https://www.apple.com/retail/unionsquare/"), "fifthavenue": fifth,
        ])
        #expect(harness.favorites.value == both)
        #expect(harness.frame().contains { $0.contains("★ Union Square") })
        // Unmarked here; a device that had not heard of it sends the old value back: it stays unmarked.
        harness.press(.char("f"))
        harness.favorites.changeElsewhere(to: both)
        #expect(harness.favorites.value == .dictionary(["fifthavenue": fifth]))
        #expect(!harness.frame().contains { $0.contains("★ Union Square") })
        // A refused write's value is taken as it is (no merge, no second write).
        harness.press(.char("f"))
        harness.favorites.changeElsewhere(to: .dictionary(["fifthavenue": fifth]), .replace)
        #expect(harness.favorites.value == .dictionary(["fifthavenue": fifth]))
        #expect(!harness.frame().contains { $0.contains("★ Union Square") })
    }

    @Test("a mark not yet shown back by the store survives a relaunch and is merged into what came meanwhile")
    func unsharedMarkSurvivesARelaunch() throws {
        let backend = MemoryFavorites()
        do {
            let first = try StoresHarness.launched(location: Self.sanFrancisco, backend: backend)
            first.press(.char("f"))  // Union Square, marked; then the suite quits
        }
        // While no suite ran here, another machine's value reached this machine's store: Union Square is gone.
        let fifth = PropertyListValue.string("https://www.apple.com/retail/fifthavenue/")
        backend.value = .dictionary(["fifthavenue": fifth])
        let second = try StoresHarness.launched(location: Self.sanFrancisco, backend: backend)
        #expect(backend.value == .dictionary(["fifthavenue": fifth]))  // nothing merged before the store synced
        backend.changeElsewhere(to: backend.value)  // the first sync
        #expect(
            backend.value
                == .dictionary([
                    "unionsquare": .string("https://www.apple.com/retail/unionsquare/"), "fifthavenue": fifth,
                ]))
        #expect(second.frame().contains { $0.contains("★ Union Square") })
    }

    @Test("a refused save (over quota) changes nothing and says why")
    func refusedSave() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco)
        harness.favorites.refusal = "over quota: the key-value store holds at most 1 MB"
        harness.press(.char("f"))
        #expect(harness.favorites.value == nil)
        #expect(harness.app.state.favourites.isEmpty)
        #expect(harness.banners.last?.text.contains("over quota") == true)
    }

    @Test("a favourites value of the wrong type is reported and never overwritten")
    func wrongTypeFavourites() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco, favourites: .string("oops"))
        #expect(harness.banners.contains { $0.text.contains("holds a string") })
        harness.press(.char("f"))
        #expect(harness.favorites.value == .string("oops"))
    }

    @Test("a followed store link opens that store's details in Stores")
    func openStoreLink() throws {
        let harness = try StoresHarness.launched()
        _ = harness.app.receive(OpenStoreRequest(slug: "regentstreet"), context: harness.context)
        #expect(harness.app.state.detailsStore?.name == "Regent Street")
        #expect(harness.activated == ["Stores"])
    }

    @Test("a store opened from elsewhere lists the stores in view there, not where the map was")
    func openStoreRefreshesTheList() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco)
        #expect(harness.app.state.rows.first?.name == "Union Square")
        _ = harness.app.receive(OpenStoreRequest(slug: "regentstreet"), context: harness.context)
        let rows = harness.app.state.rows
        #expect(rows.contains { $0.name == "Regent Street" })
        #expect(!rows.contains { $0.name == "Union Square" }, "\(rows.map(\.name))")
    }

    @Test("a link followed before the stores loaded opens once they are")
    func openStoreLinkEarly() throws {
        let harness = try StoresHarness()
        _ = harness.app.receive(OpenStoreRequest(slug: "ginza"), context: harness.context)
        #expect(harness.app.state.detailsID == nil)
        harness.deliver()
        #expect(harness.app.state.detailsStore?.name == "Ginza")
    }

    @Test("corrupt records are skipped and counted in a banner; the rest load")
    func corruptRecord() throws {
        let resources = FileManager.default.temporaryDirectory.appendingPathComponent("baton-res-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: resources) }
        let stores = resources.appendingPathComponent("Stores")
        try FileManager.default.createDirectory(at: stores, withIntermediateDirectories: true)
        let good = try String(
            contentsOf: StoresHarness.resources.appendingPathComponent("Stores/apple-stores.json"), encoding: .utf8)
        let records = good.split(separator: "\n").filter { $0.hasPrefix("{") }.prefix(3).map {
            $0.hasSuffix(",") ? String($0.dropLast()) : String($0)
        }
        let corrupt =
            "[\n" + (records + [#"{"id":"R999","name":"Broken","latitude":"north"}"#]).joined(separator: ",\n") + "\n]"
        try corrupt.write(to: stores.appendingPathComponent("apple-stores.json"), atomically: true, encoding: .utf8)
        let harness = try StoresHarness(resources: resources)
        harness.deliver()
        #expect(harness.app.state.index.stores.count == 3)
        #expect(harness.banners.contains { $0.text.hasPrefix("1 store record skipped as invalid") })
        #expect(harness.banners.contains { $0.text.contains("no land") })
    }

    @Test("an unreadable store list is a clear message on the map, not a crash")
    func missingResources() throws {
        let harness = try StoresHarness(resources: nil)
        harness.deliver()
        #expect(!harness.app.isLoaded)
        #expect(harness.frame().joined().contains("Cannot load the stores"))
    }

    @Test("b and BATON_NO_BRAILLE=1 switch the map to block characters")
    func blocks() throws {
        #expect(!StoresApp.braillePreferred(environment: ["BATON_NO_BRAILLE": "1"]))
        #expect(StoresApp.braillePreferred(environment: [:]))
        let harness = try StoresHarness.launched()
        harness.press(.char("b"))
        #expect(!harness.app.usesBraille)
        let text = harness.frame().joined()
        #expect(!text.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        #expect(text.contains("blocks"))
    }

    @Test("Tab moves focus; in the list, arrows move the selection and the map follows")
    func focusAndList() throws {
        let harness = try StoresHarness.launched(location: Self.sanFrancisco)
        harness.press(KeyPress(.tab))
        #expect(harness.app.state.focus == .list)
        let second = try #require(harness.app.state.rows.dropFirst().first)
        harness.press(KeyPress(.down))
        #expect(harness.app.state.selectedID == second.id)
        #expect(abs(harness.app.state.viewport.center.latitude - second.coordinate.latitude) < 1e-9)
        #expect(abs(harness.app.state.viewport.center.longitude - second.coordinate.longitude) < 1e-9)
        harness.press(.char("F"))
        #expect(harness.app.state.favouritesOnly)
    }
}
