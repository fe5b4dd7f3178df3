import GalleyStyle

/// The scanner's working copy of ``TextAttributes``: the family is an interned number, so the
/// struct is plain data that copies and compares without reference counting.
///
/// Interning keeps equality exact: two family ids are equal exactly when their names are.
struct ScanAttributes: Equatable {
  var family: Int
  var size: Double
  var weight: Int
  var isItalic = false
  var color: TextColor
  var background: TextColor?
  var underline = UnderlineStyle.none
  var isStruckThrough = false
  var characterSpacing = 0.0
  var baselineShift = 0.0
  var link: Int?

  func resolved(families: [String]) -> TextAttributes {
    TextAttributes(
      family: families[family], size: size, weight: weight, isItalic: isItalic, color: color,
      background: background, underline: underline, isStruckThrough: isStruckThrough,
      characterSpacing: characterSpacing, baselineShift: baselineShift, link: link)
  }
}
