import Foundation
import Testing

@testable import HTMLText

/// The bump arena Gumbo parses into: alignment, chunk growth, and reuse of the last block only.
@Suite struct GumboArenaTests {
    @Test func blocksAreAlignedAndDisjoint() throws {
        let arena = GumboArena()
        let first = try #require(arena.allocate(3))
        let second = try #require(arena.allocate(40))
        #expect(Int(bitPattern: first) % 16 == 0)
        #expect(Int(bitPattern: second) % 16 == 0)
        #expect(second - first >= 16)
        second.storeBytes(of: 0xABCD, as: Int.self)
        first.storeBytes(of: 7, as: UInt8.self)
        #expect(second.load(as: Int.self) == 0xABCD)
    }

    @Test func onlyTheLastBlockIsReused() throws {
        let arena = GumboArena()
        let first = try #require(arena.allocate(32))
        let second = try #require(arena.allocate(32))
        arena.deallocate(first)  // not the last block: its space stays used
        let third = try #require(arena.allocate(32))
        #expect(third != first)
        arena.deallocate(third)
        let fourth = try #require(arena.allocate(16))
        #expect(fourth == third)
        #expect(second != fourth)
    }

    @Test func blocksLargerThanAChunkAreServed() throws {
        let arena = GumboArena()
        let size = 20 * 1024 * 1024
        let large = try #require(arena.allocate(size))
        large.storeBytes(of: 1, toByteOffset: size - 1, as: UInt8.self)
        let small = try #require(arena.allocate(8))
        #expect(small != large)
    }

    @Test func dumpBytesMatchTheDumpText() {
        let html = "<p>Café <a href=\"/a\">ünïcode</a> ─ <a href=\"b\">b</a></p><ul><li>x</li></ul>"
        let page = HTMLDocument(html: html, url: URL(string: "https://example.com/dir/")).layout(width: 20)
        #expect(page.dumpUTF8 == Array(page.dumpText.utf8))
        #expect(page.dumpText.hasSuffix("   2. https://example.com/dir/b\n"))
    }
}
