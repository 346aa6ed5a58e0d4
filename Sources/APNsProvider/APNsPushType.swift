import Notifications

/// `apns-push-type`: the kinds of push Apple lists, the topic each is sent to (the bundle identifier, with a
/// suffix for some), and what each asks of the payload and priority.
public enum APNsPushType: String, CaseIterable, Sendable {
    case alert, background, voip, complication, fileprovider, mdm, location, liveactivity, pushtotalk, widgets,
        controls

    /// The suffix Apple requires after the bundle identifier in `apns-topic` (none for alert and background;
    /// mdm's topic is the enrollment's own).
    public var topicSuffix: String {
        switch self {
        case .alert, .background, .mdm: ""
        case .voip: ".voip"
        case .complication: ".complication"
        case .fileprovider: ".pushkit.fileprovider"
        case .location: ".location-query"
        case .liveactivity: ".push-type.liveactivity"
        case .pushtotalk: ".voip-ptt"
        case .widgets: ".push-type.widgets"
        case .controls: ".push-type.controls"
        }
    }

    /// The app a topic of this type is for: the topic without its suffix. A topic without the suffix the type
    /// requires is BadTopic; mdm is TopicDisallowed (no device here is enrolled in MDM).
    public func app(ofTopic topic: String) throws(APNsRejection) -> String {
        if self == .mdm {
            throw APNsRejection.bad("TopicDisallowed", "no device of this account is enrolled in MDM")
        }
        guard topic.hasSuffix(topicSuffix), topic.count > topicSuffix.count else {
            throw APNsRejection.bad("BadTopic", "a \(rawValue) push's topic ends in \"\(topicSuffix)\"")
        }
        return String(topic.dropLast(topicSuffix.count))
    }

    /// Whether a push of this type may show a notification. Only alert pushes do: a background push wakes the app,
    /// and the others (VoIP, complication, file provider, location, push to talk, Live Activity, widgets,
    /// controls) are for the app's own handling on Apple, never a banner, whatever their payload holds.
    public var showsNotification: Bool { self == .alert }

    /// The push as delivered for this type: one that shows no notification goes to the app as a background
    /// push (its payload in `userInfo`), not as a banner.
    public func delivered(_ push: PushNotification) -> PushNotification {
        guard !showsNotification, push.kind != .background else { return push }
        var push = push
        push.kind = .background
        return push
    }

    /// Apple's checks of the parsed payload against the type: an alert push has something to show or play (an
    /// alert, badge or sound); a background push has `content-available` and nothing else to show, at
    /// priority 5 or 1 (10 is an error for a payload of `content-available` alone, whatever its type).
    public func check(_ push: PushNotification) throws(APNsRejection) {
        if push.kind == .background, push.priority == 10 {
            throw APNsRejection.bad("BadPriority", "a content-available push goes at priority 5 or 1, not 10")
        }
        switch self {
        case .alert where push.kind == .background:
            throw APNsRejection.bad("InvalidPushType", "an alert push needs an alert, badge or sound")
        case .background where push.kind != .background:
            throw APNsRejection.bad(
                "InvalidPushType", "a background push has content-available and no alert, badge or sound")
        default: break
        }
    }
}
