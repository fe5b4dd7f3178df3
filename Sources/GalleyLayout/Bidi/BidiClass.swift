internal import CICU

/// The bidi class of a character (UAX #9, table 4), as ICU's `UCharDirection` numbers them.
///
/// The raw values are ICU's, so a class crosses the C boundary as a number. The comment on each
/// case gives the class's short name in UAX #9 and `BidiCharacterTest.txt`.
enum BidiClass: UInt8, Hashable, Sendable, CaseIterable {
  /// L: a strong left-to-right letter.
  case leftToRight = 0
  /// R: a strong right-to-left letter (Hebrew and others).
  case rightToLeft = 1
  /// EN: a European digit.
  case europeanNumber = 2
  /// ES: a plus or minus sign.
  case europeanSeparator = 3
  /// ET: a currency or degree sign, a percent sign and the like.
  case europeanTerminator = 4
  /// AN: an Arabic-Indic digit.
  case arabicNumber = 5
  /// CS: a comma, colon, full stop or no-break space between numbers.
  case commonSeparator = 6
  /// B: a paragraph separator (LF, CR, NEL, U+2029 and others).
  case paragraphSeparator = 7
  /// S: a segment separator (tab and others).
  case segmentSeparator = 8
  /// WS: white space.
  case whitespace = 9
  /// ON: any other neutral character.
  case otherNeutral = 10
  /// LRE: U+202A LEFT-TO-RIGHT EMBEDDING.
  case leftToRightEmbedding = 11
  /// LRO: U+202D LEFT-TO-RIGHT OVERRIDE.
  case leftToRightOverride = 12
  /// AL: a strong right-to-left Arabic letter (Arabic, Syriac, Thaana and others).
  case arabicLetter = 13
  /// RLE: U+202B RIGHT-TO-LEFT EMBEDDING.
  case rightToLeftEmbedding = 14
  /// RLO: U+202E RIGHT-TO-LEFT OVERRIDE.
  case rightToLeftOverride = 15
  /// PDF: U+202C POP DIRECTIONAL FORMATTING.
  case popDirectionalFormat = 16
  /// NSM: a nonspacing mark.
  case nonspacingMark = 17
  /// BN: a boundary neutral (default ignorables, controls).
  case boundaryNeutral = 18
  /// FSI: U+2068 FIRST STRONG ISOLATE.
  case firstStrongIsolate = 19
  /// LRI: U+2066 LEFT-TO-RIGHT ISOLATE.
  case leftToRightIsolate = 20
  /// RLI: U+2067 RIGHT-TO-LEFT ISOLATE.
  case rightToLeftIsolate = 21
  /// PDI: U+2069 POP DIRECTIONAL ISOLATE.
  case popDirectionalIsolate = 22

  /// The class of a character, from ICU's character properties (`u_charDirection`).
  ///
  /// A number this enum does not know (a class that a later Unicode version might add) reads as
  /// ``otherNeutral``, which is how UAX #9 treats characters it does not order.
  ///
  /// - Parameter scalar: The character.
  init(_ scalar: Unicode.Scalar) {
    self =
      BidiClass(rawValue: UInt8(truncatingIfNeeded: galley_bidi_class(scalar.value)))
      ?? .otherNeutral
  }

  /// Whether rule X9 removes the character: embeddings, overrides, PDF and boundary neutrals.
  ///
  /// Galley keeps these characters (UAX #9 section 5.2); rule L1 treats them as part of the
  /// white space next to them.
  var isRemovedByX9: Bool {
    switch self {
    case .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride,
      .rightToLeftOverride, .popDirectionalFormat, .boundaryNeutral:
      return true
    default:
      return false
    }
  }

  /// Whether rule L1 resets the character when it is in the white space before a separator or
  /// at the end of a line: white space, isolate formatters, and the characters X9 removes.
  var isResetBeforeSeparators: Bool {
    switch self {
    case .whitespace, .firstStrongIsolate, .leftToRightIsolate, .rightToLeftIsolate,
      .popDirectionalIsolate:
      return true
    default:
      return isRemovedByX9
    }
  }
}
