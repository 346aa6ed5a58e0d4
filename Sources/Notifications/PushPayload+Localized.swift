import BatonEnvironment
import Foundation

extension PushPayload {
    /// `push` (parsed from `data` with `options`) again with its app's `Localizable.strings` from the suite's
    /// resources, so the payload's `*-loc-key` entries resolve, and the options that did it; unchanged when the
    /// app has no strings. `baton push` and `baton apns` both take this step.
    public static func localized(_ push: PushNotification, _ data: Data, options: PushOptions) throws(PushError)
        -> (PushNotification, PushOptions)
    {
        guard let resources = ResourceLocator.resourcesDirectory(),
            let directory = ServiceExtensionCatalog.load(resources: resources).apps[push.bundleIdentifier],
            let file = LocalizedStrings.file(inApp: directory)
        else { return (push, options) }
        var options = options
        options.strings = try LocalizedStrings(contentsOf: file)
        return (try parse(data, options: options), options)
    }
}
