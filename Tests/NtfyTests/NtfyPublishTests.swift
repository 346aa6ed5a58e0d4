import Foundation
import Notifications
import Testing

@testable import NtfyServer

/// ntfy's publishing documentation, one form at a time: the body and every header alias, the same as query
/// parameters, JSON to `/`, and the refusals with ntfy's codes. Times are read on a fixed clock.
@Suite struct NtfyPublishTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func request(
        _ method: String = "POST", _ uri: String = "/mytopic", headers: [(String, String)] = [], body: String = ""
    ) -> NtfyRequest {
        NtfyRequest(method: method, uri: uri, headers: headers, body: Array(body.utf8))
    }

    static func parse(_ request: NtfyRequest, topic: String = "mytopic") throws -> NtfyPublish {
        try NtfyPublishParser.parse(topic: topic, request: request, now: now)
    }

    @Test func theBodyIsTheMessageAndTheHeadersItsFields() throws {
        let publish = try Self.parse(
            Self.request(
                headers: [
                    ("Title", "Unauthorized access detected"), ("Priority", "urgent"), ("Tags", "warning,skull"),
                    ("Click", "https://home.nest.com/"),
                ], body: "Remote access to phone detected. Act right away."))
        let message = publish.message
        #expect(message.message == "Remote access to phone detected. Act right away.")
        #expect(message.title == "Unauthorized access detected")
        #expect(message.priority == 5)
        #expect(message.tags == ["warning", "skull"])
        #expect(message.click == "https://home.nest.com/")
        #expect(message.event == "message" && message.topic == "mytopic" && message.id.count == 12)
        #expect(publish.delivery == nil)
    }

    @Test(arguments: [
        ("X-Title", "t1"), ("Title", "t1"), ("ti", "t1"), ("t", "t1"),
    ])
    func everyTitleAliasAsAHeader(name: String, value: String) throws {
        #expect(try Self.parse(Self.request(headers: [(name, value)], body: "x")).message.title == value)
    }

    @Test func theSameFieldsAsQueryParameters() throws {
        let publish = try Self.parse(
            Self.request("PUT", "/mytopic?t=Hi%20there&p=4&ta=tada,backup&md=yes", body: "**done**"))
        #expect(publish.message.title == "Hi there")
        #expect(publish.message.priority == 4)
        #expect(publish.message.tags == ["tada", "backup"])
        #expect(publish.message.contentType == "text/markdown")
    }

    @Test func aHeaderWinsOverAQueryParameter() throws {
        let publish = try Self.parse(Self.request("POST", "/mytopic?title=query", headers: [("X-Title", "header")]))
        #expect(publish.message.title == "header")
    }

    @Test func getPublishAndTriggerWithoutABody() throws {
        let publish = try Self.parse(Self.request("GET", "/mytopic/publish?message=Hi+from+a+webhook&priority=2"))
        #expect(publish.message.message == "Hi from a webhook")
        #expect(publish.message.priority == 2)
        #expect(try Self.parse(Self.request("GET", "/mytopic/trigger")).message.message == "triggered")
    }

    @Test(arguments: [
        ("1", 1), ("min", 1), ("2", 2), ("low", 2), ("default", 3), ("high", 4), ("max", 5), ("URGENT", 5),
    ])
    func priorities(text: String, value: Int) throws {
        #expect(try NtfyPriority.parse(text) == value)
    }

    @Test func refusalsCarryNtfysCodes() {
        func code(_ request: NtfyRequest, topic: String = "mytopic") -> Int? {
            do {
                _ = try Self.parse(request, topic: topic)
                return nil
            } catch {
                return (error as? NtfyError)?.code
            }
        }
        #expect(code(Self.request(headers: [("Priority", "6")])) == 40007)
        #expect(code(Self.request(headers: [("Email", "me@example.com")])) == 40001)
        #expect(code(Self.request(headers: [("Call", "yes")])) == 40033)
        #expect(code(Self.request(headers: [("Delay", "tomorrow, 10am")])) == 40004)
        #expect(code(Self.request(headers: [("Delay", "5s")])) == 40005)
        #expect(code(Self.request(headers: [("In", "4 days")])) == 40006)
        #expect(code(Self.request(headers: [("Delay", "30m"), ("Cache", "no")])) == 40002)
        #expect(code(Self.request(headers: [("Actions", "fly, Away, https://x")])) == 40018)
        #expect(code(Self.request(), topic: "bad topic!") == 40009)
        #expect(code(Self.request(), topic: "docs") == 40010)
        #expect(code(NtfyRequest(method: "POST", uri: "/mytopic", headers: [], body: [0xff, 0xfe])) == 40011)
        #expect(code(Self.request(headers: [("Icon", "ftp://x/y.png")])) == 40021)
        let refusal = NtfyError.priorityInvalid
        let json = try? JSONSerialization.jsonObject(with: refusal.json) as? [String: Any]
        #expect(json?["code"] as? Int == 40007 && json?["http"] as? Int == 400)
        #expect(json?["error"] as? String == "invalid priority parameter")
    }

    @Test func delaysAtAndIn() throws {
        let thirty = try Self.parse(Self.request(headers: [("Delay", "30m")]))
        #expect(thirty.delivery == Self.now.addingTimeInterval(1800))
        #expect(thirty.message.time == Int64(Self.now.timeIntervalSince1970) + 1800)
        let at = try Self.parse(Self.request(headers: [("At", "1800003600")]))
        #expect(at.delivery == Date(timeIntervalSince1970: 1_800_003_600))
        let hours = try Self.parse(Self.request("POST", "/mytopic?in=2%20hours"))
        #expect(hours.delivery == Self.now.addingTimeInterval(7200))
    }

    @Test func actionsInTheShortForm() throws {
        let header =
            "view, Open portal, https://home.nest.com/, clear=true; "
            + "http, Turn down, https://api.nest.com/, method=PUT, headers.Authorization=Bearer zAzsx1sk, "
            + "body='{\"temperature\": 65}'"
        let actions = try #require(try Self.parse(Self.request(headers: [("Actions", header)])).message.actions)
        #expect(actions.count == 2)
        #expect(actions[0].action == "view" && actions[0].label == "Open portal")
        #expect(actions[0].url == "https://home.nest.com/" && actions[0].clear == true)
        #expect(actions[1].method == "PUT" && actions[1].body == "{\"temperature\": 65}")
        #expect(actions[1].headers == ["Authorization": "Bearer zAzsx1sk"])
    }

    @Test func actionsInTheJSONFormAndTooMany() throws {
        let json =
            #"[{"action":"view","label":"Open","url":"https://x.org"},{"action":"broadcast","label":"Take picture","extras":{"cmd":"pic"}}]"#
        let actions = try NtfyAction.parse(json)
        #expect(actions.map(\.action) == ["view", "broadcast"])
        #expect(actions[1].extras == ["cmd": "pic"])
        let four = Array(repeating: "view, A, https://a", count: 4).joined(separator: "; ")
        #expect(throws: NtfyError.actionsInvalid) { try NtfyAction.parse(four) }
    }

    @Test func jsonToTheRoot() throws {
        let body = #"""
            {"topic":"mytopic","message":"Disk space is low at 5.1 GB","title":"Low disk space alert",
             "tags":["warning","cd"],"priority":4,"attach":"https://filesrv.lan/space.jpg","filename":"diskspace.jpg",
             "click":"https://homecamera.lan/xasds1h2xsSsa/",
             "actions":[{"action":"view","label":"Admin panel","url":"https://filesrv.lan/admin"}]}
            """#
        let message = try NtfyPublishParser.parseJSON(Self.request("POST", "/", body: body), now: Self.now).message
        #expect(message.topic == "mytopic" && message.title == "Low disk space alert")
        #expect(message.priority == 4 && message.tags == ["warning", "cd"])
        #expect(
            message.attachment == NtfyMessage.Attachment(name: "diskspace.jpg", url: "https://filesrv.lan/space.jpg"))
        #expect(message.actions?.first?.label == "Admin panel")
        #expect(throws: NtfyError.messageJSONInvalid) {
            try NtfyPublishParser.parseJSON(Self.request("POST", "/", body: "nope"), now: Self.now)
        }
        // Apprise's form: JSON for the topic, title and message, headers for the rest; the JSON wins.
        let apprise = try NtfyPublishParser.parseJSON(
            Self.request(
                "POST", "/", headers: [("X-Priority", "high"), ("X-Tags", "warning"), ("X-Title", "header")],
                body: #"{"topic": "apprise_topic", "title": "T", "message": "B"}"#), now: Self.now
        ).message
        #expect(apprise.priority == 4 && apprise.tags == ["warning"] && apprise.title == "T")
    }
}
