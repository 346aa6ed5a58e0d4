import Foundation
import NIOCore
import NIOEmbedded
import Wire

/// libFuzzer's entry: one input is one connection's bytes, read the way the daemon and its clients read them.
///
/// The first byte chooses how the rest is cut into reads (`ChunkPlan`); the rest goes through
/// `ByteToMessageHandler(FrameDecoder())`, the pipeline `AccountDaemon` and `DaemonLink` install, and each
/// message that comes out is checked by `DecodedMessageCheck`. A trap anywhere is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireFrames(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: start, count: count)
    let stream = UnsafeBufferPointer(rebasing: input[1...])
    var plan = ChunkPlan(seed: input[0], streamLength: stream.count)
    let channel = EmbeddedChannel(handler: ByteToMessageHandler(FrameDecoder()))
    var check = DecodedMessageCheck()
    var offset = 0
    var framingFailed = false
    while offset < stream.count, !framingFailed {
        let length = min(plan.next(), stream.count - offset)
        let chunk = ByteBuffer(bytes: UnsafeBufferPointer(rebasing: stream[offset..<offset + length]))
        offset += length
        do {
            try channel.writeInbound(chunk)
        } catch {
            // A framing error: the daemon closes the connection here.
            _ = "\(error)"
            framingFailed = true
        }
        check.readAll(from: channel)
    }
    do {
        _ = try channel.finish()
    } catch {
        _ = "\(error)"
    }
    check.readAll(from: channel)
    return 0
}

/// How an input's bytes are cut into reads: seed 0 is one read; otherwise a small xorshift picks each read's
/// length up to a bound the seed's low bits choose (1 byte at a time up to 4 KiB), and no smaller than a 32nd of
/// the stream, so that a long input is not read a byte at a time (it would cost more than the decoding).
struct ChunkPlan {
    private static let bounds = [1, 2, 3, 7, 16, 64, 512, 4096]
    private var state: UInt32
    private let bound: Int

    init(seed: UInt8, streamLength: Int) {
        state = UInt32(seed) &* 0x9E37_79B9 | 1
        bound = seed == 0 ? Int.max : max(Self.bounds[Int(seed & 7)], streamLength / 32)
    }

    mutating func next() -> Int {
        guard bound != Int.max else { return Int.max }
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return 1 + Int(state % UInt32(bound))
    }
}
