import Foundation
import SystemdBus

/// The arguments of one `Notify` call (`susssasa{sv}i`), read with bounds: long strings are cut, actions past
/// `maxActions` and hints the server does not use are skipped without being copied (an `image-data` of any
/// size costs nothing).
struct NotifyCall: Equatable {
    static let maxSummaryBytes = 1_024
    static let maxBodyBytes = 4_096
    static let maxActions = 8
    static let maxActionBytes = 256

    /// One action: its key (sent back in `ActionInvoked`) and label.
    struct Action: Equatable {
        var key: String
        var label: String
    }

    var appName = ""
    /// `app_icon`: a theme icon's name, or a file's path or `file://` URL ("" for none).
    var appIcon = ""
    var replacesID: UInt32 = 0
    var summary = ""
    var body = ""
    /// Complete (key, label) pairs, at most `maxActions`; an odd trailing key is ignored.
    var actions: [Action] = []
    /// 0 low, 1 normal, 2 critical.
    var urgency: UInt8 = 1
    var desktopEntry: String?
    var category: String?
    var soundName: String?
    /// `image-path` (or the older `image_path`): a file path or `file://` URL.
    var imagePath: String?
    /// `image-data` (or the older `image_data`, `icon_data`, in that order of precedence), when it was taken.
    var imageData: ImageData?
    /// Which of the three `imageData` came from (its index in `imageDataKeys`).
    private var imageDataRank = Int.max
    var suppressSound = false
    var transient = false
    var resident = false
    /// `x-dunst-stack-tag`, else `x-canonical-private-synchronous`: a newer notification of the same program with
    /// the same tag replaces the one shown (a volume or brightness pop-up).
    var stackTag: String? { dunstStackTag ?? synchronousTag }
    private var dunstStackTag: String?
    private var synchronousTag: String?
    /// Milliseconds; -1 the server's default, 0 never.
    var expireTimeout: Int32 = -1

    /// Reads the call's arguments; throws what sd-bus found wrong with them.
    init(_ message: BusMessage) throws(BusMessage.BusFailure) {
        appName = try message.string(limit: Self.maxActionBytes)
        replacesID = try message.uint32()
        appIcon = try message.string(limit: 4_096)
        summary = try message.string(limit: Self.maxSummaryBytes)
        body = try message.string(limit: Self.maxBodyBytes)
        try readActions(message)
        try readHints(message)
        expireTimeout = try message.int32()
    }

    private mutating func readActions(_ message: BusMessage) throws(BusMessage.BusFailure) {
        _ = try message.enter("a", "s")
        var pending: String?
        var count = 0
        while count < 2 * Self.maxActions, try message.peek().type == "s" {
            let text = try message.string(limit: Self.maxActionBytes)
            count += 1
            if let key = pending {
                actions.append(Action(key: key, label: text))
                pending = nil
            } else {
                pending = text
            }
        }
        while try message.peek().type == "s" { try message.skip("s") }  // Past the bound: not copied.
        try message.exit()
    }

    private mutating func readHints(_ message: BusMessage) throws(BusMessage.BusFailure) {
        _ = try message.enter("a", "{sv}")
        while try message.enter("e", "sv") {
            let key = try message.string(limit: 64)
            let value = try message.peek()
            guard value.type == "v", let wanted = Self.hintTypes[key], value.contents == wanted else {
                try message.skip("v")
                try message.exit()
                continue
            }
            _ = try message.enter("v", wanted)
            switch key {
            case "urgency": urgency = try min(message.byte(), 2)
            case "desktop-entry": desktopEntry = try message.string(limit: Self.maxActionBytes)
            case "category": category = try message.string(limit: Self.maxActionBytes)
            case "sound-name": soundName = try message.string(limit: Self.maxActionBytes)
            case "image-path", "image_path": imagePath = try message.string(limit: 4_096)
            case "image-data", "image_data", "icon_data":
                let rank = Self.imageDataKeys.firstIndex(of: key) ?? Int.max
                guard rank < imageDataRank else {
                    try message.skip(wanted)
                    break
                }
                if let image = try ImageData.read(message) {  // Read (and checked) whole, taken or not.
                    imageData = image
                    imageDataRank = rank
                }
            case "suppress-sound": suppressSound = try message.boolean()
            case "transient": transient = try message.boolean()
            case "resident": resident = try message.boolean()
            case "x-dunst-stack-tag": dunstStackTag = try message.string(limit: Self.maxActionBytes)
            case "x-canonical-private-synchronous": synchronousTag = try message.string(limit: Self.maxActionBytes)
            default: try message.skip(wanted)
            }
            try message.exit()
            try message.exit()
        }
        try message.exit()
    }

    static let imageDataKeys = ["image-data", "image_data", "icon_data"]

    /// The hints the server reads, with the type the specification gives each.
    static let hintTypes: [String: String] = [
        "urgency": "y", "desktop-entry": "s", "category": "s", "sound-name": "s", "suppress-sound": "b",
        "image-path": "s", "image_path": "s",
        "image-data": "(iiibiiay)", "image_data": "(iiibiiay)", "icon_data": "(iiibiiay)",
        "transient": "b", "resident": "b", "x-dunst-stack-tag": "s", "x-canonical-private-synchronous": "s",
    ]
}
