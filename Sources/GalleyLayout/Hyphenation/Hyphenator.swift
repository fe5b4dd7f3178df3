internal import GalleySupport

/// Automatic hyphenation (`hyphens: auto`): where a stretch of text may take a hyphen, by a
/// language's libhyphen dictionary.
///
/// A word is a run of letters (and the marks on them); anything else (a hyphen, an
/// apostrophe, a digit, punctuation) ends it, so `well-known` is two words and each is
/// hyphenated alone. A word is lowercased a character at a time, written in the dictionary's
/// character set, and hyphenated when it has at least
/// ``LayoutOptions/HyphenationLimits/minimumWordLength`` letters; a point never falls before a
/// mark, and a word that touches a soft hyphen keeps to its soft hyphens. Line breaking asks
/// only for the words it needs: greedy breaking for the word that overflows a line.
///
/// A word is hyphenated by the dictionary of the span its first letter is in: the span's own
/// language and hyphenation (`%{de}G`, `%{auto}H`) where it sets them, else the layout's.
///
/// Input: the paragraph and a range between two break opportunities; output: UTF-8 offsets.
struct Hyphenator {
  let paragraph: Paragraph
  let limits: LayoutOptions.HyphenationLimits
  /// The dictionary of each stretch of text (UTF-8, in order, covering it), `nil` where
  /// words are not hyphenated automatically.
  let segments: [(range: Range<Int>, dictionary: HyphenationDictionary?)]

  /// Hyphenation of the whole text with one dictionary.
  init(
    paragraph: Paragraph, dictionary: HyphenationDictionary,
    limits: LayoutOptions.HyphenationLimits
  ) {
    self.init(paragraph: paragraph, limits: limits, segments: [(0..<paragraph.count, dictionary)])
  }

  /// Hyphenation by stretch of text.
  init(
    paragraph: Paragraph, limits: LayoutOptions.HyphenationLimits,
    segments: [(range: Range<Int>, dictionary: HyphenationDictionary?)]
  ) {
    self.paragraph = paragraph
    self.limits = limits
    self.segments = segments
  }

  /// The dictionary of the stretch that holds `offset`.
  private func dictionary(at offset: Int) -> HyphenationDictionary? {
    if segments.count == 1 { return segments[0].dictionary }
    let index = segments.partitioningIndex { $0.range.upperBound > offset }
    return index < segments.count ? segments[index].dictionary : nil
  }

  /// The offsets strictly inside `range` where a hyphen may break a word, increasing.
  ///
  /// ASCII letters are read and lowercased from their bytes; only other scalars ask Unicode's
  /// properties.
  ///
  /// - Parameter range: UTF-8 offsets at scalar boundaries.
  /// - Returns: The points.
  func points(in range: Range<Int>) -> [Int] {
    var points: [Int] = []
    var word = Word()
    var offset = range.lowerBound
    var touchesSoftHyphen = offset > 0 && paragraph.isSoftHyphen(before: offset)
    paragraph.bytes.withUnsafeBufferPointer { bytes in
      while offset <= range.upperBound {
        var length = 1
        var part: (scalar: Unicode.Scalar, isMark: Bool)?
        var isSoft = false
        if offset < range.upperBound {
          let byte = bytes[offset]
          if byte < 0x80 {
            let lower = byte | 0x20
            if lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") {
              part = (Unicode.Scalar(lower), false)
            }
          } else {
            let decoded = UTF8Decoding.scalar(in: bytes, at: offset)
            length = decoded.length
            isSoft = decoded.value == 0xAD
            if let scalar = Unicode.Scalar(decoded.value) {
              part = Self.wordPart(scalar, afterLetter: !word.scalars.isEmpty)
            }
          }
        } else {
          isSoft = paragraph.isSoftHyphen(at: offset)
        }
        if let part {
          word.append(part.scalar, at: offset, isMark: part.isMark)
        } else {
          if !word.scalars.isEmpty, !touchesSoftHyphen, !isSoft { points += hyphenate(word) }
          word.removeAll()
          touchesSoftHyphen = isSoft
        }
        offset += length
      }
    }
    return points
  }

  /// A word being read: its scalars lowercased, where each starts, and which are marks.
  private struct Word {
    var scalars: [Unicode.Scalar] = []
    var starts: [Int] = []
    var marks: [Int] = []

    mutating func append(_ scalar: Unicode.Scalar, at offset: Int, isMark: Bool) {
      if isMark { marks.append(scalars.count) }
      scalars.append(scalar)
      starts.append(offset)
    }

    mutating func removeAll() {
      scalars.removeAll(keepingCapacity: true)
      starts.removeAll(keepingCapacity: true)
      marks.removeAll(keepingCapacity: true)
    }
  }

  /// The points of one word, as offsets.
  private func hyphenate(_ word: Word) -> [Int] {
    guard word.scalars.count - word.marks.count >= limits.minimumWordLength,
      let first = word.starts.first, let dictionary = dictionary(at: first)
    else { return [] }
    let indices = dictionary.points(
      in: word.scalars, before: max(limits.before, dictionary.leftMinimum),
      after: max(limits.after, dictionary.rightMinimum))
    return indices.compactMap { index in
      word.marks.contains(index) ? nil : word.starts[index]
    }
  }

  /// A non-ASCII scalar as part of a word, lowercased, or `nil` when it ends one: a letter,
  /// or a mark after one.
  private static func wordPart(
    _ scalar: Unicode.Scalar, afterLetter: Bool
  ) -> (scalar: Unicode.Scalar, isMark: Bool)? {
    let category = scalar.properties.generalCategory
    if category.isMark { return afterLetter ? (scalar, true) : nil }
    switch category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter:
      let mapped = scalar.properties.lowercaseMapping.unicodeScalars
      return (mapped.count == 1 ? mapped.first ?? scalar : scalar, false)
    default:
      return nil
    }
  }
}

extension Unicode.GeneralCategory {
  /// Whether the category is a mark's (Mn, Mc, Me).
  fileprivate var isMark: Bool {
    self == .nonspacingMark || self == .spacingMark || self == .enclosingMark
  }
}
