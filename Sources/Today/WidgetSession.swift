import BatonEnvironment
import Foundation
import WidgetExtensionKit

/// One conversation with one extension process: hello, update, answer, end.
struct WidgetSession {
    let process: ChildProcess
    let limits: WidgetLimits
    /// The host's clock: `deadline` and `started` are on its monotonic time.
    let clock: any DeadlineClock
    let deadline: Double
    let started: Double
    private var frames = WidgetFrameDecoder()
    private var peakKB = 0

    init(
        process: ChildProcess, limits: WidgetLimits, clock: any DeadlineClock, deadline: Double, started: Double
    ) {
        self.process = process
        self.clock = clock
        self.limits = limits
        self.deadline = deadline
        self.started = started
    }

    /// What waiting for the next message produced.
    private enum Event {
        case message(ExtensionMessage)
        case endOfFile
        case failure(WidgetFailure)
    }

    /// How the conversation ended.
    private enum Ending {
        case answered
        case broke(WidgetFailure)
        case processEnded
    }

    /// Runs the whole conversation, ends the process and fills in `outcome`.
    mutating func run(request: WidgetRequest, into outcome: inout WidgetOutcome) {
        let ending = converse(request: request, into: &outcome)
        samplePeak()
        switch ending {
        case .answered: _ = process.write((try? WidgetFrame.encode(HostMessage.end)) ?? [])
        case .broke: process.kill()
        case .processEnded: break
        }
        process.closeInput()
        // wait4's ru_maxrss is not used: Linux carries the spawning process's own peak across
        // posix_spawn's vfork and exec into it, so it reports the host's size, not the widget's.
        let exit = process.reap(grace: .milliseconds(200))
        outcome.peakRSSKB = peakKB
        outcome.failure = failure(ending, exit: exit)
        if outcome.failure != nil { outcome.result = .failed }
    }

    /// The failure to report: an over-budget peak wins, then what broke, then how the process ended.
    private func failure(_ ending: Ending, exit: ChildProcess.Exit) -> WidgetFailure? {
        if peakKB > limits.peakRSSKB {
            return .memoryExceeded(peakKB: peakKB, limitKB: limits.peakRSSKB)
        }
        switch ending {
        case .answered: return nil
        case .broke(let failure): return failure
        case .processEnded:
            if let signal = exit.signal { return .crashed(signal: signal) }
            return .exited(status: exit.status ?? -1)
        }
    }

    /// The protocol itself.
    private mutating func converse(request: WidgetRequest, into outcome: inout WidgetOutcome)
        -> Ending
    {
        switch next() {
        case .message(.hello(let version)):
            outcome.launchMilliseconds = (clock.monotonic() - started) * 1000
            guard version == WidgetProtocol.version else {
                return .broke(.protocolMismatch(version: version))
            }
        case .message(let other):
            return .broke(.garbage("the first message was \(other), not hello"))
        case .endOfFile:
            return .processEnded
        case .failure(let failure):
            return .broke(failure)
        }
        guard let frame = try? WidgetFrame.encode(HostMessage.update(request)), process.write(frame)
        else {
            return .processEnded
        }
        while true {
            switch next() {
            case .message(.hello):
                return .broke(.garbage("a second hello"))
            case .message(.openURL(let text)):
                switch ExtensionURLPolicy.check(text) {
                case .success(let url): outcome.openedURLs.append(url)
                case .failure(let refused): outcome.refusedURLs.append(refused.description)
                }
            case .message(.updated(let update)):
                outcome.result = update.result
                outcome.content = update.content
                outcome.requestedUpdate = update.nextUpdate.map { Date(timeIntervalSince1970: $0) }
                return .answered
            case .message(.completed):
                outcome.result = .noData
                return .answered
            case .message(.cancelled(let reason)):
                return .broke(.cancelled(reason: reason))
            case .endOfFile:
                return .processEnded
            case .failure(let failure):
                return .broke(failure)
            }
        }
    }

    /// Reads the child's high-water RSS (`VmHWM` never falls, so a late sample still sees the peak).
    private mutating func samplePeak() {
        if let sample = process.peakResidentKB() { peakKB = max(peakKB, sample) }
    }

    /// Waits for the next message, sampling memory and watching the clock.
    private mutating func next() -> Event {
        while true {
            do {
                if let body = try frames.nextFrame() {
                    return .message(try WidgetFrame.decode(ExtensionMessage.self, from: body))
                }
            } catch {
                return .failure(.garbage(String(describing: error)))
            }
            let remaining = deadline - clock.monotonic()
            guard remaining > 0 else {
                return .failure(.timedOut(milliseconds: limits.updateTimeout.milliseconds))
            }
            let read = process.read(timeout: min(.seconds(remaining), limits.pollInterval))
            samplePeak()
            if peakKB > limits.peakRSSKB {
                return .failure(.memoryExceeded(peakKB: peakKB, limitKB: limits.peakRSSKB))
            }
            switch read {
            case .bytes(let bytes): frames.append(bytes)
            case .nothingYet: continue
            case .endOfFile:
                return frames.hasPartialFrame ? .failure(.garbage("a message cut short")) : .endOfFile
            }
        }
    }
}
