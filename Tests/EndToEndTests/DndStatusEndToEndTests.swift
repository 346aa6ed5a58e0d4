import Foundation
import Testing

/// Issue 24, item 4: `baton dnd status` of a device counts the account's Do Not Disturb (the suite shows the
/// moon for either), in words and in `--json`.
@Suite struct DndStatusEndToEndTests {
    @Test func aDeviceStatusCountsTheAccountsDoNotDisturb() async throws {
        let fixture = try await BatonFixture()
        let environment = fixture.environment
        let off = try Shell.run(fixture.binary, ["dnd", "status", "--device", "A"], environment: environment)
        #expect(off.contains("Do Not Disturb on A: off"), "\(off)")
        _ = try Shell.run(fixture.binary, ["dnd", "on", "--account", "--for", "30m"], environment: environment)

        let status = try Shell.run(fixture.binary, ["dnd", "status", "--device", "A"], environment: environment)
        #expect(status.contains("Do Not Disturb on A: on for the whole account (until "), "\(status)")
        #expect(status.contains("baton dnd off --account"), "\(status)")
        let json = try Shell.run(
            fixture.binary, ["dnd", "status", "--device", "A", "--json"], environment: environment)
        #expect(json.contains(#""on" : true"#) && json.contains(#""accountOn" : true"#), "\(json)")
        #expect(json.contains(#""manual" : false"#), "the device's own switch stays off: \(json)")
        #expect(json.contains(#""scope" : "device""#) && !json.contains(#""account" :"#), "\(json)")
        let account = try Shell.run(fixture.binary, ["dnd", "status", "--account", "--json"], environment: environment)
        #expect(account.contains(#""scope" : "account""#) && !account.contains("accountOn"), "\(account)")

        _ = try Shell.run(fixture.binary, ["dnd", "off", "--account"], environment: environment)
        let after = try Shell.run(fixture.binary, ["dnd", "status", "--device", "A"], environment: environment)
        #expect(after.contains("Do Not Disturb on A: off"), "\(after)")
    }
}
