import Foundation
import Notifications
import Testing

/// Issue 22, finding 8: the `.apns` file's "Simulator Target Bundle" is not part of what APNs is sent, so it
/// does not count toward the 4 096 bytes.
@Suite struct ApnsWrapperSizeTests {
    /// A payload of exactly `size` bytes without the wrapper entry, with it in front.
    func wrapped(apsBytes size: Int) -> (Data, Int) {
        let head = #"{"aps":{"alert":""#
        let tail = #""}}"#
        let plain = head + String(repeating: "x", count: size - head.utf8.count - tail.utf8.count) + tail
        let wrapped = #"{"Simulator Target Bundle":"com.example.app","# + plain.dropFirst()
        return (Data(wrapped.utf8), plain.utf8.count)
    }

    @Test func theWrapperDoesNotCount() throws {
        let (data, plain) = wrapped(apsBytes: PushPayload.maxBytes)
        #expect(plain == PushPayload.maxBytes && data.count > PushPayload.maxBytes)
        let push = try PushPayload.parse(data)
        #expect(push.bundleIdentifier == "com.example.app")
    }

    @Test func oneByteMoreIsStillTooLarge() {
        let (data, _) = wrapped(apsBytes: PushPayload.maxBytes + 1)
        #expect(throws: PushError.self) { try PushPayload.parse(data) }
        do {
            _ = try PushPayload.parse(data)
        } catch {
            #expect(error.reason == .payloadTooLarge && error.detail.contains("4097"), "\(error)")
        }
    }
}
