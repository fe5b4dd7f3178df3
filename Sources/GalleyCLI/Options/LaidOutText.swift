import GalleyLayout
import GalleyMarkup

/// Formatted text and its layout, with the warnings met on the way (lenient markup,
/// substituted families), one per entry, for standard error.
struct LaidOutText {
  /// The formatted text.
  var text: FormattedText
  /// Its layout.
  var layout: Layout
  /// The warnings, one message per entry.
  var warnings: [String]
}
