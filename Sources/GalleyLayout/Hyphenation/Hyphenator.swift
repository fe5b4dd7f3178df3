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
/// Input: the paragraph and a range between two break opportunities; output: UTF-8 offsets.
struct Hyphenator {
  let paragraph: Paragraph
  let dictionary: HyphenationDictionary
  let limits: LayoutOptions.HyphenationLimits

  /// The offsets strictly inside `range` where a hyphen may break a word, increasing.
  ///
  /// - Parameter range: UTF-8 offsets at scalar boundaries.
  /// - Returns: The points.
  func points(in range: Range<Int>) -> [Int] {
    var points: [Int] = []
    var word: [Unicode.Scalar] = []
    var starts: [Int] = []
    var offset = range.lowerBound
    var touchesSoftHyphen = offset > 0 && isSoftHyphen(before: offset)
    paragraph.bytes.withUnsafeBufferPointer { bytes in
      while offset <= range.upperBound {
        let scalar: Unicode.Scalar?
        var length = 1
        if offset < range.upperBound {
          let decoded = UTF8Decoding.scalar(in: bytes, at: offset)
          length = decoded.length
          scalar = Unicode.Scalar(decoded.value)
        } else {
          scalar = nil
        }
        if let scalar, isWordPart(scalar, afterLetter: !word.isEmpty) {
          word.append(scalar)
          starts.append(offset)
        } else {
          let isSoft = scalar?.value == 0xAD || (scalar == nil && isSoftHyphen(at: offset))
          if !word.isEmpty, !touchesSoftHyphen, !isSoft {
            points += hyphenate(word, starts: starts)
          }
          word.removeAll(keepingCapacity: true)
          starts.removeAll(keepingCapacity: true)
          touchesSoftHyphen = isSoft
        }
        offset += length
      }
    }
    return points
  }

  /// The points of one word, as offsets.
  private func hyphenate(_ word: [Unicode.Scalar], starts: [Int]) -> [Int] {
    let letters = word.count { !$0.properties.generalCategory.isMark }
    guard letters >= limits.minimumWordLength else { return [] }
    let lowercase = word.map { scalar in
      let mapped = scalar.properties.lowercaseMapping.unicodeScalars
      return mapped.count == 1 ? mapped.first ?? scalar : scalar
    }
    let indices = dictionary.points(
      in: lowercase, before: max(limits.before, dictionary.leftMinimum),
      after: max(limits.after, dictionary.rightMinimum))
    return indices.compactMap { index in
      word[index].properties.generalCategory.isMark ? nil : starts[index]
    }
  }

  /// Whether a scalar continues a word: a letter, or a mark after one.
  private func isWordPart(_ scalar: Unicode.Scalar, afterLetter: Bool) -> Bool {
    let category = scalar.properties.generalCategory
    if category.isMark { return afterLetter }
    switch category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter:
      return true
    default:
      return false
    }
  }

  /// Whether the scalar at `offset` is U+00AD.
  private func isSoftHyphen(at offset: Int) -> Bool {
    offset + 1 < paragraph.count && paragraph.bytes[offset] == 0xC2
      && paragraph.bytes[offset + 1] == 0xAD
  }

  /// Whether the scalar that ends at `offset` is U+00AD.
  private func isSoftHyphen(before offset: Int) -> Bool {
    offset >= 2 && paragraph.bytes[offset - 2] == 0xC2 && paragraph.bytes[offset - 1] == 0xAD
  }
}

extension Unicode.GeneralCategory {
  /// Whether the category is a mark's (Mn, Mc, Me).
  fileprivate var isMark: Bool {
    self == .nonspacingMark || self == .spacingMark || self == .enclosingMark
  }
}
