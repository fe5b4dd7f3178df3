import Foundation
import Synchronization

/// A progress bar on standard error, redrawn in place at most once per percent, for long
/// runs on a terminal.
final class ProgressLine: Sendable {
  private let shown = Mutex(-1)

  /// Whether to show one: standard error is a terminal and `CI` is not set.
  static var isWanted: Bool {
    isatty(2) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
  }

  /// Shows the strings done.
  func show(_ done: Int, of total: Int) {
    guard total > 0 else { return }
    let percent = done * 100 / total
    let draw = shown.withLock { last -> Bool in
      guard percent > last else { return false }
      last = percent
      return true
    }
    guard draw else { return }
    let filled = percent * 30 / 100
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) strings".utf8))
  }

  /// Clears the line.
  func finish() {
    guard shown.withLock({ $0 }) >= 0 else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
