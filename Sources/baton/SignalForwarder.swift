import Dispatch
import Foundation
import SuiteShell
import TerminalUI

/// Turns SIGTERM and SIGHUP into a clean quit on the UI thread, so the terminal is always restored.
final class SignalForwarder {
    private var sources: [DispatchSourceSignal] = []

    init(port: MessagePort) {
        for number in [SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { port.post(ShellQuitRequest(), to: .shell) }
            source.resume()
            sources.append(source)
        }
    }

    func stop() {
        for source in sources { source.cancel() }
    }
}
