#ifndef CMALLOCTUNING_H
#define CMALLOCTUNING_H

#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14; older kernels answer EINVAL and nothing happens */
#endif

/// glibc's `mallopt(M_TOP_PAD, bytes)`: the main heap grows by `sbrk` in steps of at least `bytes`
/// instead of 128 KB. Only address space is reserved; pages are still touched on use. Returns 1 on success.
static inline int baton_set_malloc_top_pad(int bytes) { return mallopt(M_TOP_PAD, bytes); }

/// The free top of the main heap, where the next allocations of the calling (main) thread will go: from
/// the first whole page after a probe allocation to the current break. After `baton_set_malloc_top_pad`
/// the probe makes the heap grow, so the region is at least the top pad. Returns 0 on failure.
static inline int baton_main_heap_free_top(uintptr_t *start, size_t *length) {
    const size_t probe_size = 64 * 1024; /* under the mmap threshold: it comes from the heap */
    void *probe = malloc(probe_size);
    if (probe == NULL) return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = ((uintptr_t)probe + page - 1) & ~(page - 1);
    uintptr_t end = (uintptr_t)sbrk(0);
    free(probe);
    if (end <= first) return 0;
    *start = first;
    *length = (size_t)(end - first) & ~(size_t)(page - 1);
    return 1;
}

/// Faults in `length` bytes at `start` for writing, in one call (`MADV_POPULATE_WRITE`): the kernel fills
/// the pages in a batch instead of taking one page fault per page later. Returns madvise's result.
static inline int baton_populate_for_writing(uintptr_t start, size_t length) {
    return madvise((void *)start, length, MADV_POPULATE_WRITE);
}

#endif
