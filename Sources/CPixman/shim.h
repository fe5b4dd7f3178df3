// pixman, the pixel compositing library under cairo: Galley composites cached glyph masks
// with its glyph cache and bulk glyph compositing.
#include <pixman.h>
