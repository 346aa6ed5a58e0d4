import Foundation

/// A PNG writer for 8-bit RGB and RGBA pixels, with no compression: the deflate stream is stored blocks, so no
/// zlib is needed and the file's size is known before it is made (`size`). A notification's image is small;
/// the 10 MB limit on the file bounds the rest.
enum PNG {
    /// The size of the file `encode` makes.
    static func size(width: Int, height: Int, channels: Int) -> Int {
        let raw = height * (1 + width * channels)
        let blocks = max(1, (raw + 65_534) / 65_535)
        // Signature, IHDR, IDAT (zlib header, blocks, Adler-32), IEND; 12 bytes of framing per chunk.
        return 8 + (12 + 13) + (12 + 2 + raw + 5 * blocks + 4) + 12
    }

    static func encode(width: Int, height: Int, channels: Int, rows: Data) -> Data {
        let rowBytes = width * channels
        var raw = Data(capacity: height * (1 + rowBytes))
        for row in 0..<height {
            raw.append(0)  // Filter: none.
            raw.append(rows[(rows.startIndex + row * rowBytes)..<(rows.startIndex + (row + 1) * rowBytes)])
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, channels == 4 ? 6 : 2, 0, 0, 0])
        appendChunk("IHDR", header, to: &png)
        var zlib = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last = offset + count == raw.count
            zlib.append(last ? 1 : 0)
            zlib.append(contentsOf: [
                UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF),
            ])
            zlib.append(raw[offset..<(offset + count)])
            offset += count
        } while offset < raw.count
        zlib.appendBigEndian(adler32(raw))
        appendChunk("IDAT", zlib, to: &png)
        appendChunk("IEND", Data(), to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ body: Data, to png: inout Data) {
        png.appendBigEndian(UInt32(body.count))
        let typed = Data(type.utf8) + body
        png.append(typed)
        png.appendBigEndian(crc32(typed))
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        data.withUnsafeBytes { bytes in
            for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func adler32(_ data: Data) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        data.withUnsafeBytes { bytes in
            // 5 552 bytes at most between reductions keep both sums within 32 bits (zlib's NMAX).
            var index = 0
            while index < bytes.count {
                let end = min(index + 5_552, bytes.count)
                for byte in bytes[index..<end] {
                    a &+= UInt32(byte)
                    b &+= a
                }
                a %= 65_521
                b %= 65_521
                index = end
            }
        }
        return b << 16 | a
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
