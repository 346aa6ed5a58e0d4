/// An image's format and pixel size read from its header (PNG's IHDR, GIF's screen descriptor, JPEG's start of
/// frame, HEIF's brand), with no decoder: what the suite can say about an image honestly and cheaply. The
/// bytes come from outside, so every read is bounds-checked; a header that does not parse names the format
/// alone, or nothing.
enum ImageHeader {
    /// "PNG image, 64×48", "JPEG image", or nil when `head` starts as no image the suite knows.
    static func describe(_ head: [UInt8]) -> String? {
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The IHDR chunk comes first: its width and height are big-endian at 16 and 20.
            guard head.count >= 24, Array(head[12..<16]) == Array("IHDR".utf8) else { return "PNG image" }
            return named("PNG", width: bigEndian(head, 16, 4), height: bigEndian(head, 20, 4))
        }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) {
            guard head.count >= 10 else { return "GIF image" }
            return named(
                "GIF", width: Int(head[6]) | Int(head[7]) << 8, height: Int(head[8]) | Int(head[9]) << 8)
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(head) }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            if ["heic", "heix", "mif1", "msf1", "hevc"].contains(brand) { return "HEIF image" }
        }
        return nil
    }

    private static func named(_ format: String, width: Int, height: Int) -> String {
        width > 0 && height > 0 ? "\(format) image, \(width)×\(height)" : "\(format) image"
    }

    /// A JPEG's size from its first start-of-frame marker (SOF0…SOF15 but DHT, JPG and DAC).
    private static func jpeg(_ head: [UInt8]) -> String {
        var index = 2
        while index + 9 < head.count {
            guard head[index] == 0xFF else { return "JPEG image" }
            let marker = head[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = bigEndian(head, index + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return named("JPEG", width: bigEndian(head, index + 7, 2), height: bigEndian(head, index + 5, 2))
            }
            guard length >= 2 else { return "JPEG image" }
            index += 2 + length
        }
        return "JPEG image"
    }

    /// The unsigned big-endian number of `count` bytes at `offset` (the caller checked the bounds).
    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
