import Testing

@testable import SuiteNotifications

@Suite struct DesktopNotificationTests {
    @Test func offUnlessAskedFor() {
        #expect(DesktopNotificationProtocol.choose(environment: ["TERM_PROGRAM": "iTerm.app"]) == nil)
        #expect(
            DesktopNotificationProtocol.choose(environment: [
                "BATON_DESKTOP_NOTIFICATIONS": "off", "TERM": "xterm-kitty",
            ])
                == nil)
    }

    @Test func autoChoosesByTerminal() {
        func auto(_ environment: [String: String]) -> DesktopNotificationProtocol? {
            DesktopNotificationProtocol.choose(
                environment: environment.merging(["BATON_DESKTOP_NOTIFICATIONS": "auto"]) { $1 })
        }
        #expect(auto(["TERM_PROGRAM": "iTerm.app"]) == .osc9)
        #expect(auto(["TERM_PROGRAM": "WezTerm"]) == .osc777)
        #expect(auto(["TERM": "xterm-kitty"]) == .osc99)
        #expect(auto(["TERM": "foot"]) == .osc777)
        #expect(auto(["WT_SESSION": "x", "TERM": "xterm-256color"]) == .osc9)
        #expect(auto(["TERM": "xterm-256color"]) == nil)
        #expect(DesktopNotificationProtocol.choose(environment: ["BATON_DESKTOP_NOTIFICATIONS": "osc777"]) == .osc777)
    }

    @Test func bytesOfEachProtocol() {
        #expect(
            DesktopNotificationProtocol.osc9.bytes(title: "T", body: "B", identifier: 1, insideTmux: false)
                == "\u{1B}]9;T: B\u{07}")
        #expect(
            DesktopNotificationProtocol.osc777.bytes(title: "a;b", body: "B", identifier: 1, insideTmux: false)
                == "\u{1B}]777;notify;a,b;B\u{07}")
        #expect(
            DesktopNotificationProtocol.osc99.bytes(title: "T", body: "B", identifier: 7, insideTmux: false)
                == "\u{1B}]99;i=7:d=0;T\u{1B}\\\u{1B}]99;i=7:d=1:p=body;B\u{1B}\\")
    }

    @Test func tmuxPassthroughDoublesEscapes() {
        #expect(
            DesktopNotificationProtocol.osc9.bytes(title: "T", body: "", identifier: 1, insideTmux: true)
                == "\u{1B}Ptmux;\u{1B}\u{1B}]9;T\u{07}\u{1B}\\")
    }

    @Test func hostileTextCannotEndTheSequence() {
        let bytes = DesktopNotificationProtocol.osc9.bytes(
            title: "x\u{07}\u{1B}]0;evil\u{1B}\\", body: "", identifier: 1, insideTmux: false)
        #expect(bytes.filter { $0 == "\u{07}" }.count == 1)
        #expect(bytes.filter { $0 == "\u{1B}" }.count == 1)
    }
}
