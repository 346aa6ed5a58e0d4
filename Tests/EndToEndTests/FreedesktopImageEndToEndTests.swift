import Foundation
import Testing

/// The `image-data` hint (raw pixels, `(iiibiiay)`) becomes the notification's image attachment, a PNG that a
/// real decoder reads back (zlib's, through python3); the specification ranks it above `image-path`.
@Suite(.serialized) struct FreedesktopImageEndToEndTests {
    /// Checks a PNG file's chunks (each CRC), inflates its pixels and prints `png W H COLOURTYPE HEX`.
    static let checker = #"""
        import struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
        pos, idat, header = 8, b'', None
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            (crc,) = struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])
            assert zlib.crc32(kind + body) == crc, 'crc of %r' % kind
            if kind == b'IHDR': header = struct.unpack('>IIBBBBB', body)
            if kind == b'IDAT': idat += body
            pos += 12 + length
        width, height, depth, colour = header[:4]
        print('png', width, height, colour, zlib.decompress(idat).hex())
        """#

    @Test func imageDataIsAttachedAsAPNG() async throws {
        let server = try await FreedesktopServerFixture()
        defer { server.close() }
        // Two RGB pixels in a row padded to 8 bytes (as GdkPixbuf pads), and an image-path it outranks.
        let path = server.fixture.home.appendingPathComponent("path.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: path)
        let pixels = "[byte 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xee, 0xee, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c]"
        let hints = "{'image-data': <(2, 2, 8, false, 8, 3, \(pixels))>, 'image-path': <'\(path.path)'>}"
        _ = try server.run(
            ["/usr/bin/gdbus", "call"] + FreedesktopServerEndToEndTests.object + [
                "--method", "org.freedesktop.Notifications.Notify", "App", "uint32 0", "", "with pixels", "", "@as []",
                hints,
                "int32 -1",
            ])
        try await FreedesktopServerFixture.poll("the notification with pixels") {
            try server.delivered(titled: "with pixels") != nil
        }
        let attachments = try #require(
            try server.delivered(titled: "with pixels")?.content["attachments"] as? [[String: Any]])
        #expect(attachments.count == 1)
        let url = try #require((attachments.first?["url"] as? String).flatMap { URL(string: $0) })
        #expect(url.pathExtension == "png" && url.path.contains("notification-attachments"))
        let script = server.fixture.home.appendingPathComponent("png.py")
        try Data(Self.checker.utf8).write(to: script)
        let checked = try server.run(["/usr/bin/python3", script.path, url.path])
        // Filter byte 0 before each row; the padding is gone.
        #expect(checked == "png 2 2 2 00010203040506000708090a0b0c\n", "\(checked)")

        // RGBA, one pixel.
        _ = try server.run(
            ["/usr/bin/gdbus", "call"] + FreedesktopServerEndToEndTests.object + [
                "--method", "org.freedesktop.Notifications.Notify", "App", "uint32 0", "", "with alpha", "",
                "@as []", "{'image_data': <(1, 1, 4, true, 8, 4, [byte 0x10, 0x20, 0x30, 0x40])>}", "int32 -1",
            ])
        try await FreedesktopServerFixture.poll("the notification with alpha") {
            try server.delivered(titled: "with alpha") != nil
        }
        let alpha = try #require(
            try server.delivered(titled: "with alpha")?.content["attachments"] as? [[String: Any]])
        let alphaURL = try #require((alpha.first?["url"] as? String).flatMap { URL(string: $0) })
        #expect(try server.run(["/usr/bin/python3", script.path, alphaURL.path]) == "png 1 1 6 0010203040\n")
    }
}
