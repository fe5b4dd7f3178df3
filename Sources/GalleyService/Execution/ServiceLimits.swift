/// The bounds on one request's work: text length, points, pixels and time.
package struct ServiceLimits: Hashable, Sendable {
  /// The longest markup (and truncation token), in UTF-8 bytes.
  package var maximumMarkupBytes = 100_000
  /// The most entries in the font and color tables.
  package var maximumTableEntries = 256
  /// The most points one hit request may test.
  package var maximumPoints = 1000
  /// The most pixels an image may have (4096 × 4096), oversampling included; tighter than
  /// the renderer's own limits (`RenderOptions.maximumPixels`), which still apply.
  package var maximumPixels = 1 << 24
  /// The longest a request may take from its arrival (queue included) before its next stage
  /// (layout, drawing) is refused.
  package var timeBudget: Duration = .seconds(2)

  /// The default limits.
  package init() {}
}
