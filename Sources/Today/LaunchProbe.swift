import BatonEnvironment

/// Launches any executable the way the widget host launches an extension, to time the floor
/// (`/bin/true`) that a widget's launch time compares with.
public enum LaunchProbe {
    /// Milliseconds from spawn to the first byte on stdout or to its end (the process exiting).
    public static func launchMilliseconds(of executable: String) throws -> Double {
        let started = ContinuousClock.now
        let process: ChildProcess
        do {
            process = try ChildProcess.spawn(executable: executable, errorLog: nil)
        } catch {
            throw WidgetFailure.spawnFailed(error.executable, error.code)
        }
        while true {
            switch process.read(timeout: .seconds(2)) {
            case .nothingYet:
                guard ContinuousClock.now - started < .seconds(10) else {
                    process.kill()
                    _ = process.reap(grace: .zero)
                    throw WidgetFailure.timedOut(milliseconds: 10_000)
                }
            case .bytes, .endOfFile:
                let elapsed = (ContinuousClock.now - started).fractionalMilliseconds
                process.closeInput()
                _ = process.reap(grace: .milliseconds(200))
                return elapsed
            }
        }
    }
}
