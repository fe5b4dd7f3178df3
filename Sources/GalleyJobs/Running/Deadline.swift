import GalleyTools

/// When a job's time budget runs out.
package struct Deadline: Hashable, Sendable {
  /// The instant the budget runs out.
  package var instant: ContinuousClock.Instant
  /// The budget, for the failure's message.
  package var budget: Duration

  /// A deadline a budget from a start.
  ///
  /// - Parameters:
  ///   - start: When the work started.
  ///   - budget: How long it may take.
  package init(start: ContinuousClock.Instant, budget: Duration) {
    self.instant = start + budget
    self.budget = budget
  }

  /// Whether the budget ran out.
  package var hasPassed: Bool { ContinuousClock.now > instant }

  /// Fails when the budget ran out before a stage.
  ///
  /// - Parameter stage: The stage about to start, such as `layout`.
  /// - Throws: ``Failure`` (time budget).
  package func check(before stage: String) throws(Failure) {
    guard hasPassed else { return }
    throw Failure(
      .timeBudget, kind: "timeBudgetExceeded",
      "the request used its time budget of \(budget) before \(stage)")
  }
}
