import BatonEnvironment
import Foundation
import Wire

/// Continues across machines: the target's daemon asks a proxy for the payload; the mail goes to the source
/// machine, whose link continues there through a proxy of the target; the reply comes back sealed.
extension HandoffBridge {
    /// A message the daemon sent one of the proxies.
    func proxyReceived(_ message: WireMessage, from name: String) async {
        proxies[name]?.lastUsed = .now
        switch message {
        case .payloadRequest(let request): await askSourceMachine(request, through: name)
        case .continueReply(let reply): await answerTargetMachine(reply)
        case .streamOpen(let open): await openAcross(open, through: name)
        case .streamData(let data): await relay(data, through: name)
        case .streamCredit(let credit):
            await relay(streamID: credit.streamID, from: name) {
                HandoffMail(
                    .streamCredit, source: $0.source, target: $0.target, streamID: credit.streamID, credit: credit.bytes
                )
            }
        case .streamClose(let close): await relayClose(close, from: name)
        case .error(let error):
            logger.warning(
                "the daemon refused a remote device's proxy",
                metadata: ["proxy": "\(name)", "error": "\(error.failure.message)"])
        default: break
        }
    }

    /// The daemon asks a proxy of a remote device for its activity's payload: mail its machine.
    func askSourceMachine(_ request: PayloadRequest, through name: String) async {
        guard let (proxy, remote) = offered(by: name, sequence: request.sequence) else {
            proxies[name]?.link.send(
                .payloadResponse(
                    PayloadResponse(requestID: request.requestID, userInfo: nil, failure: noLongerOffered(by: name))))
            return
        }
        let number = nextRequest
        nextRequest += 1
        outgoing[number] = OutgoingContinue(proxy: name, daemonRequest: request.requestID, machine: proxy.machine)
        var asking = HandoffMail(
            .continueRequest, source: proxy.device, target: request.target ?? "\(record.machine) device",
            sequence: remote.sequence, request: number, apps: [remote.continuingApp])
        asking.patience = ContinuePatience.mailMilliseconds
        let mail = asking
        let machine = proxy.machine
        let sent: Void? = await onServer("asking \(machine) for a payload") {
            try await $0.send(mail, body: nil, to: machine)
        }
        if sent == nil, let pending = outgoing.removeValue(forKey: number) {
            // serverLost already answered what was pending when the server went; this one was not yet.
            proxies[pending.proxy]?.link.send(
                .payloadResponse(
                    PayloadResponse(
                        requestID: pending.daemonRequest, userInfo: nil,
                        failure: WireFailure(
                            code: WireFailure.connectionUnavailable,
                            message: "the account's server is unreachable; \(machine) cannot be asked"))))
        }
    }

    /// The proxy `name` and the remote advertisement it offers here as `sequence`, if it still does.
    func offered(by name: String, sequence: UInt64) -> (RemoteDeviceProxy, Advertisement)? {
        guard let proxy = proxies[name], let advertised = proxy.advertised, advertised.localSequence == sequence
        else { return nil }
        return (proxy, advertised.remote)
    }

    func noLongerOffered(by name: String) -> WireFailure {
        WireFailure(
            code: WireFailure.handoffFailed,
            message: "device \(BoundedQuote.quote(name)) no longer offers that activity")
    }

    /// The daemon answered a continue a proxy asked for another machine: mail the answer back, sealed.
    func answerTargetMachine(_ reply: ContinueReply) async {
        guard let pending = incoming.removeValue(forKey: reply.requestID) else { return }
        await sendPayload(PayloadBody(userInfo: reply.userInfo, failure: reply.failure), for: pending)
    }

    func sendPayload(_ payload: PayloadBody, for pending: IncomingContinue) async {
        guard let body = try? JSONEncoder().encode(payload) else { return }
        let mail = HandoffMail(.payload, source: "", target: "", request: pending.request)
        await onServer("answering \(pending.machine)") { try await $0.send(mail, body: body, to: pending.machine) }
    }

    /// One mail from another machine's link.
    func deliver(_ letter: ReceivedMail) async {
        let mail = letter.header
        switch mail.kind {
        case .continueRequest:
            if let patience = mail.patience, letter.age >= patience {
                // Its target has given up (or will before an answer is back): taking it would tell the source
                // "continued" for a continue that failed.
                logger.notice(
                    "a continue request came after its asker's deadline; dropped",
                    metadata: ["from": "\(letter.from)", "age": "\(letter.age) ms", "deadline": "\(patience) ms"])
                return
            }
            await continueHere(mail, from: letter.from)
        case .payload:
            guard let request = mail.request, let pending = outgoing.removeValue(forKey: request) else { return }
            let payload = letter.body.flatMap { try? JSONDecoder().decode(PayloadBody.self, from: $0) }
            proxies[pending.proxy]?.link.send(
                .payloadResponse(
                    PayloadResponse(
                        requestID: pending.daemonRequest, userInfo: payload?.userInfo,
                        failure: payload == nil
                            ? WireFailure(code: WireFailure.handoffFailed, message: "the payload did not open")
                            : payload?.failure)))
        case .streamOpen: await openHere(mail, from: letter.from)
        case .streamData, .streamCredit, .streamClose: streamMail(mail, body: letter.body)
        }
    }

    /// Another machine's device continues an activity of a device here: ask the daemon as that device would.
    func continueHere(_ mail: HandoffMail, from machine: String) async {
        guard let request = mail.request, let sequence = mail.sequence else { return }
        let key = RemoteKey(machine: machine, device: mail.target)
        let name = RemoteDeviceProxy.name(device: mail.target, machine: machine)
        guard await ensureProxy(key, apps: mail.apps ?? []) else {
            return await sendPayload(
                PayloadBody(
                    failure: WireFailure(
                        code: WireFailure.handoffFailed,
                        message: "\(record.machine) cannot take a continue for \(BoundedQuote.quote(name))")),
                for: IncomingContinue(machine: machine, request: request, proxy: name))
        }
        let number = nextRequest
        nextRequest += 1
        incoming[number] = IncomingContinue(machine: machine, request: request, proxy: name)
        proxies[name]?.link.send(
            .continueRequest(ContinueRequest(requestID: number, device: mail.source, sequence: sequence)))
    }

    /// A proxy's connection closed (the daemon dropped it): what went through it fails.
    func proxyClosed(_ name: String) async {
        proxies[name] = nil
        for (number, pending) in outgoing where pending.proxy == name { outgoing[number] = nil }
        for (number, pending) in incoming where pending.proxy == name {
            incoming[number] = nil
            await sendPayload(
                PayloadBody(
                    failure: WireFailure(
                        code: WireFailure.handoffFailed, message: "\(record.machine) lost the request's device")),
                for: pending)
        }
        for (id, route) in streams where route.proxy == name {
            streams[id] = nil
            let failure = WireFailure(code: WireFailure.handoffFailed, message: "device \(route.target) went away")
            let body = try? JSONEncoder().encode(failure)
            let mail = HandoffMail(.streamClose, source: route.source, target: route.target, streamID: id)
            let machine = route.machine
            await onServer("closing a stream") { try await $0.send(mail, body: body, to: machine) }
        }
    }
}
