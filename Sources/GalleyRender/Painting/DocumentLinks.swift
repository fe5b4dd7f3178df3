import GalleyLayout

#if canImport(Glibc)
import Glibc
#endif

/// The links of a vector document, made clickable: a URI link annotation over each link
/// rectangle in PDF, and an `<a href>` around a transparent rectangle over each one in SVG.
///
/// Only links with a target get one. Targets whose scheme runs code when followed
/// (`javascript:`, `vbscript:`, `data:`) are left out, so a document made from someone
/// else's markup cannot carry a script. Rectangles are in document units: image pixels,
/// `(layout point + origin) × scale`.
struct DocumentLinks {
  /// One link: its target and its rectangles as `(x, y, width, height)`.
  struct Link {
    var target: String
    var rects: [(x: Double, y: Double, width: Double, height: Double)]
  }

  /// The links that get an annotation, in the layout's order.
  let links: [Link]

  /// Collects the links of `layout` placed as `geometry` says.
  ///
  /// - Parameters:
  ///   - layout: The layout, with its link rectangles in points.
  ///   - geometry: Where the layout sits in the document.
  init(layout: Layout, geometry: ImageGeometry) {
    let scale = geometry.scale
    links = layout.links.compactMap { region in
      guard let target = region.target, Self.isFollowable(target), !region.rects.isEmpty else {
        return nil
      }
      let rects = region.rects.map { rect in
        (
          x: (rect.x + geometry.originX) * scale, y: (rect.y + geometry.originY) * scale,
          width: rect.width * scale, height: rect.height * scale
        )
      }
      return Link(target: target, rects: rects)
    }
  }

  /// Whether a target may become a clickable link: not empty, not a script.
  static func isFollowable(_ target: String) -> Bool {
    let trimmed = target.unicodeScalars.drop { $0.value <= 0x20 }
    guard !trimmed.isEmpty else { return false }
    // Browsers drop tabs and newlines inside a scheme ("java\nscript:"), so compare without.
    let scheme = String(String.UnicodeScalarView(trimmed.prefix(16).filter { $0.value > 0x20 }))
      .lowercased()
    return !["javascript:", "vbscript:", "data:"].contains { scheme.hasPrefix($0) }
  }

  /// Adds a PDF link annotation for each link, as cairo's `Link` tags with explicit
  /// rectangles (``CairoContext/addLinkTag(attributes:)``).
  ///
  /// - Parameter context: A context on the PDF surface; its matrix is reset to document units.
  func tag(_ context: CairoContext) {
    context.resetMatrix()
    for link in links {
      let rects = link.rects.map { "\($0.x) \($0.y) \($0.width) \($0.height)" }
      let attributes =
        "uri='\(Self.quotedForCairo(link.target))' rect=[\(rects.joined(separator: " "))]"
      context.addLinkTag(attributes: attributes)
    }
  }

  /// The SVG elements that make the links clickable: one `<a>` per link, holding a
  /// transparent rectangle (painted, so it takes pointer events) per link rectangle.
  func svgElements() -> String {
    var elements = ""
    for link in links {
      elements += "<a href=\"\(Self.escapedForXML(link.target))\">"
      for rect in link.rects {
        elements +=
          "<rect x=\"\(rect.x)\" y=\"\(rect.y)\" width=\"\(rect.width)\" height=\"\(rect.height)\""
          + " fill=\"#000\" fill-opacity=\"0\"/>"
      }
      elements += "</a>\n"
    }
    return elements
  }

  /// Puts ``svgElements()`` last in an SVG document, on top of everything drawn.
  ///
  /// - Parameter document: The bytes cairo wrote.
  /// - Returns: The document with the links before its closing `</svg>`.
  func addingLinks(toSVG document: [UInt8]) -> [UInt8] {
    guard !links.isEmpty else { return document }
    let closing = Array("</svg>".utf8)
    var end = document.count - closing.count
    while end >= 0, !document[end..<end + closing.count].elementsEqual(closing) { end -= 1 }
    guard end >= 0 else { return document }
    return Array(document[..<end]) + Array(svgElements().utf8) + Array(document[end...])
  }

  /// A value for cairo's attribute strings: single quotes and backslashes escaped.
  static func quotedForCairo(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "'" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// Text for an XML attribute in double quotes; control characters become spaces (XML 1.0
  /// cannot hold most of them).
  static func escapedForXML(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
