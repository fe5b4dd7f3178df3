internal import CICU

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
  /// - Throws: ``LayoutError/Kind/lineBreakingFailed`` when ICU fails.
  init(
    _ paragraph: Paragraph, language: String?, wrap: LayoutOptions.WrapMode = .word
  ) throws(LayoutError) {
    switch wrap {
    case .word: try self.init(lineBreaksOf: paragraph, language: language)
    case .char: self.init(everyGraphemeOf: paragraph)
    }
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
    offsets = breaks.prefix(Int(count)).map { paragraph.offsets.utf8Offset(ofUTF16: Int($0)) }
    isMandatory = offsets.map { paragraph.isMandatoryBreak(at: $0) }
  }

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
