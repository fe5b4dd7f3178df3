import GalleyStyle

extension PangoDescriptionParser {
  /// Reads style words from the right end of `words` into `description`.
  ///
  /// A word followed by a comma belongs to the family list, so the style words stop there.
  /// Two words that make one style word when written together (`Semi Bold`) count as one.
  ///
  /// - Returns: Where the style words start: the family words are before it.
  static func styleWords(
    _ words: ArraySlice<Word>, into description: inout FontDescription
  ) throws(FontDescriptionError) -> Int {
    var end = words.endIndex
    var named: [String: String] = [:]
    while end > words.startIndex, !words[end - 1].endsWithComma {
      var taken = 1
      var setting = PangoWords.setting(words[end - 1].text)
      if end - 2 >= words.startIndex, !words[end - 2].endsWithComma,
        let joined = PangoWords.setting(words[end - 2].text + words[end - 1].text)
      {
        setting = joined
        taken = 2
      }
      guard let setting else { break }
      let written = words[(end - taken)..<end].map(\.text).joined(separator: " ")
      try apply(
        setting, written: written, offset: words[end - taken].offset, to: &description,
        named: &named)
      end -= taken
    }
    return end
  }

  /// Sets what a style word says, refusing a property set before to another value.
  private static func apply(
    _ setting: PangoWords.Setting, written: String, offset: Int,
    to description: inout FontDescription, named: inout [String: String]
  ) throws(FontDescriptionError) {
    func check(_ property: String, same: Bool) throws(FontDescriptionError) {
      if let earlier = named[property], !same {
        throw FontDescriptionError(
          word: written, offset: offset,
          reason: "'\(written)' and '\(earlier)' both set the \(property)", suggestion: nil)
      }
      named[property] = written
    }
    switch setting {
    case .normal:
      break
    case .gravity:
      throw FontDescriptionError(
        word: written, offset: offset,
        reason: "'\(written)' is a Pango gravity; Galley lays out horizontal text only",
        suggestion: nil)
    case .weight(let weight):
      try check("weight", same: description.weight.map { $0 == weight } ?? true)
      description.weight = weight
    case .slant(let slant):
      try check("style", same: description.slant.map { $0 == slant } ?? true)
      description.slant = slant
    case .width(let width):
      try check("width", same: description.width.map { $0 == width } ?? true)
      description.width = width
    case .variant(let variant):
      try check("variant", same: description.variant.map { $0 == variant } ?? true)
      description.variant = variant
    }
  }

  /// The family list: the text of `words`, comma-separated, each name trimmed, empty ones
  /// dropped.
  ///
  /// - Parameters:
  ///   - text: The description.
  ///   - words: The family words.
  ///   - rest: The words after them (style words, size, lists), for a suggestion.
  /// - Returns: The family names; none when there are no family words.
  /// - Throws: ``FontDescriptionError`` for a number as the last family word (`Inter 550 20`)
  ///   or a list word among them.
  static func families(
    _ text: String, words: ArraySlice<Word>, rest: ArraySlice<Word>
  ) throws(FontDescriptionError) -> [String] {
    guard let first = words.first, let last = words.last else { return [] }
    if let list = words.first(where: { $0.text.hasPrefix("@") || $0.text.hasPrefix("#") }) {
      throw FontDescriptionError(
        word: list.text, offset: list.offset,
        reason: "coordinates ('@') and features ('#') come last, after the size",
        suggestion: nil)
    }
    if isNumber(last.text) {
      let weight = Int(last.text).flatMap { FontWeight.cssWeights.contains($0) ? $0 : nil }
      let suggestion = weight.map { weight in
        (words.dropLast().map(\.text) + ["weight=\(weight)"] + rest.map(\.text))
          .joined(separator: " ")
      }
      throw FontDescriptionError(
        word: last.text, offset: last.offset,
        reason: "a number before the style words and the size is not a style word; write "
          + "'weight=N' for a CSS weight, or '@wght=N' for the axis",
        suggestion: suggestion)
    }
    let utf8 = Array(text.utf8)
    let list = String(
      decoding: utf8[first.offset..<(last.offset + last.text.utf8.count)], as: UTF8.self)
    return list.unicodeScalars.split(separator: ",").map { name in
      let isSpace: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
      var scalars = String.UnicodeScalarView()
      let trimmed = name.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
      scalars.append(contentsOf: trimmed)
      return String(scalars)
    }.filter { !$0.isEmpty }
  }

  /// Whether a word is a decimal number, with or without a sign.
  private static func isNumber(_ word: String) -> Bool {
    var digits = Substring(word)
    if let sign = digits.first, sign == "-" || sign == "+" { digits = digits.dropFirst() }
    return decimal(digits) != nil
  }
}
