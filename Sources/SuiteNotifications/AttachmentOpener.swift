import BatonEnvironment
import Foundation
import Notifications

#if canImport(Glibc)
    import Glibc
#endif

/// The Open Attachment button: opens the file with the desktop's handler when there is a desktop to show it
/// (`xdg-open` on the PATH and a `DISPLAY` or `WAYLAND_DISPLAY`), else says where the file is, as a terminal
/// user expects (an `xdg-open` with no display would start a terminal program that fights the suite for the
/// screen). The handler starts detached: its own session, standard input and output on /dev/null, reaped in
/// the background. A missing file or something that is not a regular file is said, never opened.
public struct AttachmentOpener: Sendable {
    /// What opening did, with the message the suite shows (escaped).
    public struct Outcome: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// The handler was started: this program.
            case opened(program: String)
            /// No desktop (or no handler): the path was shown.
            case shown
            /// No readable file there: nothing opened.
            case unavailable
        }
        public let kind: Kind
        public let message: String
    }

    /// The environment the handler is looked up in and started with (the suite's own by default).
    public var environment: [String: String]
    /// Starts `program` (a path) with `arguments` and `environment`, detached; returns whether it started.
    public var launch: @Sendable (_ program: String, _ arguments: [String], _ environment: [String: String]) -> Bool

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        launch: @escaping @Sendable (String, [String], [String: String]) -> Bool = AttachmentOpener.spawnDetached
    ) {
        self.environment = environment
        self.launch = launch
    }

    /// Opens `attachment` or says where it is.
    public func open(_ attachment: NotificationAttachment) -> Outcome {
        let info = AttachmentInfo.read(attachment)
        let path = TerminalText.line(String(attachment.url.path.prefix(1024)))
        switch info.state {
        case .missing:
            return Outcome(kind: .unavailable, message: "\(info.name): the file is gone (it was \(path))")
        case .unreadable(let reason):
            return Outcome(
                kind: .unavailable, message: "\(info.name): cannot open \(path): \(TerminalText.line(reason))")
        case .file:
            break
        }
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { $0?.isEmpty == false }
        if hasDisplay, let program = Self.find("xdg-open", path: environment["PATH"] ?? "") {
            if launch(program, [attachment.url.path], environment) {
                return Outcome(kind: .opened(program: program), message: "Opening \(info.name) with xdg-open")
            }
            return Outcome(kind: .shown, message: "xdg-open did not start; \(info.name) is at \(path)")
        }
        return Outcome(kind: .shown, message: "\(info.name) is at \(path)")
    }

    /// The first executable regular file `name` in the colon-separated `path`.
    static func find(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = "\(directory)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// glibc's `POSIX_SPAWN_SETSID` (hidden from Swift without `_GNU_SOURCE`).
    private static let spawnSetSID: Int32 = 0x80

    /// Starts `program` in its own session with stdio on /dev/null and reaps it on a thread of its own.
    @Sendable public static func spawnDetached(
        _ program: String, _ arguments: [String], _ environment: [String: String]
    )
        -> Bool
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
        }
        SpawnActions.closeEverythingAboveStandardError(&actions)
        let argv = CStringArray([program] + arguments)
        let envp = CStringArray(environment: environment)
        var pid: pid_t = 0
        let status = CleanSignals.withSpawnAttributes(flags: spawnSetSID) { attributes in
            posix_spawn(&pid, program, &actions, &attributes, argv.pointers, envp.pointers)
        }
        guard status == 0 else { return false }
        let child = pid
        Thread.detachNewThread {
            var exitStatus: Int32 = 0
            _ = waitpid(child, &exitStatus, 0)
        }
        return true
    }
}
