/// A run of text and the face that draws it, from
/// ``FontSet/fallbackRuns(for:primary:language:)-(String,_,_)``.
public struct FallbackRun: Hashable, Sendable {
  /// The run's range in the text.
  public var range: Range<String.Index>
  /// The run's range in UTF-16 code units of the whole string (for a substring, counted from
  /// its base's start, as ``range`` is).
  public var utf16Range: Range<Int>
  /// The run's range in UTF-8 code units of the whole string.
  public var utf8Range: Range<Int>
  /// The face, or `nil` when no installed face covers the run's characters.
  public var face: FaceDescriptor?
  /// Whether the face is the requested (primary) face rather than a fallback.
  public var isPrimary: Bool
}

extension FontSet {
  /// The face that should draw one character when the requested face may lack it.
  ///
  /// The requested face comes first; then fontconfig's ranking of all faces for the same style
  /// (and language, which picks between CJK variants, for example). For emoji presentation the
  /// color faces come first. Answers are memoized per style and character.
  ///
  /// - Parameters:
  ///   - scalar: The character.
  ///   - primary: The requested face.
  ///   - language: A BCP 47 or fontconfig language tag such as `ja` or `zh-cn`, or `nil`.
  /// - Returns: The face, or `nil` when no installed face covers the character.
  public func fallbackFace(
    for scalar: Unicode.Scalar, primary: ResolvedFace, language: String? = nil
  ) -> FaceDescriptor? {
    fontconfig.withLock { state in
      let styleIndex = state.styleIndex(for: primary, language: language)
      let position = state.position(
        for: scalar, styleIndex: styleIndex, wantsColor: scalar.properties.isEmojiPresentation)
      return position == -1 ? primary.face : state.face(at: position, styleIndex: styleIndex)
    }
  }

  /// Splits text into runs by the face that draws each grapheme cluster.
  ///
  /// A cluster goes to the first face that covers all of its characters (joiners, variation
  /// selectors and other format characters aside); failing that, to the face of its first
  /// character. Controls such as line breaks stay with the run before them.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - primary: The requested face.
  ///   - language: A language tag, or `nil`.
  /// - Returns: Runs in text order that cover the whole text.
  public func fallbackRuns(
    for text: String, primary: ResolvedFace, language: String? = nil
  ) -> [FallbackRun] {
    fallbackRuns(for: text[...], primary: primary, language: language)
  }

  /// Splits part of a text into runs by the face that draws each grapheme cluster.
  ///
  /// The same as ``fallbackRuns(for:primary:language:)-(String,_,_)``, without copying the
  /// part: the runs' ranges, UTF-16 ranges and UTF-8 ranges are all offsets of the whole
  /// string, so a caller that splits a text by attribute runs gets offsets it can use as they
  /// are.
  ///
  /// - Parameters:
  ///   - text: Part of a string.
  ///   - primary: The requested face.
  ///   - language: A language tag, or `nil`.
  /// - Returns: Runs in text order that cover the whole part.
  public func fallbackRuns(
    for text: Substring, primary: ResolvedFace, language: String? = nil
  ) -> [FallbackRun] {
    let base = text.base
    return fallbackRuns(
      for: text, utf8Offset: base.utf8.distance(from: base.startIndex, to: text.startIndex),
      utf16Offset: base.utf16.distance(from: base.startIndex, to: text.startIndex),
      primary: primary, language: language)
  }

