// baton-box: the supervisor every extension runs under (a notification service extension, a widget).
//
//   baton-box PARENT-PID EXECUTABLE [ARGUMENT...]
//
// The host spawns it as the leader of a new process group (POSIX_SPAWN_SETPGROUP). It asks the kernel
// for a signal when its parent dies (PR_SET_PDEATHSIG, which posix_spawn cannot set), runs EXECUTABLE
// as its child in the same group, and ends with the child's status (or its signal). When the host dies,
// even by SIGKILL, the supervisor kills the whole group: the extension and whatever it forked, stopped
// or not. The host kills the group itself (kill(-pgid, SIGKILL)) at a deadline or a budget overrun.
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t host;

// Nothing of the host reaches the extension but its three standard descriptors: every descriptor from 3 up
// is closed, close-on-exec or not (a host's accepted sockets, epoll descriptors and terminal are not). The
// hosts spawn the box with the same rule; the box keeps it for any host that does not.
static void close_from_three(void) {
    if (close_range(3, ~0U, 0) == 0) return;
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL) {
        for (int descriptor = 3; descriptor < 65536; descriptor++) close(descriptor);
        return;
    }
    int own = dirfd(directory);
    struct dirent *entry;
    while ((entry = readdir(directory)) != NULL) {
        int descriptor = atoi(entry->d_name);
        if (descriptor >= 3 && descriptor != own) close(descriptor);
    }
    closedir(directory);
}

// PR_SET_PDEATHSIG fires when the *thread* that spawned us ends, not only the process: a host that spawns
// from a worker thread (Dispatch retires idle ones) would otherwise lose its extension seconds later. The
// kernel then reparents us to another thread of the same process, so getppid() still names the host: that
// is not a death, and the signal stays armed for the next reparenting.
static void parent_died(int signal) {
    if (signal != 0 && getppid() == host) return;
    kill(0, SIGKILL);
    _exit(137);
}

int main(int argc, char **argv) {
    if (argc < 3) return 127;
    close_from_three();
    pid_t parent = (pid_t)atol(argv[1]);
    host = parent;

    struct sigaction action = {0};
    action.sa_handler = parent_died;
    sigemptyset(&action.sa_mask);
    sigaction(SIGUSR2, &action, NULL);
    if (prctl(PR_SET_PDEATHSIG, SIGUSR2) != 0) return 126;
    // The parent may have died before the request: then nobody will send the signal.
    if (getppid() != parent) parent_died(0);
    // Orphans of the extension stay below the supervisor, in its group, until it ends.
    prctl(PR_SET_CHILD_SUBREAPER, 1);

    pid_t child = fork();
    if (child < 0) return 126;
    if (child == 0) {
        signal(SIGUSR2, SIG_DFL);
        execv(argv[2], &argv[2]);
        _exit(127);
    }
    // The supervisor needs neither pipe: only the extension talks to the host.
    close(STDIN_FILENO);
    close(STDOUT_FILENO);

    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) return 126;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) {
        int signal_number = WTERMSIG(status);
        signal(signal_number, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, signal_number);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        // Re-raised at the host's request of the same ending; a core dump of the supervisor is not wanted.
        prctl(PR_SET_DUMPABLE, 0);
        raise(signal_number);
        return 128 + signal_number;
    }
    return 126;
}
