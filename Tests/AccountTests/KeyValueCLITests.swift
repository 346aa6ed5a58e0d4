import Foundation
import Testing

/// `baton kv` and `baton location` round trips through the real binary, in an isolated BATON_HOME.
@Suite(.serialized) struct KeyValueCLITests {
    /// Runs `baton <arguments>` to completion: its exit status and everything it printed.
    private func run(_ harness: BatonHarness, _ arguments: String...) async throws -> (status: Int32?, output: String) {
        try await harness.run(arguments)
    }

    @Test func setGetListAndRemoveRoundTrip() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await run(harness, "kv", "set", "greeting", "hello world").status == 0)
        #expect(try await run(harness, "kv", "get", "greeting") == (0, "hello world"))
        #expect(try await run(harness, "kv", "get", "greeting", "--json") == (0, #""hello world""#))

        let json = #"{"apple-park":"https://www.apple.com/retail/appleparkvisitorcenter/","n":[1,2.5,true]}"#
        #expect(try await run(harness, "kv", "set", "favoritesIdentifiers", json, "--json-value").status == 0)
        #expect(try await run(harness, "kv", "get", "favoritesIdentifiers", "--json") == (0, json))

        let list = try await run(harness, "kv", "list", "--json")
        let parsed = try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: [String: Any]]
        let object = try #require(parsed, "\(list.output)")
        #expect(Set(object.keys) == ["greeting", "favoritesIdentifiers"])
        let greeting = object["greeting"]?["value"] as? String
        #expect(greeting == "hello world")

        #expect(try await run(harness, "kv", "remove", "greeting").status == 0)
        let missing = try await run(harness, "kv", "get", "greeting")
        #expect(missing.status == 1 && missing.output.contains("no value for key 'greeting'"))
    }

    @Test func badWritesFailWithAClearMessageAndLoseNothing() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await run(harness, "kv", "set", "keep", "safe").status == 0)

        let long = try await run(harness, "kv", "set", String(repeating: "k", count: 65), "v")
        #expect(long.status == 1 && long.output.contains("limited to 64 UTF-8 bytes"), "\(long.output)")
        let null = try await run(harness, "kv", "set", "keep", "null", "--json-value")
        #expect(null.status == 1 && null.output.contains("not a property-list value"), "\(null.output)")
        let notJSON = try await run(harness, "kv", "set", "keep", "{oops", "--json-value")
        #expect(
            notJSON.status == 64 && notJSON.output.hasPrefix("baton kv set: VALUE '{oops' is not valid JSON")
                && !notJSON.output.contains("DecodingError"), "\(notJSON.output)")

        // Nine 100 KB values fit in the 1 MB quota; the tenth does not (an argument may not pass 128 KB).
        let chunk = String(repeating: "y", count: 100_000)
        for index in 1...9 {
            #expect(try await run(harness, "kv", "set", "big\(index)", chunk).status == 0)
        }
        let over = try await run(harness, "kv", "set", "bigger", chunk)
        #expect(over.status == 1 && over.output.contains("quota"), "\(over.output)")

        #expect(try await run(harness, "kv", "get", "keep") == (0, "safe"))
        let list = try await run(harness, "kv", "list")
        #expect(list.output.contains("keep = safe") && !list.output.contains("bigger"))
    }

    @Test func locationSetGetAndClear() async throws {
        let harness = try BatonHarness()
        defer { harness.tearDown() }
        #expect(try await run(harness, "location", "set", "37.3349", "-122.009", "--device", "d").status == 0)
        let json = try await run(harness, "location", "get", "--json", "--device", "d")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Double]
        let object = try #require(parsed, "\(json.output)")
        #expect(object == ["latitude": 37.3349, "longitude": -122.009])
        #expect(try await run(harness, "location", "get", "--device", "d") == (0, "37.3349, -122.009"))
        #expect(try await run(harness, "location", "get", "--device", "other").status == 1)

        let south = try await run(harness, "location", "set", "-91", "0", "--device", "d")
        #expect(south.status == 65 && south.output.contains("-90...90"), "\(south.output)")
        let east = try await run(harness, "location", "set", "0", "180.5", "--device", "d")
        #expect(east.status == 65 && east.output.contains("-180...180"), "\(east.output)")
        #expect(try await run(harness, "location", "get", "--device", "d") == (0, "37.3349, -122.009"))

        #expect(try await run(harness, "location", "clear", "--device", "d").status == 0)
        #expect(try await run(harness, "location", "get", "--device", "d").status == 1)
    }
}
