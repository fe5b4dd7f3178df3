import Foundation
import Synchronization
import Testing

@testable import GalleyRender

/// The disk level: a damaged file is a miss and is removed, writes leave no partial file,
/// stale temporary files go, and the files stay within the capacity.
@Suite struct DiskCacheTests {
  /// An entry of `size` bytes.
  private func entry(_ size: Int, byte: UInt8 = 1) -> [UInt8] {
    Array(repeating: byte, count: size)
  }

  /// A new directory, removed after `body`.
  private func withDirectory(_ body: (String) throws -> Void) rethrows {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-disk-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }

  /// The cache files of a directory.
  private func cacheFiles(_ directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).filter {
      $0.hasSuffix(".galley-cache")
    }
  }

  /// Where a file's header line ends (its newline), or 0.
  private static func headerEnd(_ bytes: [UInt8]) -> Int { bytes.firstIndex(of: 10) ?? 0 }

  /// A file's header without the body's length and hash, as files were written before.
  private static func olderFormat(_ bytes: [UInt8]) -> [UInt8] {
    let end = headerEnd(bytes)
    let decoded = try? JSONSerialization.jsonObject(with: Data(bytes[..<end]))
    guard var header = decoded as? [String: Any] else { return [] }
    header["length"] = nil
    header["hash"] = nil
    let data = (try? JSONSerialization.data(withJSONObject: header)) ?? Data()
    return Array(data) + bytes[end...]
  }

  /// Ways a file is damaged: each takes the file's bytes and returns the damaged ones.
  static let damages: [(String, @Sendable ([UInt8]) -> [UInt8])] = [
    ("truncated to its header", { Array($0.prefix(headerEnd($0) + 1)) }),
    ("cut in its body", { Array($0.dropLast(100)) }),
    (
      "a body byte altered",
      { bytes in
        var bytes = bytes
        bytes[bytes.count - 10] ^= 0xFF
        return bytes
      }
    ),
    ("a byte appended", { $0 + [0] }),
    ("emptied", { _ in [] }),
    ("not JSON", { _ in Array("garbage\nmore".utf8) }),
    ("an older format (no length or hash)", olderFormat),
  ]

  @Test(arguments: 0..<damages.count)
  func aDamagedFileIsAMissAndIsReplaced(damage: Int) throws {
    try withDirectory { directory in
      let disk = DiskCache(directory: directory)
      let stored = entry(500, byte: 9)
      disk.insert(stored, forKey: "key")
      let name = try #require(try cacheFiles(directory).first)
      let path = directory + "/" + name
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      try Data(Self.damages[damage].1(bytes)).write(to: URL(fileURLWithPath: path))
      #expect(disk.value(forKey: "key") == nil, "\(Self.damages[damage].0)")
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(disk.statistics.corrupt == 1)
      disk.insert(stored, forKey: "key")
      #expect(disk.value(forKey: "key") == stored)
    }
  }

  @Test func writesLeaveNoPartialFileAndStaleOnesGo() throws {
    try withDirectory { directory in
      let disk = DiskCache(directory: directory)
      for index in 0..<20 { disk.insert(entry(100 + index), forKey: "key \(index)") }
      let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      #expect(names.count == 20)
      #expect(names.allSatisfy { $0.hasSuffix(".galley-cache") })
      // A writer killed before its rename leaves a partial file: an old one goes when a cache
      // opens the directory, a new one (another server writing now) stays.
      let old = directory + "/.dead.1.galley-cache-partial"
      let new = directory + "/.live.2.galley-cache-partial"
      for path in [old, new] { FileManager.default.createFile(atPath: path, contents: Data([1])) }
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: old)
      _ = DiskCache(directory: directory)
      #expect(!FileManager.default.fileExists(atPath: old))
      #expect(FileManager.default.fileExists(atPath: new))
    }
  }

  @Test func theFilesStayWithinTheCapacityLeastRecentlyUsedFirst() throws {
    try withDirectory { directory in
      let disk = DiskCache(directory: directory, capacity: 15_000)
      for index in 0..<10 { disk.insert(entry(1_000, byte: UInt8(index)), forKey: "key \(index)") }
      // The ten files were last used a second apart, key 0 first; then key 0 is used again.
      for (offset, name) in try cacheFiles(directory).enumerated() {
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSinceNow: Double(-1000 + offset))],
          ofItemAtPath: directory + "/" + name)
      }
      #expect(disk.value(forKey: "key 0") != nil)
      // Past the capacity, the least recently used go, not key 0.
      for index in 10..<16 { disk.insert(entry(1_000), forKey: "key \(index)") }
      #expect(disk.statistics.evicted > 0)
      #expect(disk.value(forKey: "key 0") != nil)
      #expect(disk.value(forKey: "key 15") != nil)
      for index in 16..<60 { disk.insert(entry(1_000), forKey: "key \(index)") }
      let sizes = try cacheFiles(directory).map {
        try FileManager.default.attributesOfItem(atPath: directory + "/" + $0)[.size] as? Int ?? 0
      }
      #expect(sizes.reduce(0, +) <= 15_000)
      #expect(disk.statistics.bytes == sizes.reduce(0, +))
      #expect(disk.value(forKey: "key 59") != nil)
    }
  }

  @Test func aDirectoryThatCannotHoldTheCacheIsAProblem() throws {
    try withDirectory { directory in
      #expect(DiskCache.problem(with: directory) == nil)
      #expect(FileManager.default.fileExists(atPath: directory))
      let file = directory + "/file"
      FileManager.default.createFile(atPath: file, contents: Data([1]))
      #expect(DiskCache.problem(with: file)?.contains("is not a directory") == true)
      #expect(DiskCache.problem(with: file + "/below")?.contains("cannot create") == true)
    }
  }

  /// A directory that stops taking files after the cache opened it (as a full disk does) makes
  /// every write fail: each is counted, the first is reported, the cache answers misses, and
  /// nothing is left behind.
  @Test func aDirectoryThatStopsWorkingIsCountedAndReported() throws {
    try withDirectory { directory in
      let reports = Mutex<[String]>([])
      let cache = DiskCache(directory: directory) { message in
        reports.withLock { $0.append(message) }
      }
      cache.insert(entry(100), forKey: "a")
      #expect(cache.value(forKey: "a") == entry(100))
      try FileManager.default.removeItem(atPath: directory)
      FileManager.default.createFile(atPath: directory, contents: Data([1]))
      cache.insert(entry(100), forKey: "b")
      cache.insert(entry(100), forKey: "c")
      #expect(cache.value(forKey: "b") == nil)
      #expect(cache.value(forKey: "a") == nil)
      #expect(cache.statistics.writeFailures == 2)
      #expect(reports.withLock { $0.count } == 1)
      #expect(reports.withLock { $0.first?.contains("cannot write") } == true)
      #expect(try Data(contentsOf: URL(fileURLWithPath: directory)) == Data([1]))
    }
  }
}
