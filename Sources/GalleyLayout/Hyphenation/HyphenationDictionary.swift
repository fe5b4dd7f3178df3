internal import CHyphen

#if canImport(Glibc)
internal import Glibc
#endif

/// One libhyphen pattern dictionary (a `hyph_*.dic` file), loaded: the owner of its
/// `HyphenDict`.
///
/// libhyphen reads a dictionary only once it is loaded, so one instance serves every thread.
/// Words reach it in the dictionary's character set: UTF-8, or a one-byte set (ISO 8859-1 and
/// the other ISO 8859 and KOI8 sets, through iconv); a word with a character the set lacks has
/// no hyphenation points.
final class HyphenationDictionary: @unchecked Sendable {
  /// libhyphen's dictionary; read-only once loaded.
  private let dictionary: UnsafeMutablePointer<HyphenDict>
  /// The file it was read from.
  let path: String
  /// Whether the dictionary's patterns are UTF-8.
  let isUTF8: Bool
  /// The character set named on the file's first line (`UTF-8`, `ISO8859-1`, …).
  let characterSet: String
  /// The dictionary's own LEFTHYPHENMIN and RIGHTHYPHENMIN: the fewest letters it allows before
  /// and after a hyphen (0 when the file does not say).
  let leftMinimum: Int
  let rightMinimum: Int
  /// Whether the character set is ISO 8859-1, whose bytes are the characters' code points.
  private let isLatin1: Bool

  /// Loads a dictionary file; fails (`nil`) when libhyphen cannot read it.
  ///
  /// - Parameter path: The `.dic` file.
  init?(path: String) {
    guard let loaded = hnj_hyphen_load(path) else { return nil }
    dictionary = loaded
    self.path = path
    isUTF8 = loaded.pointee.utf8 != 0
    characterSet = withUnsafeBytes(of: loaded.pointee.cset) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    isLatin1 = ["ISO88591", "LATIN1"].contains(characterSet.uppercased().replacingDashes)
    leftMinimum = Int(loaded.pointee.lhmin)
    rightMinimum = Int(loaded.pointee.rhmin)
  }

  deinit { hnj_hyphen_free(dictionary) }

  /// The most characters a word may have to be hyphenated; longer ones (URLs, identifiers, runs
  /// of letters with no language) are left whole, so a word's cost is bounded.
  static let maximumWordLength = 64

  /// Where a lowercase word may take a hyphen, by libhyphen's patterns and the limits.
  ///
  /// - Parameters:
  ///   - word: The word's characters, lowercase, without marks of punctuation.
  ///   - before: The fewest characters before a hyphen (raised to the dictionary's own).
  ///   - after: The fewest characters after a hyphen (raised to the dictionary's own).
  /// - Returns: Indices `i` (increasing) such that a hyphen may go between `word[i - 1]` and
  ///   `word[i]`; empty when the word cannot be written in the dictionary's character set.
  func points(in word: [Unicode.Scalar], before: Int, after: Int) -> [Int] {
    guard word.count >= 2, word.count <= Self.maximumWordLength else { return [] }
    let limits = (max(before, leftMinimum), max(after, rightMinimum))
    guard isUTF8 || isLatin1 else {
      guard let bytes = OneByteConverter.convert(word, to: characterSet) else { return [] }
      return bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { characters in
          hyphenate(characters, count: word.count, limits: limits)
        }
      }
    }
    // The word's bytes on the stack: at most four a character in UTF-8.
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: word.count * 4) { buffer in
      var count = 0
      for scalar in word {
        if isUTF8 {
          for byte in scalar.utf8 {
            buffer[count] = CChar(bitPattern: byte)
            count += 1
          }
        } else {
          guard scalar.value <= 0xFF else { return [] }
          buffer[count] = CChar(bitPattern: UInt8(scalar.value))
          count += 1
        }
      }
      return hyphenate(
        UnsafeBufferPointer(rebasing: buffer[..<count]), count: word.count, limits: limits)
    }
  }

  /// libhyphen's points of a word in the dictionary's character set, `count` characters long.
  private func hyphenate(
    _ bytes: UnsafeBufferPointer<CChar>, count: Int, limits: (Int, Int)
  ) -> [Int] {
    var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    var positions: UnsafeMutablePointer<Int32>?
    var cuts: UnsafeMutablePointer<Int32>?
    // libhyphen wants room for 5 more than the word's bytes, and indexes its answer by
    // character in a UTF-8 dictionary, by byte (one per character) otherwise.
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 5) { hyphens in
      hyphens.initialize(repeating: 0)
      let status = hnj_hyphen_hyphenate3(
        dictionary, bytes.baseAddress, Int32(bytes.count), hyphens.baseAddress, nil,
        &replacements, &positions, &cuts, Int32(limits.0), Int32(limits.1), 0, 0)
      defer { freeReplacements(replacements, positions, cuts, count: bytes.count) }
      guard status == 0 else { return [] }
      var points: [Int] = []
      for index in 0..<(count - 1) where hyphens[index] & 1 == 1 {
        // A non-standard hyphenation (`ff=f`) changes letters; Galley breaks only where the
        // letters stay as they are.
        if let replacements, replacements[index] != nil { continue }
        points.append(index + 1)
      }
      return points
    }
  }

  /// Frees what `hnj_hyphen_hyphenate3` allocated for non-standard hyphenation.
  private func freeReplacements(
    _ replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ positions: UnsafeMutablePointer<Int32>?, _ cuts: UnsafeMutablePointer<Int32>?, count: Int
  ) {
    if let replacements {
      for index in 0..<count { free(replacements[index]) }
      free(replacements)
    }
    free(positions)
    free(cuts)
  }
}

extension String {
  /// The string with `-` and `_` removed, for comparing character set names.
  fileprivate var replacingDashes: String { String(filter { $0 != "-" && $0 != "_" }) }
}

/// Conversion of a word to a one-byte character set through iconv.
private enum OneByteConverter {
  /// The word in `characterSet`, one byte per character, or `nil` when iconv does not know
  /// the set or a character is not in it.
  static func convert(_ word: [Unicode.Scalar], to characterSet: String) -> [UInt8]? {
    let converter = iconv_open(characterSet, "UTF-8")
    guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    var input: [UInt8] = []
    for scalar in word { input.append(contentsOf: scalar.utf8) }
    var output = [UInt8](repeating: 0, count: word.count * 4)
    let outputCount = output.count
    var left = outputCount
    let status = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        var sourcePointer = UnsafeMutableRawPointer(source.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var targetPointer = UnsafeMutableRawPointer(target.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var sourceLeft = source.count
        return iconv(converter, &sourcePointer, &sourceLeft, &targetPointer, &left)
      }
    }
    let written = outputCount - left
    guard status != -1, written == word.count else { return nil }
    return Array(output.prefix(written))
  }
}
