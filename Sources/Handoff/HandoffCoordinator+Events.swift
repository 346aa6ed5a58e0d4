import AccountClient
import Wire

extension HandoffCoordinator {
    /// Processes one event from the `AccountClient`'s sink. Returns false for events that are not Handoff's.
    @discardableResult
    public func handle(_ event: any Sendable) -> Bool {
        guard let event = event as? AccountEvent else { return false }
        switch event {
        case .connected: return true
        case .disconnected:
            forgetOffers()
            failAllContinues(HandoffError(.connectionUnavailable, "the connection to the account daemon was lost"))
            closeAllStreams(HandoffError(.connectionUnavailable, "the connection to the account daemon was lost"))
            return true
        case .refused(let reason):
            problemReported?(reason)
            failAllContinues(HandoffError(.connectionUnavailable, reason))
            return true
        case .timer(let token):
            guard pendingContinues[token] != nil else { return false }
            failContinue(token, HandoffError(.remoteAppTimedOut, "no answer within \(continueTimeout)"))
            return true
        case .message(let message):
            return handle(message)
        }
    }

    private func handle(_ message: WireMessage) -> Bool {
        switch message {
        case .offer(let offer): offerReceived(offer)
        case .offerWithdrawn(let withdrawn): offerWithdrawn(withdrawn)
        case .payloadRequest(let request): answerPayloadRequest(request)
        case .wasContinued(let continued): activityWasContinued(continued)
        case .continueReply(let reply): continueReplied(reply)
        case .streamOpen(let open): streamOpened(open)
        case .streamData(let data): streams[data.streamID]?.input.receive(data.bytes)
        case .streamCredit(let credit): streams[credit.streamID]?.output.grant(credit.bytes)
        case .streamClose(let close): streamClosed(close)
        case .error(let error) where error.requestID == nil:
            problemReported?(error.failure.message)
        case .error(let error):
            guard let id = error.requestID, pendingContinues[id] != nil else { return false }
            failContinue(id, HandoffError(error.failure))
        default: return false
        }
        return true
    }

    private func answerPayloadRequest(_ request: PayloadRequest) {
        guard let activity = currentActivity(sequence: request.sequence) else {
            client.send(
                .payloadResponse(
                    PayloadResponse(
                        requestID: request.requestID, userInfo: nil,
                        failure: HandoffError(.handoffFailed, "the activity is no longer current on \(deviceName)")
                            .wireFailure)))
            return
        }
        if activity.needsSave {
            activity.delegate?.userActivityWillSave(activity)
            activity.needsSave = false
        }
        let payload = activity.payload
        let size = PropertyListValue.dictionary(payload).encodedSize
        let failure: WireFailure? =
            size > WireLimits.maxUserInfoBytes
            ? HandoffError(
                .userInfoTooLarge,
                "the activity's userInfo is \(size) bytes, over the \(WireLimits.maxUserInfoBytes)-byte limit"
            ).wireFailure : nil
        client.send(
            .payloadResponse(
                PayloadResponse(
                    requestID: request.requestID, userInfo: failure == nil ? payload : nil, failure: failure)))
    }

    private func activityWasContinued(_ continued: WasContinued) {
        guard let activity = currentActivity(sequence: continued.sequence) else { return }
        activity.continuedOnDevice = continued.by
        activity.delegate?.userActivityWasContinued(activity)
    }
}
