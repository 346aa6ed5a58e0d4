import AccountClient
import Foundation
import Wire

/// A continue request this device sent and is waiting for.
struct PendingContinue {
    let app: HandoffApp
    let offer: HandoffOffer
}

extension HandoffCoordinator {
    /// Continues the offered activity (`Ctrl-O`): routes to the app that declares the type, or asks for
    /// the web page when no app does.
    ///
    /// With `id`, exactly that offer is continued; when it is no longer offered the outcome is `.failed`
    /// with 4608 (never another device's offer in its place).
    @discardableResult
    public func continueOffer(_ id: OfferID? = nil) -> ContinueOutcome {
        let chosen = id.map { id in availableOffers.first { $0.id == id } } ?? currentOffer
        guard let offer = chosen else {
            guard let id else { return .nothingOffered }
            return .failed(
                HandoffError(.handoffFailed, "\(id.device) no longer offers the activity you chose"))
        }
        guard let bundle = offer.appBundleIdentifier, let app = apps[bundle] else {
            if let url = offer.webpageURL { return .openWebpage(url) }
            return .nothingOffered
        }
        _ = app.hooks?.willContinueUserActivity(withType: offer.activityType)
        let id = client.nextRequestID()
        pendingContinues[id] = PendingContinue(app: app, offer: offer)
        let sent = client.send(
            .continueRequest(
                ContinueRequest(requestID: id, device: offer.sourceDevice, sequence: offer.advertisement.sequence)))
        guard sent else {
            let error = HandoffError(.connectionUnavailable, "not connected to the account daemon")
            failContinue(id, error)
            return .failed(error)
        }
        client.post(after: continueTimeout, token: id)
        return .started(appBundleIdentifier: bundle)
    }

    func continueReplied(_ reply: ContinueReply) {
        guard let pending = pendingContinues.removeValue(forKey: reply.requestID) else { return }
        if let failure = reply.failure {
            reportFailure(pending, HandoffError(failure))
            return
        }
        markTaken(pending.offer.id)
        let advertisement = reply.advertisement ?? pending.offer.advertisement
        let activity = UserActivity(activityType: advertisement.activityType, app: pending.app)
        activity.title = advertisement.title
        activity.userInfo = reply.userInfo ?? [:]
        try? activity.setWebpageURL(advertisement.webpageURL)
        activity.supportsContinuationStreams = advertisement.supportsContinuationStreams
        activity.sourceDevice = advertisement.device
        activity.sequence = advertisement.sequence
        _ = pending.app.hooks?.continueUserActivity(activity) { objects in
            for object in objects { object.restoreUserActivityState(activity) }
        }
    }

    func failContinue(_ id: UInt64, _ error: HandoffError) {
        guard let pending = pendingContinues.removeValue(forKey: id) else { return }
        reportFailure(pending, error)
    }

    private func reportFailure(_ pending: PendingContinue, _ error: HandoffError) {
        pending.app.hooks?.didFailToContinueUserActivity(withType: pending.offer.activityType, error: error)
        continueFailed?(pending.offer.activityType, error)
    }

    func failAllContinues(_ error: HandoffError) {
        for id in pendingContinues.keys.sorted() { failContinue(id, error) }
    }
}
