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
