// pixman, the pixel compositing library under cairo: Galley composites glyph coverage
// buffers through it.
#include <pixman.h>