  /// ``fallbackRuns(for:primary:language:)-(Substring,_,_)`` for a caller that knows where the
  /// part starts in its string, in both units (counting UTF-16 offsets can cost a walk of the
  /// string).
  ///
  /// - Parameters:
  ///   - text: Part of a string.
  ///   - utf8Offset: Where the part starts in its string, in UTF-8 code units.
  ///   - utf16Offset: Where it starts in UTF-16 code units.
  ///   - primary: The requested face.
  ///   - language: A language tag, or `nil`.
  /// - Returns: Runs in text order that cover the whole part.
  package func fallbackRuns(
    for text: Substring, utf8Offset: Int, utf16Offset: Int, primary: ResolvedFace,
    language: String?
  ) -> [FallbackRun] {
    fontconfig.withLock { state in
      let styleIndex = state.styleIndex(for: primary, language: language)
      if text.isEmpty { return [] }
      var utf16 = utf16Offset
      var utf8 = utf8Offset
      if let length = state.primaryCoverage(text, styleIndex: styleIndex) {
        // The common case: one run in the requested face, no grapheme clustering needed.
        return [
          FallbackRun(
            range: text.startIndex..<text.endIndex, utf16Range: utf16..<utf16 + length,
            utf8Range: utf8..<utf8 + text.utf8.count, face: primary.face, isPrimary: true)
        ]
      }
      var runs: [FallbackRun] = []
      var positions: [Int32] = []
      for index in text.indices {
        let cluster = text[index]
        let length = cluster.utf16.count
        let length8 = cluster.utf8.count
        var required = Self.requiredScalars(of: cluster)
        var position = Self.position(
          for: cluster, required: required, styleIndex: styleIndex, state: &state)
        // A face that also has the cluster's marks draws them: the cluster's face is the first
        // that has them all (Pango and browsers choose so), else the one that has its base.
        let marks = Self.markScalars(of: cluster)
        if !required.isEmpty, !marks.isEmpty,
          !state.covers(required + marks, position: position, styleIndex: styleIndex),
          let whole = Self.firstCovering(
            required + marks, for: cluster, styleIndex: styleIndex, state: &state)
        {
          position = whole
          required += marks
        }
        if let previous = positions.last {
          if required.isEmpty {
            // Controls, joiners and marks alone stay with the text before them.
            position = previous
          } else if position != -1, previous >= 0, previous != position,
            state.covers(required, position: previous, styleIndex: styleIndex)
          {
            // Like Pango: punctuation and other shared characters that the requested face
            // lacks stay in the fallback face already in use, if it has them.
            position = previous
          }
        }
        let end = text.index(after: index)
        if let last = positions.last, last == position {
          runs[runs.count - 1].range = runs[runs.count - 1].range.lowerBound..<end
          runs[runs.count - 1].utf16Range =
            runs[runs.count - 1].utf16Range.lowerBound..<utf16 + length
          runs[runs.count - 1].utf8Range =
            runs[runs.count - 1].utf8Range.lowerBound..<utf8 + length8
        } else {
          let face =
            position == -1 ? primary.face : state.face(at: position, styleIndex: styleIndex)
          runs.append(
            FallbackRun(
              range: index..<end, utf16Range: utf16..<utf16 + length,
              utf8Range: utf8..<utf8 + length8, face: face, isPrimary: position == -1))
          positions.append(position)
        }
        utf16 += length
        utf8 += length8
      }
      return runs
    }
  }

  /// -1 for the primary face, a fallback position, or -2 when no face covers the cluster.
  private static func position(
    for cluster: Character, required: [Unicode.Scalar], styleIndex: Int32,
    state: inout FontconfigState
  ) -> Int32 {
    guard let first = required.first else { return -1 }
    let wantsColor = isEmojiPresentation(cluster)
    let firstPosition = state.position(for: first, styleIndex: styleIndex, wantsColor: wantsColor)
    if required.count == 1 { return firstPosition }
    // Several characters: the first face that covers them all, in the usual order.
    return firstCovering(required, for: cluster, styleIndex: styleIndex, state: &state)
      ?? firstPosition
  }

  /// The first face, in the usual order (color faces first for an emoji picture, then the
  /// primary face, then the fallback list), that has all of `scalars`, or `nil`.
  private static func firstCovering(
    _ scalars: [Unicode.Scalar], for cluster: Character, styleIndex: Int32,
    state: inout FontconfigState
  ) -> Int32? {
    let count = Int32(state.fallbackCount(styleIndex: styleIndex))
    var order: [Int32] = []
    if isEmojiPresentation(cluster) {
      order += (0..<count).filter { state.isColor(at: $0, styleIndex: styleIndex) }
    }
    order.append(-1)
    order += 0..<count
    return order.first { state.covers(scalars, position: $0, styleIndex: styleIndex) }
  }

  /// The combining marks of a cluster (nonspacing and enclosing), which a face should have
  /// too, though the shaper can compose some of them with their base.
  static func markScalars(of cluster: Character) -> [Unicode.Scalar] {
    cluster.unicodeScalars.dropFirst().filter { scalar in
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark: return true
      default: return false
      }
    }
  }

  /// The characters a face must have to draw a cluster: not joiners, variation selectors,
  /// tags or other format and control characters, which the shaper handles.
  static func requiredScalars(of cluster: Character) -> [Unicode.Scalar] {
    cluster.unicodeScalars.filter { scalar in
      switch scalar.properties.generalCategory {
      case .format, .control, .nonspacingMark, .enclosingMark: return false
      default: return !(0xFE00...0xFE0F).contains(scalar.value)
      }
    }
  }

  /// Whether a cluster is shown as an emoji picture rather than as text.
  ///
  /// A character that is an emoji only by property (digits, `#`, `*`, `☺`) is a picture when
  /// a variation selector 16, a keycap, a skin-tone modifier, a zero-width joiner or a tag
  /// follows it; a combining accent alone does not make `8́` an emoji.
  static func isEmojiPresentation(_ cluster: Character) -> Bool {
    let scalars = cluster.unicodeScalars
    guard let first = scalars.first else { return false }
    if scalars.contains("\u{FE0E}") { return false }
    if first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}")
      || scalars.contains("\u{20E3}")
    {
      return true
    }
    return first.properties.isEmoji
      && scalars.dropFirst().contains { scalar in
        scalar.properties.isEmojiModifier || scalar == "\u{200D}"
          || (0xE0020...0xE007F).contains(scalar.value)
      }
  }
}
