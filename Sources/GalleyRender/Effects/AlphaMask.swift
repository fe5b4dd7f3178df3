import GalleyStyle

/// An 8-bit alpha image of the text's shape, the source of shadows, glows and inner shadows.
final class AlphaMask {
  let surface: CairoSurface
  /// Mask pixels per layout point, for converting blur radii.
  var pixelsPerPoint = 1.0

  init(width: Int, height: Int) throws(RenderError) {
    surface = try CairoSurface(image: .a8, width: width, height: height)
  }

  private init(surface: CairoSurface, pixelsPerPoint: Double) {
    self.surface = surface
    self.pixelsPerPoint = pixelsPerPoint
  }

  /// Keeps, in each pixel, the larger of this mask's value and `other`'s (same size): the
  /// union of two shapes.
  func formUnion(_ other: AlphaMask) {
    let count = surface.stride * surface.height
    surface.withPixels { target in
      other.surface.withPixels { source in
        for index in 0..<count { target[index] = max(target[index], source[index]) }
      }
    }
  }

  /// Adds glyph strokes, each at a whole-pixel position, keeping the larger value per pixel.
  func formUnion(_ strokes: [(stroke: GlyphStroke, x: Int, y: Int)]) {
    let (width, height, stride) = (surface.width, surface.height, surface.stride)
    surface.withPixels { target in
      for (stroke, x, y) in strokes {
        let sourcePixels = stroke.pixels.assumingMemoryBound(to: UInt8.self)
        let originX = x + stroke.left
        let originY = y + stroke.top
        let columns = max(0, -originX)..<min(stroke.width, width - originX)
        let rows = max(0, -originY)..<min(stroke.height, height - originY)
        guard !columns.isEmpty else { continue }
        for row in rows {
          let from = sourcePixels + row * stroke.width
          let to = target + (originY + row) * stride + originX
          for column in columns { to[column] = max(to[column], from[column]) }
        }
      }
    }
  }

  /// A copy to blur without touching the original.
  func copy() throws(RenderError) -> AlphaMask {
    let copy = try AlphaMask(width: surface.width, height: surface.height)
    copy.pixelsPerPoint = pixelsPerPoint
    let count = surface.stride * surface.height
    surface.withPixels { source in
      copy.surface.withPixels { target in target.update(from: source, count: count) }
    }
    return copy
  }

  /// Blurs the mask in place with a radius in points.
  func blur(radius: Double, outside: UInt8) {
    let blur = BoxBlur(radius: radius, pixelsPerPoint: pixelsPerPoint)
    let (width, height, stride) = (surface.width, surface.height, surface.stride)
    surface.withPixels { pixels in
      blur.apply(pixels, width: width, height: height, stride: stride, outside: outside)
    }
  }

  /// FXLabel's inner shadow: the inverse of the shape, blurred, moved by the offset (in mask
  /// pixels, rounded to whole pixels), and kept only inside the shape.
  func innerShadow(blurRadius: Double, offsetX: Double, offsetY: Double) throws(RenderError)
    -> AlphaMask
  {
    let inverse = try copy()
    let (width, height, stride) = (surface.width, surface.height, surface.stride)
    inverse.surface.withPixels { pixels in
      for row in 0..<height {
        for column in 0..<width {
          pixels[row * stride + column] = 255 - pixels[row * stride + column]
        }
      }
    }
    // Beyond the canvas is outside the text, so it casts shadow too.
    inverse.blur(radius: blurRadius, outside: 255)
    let dx = Int(saturating: offsetX.rounded())
    let dy = Int(saturating: offsetY.rounded())
    let result = try AlphaMask(width: width, height: height)
    result.pixelsPerPoint = pixelsPerPoint
    surface.withPixels { shape in
      inverse.surface.withPixels { shadow in
        result.surface.withPixels { output in
          for row in 0..<height {
            let sourceRow = row - dy
            for column in 0..<width {
              let inside = Int(shape[row * stride + column])
              guard inside > 0 else { continue }
              let sourceColumn = column - dx
              let cast =
                sourceRow >= 0 && sourceRow < height && sourceColumn >= 0 && sourceColumn < width
                ? Int(shadow[sourceRow * stride + sourceColumn]) : 255
              output[row * stride + column] = UInt8((cast * inside + 127) / 255)
            }
          }
        }
      }
    }
    return result
  }

  /// An image of `color` with the mask's alpha, premultiplied: how vector output carries a
  /// blurred effect, since SVG and PDF readers handle images better than masks.
  func colorized(_ color: TextColor) throws(RenderError) -> CairoSurface {
    let (width, height, stride) = (surface.width, surface.height, surface.stride)
    let image = try CairoSurface(image: .argb32, width: width, height: height)
    let imageStride = image.stride
    let alpha = UInt32(color.alpha)
    // Premultiplied channels times 255: divided once, after the coverage is applied.
    let channels = [UInt32(color.red), UInt32(color.green), UInt32(color.blue)].map {
      $0 * alpha
    }
    let full = UInt32(255 * 255)
    surface.withPixels { mask in
      image.withPixels { pixels in
        for row in 0..<height {
          let target = UnsafeMutableRawPointer(pixels + row * imageStride)
          for column in 0..<width {
            let coverage = UInt32(mask[row * stride + column])
            guard coverage > 0 else { continue }
            // Premultiplied: every channel scaled by alpha × coverage.
            let a = (alpha * coverage + 127) / 255
            let r = (channels[0] * coverage + full / 2) / full
            let g = (channels[1] * coverage + full / 2) / full
            let b = (channels[2] * coverage + full / 2) / full
            target.storeBytes(
              of: a << 24 | r << 16 | g << 8 | b, toByteOffset: column * 4, as: UInt32.self)
          }
        }
      }
    }
    return image
  }
}
