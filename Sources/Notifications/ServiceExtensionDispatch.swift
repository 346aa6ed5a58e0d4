import Foundation

extension ServiceExtensionHost {
    /// The daemon's entry point for a parsed push: runs the app's service extension when the push needs one
    /// (`needsServiceExtension`) and the app has one in `catalog`; nil when none runs (deliver
    /// `request.content` as it is).
    public func run(
        for push: PushNotification, request: NotificationRequest, catalog: ServiceExtensionCatalog
    ) -> ServiceExtensionOutcome? {
        guard push.needsServiceExtension, let manifest = catalog.extensions[push.bundleIdentifier] else {
            return nil
        }
        return run(manifest, request: request)
    }
}

extension LocalizedStrings {
    /// The table of the app installed at `directory` (`file(inApp:)`), nil when it has none; throws
    /// `BadLocalization` when its file cannot be read.
    public static func forApp(directory: URL) throws(PushError) -> LocalizedStrings? {
        guard let file = file(inApp: directory) else { return nil }
        return try LocalizedStrings(contentsOf: file)
    }
}
