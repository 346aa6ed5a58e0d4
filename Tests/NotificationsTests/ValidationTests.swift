import Foundation
import Notifications
import Testing
import Wire

@Suite struct ValidationTests {
    let now = instant("2026-06-01T12:00:00Z")
    let warsaw = zone("Europe/Warsaw")

    func refusal(
        _ trigger: NotificationTrigger?, content: NotificationContent = NotificationContent(title: "t"),
        identifier: String = "id"
    ) -> NotificationValidationError? {
        do {
            try NotificationRequest(identifier: identifier, content: content, trigger: trigger)
                .validate(now: now, deviceTimeZone: warsaw)
            return nil
        } catch {
            return error
        }
    }

    @Test func intervalsAreRefusedAsApple() {
        #expect(refusal(.timeInterval(seconds: 0, repeats: false)) == .nonPositiveInterval(0))
        #expect(refusal(.timeInterval(seconds: -5, repeats: false)) == .nonPositiveInterval(-5))
        #expect(refusal(.timeInterval(seconds: .nan, repeats: false)) != nil)
        #expect(refusal(.timeInterval(seconds: 59, repeats: true)) == .repeatingIntervalTooShort(59))
        #expect(refusal(.timeInterval(seconds: 59, repeats: false)) == nil)
        #expect(refusal(.timeInterval(seconds: 60, repeats: true)) == nil)
        #expect(
            NotificationValidationError.repeatingIntervalTooShort(30).description
                == "time interval 30 s: a repeating interval must be at least 60 seconds, as Apple refuses")
    }

    @Test func calendarsThatMatchNoDateOrArePastAreRefused() {
        #expect(
            refusal(.calendar(CalendarMatch(month: 2, day: 30), repeats: true))
                == .calendarMatchesNoDate(CalendarMatch(month: 2, day: 30)))
        #expect(
            refusal(.calendar(CalendarMatch(month: 13), repeats: false))
                == .calendarMatchesNoDate(CalendarMatch(month: 13)))
        let past = CalendarMatch(year: 2026, month: 5, day: 1, hour: 9, minute: 0, timeZone: "UTC")
        #expect(refusal(.calendar(past, repeats: false)) == .dateInPast(instant("2026-05-01T09:00:00Z"), now: now))
        let passedEarlierToday = CalendarMatch(year: 2026, month: 6, day: 1, hour: 11, minute: 59, timeZone: "UTC")
        #expect(
            refusal(.calendar(passedEarlierToday, repeats: false))
                == .dateInPast(instant("2026-06-01T11:59:00Z"), now: now))
        #expect(
            refusal(
                .calendar(
                    CalendarMatch(year: 2026, month: 6, day: 1, hour: 12, minute: 1, timeZone: "UTC"), repeats: false))
                == nil)
        #expect(
            refusal(.calendar(CalendarMatch(hour: 9, timeZone: "Nowhere/Land"), repeats: true))
                == .unknownTimeZone("Nowhere/Land"))
        #expect(
            NotificationValidationError.calendarMatchesNoDate(CalendarMatch(month: 2, day: 30)).description
                == "calendar components month=2 day=30 match no date")
    }

    @Test func validationReturnsTheFirstFireDate() throws {
        let request = NotificationRequest(
            identifier: "x", content: NotificationContent(title: "t"),
            trigger: .calendar(CalendarMatch(hour: 9, minute: 0), repeats: true))
        let first = try request.validate(now: now, deviceTimeZone: warsaw)
        #expect(first == instant("2026-06-02T09:00:00+02:00"))
        let interval = NotificationRequest(
            identifier: "y", content: NotificationContent(title: "t"),
            trigger: .timeInterval(seconds: 5, repeats: false))
        #expect(try interval.validate(now: now, deviceTimeZone: warsaw) == now.addingTimeInterval(5))
    }

    @Test func regionsAreChecked() {
        func region(_ lat: Double, _ lon: Double, _ radius: Double, entry: Bool = true, exit: Bool = false)
            -> NotificationTrigger
        {
            .location(
                Region(
                    identifier: "r", latitude: lat, longitude: lon, radius: radius, notifyOnEntry: entry,
                    notifyOnExit: exit), repeats: false)
        }
        #expect(refusal(region(91, 0, 10)) == .latitudeOutOfRange(91))
        #expect(refusal(region(-90.5, 0, 10)) == .latitudeOutOfRange(-90.5))
        #expect(refusal(region(0, 180.1, 10)) == .longitudeOutOfRange(180.1))
        #expect(refusal(region(0, -181, 10)) == .longitudeOutOfRange(-181))
        #expect(refusal(region(0, 0, 0)) == .nonPositiveRadius(0))
        #expect(refusal(region(0, 0, -3)) == .nonPositiveRadius(-3))
        #expect(refusal(region(0, 0, 10, entry: false, exit: false)) == .regionNotifiesNothing("r"))
        #expect(refusal(region(90, 180, 1)) == nil)
        #expect(
            NotificationValidationError.latitudeOutOfRange(91).description == "latitude 91 is out of range (−90…90)")
    }

    @Test func contentIsChecked() {
        #expect(
            refusal(nil, content: NotificationContent(title: "t", relevanceScore: 1.5))
                == .relevanceScoreOutOfRange(1.5))
        #expect(
            refusal(nil, content: NotificationContent(title: "t", relevanceScore: -0.1))
                == .relevanceScoreOutOfRange(-0.1))
        #expect(refusal(nil, content: NotificationContent(title: "t", relevanceScore: 1)) == nil)
        #expect(refusal(nil, content: NotificationContent(badge: -1)) == .negativeBadge(-1))
        #expect(
            refusal(nil, content: NotificationContent(sound: .critical(name: nil, volume: 2)))
                == .criticalVolumeOutOfRange(2))
        #expect(refusal(nil, identifier: "") == .emptyIdentifier)
    }

    @Test func userInfoHoldsPropertyListValuesOnly() {
        let good: [String: PropertyListValue] = [
            "url": .string("https://example.com"), "n": .int(3), "nested": .dictionary(["a": .array([.bool(true)])]),
        ]
        #expect(refusal(nil, content: NotificationContent(title: "t", userInfo: good)) == nil)
        for (key, value) in [("gone", PropertyListValue.null), ("inf", .double(.infinity)), ("deep", .array([.null]))] {
            let error = refusal(nil, content: NotificationContent(title: "t", userInfo: [key: value]))
            guard case .userInfoNotPropertyList(let badKey, _)? = error else {
                Issue.record("expected a userInfo refusal for \(key), got \(String(describing: error))")
                continue
            }
            #expect(badKey == key)
        }
    }
}

