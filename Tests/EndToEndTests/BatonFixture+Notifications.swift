import Foundation

extension BatonFixture {
    static let browserBundle = "com.example.apple-samplecode.MonkeyBrowser"

    /// Runs `baton notifications settings --app MonkeyBrowser --device D [extra]` once D's suite has
    /// registered the app (a readiness wait: a suite registers moments after its first frame).
    @discardableResult
    func browserSettings(on device: String, _ extra: [String] = []) async throws -> String {
        try await onceRegistered(
            ["notifications", "settings", "--app", Self.browserBundle, "--device", device] + extra)
    }

    /// Runs `baton <arguments>`, again while it fails (up to 30 s): for a command naming a device whose suite
    /// has drawn its first frame but may not have registered with the daemon yet.
    @discardableResult
    func onceRegistered(_ arguments: [String]) async throws -> String {
        let deadline = Date().addingTimeInterval(30)
        while true {
            do {
                return try Shell.run(binary, arguments, environment: environment)
            } catch  where Date() < deadline {
                try await Task.sleep(for: .seconds(0.05))
            }
        }
    }
}
