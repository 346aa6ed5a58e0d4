import Foundation
import Testing
import Wire

@testable import AccountLink

/// Keys kept aside at a move to another account survive any number of moves (issue 37): before, each move replaced
/// `account-kept-aside.json` (under `try?`), so the second move destroyed the first one's keys.
@Suite struct KeptAsideFileTests {
    private func temporaryFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kept-aside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("account-kept-aside.json")
    }

    @Test func everyMoveIsKeptEvenWhenTheyNameTheSameKey() throws {
        let file = KeptAsideFile(url: try temporaryFile())
        defer { try? FileManager.default.removeItem(at: file.url.deletingLastPathComponent()) }
        for move in 1...3 {
            try file.add(["shared": .string("move \(move)"), "only.\(move)": .int(move)], at: Date())
        }
        let moves = try file.moves()
        #expect(moves.count == 3)
        #expect(moves.map { $0.keys["shared"] } == [.string("move 1"), .string("move 2"), .string("move 3")])
        #expect(moves[0].keys["only.1"] == .int(1))
    }

    @Test func aFileOfTheFirstFormatReadsAsOneMoveAndIsKept() throws {
        let url = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try JSONEncoder().encode(["alice.private": PropertyListValue.string("a")]).write(to: url)
        let file = KeptAsideFile(url: url)
        try file.add(["bob.private": .string("b")], at: Date())
        let moves = try file.moves()
        #expect(moves.map { $0.keys.keys.sorted() } == [["alice.private"], ["bob.private"]])
    }

    @Test func aFileThatDoesNotReadIsMovedAsideNotOverwritten() throws {
        let url = try temporaryFile()
        let directory = url.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{not json".utf8).write(to: url)
        try KeptAsideFile(url: url).add(["k": .string("v")], at: Date(timeIntervalSince1970: 1_800_000_000))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["account-kept-aside.json", "account-kept-aside.unread-1800000000.json"])
        let kept = try String(contentsOf: directory.appendingPathComponent(names[1]), encoding: .utf8)
        #expect(kept == "{not json")
    }
}
