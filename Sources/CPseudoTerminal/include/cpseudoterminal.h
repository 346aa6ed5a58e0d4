#ifndef BATON_CPSEUDOTERMINAL_H
#define BATON_CPSEUDOTERMINAL_H
/// Opens a pseudo-terminal pair of the given size; returns the master descriptor or -1, and the
/// slave's path in `slave_path` (at least 64 bytes).
int baton_open_pty(unsigned short rows, unsigned short cols, char *slave_path, unsigned long path_size);
#endif
