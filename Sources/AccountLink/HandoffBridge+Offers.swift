import AccountClient
import Foundation
import Wire

/// Offers: this machine's go to the server, other machines' come here as proxies that advertise them.
extension HandoffBridge {
    /// The daemon says a local device's offer changed: publish it (proxies of this link are not local devices).
    func localChanged(_ change: ActivityChanged) async {
        guard change.pid != getpid(), proxies[change.device] == nil else { return }
        if change.activity == nil { local[change.device] = nil } else { local[change.device] = change }
        await onServer("publishing an offer") {
            try await $0.publish(device: change.device, apps: change.apps, activity: change.activity)
        }
    }

    /// A doorbell: an offer row changed (read it), or mail for this machine (take it).
    func rang(_ payload: String) async {
        guard serverUp, let doorbell = server?.doorbell(payload) else { return }
        switch doorbell {
        case .offer(let machine, let device):
            guard machine != record.machine else { return }
            guard let rows = await onServer("reading an offer", { try await $0.offers(of: (machine, device)) }) else {
                return
            }
            let key = RemoteKey(machine: machine, device: device)
            if let row = rows.first {
                // The server's change numbers order a device's rows, whatever the machines' clocks say.
                if let known = remote[key], known.seq > row.seq { return }
                remote[key] = row
            } else {
                remote[key] = nil
            }
            await reconcile(key)
        case .mail(let to):
            guard to == record.machine else { return }
            guard let mail = await onServer("taking mail", { try await $0.takeMail() }) else { return }
            for letter in mail { await deliver(letter) }
        }
    }

    /// The slow poll behind the doorbell: every offer row and this machine's mail, read as a doorbell would have
    /// them read. The doorbell's `LISTEN` connection can go quiet without closing (a dropped network: the chaos
    /// checker's `silence`) while the heartbeat goes on over new connections; before, such a link took no mail
    /// and saw no new offer until the server was lost again, so a continue's payload waited on the server until
    /// its target gave up, after the source had heard "continued".
    func poll() async {
        guard serverUp else { return }
        let before = remote
        guard
            let (rows, mail) = await onServer(
                "reading offers and mail", { (try await $0.offers(), try await $0.takeMail()) })
        else { return }
        var read: [RemoteKey: HandoffServer.OfferRow] = [:]
        for row in rows { read[RemoteKey(machine: row.machine, device: row.device)] = row }
        for (key, row) in read where (remote[key]?.seq ?? Int64.min) <= row.seq { remote[key] = row }
        // A row gone from the server goes here too, unless a doorbell read a newer one meanwhile.
        for (key, row) in before where read[key] == nil && remote[key]?.seq == row.seq { remote[key] = nil }
        for letter in mail { await deliver(letter) }
    }

    func reconcileAll() async {
        let keys = Set(remote.keys).union(proxies.values.map { RemoteKey(machine: $0.machine, device: $0.device) })
        for key in keys { await reconcile(key) }
    }

    /// Makes the proxy of `key` advertise what the device offers while its machine is alive and the server up,
    /// and nothing otherwise.
    func reconcile(_ key: RemoteKey) async {
        let row = remote[key]
        let wanted = serverUp && live.contains(key.machine) ? row?.activity : nil
        let name = RemoteDeviceProxy.name(device: key.device, machine: key.machine)
        if let wanted, let row {
            guard await ensureProxy(key, apps: row.apps) else { return }
            proxies[name]?.include(row.apps)
            if proxies[name]?.advertised?.remote != wanted { proxies[name]?.advertise(wanted) }
        } else {
            proxies[name]?.withdraw()
        }
    }

    /// The proxy of `key`, connected and registered (with at least `apps`); false when the daemon refused.
    func ensureProxy(_ key: RemoteKey, apps given: [AppDescriptor]) async -> Bool {
        let apps = RemoteDeviceProxy.merged(given)
        let name = RemoteDeviceProxy.name(device: key.device, machine: key.machine)
        if proxies[name] != nil {
            proxies[name]?.include(apps)
            proxies[name]?.lastUsed = .now
            return true
        }
        guard name.utf8.count <= 128 else {
            logger.warning("a remote device's name is too long to show here", metadata: ["device": "\(name)"])
            return false
        }
        // Each proxy is a connection of the local daemon, whose connections are bounded: leave room for its own.
        guard proxies.count < Self.maxProxies else {
            logger.warning(
                "too many remote devices to show here; this one is left out",
                metadata: ["device": "\(name)", "limit": "\(Self.maxProxies)"])
            return false
        }
        generation += 1
        let generation = generation
        let sink = sink
        do {
            let link = try await DaemonLink.connect(
                to: files.paths.socket,
                onFrame: { frame in
                    if case .message(let message) = frame {
                        sink.yield(.proxy(name: name, generation: generation, message))
                    }
                },
                onClose: { sink.yield(.proxyClosed(name: name, generation: generation)) }
            ).get()
            link.send(.registerDevice(RegisterDevice(name: name, pid: getpid(), apps: apps, machine: key.machine)))
            proxies[name] = RemoteDeviceProxy(
                name: name, machine: key.machine, device: key.device, generation: generation, link: link,
                apps: apps, lastUsed: .now)
            return true
        } catch {
            logger.warning("cannot connect a remote device's proxy", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Closes proxies that advertise nothing, carry no continue or stream, and were idle for a while.
    func closeIdleProxies() {
        let busy = Set(outgoing.values.map(\.proxy)).union(incoming.values.map(\.proxy))
            .union(streams.values.map(\.proxy))
        for (name, proxy) in proxies
        where proxy.advertised == nil && !busy.contains(name) && ContinuousClock.now - proxy.lastUsed > Self.proxyLinger
        {
            proxy.link.close()
            proxies[name] = nil
        }
    }
}
