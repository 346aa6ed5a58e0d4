#define _GNU_SOURCE
#include "CProcessBox.h"

#include <spawn.h>

#include <sys/prctl.h>

int baton_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

int baton_spawn_add_chdir(void *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np((posix_spawn_file_actions_t *)actions, path);
}

int baton_spawn_add_closefrom(void *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, from);
}
