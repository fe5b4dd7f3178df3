import Synchronization

/// What a face's lookups allow the accelerators, found on first use and kept with the face
/// (``ShapingFace/analysis``): where its runs may be cut into words, per direction
/// (``ShapingFace/checkWordSplitting(_:rightToLeft:)``), and which characters shape pair by
/// pair (``ShapingFace/checkPairLocality(_:)``).
///
/// The analysis depends on the face and the direction alone (it takes the union of the
/// lookups of every script and language the word scripts may meet), so it is read through a
/// ``ShapingStyle`` and keyed by the style's direction.
final class FaceAnalysis: Sendable {
  /// Where Latin and Common runs may be cut into words.
  fileprivate let splitting = LazyWordSplitting(rightToLeft: false)
  /// Where Hebrew and Arabic runs may be cut into words.
  fileprivate let rightToLeftSplitting = LazyWordSplitting(rightToLeft: true)
  /// The characters of left-to-right Latin and Common runs that shape pair by pair.
  fileprivate let checkedPairLocality = Mutex<PairLocality?>(nil)
  /// Whether the pair locality has a member: 0 not known yet, 1 no, 2 yes.
  fileprivate let pairMembersKnown = Atomic<UInt8>(0)
}

extension ShapingFace {
  /// Where runs in a script of the given direction may be cut into words that shape alone as
  /// inside the run, so that the words can be cached.
  func wordSplitting(rightToLeft: Bool) -> WordSplitting {
    (rightToLeft ? analysis.rightToLeftSplitting : analysis.splitting).value(for: handle)
  }

  /// The characters of left-to-right Latin and Common runs that ``PairShapes`` may shape, and
  /// the pairs of them it keeps apart.
  var pairLocality: PairLocality {
    analysis.checkedPairLocality.withLock { locality in
      if let locality { return locality }
      let checked = Self.checkPairLocality(handle)
      locality = checked
      analysis.pairMembersKnown.store(checked.isEmpty ? 1 : 2, ordering: .releasing)
      return checked
    }
  }

  /// Whether some character shapes pair by pair in this face; read without a lock once known.
  var hasPairMembers: Bool {
    switch analysis.pairMembersKnown.load(ordering: .acquiring) {
    case 1: return false
    case 2: return true
    default: return !pairLocality.isEmpty
    }
  }
}

extension ShapingStyle {
  /// Where runs of this style may be cut into words (its face's analysis for its direction).
  var wordSplitting: WordSplitting { font.face.wordSplitting(rightToLeft: isRightToLeft) }
}

/// A face's ``WordSplitting`` for one direction, found on first use and then read without a
/// lock when it is ``WordSplitting/everywhere`` or ``WordSplitting/never``.
private final class LazyWordSplitting: Sendable {
  let rightToLeft: Bool
  /// 0 not yet known, 1 everywhere, 2 never, 3 the exceptions in `exceptions`.
  private let state = Atomic<UInt8>(0)
  private let exceptions = Mutex<WordSplitting?>(nil)

  init(rightToLeft: Bool) { self.rightToLeft = rightToLeft }

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
    let answer = ShapingFace.checkWordSplitting(face, rightToLeft: rightToLeft)
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
