import Foundation
import Notifications
import Testing

@testable import NtfyServer

/// The README's mapping table, row by row: a topic is an app, priority the interruption level, emoji tags
/// before the title, `Click` the default action's address, actions buttons, a delay a pending notification.
@Suite struct NtfyMappingTests {
    static let now = NtfyPublishTests.now

    static func add(_ headers: [(String, String)], body: String = "Backup done") throws -> AddNotification {
        let publish = try NtfyPublishTests.parse(NtfyPublishTests.request(headers: headers, body: body))
        return NtfyMapping.add(publish, device: "box:no-tty", now: now)
    }

    @Test func aTopicIsAProgramForEveryDeviceAndMachine() throws {
        let add = try Self.add([])
        #expect(add.owner.bundleIdentifier == "org.freedesktop.ntfy.mytopic")
        #expect(FreedesktopProgram.isProgram(add.owner.bundleIdentifier))
        #expect(add.everyDevice == true && add.everyMachine == true)
        #expect(add.request.trigger == nil)
        #expect(FreedesktopProgram.name(in: add.request.content) == "ntfy/mytopic")
        #expect(NtfyMapping.topic(of: add.owner.bundleIdentifier) == "mytopic")
    }

    @Test(arguments: [
        ("1", InterruptionLevel.passive), ("2", .passive), ("3", .active), ("4", .timeSensitive), ("5", .timeSensitive),
    ])
    func priorityIsTheInterruptionLevel(priority: String, level: InterruptionLevel) throws {
        let content = try Self.add([("Priority", priority)]).request.content
        #expect(content.interruptionLevel == level)
        #expect((content.sound != nil) == (Int(priority) ?? 0 >= 3))
        #expect((content.userInfo[BannerLifetime.key] != nil) == (priority == "5"))
    }

    @Test func emojiTagsGoBeforeTheTitleAndOthersUnderTheMessage() throws {
        let content = try Self.add([("Title", "Backup"), ("Tags", "warning,backup,+1")]).request.content
        #expect(content.title == "⚠️ 👍 Backup")
        #expect(content.body == "Backup done\nTags: backup")
        let untitled = try Self.add([("Tags", "tada")]).request.content
        #expect(untitled.title.isEmpty && untitled.body == "🎉 Backup done")
    }

    @Test func clickIsTheDefaultActionAndActionsAreButtons() throws {
        let add = try Self.add([
            ("Click", "https://example.com/run/42"),
            ("Actions", "view, Open, https://example.com; http, Retry, https://ci.lan/retry, method=POST"),
        ])
        #expect(add.request.content.userInfo["url"] == .string("https://example.com/run/42"))
        #expect(add.actions?.map(\.title) == ["Open", "Retry"])
        #expect(add.actions?.map(\.identifier) == ["ntfy.0", "ntfy.1"])
    }

    @Test func aDelayIsAPendingNotificationAtItsTime() throws {
        let add = try Self.add([("Delay", "30m")])
        #expect(add.request.trigger == .timeInterval(seconds: 1800, repeats: false))
    }

    @Test func markdownIsShownWithTheSuitesStyles() throws {
        let content = try Self.add([("Markdown", "yes")], body: "**Backup** done, see [log](https://x.lan/l) <b>")
            .request
            .content
        #expect(content.body == "Backup done, see log (https://x.lan/l) <b>")
        let markup = try #require(FreedesktopProgram.styledBody(of: content))
        #expect(markup.contains { $0.isStyled })
    }
}
