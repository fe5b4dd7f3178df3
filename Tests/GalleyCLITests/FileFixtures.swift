import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Files of every kind for the input and output tests: folders, sparse files and FIFOs.
enum FileFixtures {
  /// A fresh, empty folder for one test's files.
  ///
  /// - Returns: The folder.
  /// - Throws: When it cannot be created.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "galley-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A file of `size` zero bytes that takes no disk space (`ftruncate`).
  ///
  /// - Parameters:
  ///   - url: Where to create it.
  ///   - size: Its size in bytes.
  /// - Throws: When it cannot be created.
  static func sparseFile(at url: URL, size: Int) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    guard ftruncate(descriptor, off_t(size)) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
  }

  /// Creates a FIFO (`mkfifo`).
  ///
  /// - Parameter url: Where to create it.
  /// - Throws: When it cannot be created.
  static func fifo(at url: URL) throws {
    guard mkfifo(url.path, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
  }

  /// The file type bits of the file at `url`, without following a link (`lstat`).
  ///
  /// - Parameter url: The file.
  /// - Returns: `S_IFREG`, `S_IFLNK`, `S_IFCHR`, `S_IFIFO`, …, or `nil` when there is none.
  static func type(of url: URL) -> mode_t? {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }

  /// The permission bits of the file at `url`.
  ///
  /// - Parameter url: The file.
  /// - Returns: The bits, such as `0o600`.
  static func permissions(of url: URL) -> mode_t? {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }
}

/// The other end of a FIFO, on its own thread: it reads everything written to the FIFO, or
/// writes given bytes into it.
final class FIFOPeer: @unchecked Sendable {
  private let path: String
  private let lock = NSLock()
  private var received = Data()
  private let finished = DispatchSemaphore(value: 0)

  private init(path: String) { self.path = path }

  /// Starts reading the FIFO at `url` until its writer closes it.
  ///
  /// - Parameter url: The FIFO.
  /// - Returns: The reader; call ``finish()`` for the bytes.
  static func reading(_ url: URL) -> FIFOPeer {
    let peer = FIFOPeer(path: url.path)
    Thread.detachNewThread {
      if let handle = FileHandle(forReadingAtPath: peer.path) {
        let data = handle.readDataToEndOfFile()
        try? handle.close()
        peer.lock.withLock { peer.received = data }
      }
      peer.finished.signal()
    }
    return peer
  }

  /// Starts writing `bytes` into the FIFO at `url`, then closes it.
  ///
  /// - Parameters:
  ///   - url: The FIFO.
  ///   - bytes: What to write.
  /// - Returns: The writer; call ``finish()`` to wait for it.
  static func writing(_ url: URL, _ bytes: Data) -> FIFOPeer {
    let peer = FIFOPeer(path: url.path)
    Thread.detachNewThread {
      if let handle = FileHandle(forWritingAtPath: peer.path) {
        handle.write(bytes)
        try? handle.close()
      }
      peer.finished.signal()
    }
    return peer
  }

  /// Waits for the thread, unblocking it if the command never opened the FIFO.
  ///
  /// - Returns: The bytes read (empty for a writer).
  func finish() -> Data {
    if finished.wait(timeout: .now() + 10) == .timedOut {
      // Open the other end without blocking, so that the thread's open returns.
      let other = open(path, O_RDWR | O_NONBLOCK)
      if other >= 0 { close(other) }
      finished.wait()
    }
    return lock.withLock { received }
  }
}
