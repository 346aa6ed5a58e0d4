#ifndef CPROCESSBOX_H
#define CPROCESSBOX_H

/// Makes the calling process a child subreaper (PR_SET_CHILD_SUBREAPER): orphaned descendants are
/// reparented to it instead of init, so a host can still find and reap what its extensions forked.
/// Returns 0 on success, else -1 with errno set.
int baton_become_subreaper(void);

/// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, hidden from Swift without `_GNU_SOURCE`): the spawned
/// process starts in `path`. `actions` is a `posix_spawn_file_actions_t *`. Returns 0 or an error number.
int baton_spawn_add_chdir(void *actions, const char *path);

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34, hidden from Swift without `_GNU_SOURCE`): every
/// descriptor from `from` up is closed in the child, close-on-exec or not, in the order of the actions.
/// Returns 0 or an error number.
int baton_spawn_add_closefrom(void *actions, int from);

#endif
