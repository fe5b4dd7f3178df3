// The Pango side of galley-bench layout's comparison: lays out each line of a corpus with Pango
// (DejaVu Sans 13 px, width 400, hinting off) and asks for its line count, without drawing.
// Prints one JSON object with the median of 5 passes after a warm-up.
//
// Usage: pango-layout-bench CORPUS
// Build: scripts/pango-bench.sh layout does it (it needs Debian's libpango1.0-dev).
#include <pango/pangocairo.h>

#include "pango-bench.h"

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s CORPUS\n", argv[0]); return 64; }
  static char *lines[maximumLines];
  int count = read_lines(argv[1], lines);
  if (count < 0) return 66;

  PangoContext *context = pango_font_map_create_context(pango_cairo_font_map_get_default());
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options(context, options);
  PangoFontDescription *font = pango_font_description_from_string("DejaVu Sans 13px");

  double times[passes + 1];
  long total = 0;
  for (int pass = 0; pass <= passes; pass++) {
    double start = seconds();
    for (int index = 0; index < count; index++) {
      PangoLayout *layout = pango_layout_new(context);
      pango_layout_set_font_description(layout, font);
      pango_layout_set_width(layout, 400 * PANGO_SCALE);
      pango_layout_set_text(layout, lines[index], -1);
      total += pango_layout_get_line_count(layout);
      g_object_unref(layout);
    }
    times[pass] = seconds() - start;
  }
  qsort(times + 1, passes, sizeof times[0], compare);
  double median = times[1 + passes / 2];
  printf("{\"paragraphs\": %d, \"lines\": %ld, \"medianSeconds\": %f, \"paragraphsPerSecond\": %f}\n",
         count, total / (passes + 1), median, count / median);
  return 0;
}
