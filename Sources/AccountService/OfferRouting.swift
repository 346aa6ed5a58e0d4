import Wire

/// Decides whether, and how, a device may take up an advertisement.
enum OfferRouting {
    /// The target for `advertisement` on `device`: an app of the same team declaring the type, else the
    /// web page when there is one, else nil (the device does not see the offer).
    static func target(for advertisement: Advertisement, on device: RegisterDevice) -> OfferTarget? {
        if let app = device.apps.first(where: {
            $0.accepts(type: advertisement.activityType, team: advertisement.teamIdentifier)
        }) {
            return .app(bundleIdentifier: app.bundleIdentifier)
        }
        return advertisement.webpageURL == nil ? nil : .webpage
    }

    /// Why `device` may not advertise `advertisement`, or nil when it may.
    static func refusal(of advertisement: Advertisement, by device: RegisterDevice) -> String? {
        guard
            let app = device.apps.first(where: { $0.bundleIdentifier == advertisement.bundleIdentifier })
        else {
            return "app '\(advertisement.bundleIdentifier)' is not registered on device '\(device.name)'"
        }
        guard app.teamIdentifier == advertisement.teamIdentifier else {
            return
                "app '\(app.bundleIdentifier)' belongs to team \(app.teamIdentifier), not \(advertisement.teamIdentifier)"
        }
        guard app.activityTypes.contains(advertisement.activityType) else {
            return
                "app '\(app.bundleIdentifier)' does not declare activity type '\(advertisement.activityType)'"
        }
        return nil
    }
}
