import Foundation
import Wire

/// Continuation streams across machines: opened by mail, their bytes in bounded sealed chunks, credit and
/// closes relayed end to end, so neither side sends more than its peer granted (as locally) and the server
/// holds at most that much of a stream at once.
extension HandoffBridge {
    /// The largest stream chunk one mail carries.
    static let streamChunkBytes = 32 * 1024

    /// The target here opens a stream to a proxy of a remote source: mail the source machine.
    func openAcross(_ open: StreamOpen, through name: String) async {
        guard let (proxy, remote) = offered(by: name, sequence: open.sequence) else {
            proxies[name]?.link.send(
                .streamClose(StreamClose(streamID: open.streamID, failure: noLongerOffered(by: name))))
            return
        }
        streams[open.streamID] = CrossingStream(
            proxy: name, machine: proxy.machine, source: proxy.device, target: open.device, localIsTarget: true)
        let mail = HandoffMail(
            .streamOpen, source: proxy.device, target: open.device, sequence: remote.sequence,
            streamID: open.streamID, apps: [remote.continuingApp])
        let machine = proxy.machine
        if await onServer("opening a stream", { try await $0.send(mail, body: nil, to: machine) }) == nil {
            breakLocally(open.streamID)
        }
    }

    /// Another machine's target opens a stream to a device here: open it as that device would.
    func openHere(_ mail: HandoffMail, from machine: String) async {
        guard let id = mail.streamID, let sequence = mail.sequence else { return }
        let key = RemoteKey(machine: machine, device: mail.target)
        let name = RemoteDeviceProxy.name(device: mail.target, machine: machine)
        guard await ensureProxy(key, apps: mail.apps ?? []) else { return }
        streams[id] = CrossingStream(
            proxy: name, machine: machine, source: mail.source, target: mail.target, localIsTarget: false)
        proxies[name]?.link.send(.streamOpen(StreamOpen(streamID: id, device: mail.source, sequence: sequence)))
    }

    /// Bytes from a device here: sealed, in chunks of at most `streamChunkBytes`, to the other machine.
    func relay(_ data: StreamData, through name: String) async {
        guard let route = streams[data.streamID], route.proxy == name else { return }
        var offset = data.bytes.startIndex
        repeat {
            let end = min(offset + Self.streamChunkBytes, data.bytes.endIndex)
            let chunk = Data(data.bytes[offset..<end])
            let mail = HandoffMail(.streamData, source: route.source, target: route.target, streamID: data.streamID)
            let machine = route.machine
            guard await onServer("sending stream bytes", { try await $0.send(mail, body: chunk, to: machine) }) != nil
            else { return breakLocally(data.streamID) }
            offset = end
        } while offset < data.bytes.endIndex
    }

    /// Credit or another header-only stream message from a device here, to the other machine.
    func relay(streamID: String, from name: String, _ make: (CrossingStream) -> HandoffMail) async {
        guard let route = streams[streamID], route.proxy == name else { return }
        let mail = make(route)
        let machine = route.machine
        if await onServer("relaying stream credit", { try await $0.send(mail, body: nil, to: machine) }) == nil {
            breakLocally(streamID)
        }
    }

    /// A close from a device here: relayed; the route goes once both directions (or the pair) are over.
    func relayClose(_ close: StreamClose, from name: String) async {
        guard var route = streams[close.streamID], route.proxy == name else { return }
        let mail = HandoffMail(
            .streamClose, source: route.source, target: route.target, streamID: close.streamID, half: close.half)
        let body = close.failure.flatMap { try? JSONEncoder().encode($0) }
        let machine = route.machine
        await onServer("closing a stream") { try await $0.send(mail, body: body, to: machine) }
        let over = route.close(close.half, failed: close.failure != nil, local: true)
        streams[close.streamID] = over ? nil : route
    }

    /// Stream mail from the other machine: handed to the device here through the route's proxy.
    func streamMail(_ mail: HandoffMail, body: Data?) {
        guard let id = mail.streamID, var route = streams[id], let proxy = proxies[route.proxy] else { return }
        switch mail.kind {
        case .streamData: proxy.link.send(.streamData(StreamData(streamID: id, bytes: body ?? Data())))
        case .streamCredit: proxy.link.send(.streamCredit(StreamCredit(streamID: id, bytes: mail.credit ?? 0)))
        case .streamClose:
            let failure = body.flatMap { try? JSONDecoder().decode(WireFailure.self, from: $0) }
            proxy.link.send(.streamClose(StreamClose(streamID: id, half: mail.half, failure: failure)))
            let over = route.close(mail.half, failed: failure != nil, local: false)
            streams[id] = over ? nil : route
        default: break
        }
    }

    /// The server could not carry a stream's mail: the device here sees the stream fail with 4609.
    func breakLocally(_ streamID: String) {
        guard let route = streams.removeValue(forKey: streamID) else { return }
        proxies[route.proxy]?.link.send(
            .streamClose(
                StreamClose(
                    streamID: streamID,
                    failure: WireFailure(
                        code: WireFailure.connectionUnavailable, message: "the account's server is unreachable"))))
    }
}
