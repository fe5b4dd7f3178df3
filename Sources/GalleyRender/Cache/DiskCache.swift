internal import GalleySupport
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The second level of a ``TwoLevelCache``: one file per entry in a directory, named by a hash
/// of the key, so several processes may share the directory, and a directory they cannot
/// write is used read-only.
///
/// A file holds one JSON line (the whole key, and the body's length and hash), then the body:
/// the value's ``CacheValue/cacheBytes``. A file is written under a temporary name
/// (`.NAME.galley-cache-partial`) and renamed into place, so a reader never sees half of one.
/// A read checks the whole key, the body's length and its hash: a file that fails (cut,
/// truncated, altered, or of an older format) is a miss and is removed, so the next answer
/// replaces it. The files stay within ``capacity``: past it, the least recently used go (a hit
/// marks a file used). A temporary file older than ``staleAge`` (a writer killed before its
/// rename) is removed when a cache opens the directory.
final class DiskCache: Sendable {
  /// The directory.
  let directory: String
  /// The largest file read back, in bytes.
  let maximumFileBytes: Int
  /// The most bytes the cache files may take; past it, the least recently used are removed
  /// until they take at most nine tenths of it.
  let capacity: Int
  /// How old a temporary file must be to count as left by a killed writer.
  static let staleAge: Duration = .seconds(600)
  /// What the cache did that an operator may want to know: each failure to write, to read, or
  /// to remove a file, once each.
  private let report: @Sendable (String) -> Void
  private let state: Mutex<State>

  /// The cache's counts.
  struct Statistics: Hashable, Sendable {
    /// The bytes of the cache files, as this process counts them (other processes sharing
    /// the directory add theirs).
    var bytes = 0
    /// Files that failed their check and were removed.
    var corrupt = 0
    /// Writes that failed (a read-only directory, a full disk).
    var writeFailures = 0
    /// Files removed to stay within the capacity.
    var evicted = 0
  }

  private struct State {
    var statistics = Statistics()
    var isEvicting = false
  }

  /// The first line of a file.
  private struct Header: Codable {
    var key: String
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
  init(
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
    where Date().timeIntervalSince1970 - file.modified > Double(Self.staleAge.components.seconds) {
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
  static func problem(with directory: String) -> String? {
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
  var statistics: Statistics { state.withLock { $0.statistics } }

  /// The bytes of the entry for a key, or `nil` when there is none, it cannot be read, or it
  /// fails its check (and is removed).
  ///
  /// - Parameter key: The key.
  /// - Returns: The entry's bytes.
  func value(forKey key: String) -> [UInt8]? {
    let found = read(filePath(key))
    return found.flatMap { $0.key == key ? $0.bytes : nil }
  }

  /// A file's key and bytes, or `nil` when it cannot be read or fails its check (and is then
  /// removed); a hit marks the file used.
  private func read(_ path: String) -> (key: String, bytes: [UInt8])? {
    guard let size = try? FileStatus.of(path).size,
      size <= maximumFileBytes, let data = FileManager.default.contents(atPath: path)
    else { return nil }
    guard let (header, body) = HeaderedBytes.decode(Header.self, from: Array(data)) else {
      discard(path, size: data.count)
      return nil
    }
    guard body.count == header.length, StableHash.hex(body) == header.hash else {
      discard(path, size: data.count)
      return nil
    }
    // The file was used now: eviction keeps it longer.
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
    return (header.key, Array(body))
  }

  /// Every entry whose file passes its check, most recently used first, until `bytes` of
  /// them are read.
  ///
  /// - Parameter bytes: The most bytes to read.
  /// - Returns: Each entry's key and bytes.
  func entries(upTo bytes: Int) -> [(key: String, bytes: [UInt8])] {
    var files = Self.files(in: directory, suffix: Self.fileSuffix)
    files.sort { $0.modified > $1.modified }
    var found: [(key: String, bytes: [UInt8])] = []
    var total = 0
    for file in files where total + file.size <= bytes {
      guard let entry = read(file.path) else { continue }
      found.append(entry)
      total += file.size
    }
    return found
  }

  /// Writes an entry under a temporary name, then renames it into place; a failure (a
  /// read-only directory, a full disk) is counted and reported, and leaves no file.
  ///
  /// - Parameters:
  ///   - bytes: The entry's bytes.
  ///   - key: Its key.
  func insert(_ bytes: [UInt8], forKey key: String) {
    let header = Header(key: key, length: bytes.count, hash: StableHash.hex(bytes))
    guard let encoded = HeaderedBytes.encode(header, body: bytes) else { return }
    let data = Data(encoded)
    let path = filePath(key)
    let name = StableHash.hex(key.utf8)
    let partial = "\(directory)/.\(name).\(UInt64.random(in: 0...UInt64.max))\(Self.partialSuffix)"
    let replaced = (try? FileStatus.of(path).size) ?? 0
    guard FileManager.default.createFile(atPath: partial, contents: data),
      rename(partial, path) == 0
    else {
      try? FileManager.default.removeItem(atPath: partial)
      let first = state.withLock {
        $0.statistics.writeFailures += 1
        return $0.statistics.writeFailures == 1
      }
      if first {
        report("the disk cache cannot write in '\(directory)' (counted in its statistics)")
      }
      return
    }
    let overCapacity = state.withLock {
      $0.statistics.bytes += data.count - replaced
      guard $0.statistics.bytes > capacity, !$0.isEvicting else { return false }
      $0.isEvicting = true
      return true
    }
    if overCapacity { evict(to: capacity / 10 * 9) }
  }

  /// Removes the least recently used files until they take at most `bytes`, counting the
  /// directory's files again (other processes may share it).
  ///
  /// - Parameter bytes: The most bytes the files may take afterwards.
  func evict(to bytes: Int) {
    var files = Self.files(in: directory, suffix: Self.fileSuffix)
    files.sort { $0.modified < $1.modified }
    var total = files.reduce(0) { $0 + $1.size }
    var removed = 0
    for file in files where total > bytes {
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
    if first {
      report("the disk cache removed a damaged file '\(path)' (counted in its statistics)")
    }
  }

  /// The file of a key.
  private func filePath(_ key: String) -> String {
    "\(directory)/\(StableHash.hex(key.utf8))\(Self.fileSuffix)"
  }

  /// The files of a directory whose names end with a suffix: path, size and modification
  /// time (seconds since 1970).
  private static func files(
    in directory: String, suffix: String
  ) -> [(path: String, size: Int, modified: Double)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(suffix) }.compactMap { name in
      let path = "\(directory)/\(name)"
      guard let status = try? FileStatus.of(path) else { return nil }
      return (path, status.size, status.modified)
    }
  }
}
