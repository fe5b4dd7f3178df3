import Synchronization

/// What a face's lookups allow the accelerators, kept with the face (``ShapingFace/analysis``):
/// one ``LookupAnalysis`` of its default lookups, and one per set of features that add
/// lookups, made as styles with those features first need them.
///
/// Bounded: at most ``featureSetLimit`` sets of added features per face; a style with another
/// set gets no analysis, and the accelerators decline its runs.
final class FaceAnalysis: Sendable {
  /// The analysis of the lookups HarfBuzz applies by default.
  let defaults = LookupAnalysis(adding: [])
  private let withFeatures = Mutex<[[UInt32]: LookupAnalysis]>([:])

  /// Sets of added features analysed per face.
  static let featureSetLimit = 32

  /// The analysis of the default lookups and those of the features `tags` (sorted), or `nil`
  /// when the face has ``featureSetLimit`` other sets already.
  func analysis(adding tags: [UInt32]) -> LookupAnalysis? {
    if tags.isEmpty { return defaults }
    return withFeatures.withLock { sets in
      if let known = sets[tags] { return known }
      guard sets.count < Self.featureSetLimit else { return nil }
      let made = LookupAnalysis(adding: tags)
      sets[tags] = made
      return made
    }
  }
}

/// What one set of a face's lookups (its defaults and those of some features) allows the
/// accelerators, found on first use: where its runs may be cut into words, per direction
/// (``ShapingFace/checkWordSplitting(_:rightToLeft:adding:)``), and which characters shape pair
/// by pair (``ShapingFace/checkPairLocality(_:adding:)``).
///
/// The analysis depends on the face, the features and the direction alone (it takes the union
/// of the lookups of every script and language the word scripts may meet), so it is read
/// through a ``ShapingStyle`` and keyed by the style's direction.
final class LookupAnalysis: Sendable {
  /// The features whose lookups join the defaults, sorted.
  let addedTags: [UInt32]
  /// Where Latin and Common runs may be cut into words.
  private let splitting: LazyWordSplitting
  /// Where Hebrew and Arabic runs may be cut into words.
  private let rightToLeftSplitting: LazyWordSplitting
  /// The characters of left-to-right Latin and Common runs that shape pair by pair.
  private let checkedPairLocality = Mutex<PairLocality?>(nil)
  /// Whether the pair locality has a member: 0 not known yet, 1 no, 2 yes.
  private let pairMembersKnown = Atomic<UInt8>(0)

  init(adding tags: [UInt32]) {
    addedTags = tags
    splitting = LazyWordSplitting(rightToLeft: false, adding: tags)
    rightToLeftSplitting = LazyWordSplitting(rightToLeft: true, adding: tags)
  }

  /// Where runs of `face` in a script of the given direction may be cut into words that shape
  /// alone as inside the run, so that the words can be cached.
  func wordSplitting(_ face: ShapingFace, rightToLeft: Bool) -> WordSplitting {
    (rightToLeft ? rightToLeftSplitting : splitting).value(for: face.handle)
  }

  /// The characters of left-to-right Latin and Common runs of `face` that ``PairShapes`` may
  /// shape, and the pairs of them it keeps apart.
  func pairLocality(_ face: ShapingFace) -> PairLocality {
    checkedPairLocality.withLock { locality in
      if let locality { return locality }
      let checked = ShapingFace.checkPairLocality(face.handle, adding: addedTags)
      locality = checked
      pairMembersKnown.store(checked.isEmpty ? 1 : 2, ordering: .releasing)
      return checked
    }
  }

  /// Whether some character of `face` shapes pair by pair; read without a lock once known.
  func hasPairMembers(_ face: ShapingFace) -> Bool {
    switch pairMembersKnown.load(ordering: .acquiring) {
    case 1: return false
    case 2: return true
    default: return !pairLocality(face).isEmpty
    }
  }
}

extension ShapingFace {
  /// Where runs in a script of the given direction may be cut into words, with the default
  /// lookups.
  func wordSplitting(rightToLeft: Bool) -> WordSplitting {
    analysis.defaults.wordSplitting(self, rightToLeft: rightToLeft)
  }

  /// The characters that shape pair by pair with the default lookups.
  var pairLocality: PairLocality { analysis.defaults.pairLocality(self) }
}

extension ShapingStyle {
  /// The analysis of the lookups this style applies: its face's defaults, joined by those of
  /// the features it turns on; `nil` when the accelerators may not take the style (its
  /// features are not interned, or its face has too many feature sets analysed).
  var analysis: LookupAnalysis? {
    guard let features else { return font.face.analysis.defaults }
    guard features.serial != nil else { return nil }
    return font.face.analysis.analysis(adding: features.addedTags)
  }

  /// Where runs of this style may be cut into words (its analysis for its direction).
  var wordSplitting: WordSplitting {
    analysis?.wordSplitting(font.face, rightToLeft: isRightToLeft) ?? .never
  }

  /// The characters of this style that shape pair by pair (none without an analysis).
  var pairLocality: PairLocality { analysis?.pairLocality(font.face) ?? PairLocality() }

  /// Whether some character of this style shapes pair by pair.
  var hasPairMembers: Bool { analysis?.hasPairMembers(font.face) ?? false }
}

/// A face's ``WordSplitting`` for one direction and set of lookups, found on first use and then
/// read without a lock when it is ``WordSplitting/everywhere`` or ``WordSplitting/never``.
private final class LazyWordSplitting: Sendable {
  let rightToLeft: Bool
  let addedTags: [UInt32]
  /// 0 not yet known, 1 everywhere, 2 never, 3 the exceptions in `exceptions`.
  private let state = Atomic<UInt8>(0)
  private let exceptions = Mutex<WordSplitting?>(nil)

  init(rightToLeft: Bool, adding tags: [UInt32]) {
    self.rightToLeft = rightToLeft
    addedTags = tags
  }

  @inline(__always)
  func value(for face: OpaquePointer) -> WordSplitting {
    switch state.load(ordering: .acquiring) {
    case 1: return .everywhere
    case 2: return .never
    default: return slowValue(for: face)
    }
  }

  /// The exceptions, or the answer checked now.
  @inline(never)
  private func slowValue(for face: OpaquePointer) -> WordSplitting {
    if state.load(ordering: .acquiring) == 3 { return exceptions.withLock { $0 } ?? .never }
    // Two threads may both check; they store the same answer.
    let answer = ShapingFace.checkWordSplitting(
      face, rightToLeft: rightToLeft, adding: addedTags)
    switch answer {
    case .everywhere: state.store(1, ordering: .releasing)
    case .never: state.store(2, ordering: .releasing)
    case .exceptBefore:
      exceptions.withLock { $0 = answer }
      state.store(3, ordering: .releasing)
    }
    return answer
  }
}
