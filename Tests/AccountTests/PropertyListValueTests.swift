import Foundation
import Testing
import Wire

@Suite struct PropertyListValueTests {
    @Test func roundTripKeepsIntDoubleAndBoolDistinct() throws {
        let value = PropertyListValue.dictionary([
            "int": .int(1), "double": .double(1.0), "bool": .bool(true), "zero": .int(0), "false": .bool(false),
            "string": .string("1"), "date": .date(Date(timeIntervalSince1970: 1_700_000_000.5)),
            "data": .data(Data([0, 1, 255])), "url": .url(URL(string: "https://example.com/a?b=c")!),
            "array": .array([.int(2), .double(2.5), .null]), "set": .set([.string("a"), .int(3)]),
            "nested": .dictionary(["x": .null]),
        ])
        let decoded = try JSONDecoder().decode(PropertyListValue.self, from: JSONEncoder().encode(value))
        #expect(decoded == value)
        guard case .dictionary(let fields) = decoded else {
            Issue.record("not a dictionary")
            return
        }
        #expect(fields["int"] == .int(1))
        #expect(fields["double"] == .double(1.0))
        #expect(fields["bool"] == .bool(true))
        #expect(fields["int"] != fields["bool"])
    }

    @Test func plainJSONKeepsKinds() throws {
        let value = try PropertyListValue(plainJSON: Data(#"{"a":1,"b":2.5,"c":true,"d":null,"e":["x"]}"#.utf8))
        #expect(
            value
                == .dictionary([
                    "a": .int(1), "b": .double(2.5), "c": .bool(true), "d": .null, "e": .array([.string("x")]),
                ]))
    }

    @Test func rejectsAValueWithTwoKinds() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PropertyListValue.self, from: Data(#"{"int":1,"bool":true}"#.utf8))
        }
    }

    @Test func plainJSONRejectsGarbage() {
        #expect(throws: WireError.self) { try PropertyListValue(plainJSON: Data("{nope".utf8)) }
    }

    /// Plain JSON `[[…[1]…]]`, `depth` arrays deep.
    private func plainArrays(_ depth: Int) -> Data {
        Data((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8)
    }

    /// Found with Fuzz/property-list-fuzz (a hand-made deep input; its re-encoding check trapped): plain JSON 256 to
    /// 512 arrays deep was read, but its tagged form takes two JSON levels a level, past what JSONEncoder writes,
    /// so `baton kv set --json` took a value it could never send.
    @Test func plainJSONRefusesAValueTooDeepToSend() throws {
        #expect {
            try PropertyListValue(plainJSON: plainArrays(256))
        } throws: { error in
            "\(error)".contains("nests more than \(PropertyListValue.maxNesting) levels deep")
        }
        let deepest = try PropertyListValue(plainJSON: plainArrays(PropertyListValue.maxNesting))
        let back = try JSONDecoder().decode(PropertyListValue.self, from: JSONEncoder().encode(deepest))
        #expect(back == deepest)
    }

    @Test func taggedValueNestsAtMostTheLimit() throws {
        func tagged(_ depth: Int) -> Data {
            Data(
                (String(repeating: #"{"array":["#, count: depth) + #"{"int":1}"# + String(repeating: "]}", count: depth))
                    .utf8)
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PropertyListValue.self, from: tagged(PropertyListValue.maxNesting + 1))
        }
        let deepest = try JSONDecoder().decode(PropertyListValue.self, from: tagged(PropertyListValue.maxNesting))
        #expect(try JSONEncoder().encode(deepest) == tagged(PropertyListValue.maxNesting))
    }
}
