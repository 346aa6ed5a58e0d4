import Foundation
import NIOCore
import Wire

/// libFuzzer's entry: one input is a property-list value in one of the forms Baton reads.
///
/// The first byte chooses the form: 0 the wire's tagged JSON of one value (`{"int":3}`), 1 a `userInfo`
/// dictionary of them (as `payloadResponse` carries), 2 the plain JSON `baton kv set --json` reads. Every value
/// that decodes goes through `DecodedValueCheck`. A trap anywhere is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPropertyListValues(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let text = Data(UnsafeBufferPointer(start: start + 1, count: count - 1))
    switch start[0] % 3 {
    case 0:
        if let value = try? JSONDecoder().decode(PropertyListValue.self, from: text) {
            DecodedValueCheck.check(value)
        }
    case 1:
        if let userInfo = try? JSONDecoder().decode([String: PropertyListValue].self, from: text) {
            DecodedValueCheck.check(.dictionary(userInfo))
        }
    default:
        if let value = try? PropertyListValue(plainJSON: text) {
            DecodedValueCheck.check(value)
        }
    }
    return 0
}

/// What Baton does with a value it read: measures it against the limits, validates it for the key-value store,
/// prints it as the CLI does, and sends it on (which must read back unchanged, and fit any message that carries it).
enum DecodedValueCheck {
    static func check(_ value: PropertyListValue) {
        _ = value.encodedSize
        _ = try? KeyValueLimits.validate(value: value, key: "k")
        _ = try? JSONSerialization.data(
            withJSONObject: value.jsonObject, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        let encoded: Data
        do {
            encoded = try JSONEncoder().encode(value)
        } catch {
            fatalError("a decoded value cannot be encoded again: \(error)\n\(value)")
        }
        let back: PropertyListValue
        do {
            back = try JSONDecoder().decode(PropertyListValue.self, from: encoded)
        } catch {
            fatalError("a re-encoded value does not decode: \(error)\n\(value)")
        }
        guard back == value else {
            fatalError("a re-encoded value decodes differently:\n\(value)\n\(back)")
        }
        // The deepest place the daemon sends a value it stored: an entry of a change pushed to subscribers.
        let entry = KeyValueEntry(
            key: "k", value: value, revision: 1, modified: Date(timeIntervalSince1970: 0), writer: "w")
        var frame = ByteBuffer()
        do {
            try FrameCodec.encode(.keyValueChanged(KeyValueChanged(entries: [entry])), into: &frame)
        } catch .frameTooLarge {
        } catch {
            fatalError("a decoded value cannot be sent on in a keyValueChanged: \(error)")
        }
    }
}
