internal import GalleySupport

/// Everything that calls into fontconfig, kept behind ``FontSet``'s lock: the configuration,
/// and caches of what it answered.
struct FontconfigState: ~Copyable {
  let configuration: FontconfigConfiguration
  private var substitutes: [String: String?] = [:]
  private var styleIndices: [StyleKey: Int] = [:]
  /// The style asked for last: runs of one text mostly share it, and comparing is cheaper than
  /// hashing a file path.
  private var lastStyle: (key: StyleKey, id: Int32)?
  private var styleData: [StyleData] = []
  private var memo: [MemoKey: Int32] = [:]
  private static let memoLimit = 1 << 16
  private static let styleLimit = 512

  /// The catalog of a font set that lists its faces lazily; unused by one that lists them when
  /// it is created.
  var catalog: LazyCatalog

  /// Creates the state of a font set.
  ///
  /// - Parameters:
  ///   - configuration: The fontconfig configuration.
  ///   - weightOverrides: FontSets weight overrides, for the lazy catalog.
  init(configuration: FontconfigConfiguration, weightOverrides: [String: [String: Int]] = [:]) {
    self.configuration = configuration
    self.catalog = LazyCatalog(weightOverrides: weightOverrides)
  }

  struct StyleKey: Hashable {
    var file: String
    var index: Int
    var weight: Int
    var isItalic: Bool
    var language: String?
  }

  private struct StyleData {
    var primary: CharacterCoverage?
    var list: FallbackList?
    /// Direct coverage answers for scalars below ``directLimit``.
    ///
    /// 1 when the primary face covers the scalar, 0 when not, -1 when not asked yet. Avoids
    /// hashing for the common scripts.
    var primaryCovers: [Int8] = []
  }

  /// Scalars below this get a direct table per style instead of the memo.
  static let directLimit: UInt32 = 0x3000

  private struct MemoKey: Hashable {
    var styleIndex: Int32
    var scalar: UInt32
    var wantsColor: Bool
  }

  mutating func substituteFamily(for family: String) -> String? {
    if let known = substitutes[family] { return known }
    let found = configuration.substituteFamily(for: family, language: nil)
    if substitutes.count > 1024 { substitutes.removeAll() }
    substitutes[family] = found
    return found
  }

  /// The index of a style's fallback data (primary face, ranked fallbacks and their caches) in
  /// `styleData`, creating it on first use.
  mutating func styleIndex(for primary: ResolvedFace, language: String?) -> Int32 {
    let key = StyleKey(
      file: primary.face.file, index: primary.face.index, weight: primary.requestedWeight,
      isItalic: primary.isItalicRequested, language: language)
    if let last = lastStyle, last.key == key { return last.id }
    if let id = styleIndices[key] {
      lastStyle = (key, Int32(id))
      return Int32(id)
    }
    if styleData.count >= Self.styleLimit {
      styleIndices.removeAll()
      styleData.removeAll()
      memo.removeAll()
      lastStyle = nil
    }
    let data = StyleData(
      primary: configuration.coverage(of: primary.face),
      list: configuration.sortedFallbacks(
        family: primary.face.family, cssWeight: primary.requestedWeight,
        isItalic: primary.isItalicRequested, language: language))
    styleData.append(data)
    styleIndices[key] = styleData.count - 1
    return Int32(styleData.count - 1)
  }

