import CProcessBox
import Glibc

/// Spawn file actions glibc hides from Swift.
public enum SpawnActions {
    /// The spawned process starts in `directory` (`posix_spawn_file_actions_addchdir_np`).
    public static func changeDirectory(_ actions: inout posix_spawn_file_actions_t, to directory: String) {
        _ = baton_spawn_add_chdir(&actions, directory)
    }
}
