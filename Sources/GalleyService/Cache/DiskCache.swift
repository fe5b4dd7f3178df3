import GalleySupport
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The second cache level: one file per render answer in a directory, named by the key's
/// ``StableHash``, so several servers may share the directory, and a directory they cannot
/// write is used read-only.
///
/// A file holds one JSON line (the whole key, the content type, the geometry, and the body's
/// length and hash), then the body. A file is written under a temporary name
/// (`.NAME.galley-cache-partial`) and renamed into place, so a reader never sees half of one.
/// A read checks the whole key, the body's length and its hash: a file that fails (cut,
/// truncated, altered, or of an older format) is a miss and is removed, so the next answer
/// replaces it. The files stay within ``capacity``: past it, the least recently used go (a hit
/// marks a file used). A temporary file older than ``staleAge`` (a writer killed before its
/// rename) is removed when a cache opens the directory.
package final class DiskCache: Sendable {
  /// The directory.
  package let directory: String
  /// The largest file read back, in bytes.
  package let maximumFileBytes: Int
  /// The most bytes the cache files may take; past it, the least recently used are removed
  /// until they take at most nine tenths of it.
  package let capacity: Int
  /// How old a temporary file must be to count as left by a killed writer.
  package static let staleAge: Duration = .seconds(600)
  /// What the cache did that an operator may want to know: each failure to write, to read, or
  /// to remove a file, once each.
  private let report: @Sendable (String) -> Void
  private let state: Mutex<State>

  /// The cache's counts.
  package struct Statistics: Hashable, Sendable {
    /// The bytes of the cache files, as this process counts them (other processes sharing
    /// the directory add theirs).
    package var bytes = 0
    /// Files that failed their check and were removed.
    package var corrupt = 0
    /// Writes that failed (a read-only directory, a full disk).
    package var writeFailures = 0
    /// Files removed to stay within the capacity.
    package var evicted = 0
  }

  private struct State {
    var statistics = Statistics()
    var isEvicting = false
  }

  /// The first line of a file.
  private struct Header: Codable {
    var key: String
    var entry: CachedImage
    var length: Int
    var hash: String
  }

  /// The suffixes of cache files and of temporary files.
  static let fileSuffix = ".galley-cache"
  static let partialSuffix = ".galley-cache-partial"

  /// Opens a cache over a directory, which is created if missing; removes stale temporary
  /// files and counts the cache files' bytes.
  ///
  /// - Parameters:
  ///   - directory: The directory.
  ///   - maximumFileBytes: The largest file read back.
  ///   - capacity: The most bytes the cache files may take.
  ///   - report: Where the cache says what went wrong (a log).
  package init(
    directory: String, maximumFileBytes: Int = 64 << 20, capacity: Int = 1 << 30,
    report: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.directory = directory
    self.maximumFileBytes = maximumFileBytes
    self.capacity = capacity
    self.report = report
    try? FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    var statistics = Statistics()
    for file in Self.files(in: directory, suffix: Self.partialSuffix)
    where Date().timeIntervalSince(file.modified) > Double(Self.staleAge.components.seconds) {
      try? FileManager.default.removeItem(atPath: file.path)
    }
    statistics.bytes = Self.files(in: directory, suffix: Self.fileSuffix).reduce(0) {
      $0 + $1.size
    }
    state = Mutex(State(statistics: statistics))
  }

  /// Why a directory cannot hold a disk cache, or `nil` when it can (it is created if
  /// missing).
  ///
  /// - Parameter directory: The directory.
  /// - Returns: The problem, in a sentence.
  package static func problem(with directory: String) -> String? {
    if FileManager.default.fileExists(atPath: directory) {
      // A directory (or a link to one) lists; a file does not.
      let lists = (try? FileManager.default.contentsOfDirectory(atPath: directory)) != nil
      return lists ? nil : "'\(directory)' is not a directory that can be read"
    }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
      return nil
    } catch {
      return "cannot create '\(directory)': its parent must be a directory this user may write"
    }
  }

  /// The counts so far.
  package var statistics: Statistics { state.withLock { $0.statistics } }

  /// The entry for a key, or `nil` when there is none, it cannot be read, or it fails its
  /// check (and is removed).
  ///
  /// - Parameter key: The key.
  /// - Returns: The entry.
  package func value(forKey key: String) -> CachedImage? {
    let path = filePath(key)
    guard let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int,
      size <= maximumFileBytes, let data = FileManager.default.contents(atPath: path)
    else { return nil }
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
      let header = try? JSONDecoder().decode(Header.self, from: data[..<newline])
    else {
      discard(path, size: data.count)
      return nil
    }
    guard header.key == key else { return nil }  // a hash collision: another key's file
    let body = data[data.index(after: newline)...]
    guard body.count == header.length, StableHash.hex(body) == header.hash else {
      discard(path, size: data.count)
      return nil
    }
    // The file was used now: eviction keeps it longer.
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
    var entry = header.entry
    entry.body = Array(body)
    return entry
  }

  /// Writes an entry under a temporary name, then renames it into place; a failure (a
  /// read-only directory, a full disk) is counted and reported, and leaves no file.
  ///
  /// - Parameters:
  ///   - value: The entry.
  ///   - key: Its key.
  package func insert(_ value: CachedImage, forKey key: String) {
    var headerEntry = value
    headerEntry.body = []
    let header = Header(
      key: key, entry: headerEntry, length: value.body.count, hash: StableHash.hex(value.body))
    guard var data = try? JSONEncoder().encode(header) else { return }
    data.append(UInt8(ascii: "\n"))
    data.append(contentsOf: value.body)
    let path = filePath(key)
    let name = StableHash.hex(key.utf8)
    let partial = "\(directory)/.\(name).\(UInt64.random(in: 0...UInt64.max))\(Self.partialSuffix)"
    let replaced = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard FileManager.default.createFile(atPath: partial, contents: data),
      rename(partial, path) == 0
    else {
      try? FileManager.default.removeItem(atPath: partial)
      let first = state.withLock {
        $0.statistics.writeFailures += 1
        return $0.statistics.writeFailures == 1
      }
      if first { report("the disk cache cannot write in '\(directory)' (counted in /metrics)") }
      return
    }
    let overCapacity = state.withLock {
      $0.statistics.bytes += data.count - replaced
      guard $0.statistics.bytes > capacity, !$0.isEvicting else { return false }
      $0.isEvicting = true
      return true
    }
    if overCapacity { evict() }
  }

  /// Removes the least recently used files until they take at most nine tenths of the
  /// capacity, counting the directory's files again (other processes may share it).
  private func evict() {
    var files = Self.files(in: directory, suffix: Self.fileSuffix)
    files.sort { $0.modified < $1.modified }
    var total = files.reduce(0) { $0 + $1.size }
    var removed = 0
    for file in files where total > capacity / 10 * 9 {
      if (try? FileManager.default.removeItem(atPath: file.path)) != nil {
        total -= file.size
        removed += 1
      }
    }
    state.withLock {
      $0.statistics.bytes = total
      $0.statistics.evicted += removed
      $0.isEvicting = false
    }
  }

  /// Removes a file that failed its check.
  private func discard(_ path: String, size: Int) {
    let removed = (try? FileManager.default.removeItem(atPath: path)) != nil
    let first = state.withLock {
      $0.statistics.corrupt += 1
      if removed { $0.statistics.bytes -= size }
      return $0.statistics.corrupt == 1
    }
    if first { report("the disk cache removed a damaged file '\(path)' (counted in /metrics)") }
  }

  /// The file of a key.
  private func filePath(_ key: String) -> String {
    "\(directory)/\(StableHash.hex(key.utf8))\(Self.fileSuffix)"
  }

  /// The files of a directory whose names end with a suffix: path, size and modification
  /// date.
  private static func files(
    in directory: String, suffix: String
  ) -> [(path: String, size: Int, modified: Date)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.compactMap { name in
      let path = "\(directory)/\(name)"
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date
      else { return nil }
      return (path, size, modified)
    }
  }
}