@Suite struct AttachmentTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("attachments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String, bytes: Int) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(repeating: 7, count: bytes).write(to: url)
        return url.path
    }

    @Test func typesByExtension() {
        for ext in ["jpg", "JPEG", "png", "gif", "heic"] { #expect(AttachmentType(fileExtension: ext) == .image) }
        for ext in ["mp3", "m4a", "aiff", "wav", "caf"] { #expect(AttachmentType(fileExtension: ext) == .audio) }
        for ext in ["mp4", "mov", "M4V"] { #expect(AttachmentType(fileExtension: ext) == .video) }
        for ext in ["txt", "", "pdf", "webp"] { #expect(AttachmentType(fileExtension: ext) == nil) }
    }

    @Test func refusalsNameTheFileAndReason() throws {
        let text = try file("notes.txt", bytes: 3)
        #expect(throws: NotificationValidationError.attachmentUnsupportedType(path: text, fileExtension: "txt")) {
            try AttachmentStore.inspect(path: text)
        }
        let missing = directory.appendingPathComponent("gone.png").path
        #expect(throws: NotificationValidationError.attachmentMissing(path: missing)) {
            try AttachmentStore.inspect(path: missing)
        }
        let folder = directory.appendingPathComponent("album.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: NotificationValidationError.attachmentIsDirectory(path: folder.path)) {
            try AttachmentStore.inspect(path: folder.path)
        }
        let big = try file("song.mp3", bytes: AttachmentType.audio.maxBytes + 1)
        #expect(throws: NotificationValidationError.attachmentTooLarge(path: big, bytes: 5_000_001, type: .audio)) {
            try AttachmentStore.inspect(path: big)
        }
        #expect(
            NotificationValidationError.attachmentTooLarge(path: big, bytes: 5_000_001, type: .audio).description
                == "attachment \(big): 5000001 bytes is over the 5000000-byte limit for audio attachments")
        let atLimit = try file("photo.jpg", bytes: AttachmentType.image.maxBytes)
        #expect(try AttachmentStore.inspect(path: atLimit).type == .image)
    }

    @Test func copiesIntoTheStoreWithMode0600() throws {
        let source = try file("clip.MOV", bytes: 1234)
        let store = directory.appendingPathComponent("store")
        let attachment = try AttachmentStore.copy(path: source, identifier: "a1", into: store)
        #expect(attachment.identifier == "a1")
        #expect(attachment.type == .video)
        #expect(attachment.url.path.hasPrefix(store.path + "/"))
        #expect(try Data(contentsOf: attachment.url) == Data(repeating: 7, count: 1234))
        let mode = try FileManager.default.attributesOfItem(atPath: attachment.url.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(FileManager.default.fileExists(atPath: source))
        let second = try AttachmentStore.copy(path: source, identifier: "a2", into: store)
        #expect(second.url != attachment.url)
    }
}
