/// A run of text and the face that draws it, from ``FontSet/fallbackRuns(for:primary:language:)``.
public struct FallbackRun: Hashable, Sendable {
  /// The run's range in the text.
  public var range: Range<String.Index>
  /// The run's range in UTF-16 code units.
  public var utf16Range: Range<Int>
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
      let style = state.style(for: primary, language: language)
      switch state.choice(
        for: scalar, style: style, wantsColor: scalar.properties.isEmojiPresentation)
      {
      case .primary: return primary.face
      case .fallback(let face): return face
      case .none: return nil
      }
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
    fontconfig.withLock { state in
      let style = state.style(for: primary, language: language)
      var runs: [FallbackRun] = []
      var utf16 = 0
      for index in text.indices {
        let cluster = text[index]
        let length = cluster.utf16.count
        let choice = Self.choice(for: cluster, style: style, state: &state)
        let face: FaceDescriptor?
        let isPrimary: Bool
        switch choice {
        case .primary: (face, isPrimary) = (primary.face, true)
        case .fallback(let fallback): (face, isPrimary) = (fallback, false)
        case .none:
          if let last = runs.last, Self.requiredScalars(of: cluster).isEmpty {
            (face, isPrimary) = (last.face, last.isPrimary)
          } else {
            (face, isPrimary) = (nil, false)
          }
        }
        let end = text.index(after: index)
        if let last = runs.last, last.face == face, last.isPrimary == isPrimary {
          runs[runs.count - 1].range = last.range.lowerBound..<end
          runs[runs.count - 1].utf16Range = last.utf16Range.lowerBound..<utf16 + length
        } else {
          runs.append(
            FallbackRun(
              range: index..<end, utf16Range: utf16..<utf16 + length, face: face,
              isPrimary: isPrimary))
        }
        utf16 += length
      }
      return runs
    }
  }

  private static func choice(
    for cluster: Character, style: Int32, state: inout FontconfigState
  ) -> FontconfigState.Choice {
    let required = requiredScalars(of: cluster)
    guard let first = required.first else {
      // Only controls or joiners: the primary face, unless the caller merges it backwards.
      return cluster.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
        ? .none : .primary
    }
    let wantsColor = isEmojiPresentation(cluster)
    let firstChoice = state.choice(for: first, style: style, wantsColor: wantsColor)
    if required.count == 1 { return firstChoice }
    // Several characters: the first face that covers them all, in the usual order.
    var order: [Int32] = []
    if wantsColor {
      order += (0..<Int32(state.fallbackCount(style: style))).filter {
        state.isColor(at: $0, style: style)
      }
    }
    order.append(-1)
    order += (0..<Int32(state.fallbackCount(style: style)))
    for position in order where state.covers(required, position: position, style: style) {
      return position < 0
        ? .primary : state.face(at: position, style: style).map { .fallback($0) } ?? .none
    }
    return firstChoice
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
  static func isEmojiPresentation(_ cluster: Character) -> Bool {
    let scalars = cluster.unicodeScalars
    guard let first = scalars.first else { return false }
    if scalars.contains("\u{FE0E}") { return false }
    return first.properties.isEmojiPresentation || scalars.contains("\u{FE0F}")
      || scalars.contains("\u{20E3}") || scalars.count > 1 && first.properties.isEmoji
  }
}
