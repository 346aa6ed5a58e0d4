import Foundation
import NIOCore
import Testing
import Wire

/// The fuzz targets' committed seeds are real frames and values: each reads back as what `FuzzSeeds` encoded.
/// `BATON_UPDATE_FUZZ_SEEDS=1` rewrites Fuzz/Corpus from `FuzzSeeds` first.
@Suite struct FuzzSeedCorpusTests {
    private let update = ProcessInfo.processInfo.environment["BATON_UPDATE_FUZZ_SEEDS"] == "1"

    private func seed(_ directory: String, _ name: String, bytes: () throws -> Data) throws -> Data {
        let file = FuzzSeeds.corpus.appending(path: directory).appending(path: name)
        if update {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes().write(to: file)
        }
        return try Data(contentsOf: file)
    }

    @Test(arguments: FuzzSeeds.streams.map(\.name))
    func streamSeedReadsBackAsItsFrames(name: String) throws {
        let stream = try #require(FuzzSeeds.streams.first { $0.name == name })
        let bytes = try seed("wire-frame", name) { try FuzzSeeds.bytes(of: stream) }
        #expect(bytes.first == stream.chunking)
        var buffer = ByteBuffer(bytes: bytes.dropFirst())
        var messages: [WireMessage] = []
        var undecodable = 0
        while let frame = try FrameCodec.decode(from: &buffer) {
            switch frame {
            case .message(let message): messages.append(message)
            case .undecodable: undecodable += 1
            }
        }
        #expect(buffer.readableBytes == 0)
        #expect(undecodable == stream.badBodies.count)
        #expect(messages == stream.messages)
    }

    @Test(arguments: FuzzSeeds.values.map(\.name))
    func valueSeedReadsBackAsItsValue(name: String) throws {
        let value = try #require(FuzzSeeds.values.first { $0.name == name })
        let bytes = try seed("property-list", name) { try FuzzSeeds.bytes(of: value) }
        #expect(bytes.first == value.form)
        let json = Data(bytes.dropFirst())
        let decoded: PropertyListValue =
            switch value.form {
            case 1: .dictionary(try JSONDecoder().decode([String: PropertyListValue].self, from: json))
            case 2: try PropertyListValue(plainJSON: json)
            default: try JSONDecoder().decode(PropertyListValue.self, from: json)
            }
        #expect(decoded == value.value)
    }
}
