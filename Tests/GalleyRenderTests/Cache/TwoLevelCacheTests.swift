import Foundation
import GalleyLayout
import Testing

@testable import GalleyRender

/// The two cache levels: the memory level bounded in bytes, the disk files, the levels
/// together (hits, write-through and write-back, save, load, trim), values that round-trip,
/// and two processes sharing one directory.
@Suite struct TwoLevelCacheTests {
  /// An image whose data has `size` bytes.
  private func entry(_ size: Int, byte: UInt8 = 1) -> RenderedImage {
    RenderedImage(
      format: .png, data: Array(repeating: byte, count: size),
      geometry: ImageGeometry(width: 2, height: 3, scale: 1, originX: 0, originY: 0))
  }

  /// A new directory path, removed after `body`.
  private func withDirectory(_ body: (String) throws -> Void) rethrows {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-two-level-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
  }

  private func fileCount(_ directory: String) -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
      $0.hasSuffix(".galley-cache")
    }.count
  }

  @Test func theMemoryLevelEvictsTheLeastRecentlyUsedWithinItsBytes() {
    let cost = entry(1000).cacheCost + 1
    let cache = MemoryCache<RenderedImage>(capacity: cost * 2)
    cache.insert(entry(1000), forKey: "a", isStored: true)
    cache.insert(entry(1000), forKey: "b", isStored: true)
    #expect(cache.value(forKey: "a") != nil)  // "a" is now the most recent
    let evicted = cache.insert(entry(1000), forKey: "c", isStored: false)
    #expect(evicted.map(\.key) == ["b"])
    #expect(cache.value(forKey: "b") == nil)
    #expect(cache.value(forKey: "a") != nil)
    #expect(cache.value(forKey: "c") != nil)
    #expect(cache.usage.bytes <= cache.capacity)
    #expect(cache.usage.count == 2)
    #expect(cache.unstored().map(\.key) == ["c"])
    #expect(cache.unstored().isEmpty)
  }

  @Test func anEntryLargerThanTheCapacityIsNotKept() {
    let cache = MemoryCache<RenderedImage>(capacity: 100)
    #expect(cache.insert(entry(1000), forKey: "a", isStored: false).map(\.key) == ["a"])
    #expect(cache.value(forKey: "a") == nil)
    #expect(cache.usage.count == 0)
  }

  @Test func manyInsertionsStayWithinTheCapacity() {
    let cache = MemoryCache<RenderedImage>(capacity: 50_000)
    for index in 0..<2000 {
      cache.insert(entry(index % 700), forKey: "k\(index % 300)", isStored: true)
    }
    #expect(cache.usage.bytes <= 50_000)
    #expect(cache.usage.count > 0)
  }

  @Test func theLevelsCountHitsAndMisses() throws {
    try withDirectory { directory in
      let writer = try TwoLevelCache<RenderedImage>(memoryCapacity: 0, directory: directory)
      writer.insert(entry(10), forKey: "warm")
      let cache = try TwoLevelCache<RenderedImage>(memoryCapacity: 1 << 20, directory: directory)
      #expect(cache.value(forKey: "cold") == nil)
      #expect(cache.lookUp("warm")?.level == .disk)
      #expect(cache.lookUp("warm")?.level == .memory)
      let counts = cache.statistics
      #expect(counts.misses == 1 && counts.diskHits == 1 && counts.memoryHits == 1)
      #expect(counts.memoryEntries == 1 && counts.diskBytes > 10)
    }
  }

  @Test func writeBackKeepsRecentEntriesInMemoryAndOlderOnesOnDisk() throws {
    try withDirectory { directory in
      let cost = entry(1000).cacheCost + 2
      let cache = try TwoLevelCache<RenderedImage>(
        memoryCapacity: cost * 2, directory: directory, writesThrough: false)
      cache.insert(entry(1000, byte: 1), forKey: "k1")
      cache.insert(entry(1000, byte: 2), forKey: "k2")
      #expect(fileCount(directory) == 0)
      cache.insert(entry(1000, byte: 3), forKey: "k3")  // pushes k1 out, to disk
      #expect(fileCount(directory) == 1)
      cache.save()  // k2 and k3
      #expect(fileCount(directory) == 3)
      cache.save()
      #expect(cache.statistics.diskBytes > 3000)
      // A new process loads the most recent entries into memory.
      let next = try TwoLevelCache<RenderedImage>(memoryCapacity: cost * 2, directory: directory)
      #expect(next.load() == 2)
      #expect(next.statistics.memoryEntries == 2)
      #expect(next.lookUp("k1")?.level == .disk)
      #expect(next.value(forKey: "k3")?.data.first == 3)
    }
  }

  @Test func trimBoundsBothLevels() throws {
    try withDirectory { directory in
      let cache = try TwoLevelCache<RenderedImage>(memoryCapacity: 1 << 20, directory: directory)
      for index in 0..<10 { cache.insert(entry(1000, byte: UInt8(index)), forKey: "k\(index)") }
      #expect(fileCount(directory) == 10)
      cache.trim(memoryBytes: 3000, diskBytes: 5000)
      #expect(cache.statistics.memoryBytes <= 3000)
      #expect(cache.statistics.memoryEntries == 2)
      #expect(fileCount(directory) == 4)
      #expect(cache.statistics.evictedFiles == 6)
      cache.trim(memoryBytes: 0, diskBytes: 0)
      #expect(cache.statistics.memoryEntries == 0 && fileCount(directory) == 0)
    }
  }

  @Test func valueOrMakeMakesOnceAndKeepsNothingOnAFailure() throws {
    let cache = TwoLevelCache<RenderedImage>(memoryCapacity: 1 << 20)
    var made = 0
    for _ in 0..<3 {
      _ = cache.value(forKey: "k") {
        made += 1
        return entry(10)
      }
    }
    #expect(made == 1)
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try cache.value(forKey: "bad") { () throws(Refused) -> RenderedImage in throw Refused() }
    }
    #expect(cache.value(forKey: "bad") == nil)
  }

  @Test func aBadDirectoryIsAnErrorAndMemoryOnlyNeedsNone() throws {
    try withDirectory { directory in
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let file = directory + "/file"
      #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
      #expect(throws: RenderError.self) {
        try TwoLevelCache<RenderedImage>(memoryCapacity: 10, directory: file)
      }
      #expect(throws: RenderError.self) {
        try TwoLevelCache<RenderedImage>(memoryCapacity: -1, directory: directory)
      }
      let memory = TwoLevelCache<RenderedImage>(memoryCapacity: 1 << 20)
      memory.insert(entry(5), forKey: "k")
      memory.save()
      #expect(memory.load() == 0)
      #expect(memory.directory == nil && memory.value(forKey: "k") != nil)
    }
  }

  @Test func imagesAndLayoutsRoundTrip() throws {
    let image = entry(300, byte: 7)
    let back = try #require(RenderedImage(cacheBytes: image.cacheBytes))
    #expect(back.data == image.data && back.geometry == image.geometry && back.format == .png)
    #expect(RenderedImage(cacheBytes: Array("no header".utf8)) == nil)
    let layout = try RenderSupport.layout("Tap %Lhere%l", width: 80)
    #expect(Layout(cacheBytes: layout.cacheBytes) == layout)
    #expect(Layout(cacheBytes: [1, 2, 3]) == nil)
    #expect(layout.cacheCost > 0)
  }

  @Test func twoProcessesShareOneDirectory() async throws {
    try await withDirectoryAsync { directory in
      // Two caches over one directory stand for two processes: each sees the other's files,
      // and concurrent writers of one key leave one whole file.
      let first = try TwoLevelCache<RenderedImage>(memoryCapacity: 0, directory: directory)
      let second = try TwoLevelCache<RenderedImage>(memoryCapacity: 0, directory: directory)
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<40 {
          group.addTask {
            (index.isMultiple(of: 2) ? first : second).insert(
              entry(2000, byte: UInt8(index % 4)), forKey: "shared \(index % 4)")
          }
        }
      }
      for key in 0..<4 {
        let value = try #require(second.value(forKey: "shared \(key)"))
        #expect(value.data == Array(repeating: UInt8(key), count: 2000))
        #expect(first.value(forKey: "shared \(key)") != nil)
      }
      #expect(fileCount(directory) == 4)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      #expect(!names.contains { $0.hasSuffix("partial") })
    }
  }

  private func withDirectoryAsync(_ body: (String) async throws -> Void) async rethrows {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-two-level-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try await body(directory)
  }
}
