internal import CICU
internal import GalleySupport

/// The output of break analysis: where lines may (or must) end.
///
/// Read by the line breaker.
struct BreakOpportunities {
  /// UTF-8 offsets after which a line may end, increasing, the last being the text's end.
  var offsets: [Int]
  /// Whether each break is mandatory (it follows a line-break character; see
  /// ``Paragraph/isMandatoryBreak(at:)``).
  var isMandatory: [Bool]

  /// Finds the opportunities of a text.
  ///
  /// - Parameters:
  ///   - paragraph: The text.
  ///   - language: A locale for ICU's tailorings, or `nil`.
  ///   - wrap: With ``LayoutOptions/WrapMode/char``, every grapheme boundary instead.
  ///   - hyphens: With ``LayoutOptions/Hyphens/none``, a soft hyphen (U+00AD) is no
  ///     opportunity.
  ///   - spans: Stretches of text with their own language or hyphenation (spans' `%{…}G` and
  ///     `%{…}H`, with the layout's where they set none), in order; empty when no span sets
  ///     either. The break after a character follows its span's language (ICU runs once per
  ///     language) and its span's hyphenation.
  /// - Throws: ``LayoutError/Kind/lineBreakingFailed`` when ICU fails.
  init(
    _ paragraph: Paragraph, language: String?, wrap: LayoutOptions.WrapMode = .word,
    hyphens: LayoutOptions.Hyphens = .manual, spans: [Span] = []
  ) throws(LayoutError) {
    switch wrap {
    case .word: try self.init(lineBreaksOf: paragraph, language: language)
    case .char: self.init(everyGraphemeOf: paragraph)
    }
    guard !spans.isEmpty else {
      if hyphens == .none { removeSoftHyphens(of: paragraph) { _ in true } }
      return
    }
    if wrap == .word { try follow(spans, of: paragraph, layoutLanguage: language) }
    removeSoftHyphens(of: paragraph) { offset in
      Self.span(before: offset, in: spans)?.hyphens == Hyphens.none
    }
  }

  /// A stretch of text with its own language or hyphenation.
  struct Span {
    /// UTF-8 offsets.
    var range: Range<Int>
    var language: String?
    var hyphens: LayoutOptions.Hyphens
  }

  /// The span of the character before `offset`.
  private static func span(before offset: Int, in spans: [Span]) -> Span? {
    let index = spans.partitioningIndex { $0.range.upperBound >= offset }
    return index < spans.count ? spans[index] : nil
  }

  /// Takes each opportunity from the iterator of the language of the character before it.
  private mutating func follow(
    _ spans: [Span], of paragraph: Paragraph, layoutLanguage: String?
  ) throws(LayoutError) {
    let languages = spans.compactMap { $0.language == layoutLanguage ? nil : $0.language }
    var others: [String] = []
    for language in languages where !others.contains(language) { others.append(language) }
    guard !others.isEmpty else { return }
    func decider(_ offset: Int) -> String? {
      guard let span = Self.span(before: offset, in: spans), span.language != layoutLanguage
      else { return layoutLanguage }
      return span.language
    }
    var merged = offsets.filter { decider($0) == layoutLanguage }
    for language in others {
      let alternative = try BreakOpportunities(lineBreaksOf: paragraph, language: language)
      merged += alternative.offsets.filter { decider($0) == language }
    }
    merged.sort()
    offsets = merged
    isMandatory = merged.map { paragraph.isMandatoryBreak(at: $0) }
  }

  /// Drops the opportunities right after a soft hyphen where `drops` says so (the text's end
  /// and mandatory breaks stay).
  private mutating func removeSoftHyphens(of paragraph: Paragraph, where drops: (Int) -> Bool) {
    guard paragraph.count >= 2 else { return }
    var kept = 0
    for index in offsets.indices {
      let offset = offsets[index]
      if paragraph.isSoftHyphen(before: offset), !isMandatory[index], offset < paragraph.count,
        drops(offset)
      {
        continue
      }
      offsets[kept] = offset
      isMandatory[kept] = isMandatory[index]
      kept += 1
    }
    offsets.removeLast(offsets.count - kept)
    isMandatory.removeLast(isMandatory.count - kept)
  }

