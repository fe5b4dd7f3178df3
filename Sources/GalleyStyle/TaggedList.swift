/// What ``FontFeatures`` and ``FontVariations`` share: lists of items keyed by an OpenType tag,
/// each tag once, a later item replacing an earlier one with the same tag, read from
/// comma-separated text in which `normal` or nothing is the empty list.
enum TaggedList {
  /// Sets each of `items` in `list` in order, finding tags through one index, so that a long
  /// list costs time in proportion to its length.
  static func setAll<Item>(_ items: [Item], in list: inout [Item], tag: (Item) -> UInt32) {
    var positions: [UInt32: Int] = [:]
    for (index, item) in list.enumerated() { positions[tag(item)] = index }
    for item in items {
      if let index = positions[tag(item)] {
        list[index] = item
      } else {
        positions[tag(item)] = list.count
        list.append(item)
      }
    }
  }

  /// The comma-separated items of `text`, each read by `item` (its bytes, with their offsets
  /// in the text); none for white space or `normal`.
  static func items<Item, Failure: Error>(
    of text: String, _ item: (ArraySlice<UInt8>) throws(Failure) -> Item
  ) throws(Failure) -> [Item] {
    let bytes = Array(text.utf8)
    if bytes.allSatisfy(FeatureParser.isSpace) { return [] }
    if String(decoding: bytes.filter { !FeatureParser.isSpace($0) }, as: UTF8.self) == "normal" {
      return []
    }
    var items: [Item] = []
    var start = 0
    while start <= bytes.count {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
      items.append(try item(bytes[start..<end]))
      start = end + 1
    }
    return items
  }
}
