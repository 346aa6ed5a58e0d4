import BatonEnvironment
import Foundation

/// One conversation with one extension process: request, (time will expire), reply, end.
struct ServiceExtensionSession {
    let process: ChildProcess
    let limits: ServiceExtensionLimits
    let started: ContinuousClock.Instant
    private var output: [UInt8] = []
    private var peakKB = 0
    private var expired = false

    init(process: ChildProcess, limits: ServiceExtensionLimits, started: ContinuousClock.Instant) {
        self.process = process
        self.limits = limits
        self.started = started
    }

    /// How waiting for the reply ended.
    private enum Ending {
        case replied(ServiceExtensionReply)
        case broke(ServiceExtensionFailure)
        case processEnded
    }

    mutating func run(requestLine: [UInt8], original: NotificationContent) -> ServiceExtensionOutcome {
        _ = process.write(requestLine)
        let ending = waitForReply()
        samplePeak()
        switch ending {
        case .replied: break
        case .broke: process.kill()
        case .processEnded: break
        }
        // Closing stdin tells an extension that has answered to exit.
        process.closeInput()
        let exit = process.reap(grace: .milliseconds(200))
        var outcome = ServiceExtensionOutcome(content: original, expired: expired, peakRSSKB: peakKB)
        if peakKB > limits.peakRSSKB {
            outcome.failure = .memoryExceeded(peakKB: peakKB, limitKB: limits.peakRSSKB)
            return outcome
        }
        switch ending {
        case .replied(let reply):
            if let problem = Self.problem(with: reply, original: original) {
                outcome.failure = problem
            } else {
                outcome.content = reply.content
            }
        case .broke(let failure):
            outcome.failure = failure
        case .processEnded:
            if let signal = exit.signal {
                outcome.failure = .crashed(signal: signal)
            } else {
                outcome.failure = .exited(status: exit.status ?? -1)
            }
        }
        return outcome
    }

    /// Why a reply cannot be delivered, if it cannot.
    private static func problem(with reply: ServiceExtensionReply, original: NotificationContent)
        -> ServiceExtensionFailure?
    {
        if reply.expired && reply.content == original { return .expiredWithoutBestAttempt }
        guard reply.content.hasAlert else { return .noAlertText }
        do {
            try reply.content.validate()
        } catch {
            return .invalidContent(error.description)
        }
        return nil
    }

    /// Reads until one whole line arrives, telling the extension when time will expire.
    private mutating func waitForReply() -> Ending {
        var deadline = started + limits.deadline
        while true {
            if let newline = output.firstIndex(of: UInt8(ascii: "\n")) {
                do {
                    return .replied(
                        try ServiceExtensionLine.decode(ServiceExtensionReply.self, from: output[..<newline]))
                } catch {
                    return .broke(.garbage("not a reply (\(output.count) bytes)"))
                }
            }
            if output.count > limits.maxOutputBytes {
                return .broke(.outputFlood(bytes: output.count, limit: limits.maxOutputBytes))
            }
            let now = ContinuousClock.now
            if now >= deadline {
                if expired {
                    return .broke(.timedOut(milliseconds: (limits.deadline + limits.grace).milliseconds))
                }
                expired = true
                deadline = now + limits.grace
                let notice = ServiceExtensionHostMessage(timeWillExpire: true)
                if let line = try? ServiceExtensionLine.encode(notice) { _ = process.write(line) }
                continue
            }
            switch process.read(
                timeout: min(deadline - now, limits.pollInterval), peakKB: &peakKB, limitKB: limits.peakRSSKB)
            {
            case .overBudget: return .broke(.memoryExceeded(peakKB: peakKB, limitKB: limits.peakRSSKB))
            case .bytes(let bytes): output.append(contentsOf: bytes)
            case .nothingYet: continue
            case .endOfFile:
                return output.isEmpty ? .processEnded : .broke(.garbage("an answer cut short"))
            }
        }
    }

    /// Reads the child's high-water RSS (`VmHWM` never falls, so a late sample still sees the peak).
    private mutating func samplePeak() {
        if let sample = process.peakResidentKB() { peakKB = max(peakKB, sample) }
    }
}
