// Built with the `Server` trait only (Package.swift).
#if Server
import CoreMetrics
import GalleyService
import Metrics
import Prometheus

/// The server's metrics, through swift-metrics with a Prometheus registry of its own (so
/// several servers in one process, as in the tests, keep theirs apart): request counts by
/// endpoint and status, latency histograms by endpoint, cache hits and misses with the hit
/// rate, and bytes rendered.
package struct ServiceMetrics: Sendable {
  /// The registry `/metrics` prints.
  package let registry: PrometheusCollectorRegistry
  private let factory: PrometheusMetricsFactory

  /// Creates the metrics over a new registry.
  package init() {
    registry = PrometheusCollectorRegistry()
    var factory = PrometheusMetricsFactory(registry: registry)
    factory.defaultDurationHistogramBuckets = [
      .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
      .milliseconds(5), .milliseconds(10), .milliseconds(20), .milliseconds(50),
      .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2),
    ]
    self.factory = factory
  }

  /// Counts a finished request and records its latency.
  ///
  /// - Parameters:
  ///   - endpoint: The endpoint, such as `layout`.
  ///   - status: The HTTP status.
  ///   - duration: How long the request took.
  package func record(endpoint: String, status: Int, duration: Duration) {
    Counter(
      label: "galley_requests_total",
      dimensions: [("endpoint", endpoint), ("status", String(status))], factory: factory
    ).increment()
    Metrics.Timer(
      label: "galley_request_duration_seconds", dimensions: [("endpoint", endpoint)],
      factory: factory
    ).record(duration: duration)
  }

  /// Counts bytes of images rendered (not served from a cache).
  ///
  /// - Parameter count: The bytes.
  package func recordRendered(bytes count: Int) {
    Counter(label: "galley_rendered_bytes_total", factory: factory).increment(by: count)
  }

  /// The Prometheus text, with the cache's and the connections' counts as of now.
  ///
  /// - Parameters:
  ///   - cache: The render cache.
  ///   - ledger: The connections' shared counts.
  /// - Returns: The text exposition.
  package func exposition(cache: RenderCache, ledger: ConnectionLedger) -> [UInt8] {
    record(ledger)
    let counts = cache.statistics
    let lookups = counts.memoryHits + counts.diskHits + counts.misses
    for (level, hits) in [("memory", counts.memoryHits), ("disk", counts.diskHits)] {
      Gauge(label: "galley_render_cache_hits", dimensions: [("level", level)], factory: factory)
        .record(hits)
    }
    Gauge(label: "galley_render_cache_misses", factory: factory).record(counts.misses)
    Gauge(label: "galley_render_cache_hit_ratio", factory: factory).record(
      lookups == 0 ? 0 : Double(counts.memoryHits + counts.diskHits) / Double(lookups))
    Gauge(label: "galley_render_cache_memory_bytes", factory: factory).record(counts.memoryBytes)
    Gauge(label: "galley_render_cache_entries", factory: factory).record(counts.memoryEntries)
    if cache.directory != nil {
      Gauge(label: "galley_render_cache_disk_bytes", factory: factory).record(counts.diskBytes)
      Gauge(label: "galley_render_cache_disk_evictions", factory: factory).record(
        counts.evictedFiles)
      for (kind, count) in [("corrupt", counts.corruptFiles), ("write", counts.writeFailures)] {
        Gauge(
          label: "galley_render_cache_disk_errors", dimensions: [("kind", kind)],
          factory: factory
        ).record(count)
      }
    }
    return registry.emitToBuffer()
  }

  /// Records the connections' counts as gauges.
  ///
  /// - Parameter ledger: The connections' shared counts.
  private func record(_ ledger: ConnectionLedger) {
    Gauge(label: "galley_connections_open", factory: factory).record(ledger.openConnections)
    Gauge(label: "galley_answer_bytes_unsent", factory: factory).record(ledger.unsentAnswerBytes)
    for reason in ConnectionLedger.Reason.allCases {
      Gauge(
        label: "galley_connections_closed", dimensions: [("reason", reason.rawValue)],
        factory: factory
      ).record(ledger.count(reason))
    }
  }
}
#endif
