import AccountClient
import ArgumentParser
import BatonEnvironment
import Foundation
import TextWidth
import Wire

/// `baton devices [--json]`: the account's connected devices.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the connected devices, their apps and current activity.")

    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let reply = try await AccountQuery.run(json: json) { .devicesQuery(DevicesQuery(requestID: $0)) }
        guard case .devicesReply(let devices) = reply else { throw ExitCode(1) }
        if json { return try JSONOutput.print(devices.devices.map(QueryJSON.Device.init)) }
        if devices.devices.isEmpty { return print("no devices connected") }
        // Names, apps and titles come from other devices (a title from a page): escaped for the terminal.
        func safe(_ text: String) -> String { TerminalText.line(text) }
        for device in devices.devices {
            let activity = device.currentActivity.map { "\(safe($0.title)) (\(safe($0.activityType)))" } ?? "—"
            print("\(safe(device.name))  pid \(device.pid)  since \(device.connectedSince.formatted(.iso8601))")
            let apps = device.apps.map { safe($0.bundleIdentifier) }.joined(separator: ", ")
            print("  apps: \(apps.isEmpty ? "none" : apps)")
            print("  current activity: \(activity)")
        }
    }
}

/// `baton activities [--json]`: what each device offers.
struct ActivitiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activities", abstract: "List the activity each device offers.")

    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
        let reply = try await AccountQuery.run(json: json) { .activitiesQuery(ActivitiesQuery(requestID: $0)) }
        guard case .activitiesReply(let list) = reply else { throw ExitCode(1) }
        if json { return try JSONOutput.print(list.activities.map(QueryJSON.Activity.init)) }
        if list.activities.isEmpty { return print("no device offers an activity") }
        // Everything here comes from other devices (a title from a page): escaped for the terminal.
        func safe(_ text: String) -> String { TerminalText.line(text) }
        let width = list.activities.map { TextWidth.of(safe($0.device)) }.max() ?? 0
        for activity in list.activities {
            let web = activity.webpageURL.map { "  \(safe($0.absoluteString))" } ?? ""
            print(
                "\(TextWidth.pad(safe(activity.device), to: width))  \(safe(activity.title))  "
                    + "[\(safe(activity.activityType))]\(web)")
        }
    }
}

/// Runs one query for a CLI command, turning failures into a message and exit code.
enum AccountQuery {
    /// With `json`, no daemon is answered as `daemon status --json` answers it (`{"running":false,…}`), exit 3.
    static func run(json: Bool = false, _ make: @Sendable (UInt64) -> WireMessage) async throws -> WireMessage {
        do {
            return try await DaemonQuery.request(paths: BatonPaths(), make)
        } catch .notRunning where json {
            print(DaemonStatusReport.notRunningJSON())
            throw ExitCode(BatonExitCode.daemonNotRunning)
        } catch .notRunning {
            throw CommandFailure(
                "no daemon is running (start one with 'baton daemon start')", code: BatonExitCode.daemonNotRunning)
        } catch {
            throw CommandFailure(describing: error)
        }
    }
}
