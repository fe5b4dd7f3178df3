import Foundation
import GalleyRender
import GalleyService
import GalleySupport
import Testing

/// The two cache levels: the LRU bounded in bytes, the disk files, and the keys.
@Suite struct RenderCacheTests {
  /// An entry whose body has `size` bytes.
  private func entry(_ size: Int, byte: UInt8 = 1) -> CachedImage {
    CachedImage(
      body: Array(repeating: byte, count: size), contentType: "image/png",
      geometry: ImageGeometry(width: 2, height: 3, scale: 1, originX: 0, originY: 0))
  }

  @Test func theMemoryCacheEvictsTheLeastRecentlyUsedWithinItsBytes() {
    let cost = entry(1000).cost(key: "a")
    let cache = MemoryCache(capacity: cost * 2)
    cache.insert(entry(1000), forKey: "a")
    cache.insert(entry(1000), forKey: "b")
    #expect(cache.value(forKey: "a") != nil)  // "a" is now the most recent
    cache.insert(entry(1000), forKey: "c")  // evicts "b"
    #expect(cache.value(forKey: "b") == nil)
    #expect(cache.value(forKey: "a") != nil)
    #expect(cache.value(forKey: "c") != nil)
    #expect(cache.usage.bytes <= cache.capacity)
    #expect(cache.usage.count == 2)
  }

  @Test func anEntryLargerThanTheCapacityIsNotKept() {
    let cache = MemoryCache(capacity: 100)
    cache.insert(entry(1000), forKey: "a")
    #expect(cache.value(forKey: "a") == nil)
    #expect(cache.usage.count == 0)
  }

  @Test func manyInsertionsStayWithinTheCapacity() {
    let cache = MemoryCache(capacity: 50_000)
    for index in 0..<2000 { cache.insert(entry(index % 700), forKey: "k\(index % 300)") }
    #expect(cache.usage.bytes <= 50_000)
    #expect(cache.usage.count > 0)
  }

  @Test func theDiskCacheRoundTripsAndComparesTheWholeKey() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-disk-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let disk = DiskCache(directory: directory)
    let stored = entry(300, byte: 7)
    disk.insert(stored, forKey: "key one")
    #expect(disk.value(forKey: "key one") == stored)
    #expect(disk.value(forKey: "key two") == nil)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files.count == 1)
  }

  @Test func theTwoLevelsCountHitsAndMisses() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("galley-render-cache-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    DiskCache(directory: directory).insert(entry(10), forKey: "warm")
    let cache = RenderCache(memoryBytes: 1 << 20, directory: directory)
    #expect(cache.value(forKey: "cold") == nil)
    #expect(cache.value(forKey: "warm")?.1 == .disk)
    #expect(cache.value(forKey: "warm")?.1 == .memory)
    let counts = cache.statistics
    #expect(counts.misses == 1)
    #expect(counts.diskHits == 1)
    #expect(counts.memoryHits == 1)
  }

  @Test func keysAreCanonicalAndLeaveThePointsOut() throws {
    let first = try RequestDecoder.decode(
      Array(#"{"render": {"scale": 2, "format": "png"}, "markup": "Hi"}"#.utf8))
    let second = try RequestDecoder.decode(
      Array(
        #"{"markup": "Hi", "points": [{"x": 1, "y": 1}], "render": {"format": "png", "scale": 2}}"#
          .utf8))
    let key = RenderCache.key(for: first, includesLayout: false, generation: "g")
    #expect(key != nil)
    #expect(key == RenderCache.key(for: second, includesLayout: false, generation: "g"))
    #expect(key != RenderCache.key(for: first, includesLayout: true, generation: "g"))
    #expect(key != RenderCache.key(for: first, includesLayout: false, generation: "h"))
  }

  @Test func theStableHashIsTheSameInEveryProcess() {
    #expect(StableHash.hex("".utf8) == "cbf29ce484222325" + "6c62272e07bb0142")
    #expect(StableHash.hex("galley".utf8).count == 32)
    #expect(StableHash.hex("a".utf8) != StableHash.hex("b".utf8))
  }
}
