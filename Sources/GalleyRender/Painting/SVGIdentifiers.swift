internal import GalleySupport

/// Makes the element ids of an SVG document unique to it and the same on every call.
///
/// cairo names a document's elements from counters of the whole process (`surface7`,
/// `image19`, `glyph3-1`): two SVGs inlined in one page then share ids and draw each other's
/// glyphs, and the same layout drawn twice gives different bytes. Each id becomes
/// `g` + 8 hexadecimal digits of a hash of the document (with its ids numbered in order of
/// first appearance) + `-` + that number, and every reference to it (`href="#…"`,
/// `xlink:href="#…"`, `url(#…)`) follows.
enum SVGIdentifiers {
  /// The document with its ids renamed.
  ///
  /// - Parameter document: An SVG document as cairo writes it.
  /// - Returns: The document, renamed; unchanged when it has no ids.
  static func renaming(_ document: [UInt8]) -> [UInt8] {
    var numbers: [ArraySlice<UInt8>: Int] = [:]
    var order: [ArraySlice<UInt8>] = []
    forEachName(in: document) { name, isDefinition in
      if isDefinition, numbers[name] == nil {
        numbers[name] = order.count
        order.append(name)
      }
    }
    guard !order.isEmpty else { return document }
    // The prefix comes from the document with its ids numbered, so it is the same whatever
    // counters cairo used, and differs between documents that draw differently.
    let numbered = rewrite(document, numbers: numbers) { Array("n\($0)".utf8) }
    let prefix = "g" + StableHash.hex(numbered).prefix(8) + "-"
    return rewrite(document, numbers: numbers) { Array("\(prefix)\($0)".utf8) }
  }

  /// Calls `body` with every id defined (`id="…"`) and referred to (`"#…"`, `url(#…)`), in
  /// document order.
  private static func forEachName(
    in document: [UInt8], _ body: (ArraySlice<UInt8>, _ isDefinition: Bool) -> Void
  ) {
    var index = 0
    while index < document.count {
      if let (name, isDefinition, end) = name(in: document, at: index) {
        body(name, isDefinition)
        index = end
      } else {
        index += 1
      }
    }
  }

  /// The document with every defined id and its references replaced by `replacement` of its
  /// number.
  private static func rewrite(
    _ document: [UInt8], numbers: [ArraySlice<UInt8>: Int], _ replacement: (Int) -> [UInt8]
  ) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(document.count + numbers.count * 12)
    var index = 0
    while index < document.count {
      if let (name, _, end) = name(in: document, at: index), let number = numbers[name] {
        result += replacement(number)
        index = end
      } else {
        result.append(document[index])
        index += 1
      }
    }
    return result
  }

  /// An id at `index`: the name after `id="` (a definition) or after `"#` or `(#` (a
  /// reference), and where it ends.
  private static func name(
    in document: [UInt8], at index: Int
  ) -> (name: ArraySlice<UInt8>, isDefinition: Bool, end: Int)? {
    let start: Int
    let isDefinition: Bool
    if index >= 4, document[index - 1] == UInt8(ascii: "\""),
      document[index - 2] == UInt8(ascii: "="),
      document[index - 3] == UInt8(ascii: "d"), document[index - 4] == UInt8(ascii: "i"),
      index < 5 || document[index - 5] == UInt8(ascii: " ")
    {
      start = index
      isDefinition = true
    } else if index >= 2, document[index - 1] == UInt8(ascii: "#"),
      document[index - 2] == UInt8(ascii: "\"") || document[index - 2] == UInt8(ascii: "(")
    {
      start = index
      isDefinition = false
    } else {
      return nil
    }
    var end = start
    while end < document.count, isNameByte(document[end]) { end += 1 }
    return end > start ? (document[start..<end], isDefinition, end) : nil
  }

  /// The bytes cairo's ids are made of.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
      UInt8(ascii: "."):
      true
    default: false
    }
  }
}
