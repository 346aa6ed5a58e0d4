import Foundation

extension BatonFixture {
    static let browserBundle = "com.example.apple-samplecode.MonkeyBrowser"

    /// Runs `baton notifications settings --app MonkeyBrowser --device D [extra]` once D's suite has
    /// registered the app (a readiness wait: a suite registers moments after its first frame).
    @discardableResult
    func browserSettings(on device: String, _ extra: [String] = []) throws -> String {
        let deadline = Date().addingTimeInterval(30)
        while true {
            do {
                return try Shell.run(
                    binary, ["notifications", "settings", "--app", Self.browserBundle, "--device", device] + extra,
                    environment: environment)
            } catch  where Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }
}
