// The Pango side of galley-bench render's comparison: lays out each line of a corpus with
// Pango (DejaVu Sans 13 px, width 400, hinting off, fractional positions) and draws it with
// pango_cairo_show_layout on an ARGB32 image surface of the layout's height, like Galley's
// plain measurement. Prints one JSON object with the median of 5 passes after a warm-up.
//
// Usage: pango-render-bench CORPUS [--strip]
//   --strip removes Galley's markup codes (%B, %1F, %{...}L, ...) first; %% becomes %.
// Build: scripts/pango-bench.sh render does it (it needs Debian's libpango1.0-dev).
#include <pango/pangocairo.h>

#include "pango-bench.h"

// Removes markup codes in place: '%' then a braced argument or digits, then one letter.
static void strip_codes(char *line) {
  char *out = line;
  for (char *in = line; *in;) {
    if (*in != '%') { *out++ = *in++; continue; }
    in++;
    if (*in == '%') { *out++ = '%'; in++; continue; }
    if (*in == '{') { while (*in && *in != '}') in++; if (*in) in++; }
    while (*in >= '0' && *in <= '9') in++;
    if (*in) in++;
  }
  *out = 0;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s CORPUS [--strip]\n", argv[0]); return 64; }
  int strip = argc > 2 && strcmp(argv[2], "--strip") == 0;
  static char *lines[maximumLines];
  int count = read_lines(argv[1], lines);
  if (count < 0) return 66;
  if (strip) for (int index = 0; index < count; index++) strip_codes(lines[index]);

  PangoContext *context = pango_font_map_create_context(pango_cairo_font_map_get_default());
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options(context, options);
  PangoFontDescription *font = pango_font_description_from_string("DejaVu Sans 13px");

  double times[passes + 1];
  for (int pass = 0; pass <= passes; pass++) {
    double start = seconds();
    for (int index = 0; index < count; index++) {
      PangoLayout *layout = pango_layout_new(context);
      pango_layout_set_font_description(layout, font);
      pango_layout_set_width(layout, 400 * PANGO_SCALE);
      pango_layout_set_text(layout, lines[index], -1);
      int width, height;
      pango_layout_get_pixel_size(layout, &width, &height);
      cairo_surface_t *surface =
          cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 400, height > 0 ? height : 1);
      cairo_t *cr = cairo_create(surface);
      pango_cairo_show_layout(cr, layout);
      cairo_destroy(cr);
      cairo_surface_destroy(surface);
      g_object_unref(layout);
    }
    times[pass] = seconds() - start;
  }
  // The first pass warms the caches up; the median of the others is reported.
  qsort(times + 1, passes, sizeof times[0], compare);
  double median = times[1 + passes / 2];
  printf("{\"paragraphs\": %d, \"strip\": %s, \"medianSeconds\": %f, \"paragraphsPerSecond\": %f}\n",
         count, strip ? "true" : "false", median, count / median);
  return 0;
}