  /// Whether the primary face of the style at `styleIndex` draws every scalar of `text` by
  /// itself, and if so the text's length in UTF-16 code units.
  ///
  /// Emoji presentation is left to the slow path. Decided with the direct table, so it costs a
  /// few nanoseconds per scalar; the UTF-8 bytes are decoded in place when the text is
  /// contiguous, which native strings are. `nil` means "look closer", not "no".
  mutating func primaryCoverage(_ text: Substring, styleIndex: Int32) -> Int? {
    let id = Int(styleIndex)
    if styleData[id].primaryCovers.isEmpty {
      styleData[id].primaryCovers = [Int8](repeating: -1, count: Int(Self.directLimit))
    }
    // The common case reads the table without touching the rest of the state.
    let answer = styleData[id].primaryCovers.withUnsafeBufferPointer { table -> Int?? in
      text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
        Self.coveredLength(bytes, table: table)
      }
    }
    switch answer {
    case .some(.some(let length)): return length
    case .some(.none) where Self.hasUnknownScalar(text, table: styleData[id].primaryCovers): break
    case .some(.none): return nil
    case .none: break
    }
    var length = 0
    for scalar in text.unicodeScalars {
      let value = scalar.value
      guard value < Self.directLimit else { return nil }
      var known = styleData[id].primaryCovers[Int(value)]
      if known < 0 {
        let covers =
          !scalar.properties.isEmojiPresentation
          && (styleData[id].primary?.covers(scalar) ?? false)
        known = covers ? 1 : 0
        styleData[id].primaryCovers[Int(value)] = known
      }
      // Controls are never drawn, so they do not need coverage.
      if known == 0, scalar.properties.generalCategory != .control { return nil }
      length += UTF16.width(scalar)
    }
    return length
  }

  /// The UTF-16 length of `bytes` when the table says the primary face covers every scalar,
  /// or `nil` when a scalar is not covered, not asked yet, or past the table.
  private static func coveredLength(
    _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<Int8>
  ) -> Int? {
    var length = 0
    var index = 0
    while index < bytes.count {
      // Valid UTF-8 by construction: the lead byte says how many bytes follow.
      let value: UInt32
      if bytes[index] < 0x80 {
        value = UInt32(bytes[index])
        index += 1
      } else {
        let scalar = UTF8Decoding.scalar(in: bytes, at: index)
        value = scalar.value
        index += scalar.length
      }
      guard value < directLimit else { return nil }
      switch table[Int(value)] {
      case 1: break
      case 0 where value < 0x20 || (0x7F...0x9F).contains(value): break  // controls
      default: return nil
      }
      length += 1
    }
    return length
  }

  /// Whether `text` has a scalar the table has no answer for yet, so the slow path should
  /// ask fontconfig and fill the table.
  private static func hasUnknownScalar(_ text: Substring, table: [Int8]) -> Bool {
    for scalar in text.unicodeScalars {
      guard scalar.value < directLimit else { return false }
      if table[Int(scalar.value)] < 0 { return true }
    }
    return false
  }

  /// Which face draws `scalar`, memoized per style: -1 for the primary face, a position in
  /// the fallback list, or -2 when no face covers it.
  mutating func position(
    for scalar: Unicode.Scalar, styleIndex: Int32, wantsColor: Bool
  ) -> Int32 {
    let key = MemoKey(styleIndex: styleIndex, scalar: scalar.value, wantsColor: wantsColor)
    if let position = memo[key] { return position }
    let position = compute(scalar, styleIndex: styleIndex, wantsColor: wantsColor)
    if memo.count >= Self.memoLimit { memo.removeAll(keepingCapacity: true) }
    memo[key] = position
    return position
  }

  /// Whether the face at a fallback position (or the primary, -1) covers every scalar.
  func covers(_ scalars: [Unicode.Scalar], position: Int32, styleIndex: Int32) -> Bool {
    let data = styleData[Int(styleIndex)]
    if position < 0 { return scalars.allSatisfy { data.primary?.covers($0) ?? false } }
    guard let list = data.list else { return false }
    return scalars.allSatisfy { list.covers(Int(position), $0) }
  }

  /// How many fallback faces the style has (positions `0..<count`), not counting the primary.
  func fallbackCount(styleIndex: Int32) -> Int {
    styleData[Int(styleIndex)].list?.faces.count ?? 0
  }

  /// The fallback face at `position`; `nil` for the primary face (-1) and for none (-2).
  func face(at position: Int32, styleIndex: Int32) -> FaceDescriptor? {
    guard position >= 0, let list = styleData[Int(styleIndex)].list else { return nil }
    return list.faces[Int(position)]
  }

  /// Whether the fallback face at `position` has color glyphs.
  func isColor(at position: Int32, styleIndex: Int32) -> Bool {
    face(at: position, styleIndex: styleIndex)?.isColor ?? false
  }

  /// -1 for the primary face, a list position, or -2 when no face covers the scalar.
  private func compute(_ scalar: Unicode.Scalar, styleIndex: Int32, wantsColor: Bool) -> Int32 {
    let data = styleData[Int(styleIndex)]
    let count = data.list?.faces.count ?? 0
    if wantsColor, let list = data.list {
      for position in 0..<count where list.faces[position].isColor && list.covers(position, scalar)
      {
        return Int32(position)
      }
    }
    if data.primary?.covers(scalar) ?? false { return -1 }
    if let list = data.list {
      for position in 0..<count where list.covers(position, scalar) { return Int32(position) }
    }
    return -2
  }
}
