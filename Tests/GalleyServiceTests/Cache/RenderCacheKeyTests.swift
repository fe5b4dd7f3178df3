import Foundation
import GalleyJobs
import GalleyRender
import GalleyService
import GalleySupport
import Testing

/// The service's cache: its keys and its entries' stored form.
@Suite struct RenderCacheKeyTests {
  @Test func keysAreCanonicalAndLeaveThePointsOut() throws {
    let first = try RequestDecoder.decode(
      Array(#"{"render": {"scale": 2, "format": "png"}, "markup": "Hi"}"#.utf8))
    let second = try RequestDecoder.decode(
      Array(
        #"{"markup": "Hi", "points": [{"x": 1, "y": 1}], "render": {"format": "png", "scale": 2}}"#
          .utf8))
    let key = RenderCacheKey.key(for: first, includesLayout: false, generation: "g")
    #expect(key != nil)
    #expect(key == RenderCacheKey.key(for: second, includesLayout: false, generation: "g"))
    #expect(key != RenderCacheKey.key(for: first, includesLayout: true, generation: "g"))
    #expect(key != RenderCacheKey.key(for: first, includesLayout: false, generation: "h"))
  }

  @Test func theVariantsOrderIsInTheKey() throws {
    let first = try RequestDecoder.decode(
      Array(#"{"markup": "Hi", "variants": {"a": {}, "b": {"offset": [0, 1]}}}"#.utf8))
    let second = try RequestDecoder.decode(
      Array(#"{"markup": "Hi", "variants": {"b": {"offset": [0, 1]}, "a": {}}}"#.utf8))
    #expect(
      RenderCacheKey.key(for: first, includesLayout: false, generation: "g")
        != RenderCacheKey.key(for: second, includesLayout: false, generation: "g"))
  }

  @Test func entriesRoundTripThroughTheirStoredForm() {
    let entry = CachedImage(
      body: Array(repeating: 3, count: 100), contentType: "image/png",
      geometry: ImageGeometry(width: 2, height: 3, scale: 2, originX: 1, originY: 0.5))
    #expect(CachedImage(cacheBytes: entry.cacheBytes) == entry)
    #expect(CachedImage(cacheBytes: Array("{}".utf8)) == nil)
    #expect(entry.cacheCost > 100)
  }

  @Test func theStableHashIsTheSameInEveryProcess() {
    #expect(StableHash.hex("".utf8) == "081f0f383db85ca40abbad43e7abd54b")
    #expect(StableHash.hex("galley".utf8).count == 32)
    #expect(StableHash.hex("a".utf8) != StableHash.hex("b".utf8))
  }
}
