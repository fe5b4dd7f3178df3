import Synchronization

/// A cache of rendered images, layouts or any ``CacheValue``, in two levels, as
/// DHSGlyphText's DHSObject2LevelCache: the most recently used entries in memory, bounded in
/// bytes, and older ones in a directory on disk, kept across runs.
///
/// Keys are any strings (a file's name is a hash of its key, and the file holds the whole key,
/// so two keys never share an entry). A disk file is written under a temporary name and
/// renamed into place, so no reader, in this process or another sharing the directory, sees
/// half of one; it holds its bytes' length and hash, and a file that fails them (cut,
/// truncated, altered) is a miss, removed so the next insertion replaces it. The directory's
/// files stay within their capacity, least recently used out first. Safe to share between
/// threads.
///
/// ```swift
/// let cache = try TwoLevelCache<RenderedImage>(memoryCapacity: 32 << 20, directory: "cache")
/// let image = try cache.value(forKey: key) {
///   try renderer.render(layout, options: options, format: .png)
/// }
/// ```
///
/// A key must name everything the value depends on: for an image, the text, the options,
/// the fonts (`FontSet.fontFiles`, with their sizes and dates) and Galley's version.
public final class TwoLevelCache<Value: CacheValue>: Sendable {
  /// Where an entry was found.
  public enum Level: String, Hashable, Sendable {
    /// The memory level.
    case memory
    /// The disk level.
    case disk
  }

  /// What the cache has done so far.
  public struct Statistics: Hashable, Sendable {
    /// Lookups answered from memory.
    public var memoryHits = 0
    /// Lookups answered from disk.
    public var diskHits = 0
    /// Lookups answered by neither.
    public var misses = 0
    /// The bytes the memory level holds (``CacheValue/cacheCost`` and the keys).
    public var memoryBytes = 0
    /// The entries the memory level holds.
    public var memoryEntries = 0
    /// The bytes of the disk level's files, as this process counts them (other processes
    /// sharing the directory add theirs).
    public var diskBytes = 0
    /// Disk files that failed their check and were removed.
    public var corruptFiles = 0
    /// Disk writes that failed (a read-only directory, a full disk).
    public var writeFailures = 0
    /// Disk files removed to stay within the capacity or by ``trim(memoryBytes:diskBytes:)``.
    public var evictedFiles = 0
  }

  /// The memory level.
  let memory: MemoryCache<Value>
  /// The disk level, or `nil`.
  let disk: DiskCache?
  /// Whether insertions go to disk at once, or only when memory pushes them out and on
  /// ``save()``.
  public let writesThrough: Bool
  private let counts = Mutex((memoryHits: 0, diskHits: 0, misses: 0))

  /// Creates a cache in memory only.
  ///
  /// - Parameter memoryCapacity: The capacity in bytes; 0 (or less) turns the cache off.
  public init(memoryCapacity: Int) {
    memory = MemoryCache(capacity: memoryCapacity)
    disk = nil
    writesThrough = true
  }

  /// Why a directory cannot hold a cache's disk level, or `nil` when it can (it is created
  /// if missing).
  ///
  /// - Parameter directory: The directory.
  /// - Returns: The problem, in a sentence.
  public static func problem(withDirectory directory: String) -> String? {
    DiskCache.problem(with: directory)
  }

