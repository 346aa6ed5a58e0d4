import BatonEnvironment
import Foundation
import Testing

/// `TerminalText`, the one rule for outside text on its way to a terminal, and `PrivateFile`, the one way
/// state files are written.
@Suite struct TerminalTextTests {
    @Test func everyUnsafeCharacterIsEscapedAndNothingElse() {
        let unsafe: [UInt32] =
            [0x00, 0x07, 0x08, 0x0D, 0x1B, 0x7F, 0x80, 0x9B, 0x9F, 0x2028, 0x2029, 0x202A, 0x202E]
            + [0x2066, 0x2069]
        for value in unsafe {
            let scalar = Unicode.Scalar(value).map(String.init) ?? ""
            let line = TerminalText.line("a" + scalar + "b")
            #expect(line.hasPrefix("a\\") && line.hasSuffix("b"), "U+\(String(value, radix: 16)): \(line)")
            #expect(String(decoding: TerminalText.lines(Array(("a" + scalar + "b").utf8)), as: UTF8.self) == line)
        }
        for safe in ["plain", "é ñ 日本 🇵🇱 👍🏽", "\u{200F}", "\u{A0}", "\u{2030}", "\u{2065}", "\u{206A}"] {
            #expect(TerminalText.line(safe) == safe)
            #expect(TerminalText.lines(Array(safe.utf8)) == Array(safe.utf8))
        }
        #expect(TerminalText.line("a\nb\tc") == "a\\nb\\tc")
        #expect(TerminalText.lines("a\nb\tc\u{1B}[2J") == "a\nb\tc\\u{1b}[2J")
        #expect(BoundedQuote.escaped("\u{202E}x") == "\\u{202e}x")
    }

    @Test func aStrayOrCutByteIsKeptAsItIs() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x1B, 0x62, 0xE2, 0x80]
        #expect(TerminalText.lines(bytes) == [0x61, 0xFF] + Array("\\u{1b}".utf8) + [0x62, 0xE2, 0x80])
    }

    @Test func jsonWritesEveryUnsafeCharacterAsAUnicodeEscapeAndDecodesToTheSameText() throws {
        let unsafe: [UInt32] = [0x7F, 0x80, 0x9B, 0x9F, 0x2028, 0x2029, 0x202A, 0x202E, 0x2066, 0x2069]
        let text = unsafe.compactMap(Unicode.Scalar.init).map { "x" + String($0) }.joined() + "\u{1B}é日🇵🇱"
        let data = JSONOutput.escaped(try JSONEncoder().encode(["k": [text]]))
        let written = String(decoding: data, as: UTF8.self)
        #expect(written.unicodeScalars.allSatisfy { !TerminalText.isUnsafe($0) }, "\(written)")
        for value in unsafe {
            let hex = String(value, radix: 16)
            #expect(written.contains("x\\u" + String(repeating: "0", count: 4 - hex.count) + hex), "\(written)")
        }
        #expect(try JSONDecoder().decode([String: [String]].self, from: data) == ["k": [text]])
        // Whitespace between tokens (pretty printing) is left alone; nothing to escape, the same bytes.
        let pretty = try JSONSerialization.data(withJSONObject: ["a": [1, 2]], options: [.prettyPrinted])
        #expect(JSONOutput.escaped(pretty) == pretty)
    }

    @Test func privateFilesAre0600InFolders0700WhateverTheUmask() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("private-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let old = umask(0o022)
        defer { umask(old) }
        let file = root.appendingPathComponent("devices/new/location.json")
        try PrivateFile.write(Data("{}".utf8), to: file)
        try PrivateFile.write(Data("{1}".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "{1}")
        func mode(_ url: URL) -> mode_t {
            var info = stat()
            return lstat(url.path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        #expect(mode(file) == 0o600)
        #expect(mode(file.deletingLastPathComponent()) == 0o700)
        #expect(mode(root.appendingPathComponent("devices")) == 0o700)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == [
                "location.json"
            ])
        // Looser modes left behind are tightened; a link is not followed.
        let loose = root.appendingPathComponent("devices/old")
        try FileManager.default.createDirectory(at: loose, withIntermediateDirectories: true)
        chmod(loose.path, 0o755)
        let outside = root.appendingPathComponent("outside.txt")
        try Data().write(to: outside)
        chmod(outside.path, 0o644)
        try FileManager.default.createSymbolicLink(
            at: loose.appendingPathComponent("link"), withDestinationURL: outside)
        try Data().write(to: loose.appendingPathComponent("browser.json"))
        chmod(loose.appendingPathComponent("browser.json").path, 0o644)
        PrivateFile.tighten(under: root.appendingPathComponent("devices"))
        #expect(mode(loose) == 0o700)
        #expect(mode(loose.appendingPathComponent("browser.json")) == 0o600)
        #expect(mode(outside) == 0o644)
    }
}
