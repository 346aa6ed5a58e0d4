import Foundation
import Synchronization

/// The process groups of running extensions, written to a file (one pgid a line, mode 0600) so that the
/// next daemon can kill what this one left behind if it dies without cleaning up (`ProcessBox`).
final class GroupRecord: Sendable {
    static let shared = GroupRecord()

    private let state = Mutex<(file: URL?, groups: Set<pid_t>)>((nil, []))

    /// Starts recording in `file` (emptied).
    func start(file: URL) {
        state.withLock { state in
            state.file = file
            state.groups = []
            Self.write(state.groups, to: file)
        }
    }

    func add(_ pgid: pid_t) { change { $0.insert(pgid) } }
    func remove(_ pgid: pid_t) { change { $0.remove(pgid) } }

    private func change(_ body: (inout Set<pid_t>) -> Void) {
        state.withLock { state in
            guard let file = state.file else { return }
            body(&state.groups)
            Self.write(state.groups, to: file)
        }
    }

    private static func write(_ groups: Set<pid_t>, to file: URL) {
        let text = groups.sorted().map { "\($0)\n" }.joined()
        let fd = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        _ = DescriptorWrite.all(Array(text.utf8), to: fd)
        close(fd)
    }
}
