// The Pango side of galley-bench label's comparison: lays out each line of a corpus with Pango
// (DejaVu Sans 13 px, width 300, hinting off) three ways, without drawing: no limit; at most
// 2 lines, ellipsized at the end (pango_layout_set_height(-2), PANGO_ELLIPSIZE_END); and one
// paragraph of the corpus lines joined to at least 1,000,000 bytes in a 3-line ellipsized box,
// against the text of its first 3 lines alone. Prints one JSON object (medians of 5 passes
// after a warm-up). Pango has no autoshrink.
//
// Usage: pango-label-bench CORPUS
// Build: scripts/pango-bench.sh label does it (it needs Debian's libpango1.0-dev).
#include <pango/pangocairo.h>

#include "pango-bench.h"

static PangoContext *context;
static PangoFontDescription *font;

// Lays out one text; `lines` 0 for no limit. Returns the line count, so nothing is skipped.
static int lay_out(const char *text, int lines) {
  PangoLayout *layout = pango_layout_new(context);
  pango_layout_set_font_description(layout, font);
  pango_layout_set_width(layout, 300 * PANGO_SCALE);
  if (lines > 0) {
    pango_layout_set_height(layout, -lines);
    pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
  }
  pango_layout_set_text(layout, text, -1);
  int count = pango_layout_get_line_count(layout);
  g_object_unref(layout);
  return count;
}

// The median seconds of laying out `count` texts, over 5 passes after a warm-up.
static double median_seconds(char **texts, int count, int lines) {
  double times[passes + 1];
  for (int pass = 0; pass <= passes; pass++) {
    double start = seconds();
    for (int index = 0; index < count; index++) lay_out(texts[index], lines);
    times[pass] = seconds() - start;
  }
  qsort(times + 1, passes, sizeof times[0], compare);
  return times[1 + passes / 2];
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s CORPUS\n", argv[0]); return 64; }
  static char *lines[maximumLines];
  int count = read_lines(argv[1], lines);
  if (count <= 0) return 66;

  context = pango_font_map_create_context(pango_cairo_font_map_get_default());
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options(context, options);
  font = pango_font_description_from_string("DejaVu Sans 13px");

  double plain = median_seconds(lines, count, 0);
  double truncated = median_seconds(lines, count, 2);

  GString *huge = g_string_new(NULL);
  for (int index = 0; huge->len < 1000000; index = (index + 1) % count) {
    if (huge->len > 0) g_string_append_c(huge, ' ');
    g_string_append(huge, lines[index]);
  }
  char *hugeText = huge->str;
  double hugeTruncated = median_seconds(&hugeText, 1, 3);
  // The first 3 lines of the paragraph at this width, laid out alone.
  PangoLayout *layout = pango_layout_new(context);
  pango_layout_set_font_description(layout, font);
  pango_layout_set_width(layout, 300 * PANGO_SCALE);
  pango_layout_set_text(layout, hugeText, 4000);
  PangoLayoutLine *fourth = pango_layout_get_line_readonly(layout, 3);
  int prefix = fourth ? fourth->start_index : 4000;
  g_object_unref(layout);
  char *firstLines = g_strndup(hugeText, prefix);
  double threeLines = median_seconds(&firstLines, 1, 0);

  printf("{\"labels\": %d, \"plainLabelsPerSecond\": %.0f, \"truncatedLabelsPerSecond\": %.0f, "
         "\"hugeBytes\": %zu, \"hugeTruncatedMicroseconds\": %.1f, \"threeLinesBytes\": %d, "
         "\"threeLinesMicroseconds\": %.1f}\n",
         count, count / plain, count / truncated, huge->len, hugeTruncated * 1e6, prefix,
         threeLines * 1e6);
  return 0;
}
