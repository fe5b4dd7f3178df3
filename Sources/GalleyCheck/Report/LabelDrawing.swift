import GalleyJobs
import GalleyLayout
import GalleyMarkup
import GalleyRender

/// A failing string drawn in its label, as the app would show it (truncated where the label
/// truncates), with the geometry the HTML report draws over it: the label's box, the line
/// boxes, the truncation token and the glyphs no font has.
package struct LabelDrawing: Sendable {
  /// The PNG.
  package var png: [UInt8]
  /// The image's size in pixels.
  package var width: Int
  /// The image's height in pixels.
  package var height: Int
  /// Image pixels per layout point.
  package var scale: Double
  /// Where the layout's origin is in the image, in points.
  package var originX: Double
  /// The same, vertically.
  package var originY: Double
  /// The label's box, in layout points.
  package var box: Layout.Rect
  /// The line boxes.
  package var lines: [Layout.Rect]
  /// The truncation token's glyph boxes.
  package var truncation: [Layout.Rect]
  /// The boxes of glyphs drawn as `.notdef`: characters no font has.
  package var missing: [Layout.Rect]

  /// The pixels drawn per point.
  static let pixelsPerPoint = 2.0

  /// Lays out and draws a string in a label's job.
  ///
  /// - Parameters:
  ///   - text: The formatted string.
  ///   - job: The label's job, its language set.
  ///   - runner: The runner.
  /// - Returns: The drawing, or `nil` when the text cannot be laid out or drawn.
  static func draw(_ text: FormattedText, job: TextJob, runner: JobRunner) -> LabelDrawing? {
    guard let layout = try? runner.engine.layout(text, options: job.layoutOptions) else {
      return nil
    }
    var options = job.render.options
    options.scale = pixelsPerPoint
    options.background = options.background ?? .white
    guard
      let image = try? runner.renderer.render(
        layout, options: options, format: .png, pngCompression: .fast, text: text.string)
    else { return nil }
    var drawing = LabelDrawing(
      png: image.data, width: image.geometry.width, height: image.geometry.height,
      scale: image.geometry.scale, originX: image.geometry.originX,
      originY: image.geometry.originY,
      box: Layout.Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height),
      lines: [], truncation: [], missing: [])
    for line in layout.lines {
      drawing.lines.append(
        Layout.Rect(x: line.x, y: line.y, width: line.width, height: line.height))
      for run in line.runs {
        for glyph in run.glyphs where run.isToken || glyph.id == 0 {
          let rect = Layout.Rect(
            x: glyph.x, y: line.y, width: max(glyph.advance, 1), height: line.height)
          if run.isToken { drawing.truncation.append(rect) } else { drawing.missing.append(rect) }
        }
      }
    }
    return drawing
  }
}
