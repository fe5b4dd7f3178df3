extension LayoutEngine {
  /// The shaping fast paths a ``LayoutEngine`` may use.
  ///
  /// The reference path shapes each run whole with HarfBuzz. Each accelerator takes the runs
  /// it can prove it shapes exactly as the reference does and declines the others, so a
  /// layout is the same under every setting: only its cost changes. The design note
  /// `docs/design/fast-paths.md` gives each one's conditions and bounds.
  public struct Accelerators: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The set's bits, one per accelerator.
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Words shaped before, kept per font and run properties and reused (as Blink and
    /// Minikin do), where the face's lookups never reach across a space.
    public static let wordCache = Accelerators(rawValue: 1 << 0)
    /// Runs of Latin-1 text put together from pairs of characters HarfBuzz shaped once, where
    /// the face's lookups at those characters depend on one neighbour at most.
    public static let pairShaping = Accelerators(rawValue: 1 << 1)
    /// Shaping plans for the feature lists HarfBuzz is not given to keep (markup spans'
    /// features as ranges, lists past the interning limit), kept per font and reused; without
    /// it each call makes one.
    public static let shapingPlans = Accelerators(rawValue: 1 << 2)
    /// Every accelerator: the default.
    public static let all: Accelerators = [.wordCache, .pairShaping, .shapingPlans]

    /// Each accelerator with its name, in the order ``description`` lists them.
    public static let named: [(name: String, accelerator: Accelerators)] = [
      ("word-cache", .wordCache), ("pair-shaping", .pairShaping),
      ("shaping-plans", .shapingPlans),
    ]

    /// The accelerators' names, comma-separated (`word-cache,pair-shaping`), or `none`.
    public var description: String {
      let names = Self.named.filter { contains($0.accelerator) }.map(\.name)
      return names.isEmpty ? "none" : names.joined(separator: ",")
    }
  }
}
