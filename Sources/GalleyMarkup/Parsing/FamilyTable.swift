/// Family names seen during one scan, each stored once.
struct FamilyTable: Hashable, Sendable {
  private(set) var names: [String] = []
  /// The id of each entry of the formatter's font table.
  private(set) var tableIDs: [Int] = []
  /// The id of the default family.
  private(set) var defaultID = 0
  /// Whether the default family name is empty or only whitespace, which the scanner reports;
  /// checked once here rather than on every format call.
  private(set) var isDefaultBlank = false

  init(table: [String], defaultFamily: String) {
    isDefaultBlank = defaultFamily.allSatisfy(\.isWhitespace)
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
