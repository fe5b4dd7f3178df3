// Built with the `Server` trait only (Package.swift).
#if Server
import Synchronization

/// At most `workers` requests work at once; up to `queueLimit` more wait their turn, in
/// order, and any beyond are refused at once (the server answers 503 with `Retry-After`).
package final class WorkLimiter: Sendable {
  /// The limiter's state, behind the mutex.
  private struct State {
    var available: Int
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  /// How many requests may work at once.
  package let workers: Int
  /// How many may wait.
  package let queueLimit: Int
  private let state: Mutex<State>

  /// Creates a limiter.
  ///
  /// - Parameters:
  ///   - workers: How many requests may work at once (at least 1).
  ///   - queueLimit: How many may wait (at least 0).
  package init(workers: Int, queueLimit: Int) {
    self.workers = max(1, workers)
    self.queueLimit = max(0, queueLimit)
    state = Mutex(State(available: max(1, workers)))
  }

  /// How many requests wait now.
  package var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Takes a worker, waiting in the queue when all are busy.
  ///
  /// - Returns: `false` when the queue is full: the caller must not call ``release()``.
  package func acquire() async -> Bool {
    enum Decision { case go, wait, refuse }
    let decision: Decision = state.withLock { state in
      if state.available > 0 {
        state.available -= 1
        return .go
      }
      return state.waiting.count < queueLimit ? .wait : .refuse
    }
    switch decision {
    case .go: return true
    case .refuse: return false
    case .wait:
      await withCheckedContinuation { continuation in
        let isGranted: Bool = state.withLock { state in
          // A worker may have been released between the two locks.
          if state.available > 0 {
            state.available -= 1
            return true
          }
          state.waiting.append(continuation)
          return false
        }
        if isGranted { continuation.resume() }
      }
      return true
    }
  }

  /// Gives a worker back, to the first waiting request if any.
  package func release() {
    let next: CheckedContinuation<Void, Never>? = state.withLock { state in
      guard !state.waiting.isEmpty else {
        state.available += 1
        return nil
      }
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
#endif
