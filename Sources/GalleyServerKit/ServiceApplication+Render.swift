// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyLayout
import GalleyJobs
import GalleyRender
import GalleyService
import GalleySupport
import GalleyTools
import HTTPTypes
import Hummingbird

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ServiceApplication {
  /// `POST /v1/render`: the image (or with `?include=layout` a JSON document with the layout
  /// and the image in base64), with its geometry in headers and an `ETag`; an `If-None-Match`
  /// that holds the `ETag` gets 304, and identical requests are served from the cache.
  ///
  /// - Parameter request: The HTTP request.
  /// - Returns: The response.
  func render(_ request: Request) async -> Response {
    await work("render", request, parameters: ["include"]) {
      (prepared, query, deadline) throws(Failure) in
      let includesLayout = try Self.includesLayout(query)
      let key = RenderCacheKey.key(
        for: prepared.request, includesLayout: includesLayout,
        generation: configuration.generation)
      let tag = key.map { "\"\(StableHash.hex($0.utf8))\"" }
      if let tag, Self.matches(request.headers[.ifNoneMatch], tag) {
        var headers = HTTPFields()
        headers[.eTag] = tag
        return Response(status: .notModified, headers: headers)
      }
      if let key, let entry = cache.value(forKey: key) {
        return Self.response(entry, tag: tag)
      }
      if let variants = prepared.variants {
        let entry = try Self.spriteSheet(
          service, prepared, variants: variants, includesLayout: includesLayout,
          deadline: deadline)
        metrics.recordRendered(bytes: entry.body.count)
        if let key { cache.insert(entry, forKey: key) }
        return Self.response(entry, tag: tag)
      }
      let (image, layout) = try service.render(prepared, deadline: deadline)
      metrics.recordRendered(bytes: image.data.count)
      let entry =
        includesLayout
        ? CachedImage(
          body: Self.document(image, layout: layout), contentType: Reply.jsonType,
          geometry: image.geometry)
        : CachedImage(
          body: image.data, contentType: Self.contentType(image.format), geometry: image.geometry)
      if let key { cache.insert(entry, forKey: key) }
      return Self.response(entry, tag: tag)
    }
  }

  /// The answer for `variants`: `{"atlas": {…}, "data": base64 PNG, "format": "png"}`, with
  /// `"layout"` for `include=layout`; its geometry headers give the sheet's size and the
  /// first frame's scale and origin.
  private static func spriteSheet(
    _ service: TextService, _ prepared: PreparedRequest, variants: [RenderVariant],
    includesLayout: Bool, deadline: Deadline
  ) throws(Failure) -> CachedImage {
    let (sheet, layout) = try service.renderSpriteSheet(
      prepared, variants: variants, deadline: deadline)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let atlas = try? encoder.encode(sheet.atlas), let first = sheet.atlas.frames.first else {
      throw Failure(.internal, kind: "internal", "the atlas could not be encoded")
    }
    var body = Array("{\n  \"atlas\" : ".utf8) + Array(atlas)
    body += Array(",\n  \"data\" : \"\(Data(sheet.png).base64EncodedString())\"".utf8)
    body += Array(",\n  \"format\" : \"png\"".utf8)
    if includesLayout {
      body += Array(",\n  \"layout\" : ".utf8) + JSONDocument.layout(layout, image: nil).bytes
    }
    body += Array("\n}\n".utf8)
    let geometry = ImageGeometry(
      width: sheet.atlas.width, height: sheet.atlas.height, scale: first.scale,
      originX: first.originX, originY: first.originY)
    return CachedImage(body: body, contentType: Reply.jsonType, geometry: geometry)
  }

  /// Whether the query asks for the layout: `include=layout`; no other value is taken.
  private static func includesLayout(_ query: QueryParameters) throws(Failure) -> Bool {
    switch query["include"] {
    case nil: return false
    case "layout": return true
    default: throw Failure(RequestError(field: "include", "must be layout"))
    }
  }

  /// The response for a render answer.
  private static func response(_ entry: CachedImage, tag: String?) -> Response {
    var headers = ImageHeaders.fields(entry.geometry)
    if let tag { headers[.eTag] = tag }
    return Reply.bytes(contentType: entry.contentType, entry.body, headers: headers)
  }

  /// Whether an `If-None-Match` value names the tag (or is `*`).
  private static func matches(_ header: String?, _ tag: String) -> Bool {
    guard let header else { return false }
    return header.split(separator: ",").contains { item in
      let value = item.trimmingCharacters(in: .whitespaces)
      return value == "*" || value == tag || value == "W/" + tag
    }
  }

  /// The media type of an image format.
  private static func contentType(_ format: ImageFormat) -> String {
    switch format {
    case .png: "image/png"
    case .svg: "image/svg+xml"
    case .pdf: "application/pdf"
    }
  }

  /// `{"data": base64, "format": "png", "layout": {…the layout with "image"…}}`, keys sorted
  /// as every document of `galley` has them.
  private static func document(_ image: RenderedImage, layout: Layout) -> [UInt8] {
    let base64 = Data(image.data).base64EncodedString()
    return Array(
      "{\n  \"data\" : \"\(base64)\",\n  \"format\" : \"\(image.format.rawValue)\",\n  \"layout\" : "
        .utf8)
      + JSONDocument.layout(layout, image: image.geometry).bytes + Array("\n}\n".utf8)
  }
}
#endif
