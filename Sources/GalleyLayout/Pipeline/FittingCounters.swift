import Synchronization

/// Counts of the layouts that truncation and autoshrink run, for `galley-bench label`.
///
/// Each count is one relaxed atomic increment per layout pass, next to a pass that shapes and
/// breaks text, so it costs nothing measurable. The counts only grow; a benchmark reads them
/// before and after its work.
package enum FittingCounters {
  /// Autoshrink probes: one per scale tried (``Autoshrinker``'s `probe(_:)`).
  package static let probes = Atomic<Int>(0)
  /// Passes of ``Truncator``'s growing window: one per prefix assembled.
  package static let windowPasses = Atomic<Int>(0)
}
