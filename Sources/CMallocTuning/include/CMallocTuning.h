#ifndef CMALLOCTUNING_H
#define CMALLOCTUNING_H

#include <malloc.h>

/// glibc's `mallopt(M_TOP_PAD, bytes)`: the main heap grows by `sbrk` in steps of at least `bytes`
/// instead of 128 KB. Only address space is reserved; pages are still touched on use. Returns 1 on success.
static inline int baton_set_malloc_top_pad(int bytes) { return mallopt(M_TOP_PAD, bytes); }

#endif
