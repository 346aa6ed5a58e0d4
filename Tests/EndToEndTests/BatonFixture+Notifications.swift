import Foundation
import Testing

extension BatonFixture {
    static let browserBundle = "com.example.apple-samplecode.MonkeyBrowser"

    /// Runs `baton notifications settings --app MonkeyBrowser --device D [extra]` once D's suite has
    /// registered the app (a readiness wait: a suite registers moments after its first frame).
    @discardableResult
    func browserSettings(on device: String, _ extra: [String] = []) async throws -> String {
        try await onceRegistered(
            ["notifications", "settings", "--app", Self.browserBundle, "--device", device] + extra)
    }

    /// Runs `baton <arguments>`, again while it fails (up to 90 s, a hang guard): for a command naming a device
    /// whose suite has drawn its first frame but may not have registered with the daemon yet.
    @discardableResult
    func onceRegistered(_ arguments: [String]) async throws -> String {
        let deadline = Date().addingTimeInterval(90)
        while true {
            do {
                return try Shell.run(binary, arguments, environment: environment)
            } catch  where Date() < deadline {
                try await Task.sleep(for: .seconds(0.05))
            }
        }
    }

    /// Waits (up to 90 s, a hang guard) until `device`'s suite has registered with the daemon: a suite draws its
    /// first frame before it connects, and a notification for "every device" goes only to devices known then.
    func waitForDevice(_ device: String) async throws {
        let deadline = Date().addingTimeInterval(90)
        while true {
            let output = (try? Shell.run(binary, ["devices", "--json"], environment: environment)) ?? "[]"
            let list = (try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]) ?? []
            if list.contains(where: { $0["name"] as? String == device }) { return }
            guard Date() < deadline else {
                Issue.record("timed out waiting for device \(device) to register: \(output)")
                throw E2EError.timeout("device \(device) to register")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}
