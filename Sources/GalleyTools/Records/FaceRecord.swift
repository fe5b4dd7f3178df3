import GalleyFonts

/// One face as `galley font` and `galley fonts` print it.
///
/// ```json
/// {"file": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "index": 0,
///  "family": "DejaVu Sans", "style": "Book", "postscriptName": "DejaVuSans",
///  "weight": 400, "slant": "upright", "width": 100, "color": false}
/// ```
package struct FaceRecord: Encodable, Sendable {
  /// The font file's path.
  package var file: String
  /// The face's index in the file (collections hold several).
  package var index: Int
  /// The family name.
  package var family: String
  /// The style name, such as `Bold Oblique`.
  package var style: String
  /// The PostScript name, or an empty string.
  package var postscriptName: String
  /// The CSS weight, 100…1000.
  package var weight: Int
  /// `upright`, `italic` or `oblique`.
  package var slant: String
  /// The width as a percentage of normal (fontconfig's `width`).
  package var width: Int
  /// Whether the face has color glyphs.
  package var color: Bool

  /// The record of a face.
  ///
  /// - Parameter face: The face.
  package init(_ face: FaceDescriptor) {
    file = face.file
    index = face.index
    family = face.family
    style = face.style
    postscriptName = face.postscriptName
    weight = face.weight
    slant = face.slant.rawValue
    width = face.width
    color = face.isColor
  }
}
