import Foundation
import Testing

@testable import Cartography

@Suite struct StoreDatasetTests {
    @Test func loadsTheRealList() throws {
        let dataset = try Fixtures.dataset()
        #expect(dataset.stores.count == 522)
        #expect(dataset.problems.isEmpty)
        #expect(Set(dataset.stores.map(\.id)).count == 522)
        #expect(dataset.stores.filter { $0.precision == .store }.count == 351)
        let unionSquares = dataset.stores.filter { $0.slug == "unionsquare" }.map(\.id)
        #expect(unionSquares == ["R075", "R363"])
        let fifth = try #require(dataset.stores.first { $0.id == "R095" })
        #expect(fifth.name == "Fifth Avenue")
        #expect(abs(fifth.coordinate.latitude - 40.76383) < 1e-9)
    }

    @Test func reportsEveryBadRecordAndKeepsTheGoodOnes() throws {
        let json = """
            [
            {"id":"R1","name":"Good","slug":"good","address":"","city":"Town","region":"","postalCode":"","country":"US","latitude":10,"longitude":20,"precision":"store","timezone":"UTC","url":"https://www.apple.com/retail/good/"},
            {"id":"R2","name":"North","slug":"north","address":"","city":"Town","region":"","postalCode":"","country":"US","latitude":91,"longitude":181,"precision":"street","timezone":"UTC","url":"not a url"},
            {"id":"R3","slug":"nameless","address":"","city":"Town","region":"","postalCode":"","country":"US","latitude":"10","longitude":20,"precision":"city","timezone":"UTC","url":"https://www.apple.com/retail/x/"},
            42,
            {"id":"R1","name":"Again","slug":"again","address":"","city":"Town","region":"","postalCode":"","country":"US","latitude":0,"longitude":0,"precision":"city","timezone":"UTC","url":"https://www.apple.com/retail/again/"},
            {"id":"","name":"","slug":null}
            ]
            """
        let dataset = try StoreDataset(json: Data(json.utf8))
        #expect(dataset.stores.map(\.id) == ["R1"])
        #expect(dataset.problems.map(\.index) == [1, 2, 3, 4, 5])
        #expect(
            dataset.problems[0].description
                == "record 1 (R2): latitude 91.0 is outside -90...90; longitude 181.0 is outside -180...180; "
                + "precision \"street\" is neither \"store\" nor \"city\"; url \"not a url\" is not a valid http(s) URL"
        )
        #expect(
            dataset.problems[1].issues == [
                "missing field \"name\"", "field \"latitude\" is a string, not a number",
            ])
        #expect(dataset.problems[2].description == "record 3: is a number, not an object")
        #expect(dataset.problems[3].issues == ["duplicate id"])
        #expect(dataset.problems[4].id == nil)
        #expect(dataset.problems[4].issues.contains("field \"slug\" is null, not a string"))
    }

    @Test func malformedJSONThrowsAClearError() {
        #expect {
            try StoreDataset(json: Data("[{\"id\": \"R1\",".utf8))
        } throws: { error in
            guard case StoreDatasetError.malformedJSON = error else { return false }
            return String(describing: error).hasPrefix("the store list is not valid JSON: ")
        }
        #expect(throws: StoreDatasetError.notAnArray(found: "an object")) {
            try StoreDataset(json: Data("{\"stores\": []}".utf8))
        }
        #expect(throws: StoreDatasetError.self) { try StoreDataset(json: Data([0xFF, 0xFE, 0x00])) }
    }

    @Test func missingFileThrows() {
        #expect(throws: StoreDatasetError.self) {
            try StoreDataset(contentsOf: URL(fileURLWithPath: "/nonexistent/apple-stores.json"))
        }
    }
}
