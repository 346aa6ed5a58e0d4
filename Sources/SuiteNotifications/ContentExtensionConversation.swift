import BatonEnvironment
import Foundation
import Logging
import NotificationContentExtensionKit
import Notifications
import Today

/// One open content extension, driven from its own thread from spawn to reap: hello, the notification, its
/// first frame within the budget's time, then, until the suite closes it, each button and its answer (each
/// within the same time), memory sampled all along.
struct ContentExtensionConversation {
    let limits: WidgetLimits
    let inbox: ContentExtensionSession
    let deliver: @Sendable (ContentExtensionEvent) -> Void
    private var output: [UInt8] = []
    private var peakKB = 0
    /// From spawn to the first frame, when one came.
    private var firstFrame: Duration?
    private let logger = Logger(label: "baton.suite.content-extensions")
    /// How often an open, idle extension is looked at (its memory, the suite's messages).
    static let idlePoll = Duration.milliseconds(50)

    init(
        limits: WidgetLimits, inbox: ContentExtensionSession,
        deliver: @escaping @Sendable (ContentExtensionEvent) -> Void
    ) {
        self.limits = limits
        self.inbox = inbox
        self.deliver = deliver
    }

    /// How the conversation ended.
    private enum Ending {
        case closed
        case broke(ServiceExtensionFailure)
        case processEnded
    }

    mutating func run(host: ContentExtensionHost, executable: String, request: ContentExtensionRequest) {
        // The notification goes as one line under the protocol's limit, or the extension is not started.
        guard let requestLine = try? ContentExtensionLine.encode(ContentHostMessage.notification(request)) else {
            deliver(.failed(.requestTooLarge(limit: ContentExtensionProtocol.maximumLineBytes)))
            return
        }
        let started = ContinuousClock.now
        let process: ChildProcess
        do {
            process = try ExtensionLaunch.start(
                executable: executable, in: host.executableDirectory, appGroupDirectory: host.appGroupDirectory,
                errorLog: host.errorLog)
        } catch {
            switch error {
            case .executableMissing(let path): deliver(.failed(.executableMissing(path)))
            case .spawnFailed(let path, let code): deliver(.failed(.spawnFailed(path, code)))
            }
            return
        }
        let ending = converse(process, requestLine: requestLine, started: started)
        switch ending {
        case .closed: _ = process.write((try? ContentExtensionLine.encode(ContentHostMessage.end)) ?? [])
        case .broke: process.kill()
        case .processEnded: break
        }
        process.closeInput()
        let exit = process.reap(grace: .milliseconds(200))
        logger.info(
            "content extension ended",
            metadata: [
                "executable": "\(executable)", "ending": "\(ending)", "peakKB": "\(peakKB)",
                "firstFrameMilliseconds": "\(firstFrame.map { String($0.milliseconds) } ?? "none")",
            ])
        if case .closed = ending {
            deliver(.ended)
        } else if peakKB > limits.peakRSSKB {
            deliver(.failed(.memoryExceeded(peakKB: peakKB, limitKB: limits.peakRSSKB)))
        } else if case .broke(let failure) = ending {
            deliver(.failed(failure))
        } else if let signal = exit.signal {
            deliver(.failed(.crashed(signal: signal)))
        } else {
            deliver(.failed(.exited(status: exit.status ?? -1)))
        }
    }

    /// The protocol itself.
    private mutating func converse(
        _ process: ChildProcess, requestLine: [UInt8], started: ContinuousClock.Instant
    ) -> Ending {
        let timeout = limits.updateTimeout
        // Until the first frame, then while a button waits for its answer.
        var deadline: ContinuousClock.Instant? = .now + timeout
        var greeted = false
        var drawn = false
        var awaiting = 0
        while true {
            let (messages, closed) = inbox.take()
            if closed { return .closed }
            for message in messages {
                guard let line = try? ContentExtensionLine.encode(message), process.write(line) else {
                    return .processEnded
                }
                awaiting += 1
                if deadline == nil { deadline = .now + timeout }
            }
            while let newline = output.firstIndex(of: UInt8(ascii: "\n")) {
                let line = output[..<newline]
                guard let message = try? ContentExtensionLine.decode(ContentExtensionMessage.self, from: line) else {
                    return .broke(.garbage("not a message of the content extension protocol"))
                }
                output.removeFirst(newline + 1)
                switch message {
                case .hello(let version):
                    guard !greeted else { return .broke(.garbage("a second hello")) }
                    guard version == ContentExtensionProtocol.version else {
                        return .broke(.garbage("speaks content extension protocol \(version), the host speaks 1"))
                    }
                    greeted = true
                    guard process.write(requestLine) else { return .processEnded }
                case .draw(let drawing):
                    guard greeted else { return .broke(.garbage("drew before hello")) }
                    if !drawn {
                        firstFrame = .now - started
                        if awaiting == 0 { deadline = nil }
                    }
                    drawn = true
                    deliver(.drew(drawing))
                case .actions(let actions):
                    deliver(.actions(actions))
                case .answer(let option):
                    guard awaiting > 0 else { return .broke(.garbage("an answer to no button")) }
                    awaiting -= 1
                    if awaiting == 0, drawn { deadline = nil }
                    deliver(.answered(option))
                }
            }
            if output.count > ContentExtensionProtocol.maximumLineBytes {
                return .broke(.outputFlood(bytes: output.count, limit: ContentExtensionProtocol.maximumLineBytes))
            }
            let now = ContinuousClock.now
            if let deadline, now >= deadline { return .broke(.timedOut(milliseconds: timeout.milliseconds)) }
            let wait = deadline.map { min($0 - now, limits.pollInterval) } ?? Self.idlePoll
            switch process.read(timeout: wait, peakKB: &peakKB, limitKB: limits.peakRSSKB) {
            case .overBudget: return .broke(.memoryExceeded(peakKB: peakKB, limitKB: limits.peakRSSKB))
            case .bytes(let bytes): output.append(contentsOf: bytes)
            case .nothingYet: continue
            case .endOfFile:
                return output.isEmpty ? .processEnded : .broke(.garbage("a message cut short"))
            }
        }
    }
}
