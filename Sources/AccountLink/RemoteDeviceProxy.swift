import AccountClient
import Foundation
import Wire

/// A device of another machine as this machine's daemon sees it: a connection of the link registered as
/// `device@machine` (its pid is the link's), which advertises the remote device's offer so local docks show it,
/// answers payload requests and carries streams through the server, and continues activities of this machine
/// on the remote device's behalf.
struct RemoteDeviceProxy {
    /// Its name here: `device@machine`.
    let name: String
    let machine: String
    let device: String
    /// Tells its frames apart from an earlier connection's of the same name.
    let generation: Int
    let link: DaemonLink
    var apps: [AppDescriptor]
    /// What it advertises now: the remote advertisement, and the sequence it was advertised with here.
    var advertised: (remote: Advertisement, localSequence: UInt64)?
    var nextSequence: UInt64 = 1
    var lastUsed: ContinuousClock.Instant

    /// The name a remote device has in this machine's daemon.
    static func name(device: String, machine: String) -> String { "\(device)@\(machine)" }

    /// Advertises `remote` here under this proxy's name (a fresh local sequence: the remote device's own
    /// sequences restart when it reconnects, this daemon must only ever see them grow).
    mutating func advertise(_ remote: Advertisement) {
        var local = remote
        local.device = name
        local.sequence = nextSequence
        local.advertisedAt = nil
        nextSequence += 1
        link.send(.advertise(local))
        advertised = (remote, local.sequence)
        lastUsed = .now
    }

    /// Withdraws what it advertises, if anything.
    mutating func withdraw() {
        guard let current = advertised else { return }
        link.send(.withdraw(Withdraw(sequence: current.localSequence)))
        advertised = nil
        lastUsed = .now
    }

    /// Registers again when `more` holds apps, or activity types of them, it does not have yet (the daemon routes
    /// by them).
    mutating func include(_ more: [AppDescriptor]) {
        let merged = Self.merged(apps + more)
        guard merged != apps else { return }
        apps = merged
        link.send(.registerDevice(RegisterDevice(name: name, pid: getpid(), apps: apps, machine: machine)))
    }

    /// One descriptor per app (bundle and team), with every activity type any of `apps` declared for it: a
    /// device's published apps and an offer's single continuing app are the same app, listed once.
    static func merged(_ apps: [AppDescriptor]) -> [AppDescriptor] {
        var result: [AppDescriptor] = []
        for app in apps {
            if let index = result.firstIndex(where: {
                $0.bundleIdentifier == app.bundleIdentifier && $0.teamIdentifier == app.teamIdentifier
            }) {
                result[index].activityTypes += app.activityTypes.filter { !result[index].activityTypes.contains($0) }
            } else {
                result.append(app)
            }
        }
        return result
    }
}

extension Advertisement {
    /// The one app a device needs to continue this advertisement (its team, declaring its type).
    var continuingApp: AppDescriptor {
        AppDescriptor(bundleIdentifier: bundleIdentifier, teamIdentifier: teamIdentifier, activityTypes: [activityType])
    }
}
