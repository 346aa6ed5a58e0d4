import Testing
import Today
import WidgetExtensionKit

@Suite("Widget protocol framing and URL policy")
struct WidgetProtocolTests {
    @Test("frames split across reads come out whole")
    func splitFrames() throws {
        let first = try WidgetFrame.encode(ExtensionMessage.hello(version: 1))
        let second = try WidgetFrame.encode(ExtensionMessage.openURL("baton://stores"))
        let bytes = first + second
        var decoder = WidgetFrameDecoder()
        var messages: [ExtensionMessage] = []
        for byte in bytes {
            decoder.append([byte])
            while let body = try decoder.nextFrame() {
                messages.append(try WidgetFrame.decode(ExtensionMessage.self, from: body))
            }
        }
        #expect(messages == [.hello(version: 1), .openURL("baton://stores")])
        #expect(!decoder.hasPartialFrame)
    }

    @Test("text that is not a frame is refused")
    func garbage() throws {
        var decoder = WidgetFrameDecoder()
        decoder.append(Array("this is not a frame\n".utf8))
        #expect(throws: WidgetFrameError.self) { try decoder.nextFrame() }
        var wellFramed = WidgetFrameDecoder()
        wellFramed.append([0, 0, 0, 3] + Array("{x}".utf8))
        let body = try #require(try wellFramed.nextFrame())
        #expect(throws: WidgetFrameError.unreadable) {
            try WidgetFrame.decode(ExtensionMessage.self, from: body)
        }
    }

    @Test("only baton:// URLs naming an app may be opened")
    func urlPolicy() {
        #expect((try? ExtensionURLPolicy.check("baton://stores?store=x").get())?.host == "stores")
        #expect((try? ExtensionURLPolicy.check("BATON://today").get()) != nil)
        #expect((try? ExtensionURLPolicy.check("https://apple.com").get()) == nil)
        #expect((try? ExtensionURLPolicy.check("baton:stores").get()) == nil)
        #expect((try? ExtensionURLPolicy.check("not a url").get()) == nil)
    }
}
