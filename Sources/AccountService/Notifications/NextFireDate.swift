import Foundation
import Notifications

/// When a request fires next after a moment: no trigger fires at once (its anchor, the add date); the rest
/// ask `NotificationTrigger.nextFireDate(after:addedAt:deviceTimeZone:)` (time intervals on their grid from
/// the add date; calendar triggers through Foundation's `Calendar`, in the trigger's zone, else the device's).
/// Location and push triggers fire on events: nil.
enum NextFireDate {
    static func after(
        _ moment: Date, trigger: NotificationTrigger?, anchor: Date, deviceTimeZone: TimeZone
    ) -> Date? {
        guard let trigger else { return anchor }
        return trigger.nextFireDate(after: moment, addedAt: anchor, deviceTimeZone: deviceTimeZone)
    }
}
