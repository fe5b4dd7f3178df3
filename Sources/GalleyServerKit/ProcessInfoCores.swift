// Built with the `Server` trait only (Package.swift).
#if Server
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The machine's active cores, the default number of workers.
enum ProcessInfoCores {
  /// At least 1.
  static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
#endif
