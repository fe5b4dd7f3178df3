#ifndef GALLEY_PNG_ENCODE_H
#define GALLEY_PNG_ENCODE_H

#include <stddef.h>
#include <stdint.h>

/// Encodes an 8-bit RGBA image (straight alpha, rows `stride` bytes apart) as a PNG file in
/// memory, with libpng: an sRGB chunk, zlib at `level` (0 to 9), and no row filters (on text
/// they make files larger).
///
/// libpng reports errors with longjmp, which Swift cannot catch; this function catches them.
/// On success it returns 0 and sets `*data` (free it with `galley_png_free`) and `*count`. On
/// failure it returns -1 and writes libpng's message into `message` (`message_size` bytes,
/// always terminated).
int galley_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                      int level, uint8_t **data, size_t *count,
                      char *message, size_t message_size);

/// Frees PNG data returned by `galley_png_encode`.
void galley_png_free(uint8_t *data);

#endif
