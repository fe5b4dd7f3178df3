// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyService

/// How `galley-server` runs: where it listens, its limits, its cache and its playground.
package struct ServerConfiguration: Sendable {
  /// The address to bind (loopback by default).
  package var host = "127.0.0.1"
  /// The port; 0 picks a free one.
  package var port = 8080
  /// The timeouts and limits of each connection, the body's size among them.
  package var connections = ConnectionLimits()
  /// The largest answer, in bytes (`--max-answer` MB); a larger one is answered 422
  /// `answerTooLarge`.
  package var maximumAnswerBytes = 32 << 20
  /// How many requests work at once (`--workers`, default: the cores).
  package var workers = ServerConfiguration.coreCount
  /// How many requests may wait for a worker before the server answers 503.
  package var queueLimit: Int?
  /// The memory cache's capacity in bytes (`--cache-size` MB); 0 turns it off.
  package var cacheBytes = 64 << 20
  /// The disk cache's directory (`--cache-dir`), or `nil`.
  package var cacheDirectory: String?
  /// The disk cache's capacity in bytes (`--cache-disk-size` MB).
  package var cacheDiskBytes = 1 << 30
  /// The origin allowed by CORS (`--cors`), or `nil` for no CORS headers.
  package var corsOrigin: String?
  /// The playground's directory (`--playground`), served at `/` and `/static/`.
  package var playgroundDirectory: String?
  /// The bounds on one request's work.
  package var limits = ServiceLimits()
  /// What the render cache's keys include besides the request
  /// (`GalleyJobs/CacheGeneration`: the version, the fonts and the FontSets files).
  package var generation = "galley-server"

  /// The number of cores.
  package static var coreCount: Int { ProcessInfoCores.count }

  /// The queue's length: 64 per worker unless set.
  package var effectiveQueueLimit: Int { queueLimit ?? 64 * max(1, workers) }

  /// A configuration with every default.
  package init() {}
}
#endif
