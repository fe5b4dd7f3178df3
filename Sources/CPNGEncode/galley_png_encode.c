#include "galley_png_encode.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// The growing output buffer and the error message, reached through libpng's pointers.
typedef struct {
  uint8_t *bytes;
  size_t count;
  size_t capacity;
  int out_of_memory;
  char *message;
  size_t message_size;
} galley_png_state;

static void galley_png_write(png_structp png, png_bytep bytes, png_size_t length) {
  galley_png_state *state = (galley_png_state *)png_get_io_ptr(png);
  if (length > SIZE_MAX - state->count) {
    state->out_of_memory = 1;
    png_error(png, "PNG data too large");
  }
  if (state->count + length > state->capacity) {
    size_t capacity = state->capacity ? state->capacity : 4096;
    while (capacity < state->count + length) {
      if (capacity > SIZE_MAX / 2) {
        capacity = state->count + length;
        break;
      }
      capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(state->bytes, capacity);
    if (!grown) {
      state->out_of_memory = 1;
      png_error(png, "out of memory");
    }
    state->bytes = grown;
    state->capacity = capacity;
  }
  memcpy(state->bytes + state->count, bytes, length);
  state->count += length;
}

static void galley_png_flush(png_structp png) { (void)png; }

static void galley_png_error(png_structp png, png_const_charp text) {
  galley_png_state *state = (galley_png_state *)png_get_error_ptr(png);
  if (state && state->message && state->message_size > 1) {
    strncpy(state->message, text ? text : "libpng error", state->message_size - 1);
    state->message[state->message_size - 1] = 0;
  }
  png_longjmp(png, 1);
}

static void galley_png_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

int galley_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                      int level, uint8_t **data, size_t *count,
                      char *message, size_t message_size) {
  if (message && message_size > 0) memset(message, 0, message_size);
  *data = NULL;
  *count = 0;
  // On the heap: libpng's callbacks change it between setjmp and a longjmp, which C leaves
  // undefined for local variables.
  galley_png_state *state = (galley_png_state *)calloc(1, sizeof(galley_png_state));
  if (!state) {
    if (message && message_size > 1) strncpy(message, "out of memory", message_size - 1);
    return -1;
  }
  state->message = message;
  state->message_size = message_size;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, state, galley_png_error,
                                            galley_png_warning);
  if (!png) {
    if (message && message_size > 1) strncpy(message, "cannot start libpng", message_size - 1);
    free(state);
    return -1;
  }
  png_infop info = png_create_info_struct(png);
  // Everything that can fail after this point longjmps back here.
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, info ? &info : NULL);
    free(state->bytes);
    free(state);
    if (message && message_size > 1 && message[0] == 0)
      strncpy(message, "cannot start libpng", message_size - 1);
    return -1;
  }
  png_set_write_fn(png, state, galley_png_write, galley_png_flush);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
  png_set_compression_level(png, level < 0 ? 0 : level > 9 ? 9 : level);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_write_info(png, info);
  for (uint32_t row = 0; row < height; row++) {
    png_write_row(png, (png_const_bytep)(rgba + (size_t)row * stride));
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  *data = state->bytes;
  *count = state->count;
  free(state);
  return 0;
}

void galley_png_free(uint8_t *data) { free(data); }
