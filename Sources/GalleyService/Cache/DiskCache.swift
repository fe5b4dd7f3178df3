#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The second cache level: one file per render answer in a directory, named by the key's
/// ``StableHash``, written atomically (a temporary file renamed into place), so several
/// servers may share the directory, and a directory they cannot write is used read-only.
///
/// A file holds one JSON line (the whole key, the content type and the geometry), then the
/// body; a file whose key differs from the one asked for is a miss.
package struct DiskCache: Sendable {
  /// The directory.
  package let directory: String
  /// The largest file read back, in bytes.
  package let maximumFileBytes: Int

  /// The first line of a file.
  private struct Header: Codable {
    var key: String
    var entry: CachedImage
  }

  /// Creates a cache over a directory, which is created if missing.
  ///
  /// - Parameters:
  ///   - directory: The directory.
  ///   - maximumFileBytes: The largest file read back.
  package init(directory: String, maximumFileBytes: Int = 64 << 20) {
    self.directory = directory
    self.maximumFileBytes = maximumFileBytes
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
  }

  /// The entry for a key, or `nil` when there is none (or it cannot be read).
  ///
  /// - Parameter key: The key.
  /// - Returns: The entry.
  package func value(forKey key: String) -> CachedImage? {
    let url = fileURL(key)
    guard let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int,
      size <= maximumFileBytes, let data = try? Data(contentsOf: url),
      let newline = data.firstIndex(of: UInt8(ascii: "\n")),
      let header = try? JSONDecoder().decode(Header.self, from: data[..<newline]),
      header.key == key
    else { return nil }
    var entry = header.entry
    entry.body = Array(data[data.index(after: newline)...])
    return entry
  }

  /// Writes an entry; a failure (a read-only directory, a full disk) is ignored.
  ///
  /// - Parameters:
  ///   - value: The entry.
  ///   - key: Its key.
  package func insert(_ value: CachedImage, forKey key: String) {
    var headerEntry = value
    headerEntry.body = []
    guard var data = try? JSONEncoder().encode(Header(key: key, entry: headerEntry)) else {
      return
    }
    data.append(UInt8(ascii: "\n"))
    data.append(contentsOf: value.body)
    try? data.write(to: fileURL(key), options: .atomic)
  }

  /// The file of a key.
  private func fileURL(_ key: String) -> URL {
    URL(fileURLWithPath: directory).appendingPathComponent(
      StableHash.hex(key.utf8) + ".galley-cache")
  }
}
