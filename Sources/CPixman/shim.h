// pixman, the pixel compositing library under cairo: Galley composites glyph coverage
// buffers through it.
#include <pixman.h>

/// Asks the processor to bring the cache line holding `address` in ahead of a read (no effect
/// on what the program computes).
static inline void galley_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
