// Built with the `Server` trait only (Package.swift).
#if Server
#if canImport(Glibc)
import Glibc
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`), which bounds the connections the
/// server can hold.
enum DescriptorLimit {
  /// Raises the soft limit to the hard one, as nginx's `worker_rlimit_nofile` lets a server
  /// do, and returns the soft limit in force.
  ///
  /// - Returns: The most files the process may have open.
  static func raise() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return Int(clamping: limit.rlim_cur)
  }
}
#endif
