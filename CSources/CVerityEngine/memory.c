/*
 * memory.c — how the engine asks the operating system to back its large blocks.
 *
 * A log of a million calls writes tens of megabytes of arena and records once, in order. With
 * 4 KiB pages every 4 KiB of that is a page fault: about a fifth of the append time, measured on
 * Linux. So a block of at least VRT__LARGE_BLOCK bytes (the arena chunks and steady record pages of
 * a big log: a log that has grown that far fills them) is prepared in one go where the system
 * allows it:
 *   - advised for transparent huge pages (Linux MADV_HUGEPAGE, honoured when
 *     /sys/kernel/mm/transparent_hugepage/enabled says `always` or `madvise`), one fault per 2 MiB;
 *   - then populated (Linux 5.14+ MADV_POPULATE_WRITE): the pages left are mapped by one system
 *     call instead of one fault each.
 * Both are hints: they never change a byte of the block, and where they are unavailable or
 * refused (other systems, older kernels) nothing happens and the pages fault in as they are used.
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE 1
#include <sys/mman.h>
#endif

#include "log_internal.h"

void vrt__prepare_large_block(void *block, size_t size) {
  if (block == NULL || size < VRT__LARGE_BLOCK) return;
#if defined(__linux__) && (defined(MADV_HUGEPAGE) || defined(MADV_POPULATE_WRITE))
  /* madvise takes whole pages, counted here as 4 KiB: where pages are larger, a start that is not
   * page-aligned is refused (EINVAL) and the block simply faults in as it is used. */
  const uintptr_t page = 4096u;
  const uintptr_t first = (uintptr_t)block;
  const uintptr_t last = first + size;
#if defined(MADV_HUGEPAGE)
  /* Rounding outwards may reach into the allocator's header page in front of the block or the
   * page after it: the advice changes no byte there either, and it lets the 2 MiB-aligned ranges
   * at the block's ends take huge pages. */
  const uintptr_t outer_start = first & ~(page - 1u);
  const uintptr_t outer_end = (last + page - 1u) & ~(page - 1u);
  (void)madvise((void *)outer_start, (size_t)(outer_end - outer_start), MADV_HUGEPAGE);
#endif
#if defined(MADV_POPULATE_WRITE)
  /* Populating is limited to the pages wholly inside the block. */
  const uintptr_t inner_start = (first + page - 1u) & ~(page - 1u);
  const uintptr_t inner_end = last & ~(page - 1u);
  if (inner_end > inner_start) {
    (void)madvise((void *)inner_start, (size_t)(inner_end - inner_start), MADV_POPULATE_WRITE);
  }
#endif
#endif
}
