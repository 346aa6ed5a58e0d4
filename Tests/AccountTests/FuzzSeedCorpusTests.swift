import Foundation
import NIOCore
import Testing
import Wire

/// The fuzz targets' committed seeds are real frames and values: each reads back as what `FuzzSeeds` encoded.
/// `BATON_UPDATE_FUZZ_SEEDS=1` rewrites Fuzz/Corpus from `FuzzSeeds` first.
@Suite struct FuzzSeedCorpusTests {
    private let update = ProcessInfo.processInfo.environment["BATON_UPDATE_FUZZ_SEEDS"] == "1"

    /// The committed seed `name`; in update mode, first rewritten from `bytes` unless it already `readsBack`
    /// (a seed with a dictionary is written in a different key order each time).
    private func seed(
        _ directory: String, _ name: String, bytes: () throws -> Data, readsBack: (Data) throws -> Bool
    ) throws -> Data {
        let file = FuzzSeeds.corpus.appending(path: directory).appending(path: name)
        if update, (try? readsBack(Data(contentsOf: file))) != true {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes().write(to: file)
        }
        return try Data(contentsOf: file)
    }

    private func frames(in bytes: Data) throws -> (messages: [WireMessage], undecodable: Int, rest: Int) {
        var buffer = ByteBuffer(bytes: bytes.dropFirst())
        var messages: [WireMessage] = []
        var undecodable = 0
        while let frame = try FrameCodec.decode(from: &buffer) {
            switch frame {
            case .message(let message): messages.append(message)
            case .undecodable: undecodable += 1
            }
        }
        return (messages, undecodable, buffer.readableBytes)
    }

    private func value(in bytes: Data, form: UInt8) throws -> PropertyListValue {
        let json = Data(bytes.dropFirst())
        return switch form {
        case 1: .dictionary(try JSONDecoder().decode([String: PropertyListValue].self, from: json))
        case 2: try PropertyListValue(plainJSON: json)
        default: try JSONDecoder().decode(PropertyListValue.self, from: json)
        }
    }

    @Test(arguments: FuzzSeeds.streams.map(\.name))
    func streamSeedReadsBackAsItsFrames(name: String) throws {
        let stream = try #require(FuzzSeeds.streams.first { $0.name == name })
        let bytes = try seed("wire-frame", name, bytes: { try FuzzSeeds.bytes(of: stream) }) {
            try frames(in: $0).messages == stream.messages
        }
        #expect(bytes.first == stream.chunking)
        let read = try frames(in: bytes)
        #expect(read.rest == 0)
        #expect(read.undecodable == stream.badBodies.count)
        #expect(read.messages == stream.messages)
    }

    @Test(arguments: FuzzSeeds.values.map(\.name))
    func valueSeedReadsBackAsItsValue(name: String) throws {
        let seed = try #require(FuzzSeeds.values.first { $0.name == name })
        let bytes = try self.seed("property-list", name, bytes: { try FuzzSeeds.bytes(of: seed) }) {
            try value(in: $0, form: seed.form) == seed.value
        }
        #expect(bytes.first == seed.form)
        #expect(try value(in: bytes, form: seed.form) == seed.value)
    }
}