  /// Creates a cache, opening its directory: the directory is created if missing, and
  /// temporary files left by a killed writer are removed.
  ///
  /// - Parameters:
  ///   - memoryCapacity: The memory level's capacity in bytes; 0 turns it off.
  ///   - directory: The disk level's directory, or `nil` for memory only.
  ///   - diskCapacity: The most bytes the disk level's files may take; past it, the least
  ///     recently used go until they take nine tenths of it.
  ///   - maximumFileBytes: The largest file read back.
  ///   - writesThrough: Whether every insertion is written to disk at once (the default:
  ///     other processes see it, and a crash loses nothing), or only when the memory level
  ///     pushes it out and on ``save()`` (DHSGlyphText's way: recent entries in memory, older
  ///     ones on disk).
  ///   - report: Where the cache says what went wrong on disk (once per kind of failure).
  /// - Throws: ``RenderError/Kind/invalidOptions`` when the directory is a file or cannot be
  ///   created, or a capacity is negative.
  public init(
    memoryCapacity: Int, directory: String? = nil, diskCapacity: Int = 1 << 30,
    maximumFileBytes: Int = 64 << 20, writesThrough: Bool = true,
    report: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(RenderError) {
    guard memoryCapacity >= 0, diskCapacity >= 0, maximumFileBytes >= 0 else {
      throw RenderError(.invalidOptions, "a cache capacity must not be negative")
    }
    if let directory, let problem = DiskCache.problem(with: directory) {
      throw RenderError(.invalidOptions, problem)
    }
    memory = MemoryCache(capacity: memoryCapacity)
    disk = directory.map {
      DiskCache(
        directory: $0, maximumFileBytes: maximumFileBytes, capacity: diskCapacity,
        report: report)
    }
    self.writesThrough = writesThrough
  }

  /// The disk level's directory, or `nil`.
  public var directory: String? { disk?.directory }

  /// The counts so far.
  public var statistics: Statistics {
    let hits = counts.withLock { $0 }
    let usage = memory.usage
    let files = disk?.statistics ?? DiskCache.Statistics()
    return Statistics(
      memoryHits: hits.memoryHits, diskHits: hits.diskHits, misses: hits.misses,
      memoryBytes: usage.bytes, memoryEntries: usage.count, diskBytes: files.bytes,
      corruptFiles: files.corrupt, writeFailures: files.writeFailures,
      evictedFiles: files.evicted)
  }

  /// The entry for a key, from memory, or else from disk (it then goes into memory).
  ///
  /// - Parameter key: The key.
  /// - Returns: The entry and where it was found, or `nil`.
  public func lookUp(_ key: String) -> (value: Value, level: Level)? {
    if let value = memory.value(forKey: key) {
      counts.withLock { $0.memoryHits += 1 }
      return (value, .memory)
    }
    if let disk, let bytes = disk.value(forKey: key), let value = Value(cacheBytes: bytes) {
      counts.withLock { $0.diskHits += 1 }
      store(memory.insert(value, forKey: key, isStored: true))
      return (value, .disk)
    }
    counts.withLock { $0.misses += 1 }
    return nil
  }

  /// The entry for a key, or `nil`.
  ///
  /// - Parameter key: The key.
  /// - Returns: The entry.
  public func value(forKey key: String) -> Value? { lookUp(key)?.value }

  /// The entry for a key, made and kept when neither level has it.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - make: Makes the value on a miss.
  /// - Returns: The entry.
  /// - Throws: What `make` throws; nothing is kept then.
  public func value<Failure: Error>(
    forKey key: String, orMake make: () throws(Failure) -> Value
  ) throws(Failure) -> Value {
    if let value = lookUp(key)?.value { return value }
    let value = try make()
    insert(value, forKey: key)
    return value
  }

  /// Keeps an entry: in memory, and on disk at once when the cache ``writesThrough``.
  ///
  /// - Parameters:
  ///   - value: The entry.
  ///   - key: Its key.
  public func insert(_ value: Value, forKey key: String) {
    let stored = writesThrough && disk != nil
    if stored { disk?.insert(value.cacheBytes, forKey: key) }
    store(memory.insert(value, forKey: key, isStored: stored || disk == nil))
  }

  /// Writes every entry in memory that the disk level does not hold yet.
  public func save() {
    guard let disk else { return }
    for entry in memory.unstored() { disk.insert(entry.value.cacheBytes, forKey: entry.key) }
  }

  /// Reads the disk level's most recently used entries into memory, up to its capacity: a
  /// warm start for a new process.
  ///
  /// - Returns: How many entries were read.
  @discardableResult
  public func load() -> Int {
    guard let disk else { return 0 }
    var loaded = 0
    // Oldest first, so the most recently used end up newest in memory.
    for entry in disk.entries(upTo: memory.capacity).reversed() {
      guard let value = Value(cacheBytes: entry.bytes) else { continue }
      memory.insert(value, forKey: entry.key, isStored: true)
      loaded += 1
    }
    return loaded
  }

  /// Evicts the least recently used entries until each level holds at most the bytes given
  /// (entries memory pushes out go to disk when the cache does not write through).
  ///
  /// - Parameters:
  ///   - memoryBytes: The most bytes left in memory, or `nil` to leave it.
  ///   - diskBytes: The most bytes left in the directory's files, or `nil` to leave it.
  public func trim(memoryBytes: Int? = nil, diskBytes: Int? = nil) {
    if let memoryBytes { store(memory.trim(to: max(0, memoryBytes))) }
    if let diskBytes { disk?.evict(to: max(0, diskBytes)) }
  }

  /// Writes entries the memory level pushed out to disk, unless it holds them already.
  private func store(_ evicted: [MemoryCache<Value>.Evicted]) {
    guard let disk else { return }
    for entry in evicted where !entry.isStored {
      disk.insert(entry.value.cacheBytes, forKey: entry.key)
    }
  }
}
