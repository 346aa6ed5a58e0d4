import EncryptedPush
import Foundation
import NotificationServiceExtensionKit
import Notifications

/// MonkeyBrowser's notification service extension: decrypts `encrypted-content` with the key in the app
/// group into the title, body and the page to open (`userInfo["url"]`). On any failure it returns the
/// content it got (the placeholder alert "sent a page" stays).
struct DecryptingExtension: NotificationServiceExtension {
    mutating func didReceive(_ request: NotificationRequest, context: NotificationServiceContext) -> NotificationContent
    {
        do {
            let key = try EncryptedPush.loadOrCreateKey(
                appGroupDirectory: context.appGroupDirectory, bundleIdentifier: context.bundleIdentifier)
            return try EncryptedPush.open(request.content, key: key)
        } catch {
            FileHandle.standardError.write(Data("monkeybrowser-push-extension: \(error)\n".utf8))
            return request.content
        }
    }
}
