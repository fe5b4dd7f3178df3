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

/// Family names seen during one scan, each stored once.
struct FamilyTable: Hashable, Sendable {
  private(set) var names: [String] = []
  /// The id of each entry of the formatter's font table.
  private(set) var tableIDs: [Int] = []
  /// The id of the default family.
  private(set) var defaultID = 0

  init(table: [String], defaultFamily: String) {
    defaultID = intern(defaultFamily)
    tableIDs = table.map { intern($0) }
  }

  /// The id of `name`, added if it is new; tables are short, so a linear search is fastest.
  mutating func intern(_ name: String) -> Int {
    if let existing = names.firstIndex(of: name) { return existing }
    names.append(name)
    return names.count - 1
  }
}
