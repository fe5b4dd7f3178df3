import GalleyFonts
import GalleyMarkup

/// What stages 0 to 5a made of one text: its lines as assembled and justified, and what they
/// were made from.
///
/// Line stacking and the builders finish it into a ``Layout``; truncation reads its line
/// breaker to measure where to cut.
struct AssembledText {
  /// The text laid out.
  let text: FormattedText
  /// Its offsets and character rules.
  let paragraph: Paragraph
  /// The faces its items use.
  let faces: [FaceDescriptor]
  /// Its shaped items.
  let items: [ShapedItem]
  /// The items' OpenType features, by ``ShapedItem/featuresIndex``.
  let featureLists: FeatureLists
  /// The line breaker's sums of advances, which measure any range as a line.
  let breaker: LineBreaker
  /// The lines, assembled and justified.
  var lines: [AssembledLine]
}
