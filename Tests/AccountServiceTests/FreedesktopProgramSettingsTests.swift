import Foundation
import Notifications
import TestSupport
import Testing
import Wire

@testable import AccountService

/// Issue 39, item 1's per-program settings beside allow and deny: quiet delivery (provisional: the list only)
/// and "keep from other machines" (not relayed through the account link), kept across a restart and across
/// turning the program off and on.
@Suite struct FreedesktopProgramSettingsTests {
    let programs = FreedesktopProgramTests()

    func change(_ change: SettingsChange, on socket: RawDaemonSocket, id: UInt64) throws -> NotificationSettings? {
        guard case .message(.settings(let settings)) = try programs.tests.ask(socket, .changeSettings(change), id: id)
        else { return nil }
        return settings
    }

    @Test func quietAndKeptFromOtherMachinesAreKept() throws {
        var daemon = try InProcessDaemon()
        defer { daemon.stop() }
        var socket = try programs.server(daemon)
        let bot = FreedesktopProgramTests.bot
        let quiet = try change(SettingsChange(owner: bot, quiet: true, requester: "B"), on: socket, id: 1)
        #expect(quiet?.authorizationStatus == .provisional)
        let kept = try change(SettingsChange(owner: bot, otherMachines: false, requester: "B"), on: socket, id: 2)
        #expect(kept?.keepFromOtherMachines == true && kept?.authorizationStatus == .provisional)
        // Off and on again: still kept from the other machines.
        _ = try change(SettingsChange(owner: bot, allow: false, requester: "B"), on: socket, id: 3)
        let again = try change(SettingsChange(owner: bot, allow: true, requester: "B"), on: socket, id: 4)
        #expect(again?.keepFromOtherMachines == true && again?.authorizationStatus == .authorized)
        daemon = try daemon.restarted()
        socket = try programs.server(daemon)
        let listed = try programs.apps(socket, id: 5).first { $0.owner == bot }?.settings
        #expect(listed?.keepFromOtherMachines == true)
        let loud = try change(
            SettingsChange(owner: bot, quiet: false, otherMachines: true, requester: "B"), on: socket, id: 6)
        #expect(loud?.keepFromOtherMachines == false && loud?.authorizationStatus == .authorized)
    }

    @Test func aProgramKeptHereIsNotForTheOtherMachines() {
        let add = AddNotification(
            owner: FreedesktopProgramTests.bot,
            request: NotificationRequest(identifier: "fdo-1", content: NotificationContent(title: "t"), trigger: nil),
            requester: "B", everyMachine: true)
        var settings = NotificationSettings.granted([.alert])
        #expect(NotificationService.goesToOtherMachines(add, settings: settings))
        settings.keepFromOtherMachines = true
        #expect(!NotificationService.goesToOtherMachines(add, settings: settings))
    }

    /// Settings stored before the field existed read as not kept.
    @Test func olderSettingsReadAsNotKept() throws {
        let old =
            #"{"authorizationStatus":"authorized","alertsEnabled":true,"soundsEnabled":true,"#
            + #""badgesEnabled":true,"criticalAlertsEnabled":false,"showPreviews":true}"#
        let settings = try JSONDecoder().decode(NotificationSettings.self, from: Data(old.utf8))
        #expect(settings == .granted([.alert, .sound, .badge]))
    }
}
