import Foundation
import PageLoading
import Testing

/// Encoding choice in browser order: HTTP header, byte order mark, meta prescan, UTF-8 validation, windows-1252.
@Suite struct CharsetDetectionTests {
    private let cafeLatin1: [UInt8] = Array("<p>caf".utf8) + [0xE9] + Array("</p>".utf8)

    @Test func headerCharsetWins() {
        let bytes = Array(#"<meta charset="utf-8">"#.utf8) + [0xE9]
        let result = CharsetDetection.decode(headerCharset: "ISO-8859-1", bytes: bytes)
        #expect(result.source == .httpHeader)
        #expect(result.encoding == .windows1252)
        #expect(result.text.hasSuffix("é"))
    }

    @Test func unknownHeaderCharsetFallsThrough() {
        let result = CharsetDetection.decode(headerCharset: "x-no-such-charset", bytes: Array("<p>é</p>".utf8))
        #expect(result.source == .utf8Validation)
        #expect(result.text == "<p>é</p>")
    }

    @Test func byteOrderMarks() {
        let utf8 = CharsetDetection.decode(headerCharset: nil, bytes: [0xEF, 0xBB, 0xBF] + Array("é".utf8))
        #expect(utf8.source == .byteOrderMark)
        #expect(utf8.text == "é")
        let little = CharsetDetection.decode(headerCharset: nil, bytes: [0xFF, 0xFE, 0x41, 0x00, 0xE9, 0x00])
        #expect(little.encoding == .utf16LittleEndian)
        #expect(little.text == "Aé")
        let big = CharsetDetection.decode(headerCharset: nil, bytes: [0xFE, 0xFF, 0x00, 0x41, 0x65, 0xE5])
        #expect(big.encoding == .utf16BigEndian)
        #expect(big.text == "A日")
    }

    @Test func metaCharsetAttribute() {
        let bytes = Array("<html><head><META CHARSET='windows-1252'></head>".utf8) + [0x80]
        let result = CharsetDetection.decode(headerCharset: nil, bytes: bytes)
        #expect(result.source == .metaTag)
        #expect(result.text.hasSuffix("€"))
    }

    @Test func metaHttpEquiv() {
        let head = #"<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">"#
        let bytes = Array(head.utf8) + [0x93, 0xFA, 0x96, 0x7B]
        let result = CharsetDetection.decode(headerCharset: nil, bytes: bytes)
        #expect(result.source == .metaTag)
        #expect(result.encoding.name == "shift_jis")
        #expect(result.text.hasSuffix("日本"))
    }

    @Test func metaInsideACommentIsIgnored() {
        let bytes = Array(#"<!-- <meta charset="shift_jis"> --><p>x</p>"#.utf8)
        #expect(CharsetDetection.detect(headerCharset: nil, bytes: bytes).1 == .fallback)
    }

    @Test func metaAfterTheFirst1024BytesIsIgnored() {
        let padding = String(repeating: " ", count: 1100)
        let bytes = Array((padding + #"<meta charset="utf-8">"#).utf8) + [0xE9]
        let result = CharsetDetection.decode(headerCharset: nil, bytes: bytes)
        #expect(result.source == .fallback)
        #expect(result.text.hasSuffix("é"))
    }

    @Test func unlabelledNonUTF8FallsBackToWindows1252() {
        let result = CharsetDetection.decode(headerCharset: nil, bytes: cafeLatin1 + [0x93, 0x94])
        #expect(result.source == .fallback)
        #expect(result.encoding == .windows1252)
        #expect(result.text == "<p>café</p>\u{201C}\u{201D}")
    }

    @Test func everyWindows1252ByteIsItsCodePoint() {
        let high: [UInt32: UInt32] = [0x80: 0x20AC, 0x81: 0x81, 0x8C: 0x0152, 0x99: 0x2122, 0x9F: 0x0178]
        let bytes = (0...255).map(UInt8.init)
        let result = CharsetDetection.decode(headerCharset: "windows-1252", bytes: bytes)
        let scalars = result.text.unicodeScalars.map(\.value)
        #expect(scalars.count == 256)
        for (byte, scalar) in zip(bytes, scalars) where !(0x80...0x9F).contains(byte) {
            #expect(scalar == UInt32(byte))
        }
        for (byte, scalar) in high { #expect(scalars[Int(byte)] == scalar) }
    }

    @Test func unlabelledValidUTF8IsReadAsUTF8() {
        let result = CharsetDetection.decode(headerCharset: nil, bytes: Array("<p>日本</p>".utf8))
        #expect(result.encoding == .utf8)
        #expect(result.text == "<p>日本</p>")
    }

    @Test func invalidUTF8BytesBecomeReplacementCharacters() {
        let bytes = Array("<p>a".utf8) + [0xFF, 0xC3] + Array("b</p>".utf8)
        let result = CharsetDetection.decode(headerCharset: "utf-8", bytes: bytes)
        #expect(result.text == "<p>a\u{FFFD}\u{FFFD}b</p>")
    }

    @Test func labelledButInvalidLegacyEncodingDoesNotFail() {
        let result = CharsetDetection.decode(headerCharset: "shift_jis", bytes: [0x41, 0x81])
        #expect(!result.text.isEmpty)
    }

    @Test func oddUTF16ByteCountIsReplaced() {
        let result = CharsetDetection.decode(headerCharset: "utf-16le", bytes: [0x41, 0x00, 0x42])
        #expect(result.text == "A\u{FFFD}")
    }

    @Test func labelsAreNormalised() {
        #expect(TextEncodingLabel(label: " \"UTF8\" ") == .utf8)
        #expect(TextEncodingLabel(label: "latin1") == .windows1252)
        #expect(TextEncodingLabel(label: "nonsense") == nil)
    }
}
