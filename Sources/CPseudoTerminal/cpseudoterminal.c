#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE 1
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include "cpseudoterminal.h"

int baton_open_pty(unsigned short rows, unsigned short cols, char *slave_path, unsigned long path_size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0) { close(master); return -1; }
    const char *name = ptsname(master);
    if (name == NULL || strlen(name) + 1 > path_size) { close(master); return -1; }
    strcpy(slave_path, name);
    struct winsize size = { .ws_row = rows, .ws_col = cols };
    ioctl(master, TIOCSWINSZ, &size);
    return master;
}
