// Built with the `Server` trait only (Package.swift).
#if Server
import GalleyRender
import HTTPTypes

/// The response headers that carry a rendered image's geometry: its size in pixels, its scale
/// and the layout's origin in it (image pixel = (layout point + origin) × scale).
package enum ImageHeaders {
  /// `Galley-Image-Width`.
  static let width = HTTPField.Name("Galley-Image-Width")
  /// `Galley-Image-Height`.
  static let height = HTTPField.Name("Galley-Image-Height")
  /// `Galley-Image-Scale`.
  static let scale = HTTPField.Name("Galley-Image-Scale")
  /// `Galley-Origin-X`.
  static let originX = HTTPField.Name("Galley-Origin-X")
  /// `Galley-Origin-Y`.
  static let originY = HTTPField.Name("Galley-Origin-Y")

  /// The names, for CORS's exposed headers.
  package static let names = [
    "Galley-Image-Width", "Galley-Image-Height", "Galley-Image-Scale", "Galley-Origin-X",
    "Galley-Origin-Y",
  ]

  /// The headers of a geometry.
  ///
  /// - Parameter geometry: The image geometry.
  /// - Returns: The five headers.
  static func fields(_ geometry: ImageGeometry) -> HTTPFields {
    var fields = HTTPFields()
    for (name, value) in [
      (width, String(geometry.width)), (height, String(geometry.height)),
      (scale, number(geometry.scale)), (originX, number(geometry.originX)),
      (originY, number(geometry.originY)),
    ] {
      if let name { fields[name] = value }
    }
    return fields
  }

  /// A number as JSON writes it: `2`, not `2.0`.
  private static func number(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
#endif
