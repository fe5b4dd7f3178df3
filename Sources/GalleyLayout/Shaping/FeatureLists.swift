import GalleyStyle

/// The lists of OpenType features of one layout's items, numbered as
/// ``ShapedItem/featuresIndex``: number 0 is each font's defaults, the others are lists as
/// shaping made them (the layout's, letter spacing's and a span's, merged).
///
/// Empty, it holds nothing and allocates nothing: a layout without features pays for none.
struct FeatureLists {
  /// Numbers 1, 2, …: each list as merged (before interning sorts it), and its interned form.
  private var entries: [(key: FontFeatures, list: ShapingFeatures?)] = []
  /// The numbers of ``entries``' keys, made once a layout has more lists than a short search
  /// takes.
  private var numbers: [FontFeatures: Int32] = [:]
  /// Lists found by a search of ``entries`` before ``numbers`` is made.
  private static let searched = 8

  /// The list numbered `index`, or `nil` for number 0 (the fonts' defaults).
  subscript(index: Int32) -> ShapingFeatures? {
    index == 0 ? nil : entries[Int(index) - 1].list
  }

  /// The number of a non-empty list, added (interned) when new.
  ///
  /// - Parameter key: The list as merged.
  /// - Returns: Its number, 1 or more.
  mutating func number(of key: FontFeatures) -> Int32 {
    if entries.count <= Self.searched {
      if let known = entries.firstIndex(where: { $0.key == key }) { return Int32(known + 1) }
    } else if let known = numbers[key] {
      return known
    }
    entries.append((key, ShapingFeatures.interned(key)))
    let number = Int32(entries.count)
    if entries.count == Self.searched + 1 {
      for (index, entry) in entries.enumerated() { numbers[entry.key] = Int32(index + 1) }
    } else if entries.count > Self.searched {
      numbers[key] = number
    }
    return number
  }
}