  /// The opportunities of ICU's UAX #14 line break iterator.
  private init(lineBreaksOf paragraph: Paragraph, language: String?) throws(LayoutError) {
    let utf16 = paragraph.offsets.units
    var breaks = [Int32](repeating: 0, count: max(16, utf16.count / 4))
    var count: Int32 = 0
    func run() {
      count = utf16.withUnsafeBufferPointer { characters in
        breaks.withUnsafeMutableBufferPointer { breakBuffer in
          galley_line_breaks(
            characters.baseAddress, Int32(characters.count), language, breakBuffer.baseAddress,
            Int32(breakBuffer.count))
        }
      }
    }
    run()
    if count > Int32(breaks.count) {
      breaks = [Int32](repeating: 0, count: Int(count))
      run()
    }
    guard count >= 0 else { throw LayoutError(.lineBreakingFailed, "ICU could not break the text") }
    var offsets: [Int] = []
    offsets.reserveCapacity(Int(count))
    paragraph.bytes.withUnsafeBufferPointer { bytes in
      for unit in breaks.prefix(Int(count)) {
        let offset = paragraph.offsets.utf8Offset(ofUTF16: Int(unit))
        if offset < bytes.count, bytes[offset] >= 0x80, Self.extendsGrapheme(bytes, at: offset),
          !paragraph.isMandatoryBreak(at: offset)
        {
          continue
        }
        offsets.append(offset)
      }
    }
    self.offsets = offsets
    isMandatory = offsets.map { paragraph.isMandatoryBreak(at: $0) }
  }

  /// Whether the character at `offset` joins the grapheme before it (a combining mark, a
  /// spacing mark or ZWJ, UAX #29 GB9 and GB9a), so a line may not start with it.
  ///
  /// UAX #14 lets a line break between a space and a combining mark after it (LB10 reads the
  /// mark as a letter), but HarfBuzz shapes the two as one cluster: the next line would start
  /// inside it, with no glyph of its own. Only such a mark after a space (or a zero width
  /// space) meets an opportunity; after a line-break character the break stays (the caller
  /// keeps mandatory breaks). `offset` is below the count, at a non-ASCII scalar.
  private static func extendsGrapheme(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    let (value, _) = UTF8Decoding.scalar(in: bytes, at: offset)
    if value < 0x800 {
      return extendingBelow800[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
    }
    return extends(value)
  }

  /// Whether `value` joins the grapheme before it (see ``extendsGrapheme(_:at:)``).
  private static func extends(_ value: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(value) else { return false }
    if value == 0x200D || scalar.properties.isGraphemeExtend { return true }
    return scalar.properties.generalCategory == .spacingMark
  }

  /// ``extends(_:)`` for the scalars below U+0800 (Latin to NKo, where most text is), as bits:
  /// Unicode's property tables cost more than the rest of a right-to-left opportunity.
  private static let extendingBelow800: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 32)
    for value in UInt32(0)..<0x800 where extends(value) {
      bits[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }
    return bits
  }()

  /// An opportunity at every grapheme boundary (`--wrap char`); mandatory ones as always.
  private init(everyGraphemeOf paragraph: Paragraph) {
    var offsets: [Int] = []
    offsets.reserveCapacity(paragraph.count)
    if paragraph.count > 0 {
      paragraph.forEachGraphemeBoundary(after: 0, upTo: paragraph.count) { boundary in
        offsets.append(boundary)
        return true
      }
    }
    self.offsets = offsets
    isMandatory = offsets.map { paragraph.isMandatoryBreak(at: $0) }
  }
}
