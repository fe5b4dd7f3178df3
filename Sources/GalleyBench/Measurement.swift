import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Timing and memory helpers shared by the benchmarks.
enum Measurement {
  /// Runs `body` `warmups` times unmeasured, then `passes` times, and returns the median seconds.
  static func medianSeconds(warmups: Int, passes: Int, _ body: () throws -> Void) rethrows -> Double
  {
    for _ in 0..<warmups { try body() }
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<max(1, passes) {
      let elapsed = try clock.measure(body)
      samples.append(seconds(elapsed))
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// JSON writing throughput: `write` streams documents into a writer whose sink only counts
  /// the bytes, as `galley` streams them to standard output.
  ///
  /// - Parameters:
  ///   - passes: Measured passes, after one warm-up.
  ///   - write: Writes every document once.
  /// - Returns: The bytes of one pass, the median seconds and megabytes (10⁶ bytes) per
  ///   second.
  /// - Throws: What `write` throws.
  static func jsonWriting(
    passes: Int, _ write: (inout JSONWriter) throws -> Void
  ) rethrows -> [String: JSONValue] {
    var bytes = 0
    let seconds = try medianSeconds(warmups: 1, passes: passes) {
      bytes = 0
      var writer = JSONWriter(chunkSize: 1 << 16) { bytes += $0.count }
      try write(&writer)
      writer.finish()
    }
    return [
      "jsonBytes": .number(Double(bytes)), "jsonMedianSeconds": .number(seconds),
      "jsonMegabytesPerSecond": .number(Double(bytes) / seconds / 1e6),
    ]
  }

  /// The same documents through `JSONEncoder` (the CLI's formatting), once, for comparison.
  ///
  /// - Parameter documents: The documents.
  /// - Returns: `jsonEncoderMegabytesPerSecond`.
  /// - Throws: The encoder's error.
  static func jsonEncoding(_ documents: [some Encodable]) throws -> [String: JSONValue] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var bytes = 0
    let seconds = try medianSeconds(warmups: 0, passes: 1) {
      bytes = 0
      for document in documents { bytes += try encoder.encode(document).count }
    }
    return ["jsonEncoderMegabytesPerSecond": .number(Double(bytes) / seconds / 1e6)]
  }

  /// The process's peak resident memory in bytes (`getrusage`'s `ru_maxrss`).
  static func peakResidentBytes() -> Int {
    #if canImport(Glibc)
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    return usage.ru_maxrss * 1024
    #else
    return 0
    #endif
  }
}
