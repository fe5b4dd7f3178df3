import GalleyLayout
internal import GalleySupport

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A rendered image: a JSON line with its format and geometry, then its bytes.
extension RenderedImage: CacheValue {
  private struct Header: Codable {
    var format: ImageFormat
    var geometry: ImageGeometry
  }

  /// The image as a JSON line with its format and geometry, then its bytes.
  public var cacheBytes: [UInt8] {
    HeaderedBytes.encode(Header(format: format, geometry: geometry), body: data) ?? []
  }

  /// Reads an image back from ``cacheBytes``.
  ///
  /// - Parameter cacheBytes: The bytes.
  public init?(cacheBytes: [UInt8]) {
    guard let (header, body) = HeaderedBytes.decode(Header.self, from: cacheBytes) else {
      return nil
    }
    self.init(format: header.format, data: Array(body), geometry: header.geometry)
  }

  /// The image's bytes and 256 bytes of bookkeeping.
  public var cacheCost: Int { data.count + 256 }
}

/// A layout: its JSON (`Codable`).
extension Layout: CacheValue {
  /// The layout's JSON.
  public var cacheBytes: [UInt8] { (try? JSONEncoder().encode(self)).map(Array.init) ?? [] }

  /// Reads a layout back from its JSON.
  ///
  /// - Parameter cacheBytes: The bytes.
  public init?(cacheBytes: [UInt8]) {
    guard let layout = try? JSONDecoder().decode(Layout.self, from: Data(cacheBytes)) else {
      return nil
    }
    self = layout
  }

  /// About what the layout holds: 48 bytes a glyph, 256 a line, run or link.
  public var cacheCost: Int {
    lines.reduce(256) { total, line in
      total + 256 + line.runs.reduce(0) { $0 + 256 + $1.glyphs.count * 48 }
    } + links.count * 256
  }
}
