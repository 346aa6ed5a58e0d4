import Foundation
import SystemdBus

/// The `image-data` hint (`(iiibiiay)`: width, height, rowstride, has_alpha, bits_per_sample, channels,
/// pixels), checked before a byte is copied: 8 bits per sample, 3 channels without alpha or 4 with, rows at
/// least `width × channels` apart (GdkPixbuf pads them to 4 bytes; at most 64 bytes of padding), data covering
/// every row (the last one may be unpadded), and the PNG it makes no larger than an image attachment may be
/// (10 MB). Anything else, a 100 MB image included, is ignored as the specification lets a server ignore a hint:
/// the call is still answered, nothing is copied.
struct ImageData: Equatable {
    var width: Int
    var height: Int
    var hasAlpha: Bool
    /// The pixel rows, unpadded (`width × channels` bytes each).
    var rows: Data

    var channels: Int { hasAlpha ? 4 : 3 }

    /// Reads the structure at the message's position (inside its variant); nil when it is to be ignored.
    static func read(_ message: BusMessage) throws(BusMessage.BusFailure) -> ImageData? {
        _ = try message.enter("r", "iiibiiay")
        let width = Int(try message.int32())
        let height = Int(try message.int32())
        let rowstride = Int(try message.int32())
        let hasAlpha = try message.boolean()
        let bits = try message.int32()
        let channels = Int(try message.int32())
        let pixels = try message.byteArray()
        try message.exit()
        let rowBytes = width * channels
        guard width > 0, height > 0, width <= maxSide, height <= maxSide, bits == 8, channels == (hasAlpha ? 4 : 3),
            rowstride >= rowBytes, rowstride - rowBytes <= 64,
            pixels.count >= rowstride * (height - 1) + rowBytes,
            PNG.size(width: width, height: height, channels: channels) <= maxPNGBytes
        else { return nil }
        guard let base = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var rows = Data(capacity: rowBytes * height)
        for row in 0..<height { rows.append(base + row * rowstride, count: rowBytes) }
        return ImageData(width: width, height: height, hasAlpha: hasAlpha, rows: rows)
    }

    /// The widest and tallest image taken (a width of 2³¹ would overflow the sums above).
    static let maxSide = 8_192
    /// An image attachment's limit (`AttachmentType.image.maxBytes`).
    static let maxPNGBytes = 10_000_000

    /// The image as a PNG file.
    var png: Data { PNG.encode(width: width, height: height, channels: channels, rows: rows) }
}
