import BatonEnvironment
import Foundation
import SuiteShell
import TerminalUI

/// The suite shell around one real app, drawn headlessly with fixed paths and clock, so golden files can
/// hold the help bar and the `?` key overlay each app really shows.
public final class ShellFrames {
    public let shell: Shell
    private let loop = IdleLoop()

    /// A shell with `app` as its only app, switched to it (as its function key does).
    public init(app: any SuiteApp) throws {
        shell = Shell(
            info: Self.info, apps: [app], port: try MessagePort(), now: { Date(timeIntervalSince1970: 1_735_560_000) })
        press(.f(app.functionKey))
    }

    /// The shell's facts with fixed paths and device, so frames do not depend on the machine.
    public static let info = ShellInfo(
        version: "0.1.0", device: "box:pts-3",
        paths: BatonPaths(
            runtimeDirectory: URL(fileURLWithPath: "/run/user/1000/baton"),
            stateDirectory: URL(fileURLWithPath: "/home/ada/.local/state/baton")),
        resources: nil, clockIsFixed: true, colorMode: "none")

    /// Sends one key to the shell, as the event loop would.
    public func press(_ key: KeyPress) { shell.update(.input(.key(key)), loop: loop) }

    /// The whole frame at `width`×`height`.
    public func frame(width: Int, height: Int) -> [String] {
        var buffer = CellBuffer(size: Size(width: width, height: height))
        shell.resize(to: buffer.size)
        _ = shell.render(into: &buffer)
        return buffer.textLines()
    }

    /// The help bar (the last row) at `width` columns.
    public func helpBar(width: Int) -> String { frame(width: width, height: 24).last ?? "" }
}

/// A loop that runs nothing: the shell's timers and quitting are not under test here.
private final class IdleLoop: LoopControl {
    func quit() {}
    func schedule(after seconds: TimeInterval, _ timer: LoopTimer) {}
    func cancelTimer(_ timer: LoopTimer) {}
}
