/// Which characters of ``PairAlphabet`` shape pair by pair in a face, and which pairs of them
/// may not stand next to each other in a run shaped from pairs (they start a ligature).
///
/// Found once per face (``ShapingFace/checkPairLocality(_:)``). In DejaVu Sans every
/// printable ASCII and Latin-1 character but the soft hyphen is a member, and `ff`, `fi` and
/// `fl` are the pairs kept apart: a run with one of them goes to HarfBuzz.
struct PairLocality: Sendable, Equatable {
  /// The characters whose shaping depends on their neighbours alone.
  var members = PairAlphabet.Members()
  /// Pairs of members that start a ligature.
  var ligatureStarts: Set<PairKey> = []
  /// The first characters of ``ligatureStarts``, so most characters skip the set.
  var ligatureFirsts = PairAlphabet.Members()

  /// Whether no character shapes pair by pair.
  var isEmpty: Bool { members.isEmpty }

  /// Whether character `first` may not be followed by `second` in a run shaped from pairs.
  @inline(__always)
  func keepsApart(_ first: Int, _ second: Int) -> Bool {
    ligatureFirsts.contains(first) && ligatureStarts.contains(PairKey(first: first, second: second))
  }
}
