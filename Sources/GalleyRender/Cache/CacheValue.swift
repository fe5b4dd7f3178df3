/// A value a ``TwoLevelCache`` can keep: it has a cost in memory and is stored on disk as
/// bytes.
///
/// ``RenderedImage`` and `Layout` conform; a type of your own can too, such as an image with
/// the headers you serve it with.
public protocol CacheValue: Sendable {
  /// The value as bytes, for the disk level.
  var cacheBytes: [UInt8] { get }
  /// The value read back from ``cacheBytes``, or `nil` when the bytes are not such a value.
  ///
  /// - Parameter cacheBytes: The bytes a value gave.
  init?(cacheBytes: [UInt8])
  /// What the value costs in the memory level, in bytes (its payload and its bookkeeping).
  var cacheCost: Int { get }
}
