#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor, with the few system calls Galley's file reading and writing need.
///
/// The owner closes it with ``close()``, usually in a `defer` right after ``open(_:_:mode:)``.
/// Each call retries when a signal interrupts it (`EINTR`).
package struct FileDescriptor: Hashable, Sendable {
  /// The descriptor number.
  package var rawValue: Int32

  /// Wraps a descriptor number the caller already owns, such as 0 or 1.
  ///
  /// - Parameter rawValue: The descriptor number.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// Standard input.
  package static let standardInput = FileDescriptor(rawValue: 0)
  /// Standard output.
  package static let standardOutput = FileDescriptor(rawValue: 1)

  /// Opens a file (`open(2)`); `O_CLOEXEC` is always added.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - flags: `O_RDONLY`, `O_WRONLY`, `O_CREAT`, `O_EXCL`, … combined.
  ///   - mode: The permissions of a file that `O_CREAT` creates, before the umask.
  /// - Returns: The open descriptor.
  /// - Throws: ``FileError`` from `errno`.
  package static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0) throws(FileError)
    -> FileDescriptor
  {
    while true {
      let descriptor = systemOpen(path, flags | O_CLOEXEC, mode_t(mode))
      if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
      if errno != EINTR { throw FileError(errno: errno) }
    }
  }

  /// The status of the open file (`fstat(2)`).
  ///
  /// - Returns: The status.
  /// - Throws: ``FileError`` from `errno`.
  package func status() throws(FileError) -> FileStatus {
    var raw = stat()
    guard fstat(rawValue, &raw) == 0 else { throw FileError(errno: errno) }
    return FileStatus(raw)
  }

  /// Reads up to `buffer.count` bytes (`read(2)`).
  ///
  /// - Parameter buffer: Where the bytes go.
  /// - Returns: How many bytes were read; 0 at the end of the file.
  /// - Throws: ``FileError`` from `errno`.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    while true {
      let count = systemRead(rawValue, base, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw FileError(errno: errno) }
    }
  }

  /// Writes all the bytes, however many `write(2)` calls it takes.
  ///
  /// - Parameter bytes: The bytes.
  /// - Throws: ``FileError`` from `errno`.
  package func writeAll(_ bytes: [UInt8]) throws(FileError) {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let count = systemWrite(rawValue, base + offset, buffer.count - offset)
        if count > 0 {
          offset += count
        } else if count < 0, errno == EINTR {
          continue
        } else {
          failure = count < 0 ? errno : EIO
          return
        }
      }
    }
    if failure != 0 { throw FileError(errno: failure) }
  }

  /// Flushes the file's data to its device (`fsync(2)`).
  ///
  /// - Throws: ``FileError`` from `errno`.
  package func synchronize() throws(FileError) {
    guard fsync(rawValue) == 0 else { throw FileError(errno: errno) }
  }

  /// Cuts the file to `length` bytes (`ftruncate(2)`).
  ///
  /// - Parameter length: The new length.
  /// - Throws: ``FileError`` from `errno`.
  package func truncate(to length: Int) throws(FileError) {
    guard ftruncate(rawValue, off_t(length)) == 0 else { throw FileError(errno: errno) }
  }

  /// Sets the permission bits (`fchmod(2)`).
  ///
  /// - Parameter permissions: The bits, such as `0o644`.
  /// - Throws: ``FileError`` from `errno`.
  package func setPermissions(_ permissions: UInt32) throws(FileError) {
    guard fchmod(rawValue, mode_t(permissions)) == 0 else { throw FileError(errno: errno) }
  }

  /// Sets the owner and group (`fchown(2)`); only root may give a file away.
  ///
  /// - Parameters:
  ///   - owner: The user ID.
  ///   - group: The group ID.
  /// - Throws: ``FileError`` from `errno`.
  package func setOwner(_ owner: UInt32, group: UInt32) throws(FileError) {
    guard fchown(rawValue, uid_t(owner), gid_t(group)) == 0 else { throw FileError(errno: errno) }
  }

  /// Closes the descriptor (`close(2)`); a write error that the system delayed shows here.
  ///
  /// - Throws: ``FileError`` from `errno`.
  package func close() throws(FileError) {
    // Linux frees the descriptor even when close fails, so it is never retried.
    guard systemClose(rawValue) == 0 else { throw FileError(errno: errno) }
  }
}

// The C functions under other names, because the methods above hide them.

/// `open(2)`.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

/// `read(2)`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}

/// `write(2)`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

/// `close(2)`.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
