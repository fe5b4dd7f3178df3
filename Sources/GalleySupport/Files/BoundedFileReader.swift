#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole input file, but never more than a limit: the one reader for markup
/// (`--input`), FontSets files (`--fontset`) and fontconfig files (`--fontconfig`).
///
/// It opens the path once and asks the open descriptor what it is (`fstat(2)`):
/// - a regular file larger than the limit is refused before a byte is read;
/// - a folder is refused with "is a directory, not a file";
/// - anything else (a pipe such as `<(printf Hi)`, a FIFO, a character device) has no size,
///   so it is read in chunks, and refused as soon as it gives more than the limit: at most
///   `limit + 1` bytes are ever held.
package enum BoundedFileReader {
  /// The bytes read at a time from a file of unknown size.
  static let chunkSize = 1 << 16

  /// Reads the file at `path`.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - limit: The largest size accepted, in bytes.
  /// - Returns: The file's bytes.
  /// - Throws: ``FileError``: no such file, permission denied, a folder, over the limit.
  package static func read(path: String, limit: Int) throws(FileError) -> [UInt8] {
    let descriptor = try FileDescriptor.open(path, O_RDONLY | O_NOCTTY)
    defer { try? descriptor.close() }
    return try read(descriptor, limit: limit)
  }

  /// Reads the file at `path` as UTF-8 text.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - limit: The largest size accepted, in bytes.
  /// - Returns: The text.
  /// - Throws: ``FileError``, also for text that is not valid UTF-8.
  package static func readText(path: String, limit: Int) throws(FileError) -> String {
    try UTF8Validation.decode(read(path: path, limit: limit))
  }

  /// Reads an open descriptor to its end, such as standard input.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor; it stays open.
  ///   - limit: The largest size accepted, in bytes.
  /// - Returns: The bytes.
  /// - Throws: ``FileError``: a folder, over the limit, or a read error.
  package static func read(_ descriptor: FileDescriptor, limit: Int) throws(FileError) -> [UInt8] {
    let status = try descriptor.status()
    var expected = chunkSize
    switch status.kind {
    case .directory:
      throw FileError(errno: EISDIR)
    case .regular:
      guard status.size <= limit else {
        throw FileError(.tooLarge, "is \(status.size) bytes; the limit is \(limit)")
      }
      // The file may still grow, or (in /proc) report no size: read to the end anyway.
      expected = status.size + 1
    default:
      break
    }
    return try readToEnd(descriptor, limit: limit, expected: expected)
  }

  /// Reads until the end of the file or `limit + 1` bytes, whichever comes first.
  private static func readToEnd(_ descriptor: FileDescriptor, limit: Int, expected: Int)
    throws(FileError) -> [UInt8]
  {
    let ceiling = limit + 1
    var buffer = [UInt8](repeating: 0, count: min(max(expected, 1), ceiling))
    var count = 0
    while count < ceiling {
      if count == buffer.count {
        let more = min(max(buffer.count, chunkSize), ceiling - buffer.count)
        buffer.append(contentsOf: repeatElement(0, count: more))
      }
      let result = buffer.withUnsafeMutableBytes { bytes in
        Result { () throws(FileError) -> Int in
          try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[count...]))
        }
      }
      let got = try result.get()
      if got == 0 { break }
      count += got
    }
    guard count <= limit else { throw FileError(.tooLarge, "is over \(limit) bytes") }
    buffer.removeSubrange(count...)
    return buffer
  }
}
