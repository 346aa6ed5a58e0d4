import CProcessBox
import Glibc

/// Spawn file actions glibc hides from Swift.
public enum SpawnActions {
    /// The spawned process starts in `directory` (`posix_spawn_file_actions_addchdir_np`).
    public static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) {
        _ = baton_spawn_add_chdir(&actions, directory)
    }

    /// The spawned process keeps no descriptor from 3 up (`posix_spawn_file_actions_addclosefrom_np`), whether
    /// or not it is close-on-exec: NIO's accepted sockets and epoll descriptors and the user's terminal are not.
    /// Added after the actions that put what the child is meant to have on 0, 1 and 2, it leaves exactly those.
    public static func closeEverythingAboveStandardError(_ actions: inout posix_spawn_file_actions_t) {
        _ = baton_spawn_add_closefrom(&actions, STDERR_FILENO + 1)
    }
}
