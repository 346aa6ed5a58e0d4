import BatonEnvironment
import Testing

/// `baton daemon enable` from an installed package enables the package's units and writes no copy into the
/// user's home (copies survived `apt remove` pointing at a removed program); only a checkout's build writes its
/// own (issue 40, item 7). The decision is pure: the install kind, then the steps.
@Suite struct DaemonUnitPlanTests {
    static let home = "/home/ada/.config/systemd/user"
    static let packagedSocket = "/usr/lib/systemd/user/baton.socket"

    @Test func theInstalledProgramWithThePackagesUnitsIsPackaged() {
        let install = DaemonUnitInstall.of(executable: "/usr/bin/baton") { $0 == Self.packagedSocket }
        #expect(install == .packaged(directory: "/usr/lib/systemd/user"))
    }

    @Test func aCheckoutsBuildOrAnUnpackedTreeWritesItsOwn() {
        let build = "/work/main/.build/debug/baton"
        #expect(DaemonUnitInstall.of(executable: build) { _ in true } == .checkout(executable: build))
        // dpkg -x into a scratch root: systemd does not read /tmp/root/usr/lib/systemd/user.
        let unpacked = "/tmp/root/usr/bin/baton"
        #expect(DaemonUnitInstall.of(executable: unpacked) { _ in true } == .checkout(executable: unpacked))
        // /usr/bin/baton whose package has no units (installed by hand).
        #expect(
            DaemonUnitInstall.of(executable: "/usr/bin/baton") { _ in false } == .checkout(executable: "/usr/bin/baton")
        )
    }

    @Test func enablingThePackageEnablesItsUnitsAndWritesNothing() {
        let steps = DaemonUnitPlan.enable(
            .packaged(directory: "/usr/lib/systemd/user"), userDirectory: Self.home, managerRuns: true)
        #expect(
            steps == [
                .removeCopies(directory: Self.home), .systemctl(["daemon-reload"]),
                .systemctl(["enable", "--now", "baton.socket"]),
            ])
        #expect(!steps.contains { if case .write = $0 { true } else { false } })
    }

    @Test func enablingACheckoutWritesItsUnitsThenEnablesThem() {
        let build = "/work/main/.build/debug/baton"
        let steps = DaemonUnitPlan.enable(.checkout(executable: build), userDirectory: Self.home, managerRuns: true)
        #expect(
            steps == [
                .write(directory: Self.home, executable: build), .systemctl(["daemon-reload"]),
                .systemctl(["enable", "--now", "baton.socket"]),
            ])
        let offline = DaemonUnitPlan.enable(.checkout(executable: build), userDirectory: Self.home, managerRuns: false)
        #expect(offline == [.write(directory: Self.home, executable: build)])
    }

    @Test func disablingLeavesThePackagesUnitsInPlace() {
        let steps = DaemonUnitPlan.disable(
            .packaged(directory: "/usr/lib/systemd/user"), userDirectory: Self.home, managerRuns: true)
        #expect(
            steps == [
                .systemctl(["disable", "--now", "baton.socket", "baton.service"]),
                .removeCopies(directory: Self.home), .systemctl(["daemon-reload"]),
            ])
    }
}
