import Foundation
import Wire

extension HandoffCoordinator {
    /// Target side: opens a stream pair to the source of a continued activity.
    func openStreams(for activity: UserActivity) throws(HandoffError) -> (
        ContinuationInputStream, ContinuationOutputStream
    ) {
        guard let source = activity.sourceDevice, let sequence = activity.sequence else {
            throw HandoffError(.handoffFailed, "only a continued activity can open continuation streams")
        }
        guard activity.supportsContinuationStreams else {
            throw HandoffError(.handoffFailed, "the activity '\(activity.activityType)' does not support streams")
        }
        let streamID = "\(deviceName)/\(UUID().uuidString)"
        let pair = makeStreams(streamID)
        guard client.send(.streamOpen(StreamOpen(streamID: streamID, device: source, sequence: sequence))) else {
            streams[streamID] = nil
            throw HandoffError(.connectionUnavailable, "not connected to the account daemon")
        }
        return pair
    }

    /// Source side: the continuing device opened streams to the current activity.
    func streamOpened(_ open: StreamOpen) {
        guard let activity = currentActivity(sequence: open.sequence), activity.supportsContinuationStreams,
            let delegate = activity.delegate
        else {
            client.send(
                .streamClose(
                    StreamClose(
                        streamID: open.streamID,
                        failure: HandoffError(.handoffFailed, "the activity is no longer current").wireFailure)))
            return
        }
        let pair = makeStreams(open.streamID)
        delegate.userActivity(activity, didReceive: pair.0, outputStream: pair.1)
    }

    /// The peer closed one direction (or, with no half or with a failure, the whole pair).
    func streamClosed(_ close: StreamClose) {
        guard let pair = streams[close.streamID] else { return }
        switch (close.half, close.failure) {
        case (.output?, nil): pair.input.end(nil)
        case (.input?, nil): pair.output.end()
        default:
            streams[close.streamID] = nil
            pair.output.end()
            pair.input.end(close.failure.map(HandoffError.init))
        }
        releaseIfFinished(close.streamID)
    }

    /// Forgets a pair once both of its directions are over.
    private func releaseIfFinished(_ streamID: String) {
        guard let pair = streams[streamID], pair.input.isFinished, pair.output.isFinished else { return }
        streams[streamID] = nil
    }

    func closeAllStreams(_ error: HandoffError) {
        let open = streams
        streams = [:]
        for pair in open.values {
            pair.output.end()
            pair.input.end(error)
        }
    }

    private func makeStreams(_ streamID: String) -> (ContinuationInputStream, ContinuationOutputStream) {
        let client = client
        let send: (WireMessage) -> Void = { [weak self] message in
            client.send(message)
            if case .streamClose(let close) = message { self?.releaseIfFinished(close.streamID) }
        }
        let input = ContinuationInputStream(streamID: streamID, send: send)
        let output = ContinuationOutputStream(streamID: streamID, send: send)
        streams[streamID] = (input, output)
        return (input, output)
    }
}
