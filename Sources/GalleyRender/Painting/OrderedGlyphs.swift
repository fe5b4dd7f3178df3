import GalleyLayout
import GalleyStyle
internal import GalleySupport

/// A scene's glyphs kept for a drawing order (transformed glyphs, or a draw order asked for),
/// and the runs they become (``runs(in:)``).
///
/// Each layout run's glyphs are kept together. Text already in text order (left-to-right
/// lines) becomes runs a layout run at a time; otherwise glyphs are sorted one by one.
struct OrderedGlyphs {
  /// One layout run's glyphs: their font (an index of ``fonts``) and color, maps (empty for
  /// none), places in the text, and the characters each stands for in a PDF (empty for a
  /// glyph after the first of its cluster; `nil` when the run has no text to give).
  private struct Segment {
    var font: Int
    var color: TextColor
    var glyphs: [SceneGlyph]
    var matrices: [Layout.AffineTransform]
    var clusters: [Int]
    var texts: [ArraySlice<UInt8>]?
  }

  /// One glyph, for orders that move glyphs one by one.
  private struct Piece {
    var segment: Int
    var index: Int
    var cluster: Int
  }

  private var segments: [Segment] = []
  /// The fonts of the segments, each once, in the order met.
  private var fonts: [(reference: Layout.FontReference, font: CairoScaledFont)] = []

  /// Keeps a layout run's glyphs.
  ///
  /// - Parameters:
  ///   - run: The layout run.
  ///   - font: Its scaled font.
  ///   - color: Its color.
  ///   - matrices: Its glyphs' maps, or empty.
  ///   - texts: Each glyph's characters, or `nil`.
  mutating func add(
    _ run: Layout.GlyphRun, font: CairoScaledFont, color: TextColor,
    matrices: [Layout.AffineTransform], texts: [ArraySlice<UInt8>]?
  ) {
    let fontIndex: Int
    if let known = fonts.lastIndex(where: { $0.font === font }) {
      fontIndex = known
    } else {
      fontIndex = fonts.count
      fonts.append((run.font, font))
    }
    segments.append(
      Segment(
        font: fontIndex, color: color, glyphs: run.glyphs.map(SceneGlyph.init),
        matrices: matrices, clusters: run.glyphs.map { $0.cluster }, texts: texts))
  }

  /// The kept glyphs as runs in a drawing order, neighbours of one font and color joined.
  ///
  /// Text is kept in text order only: a PDF reader reads glyphs in the order they are drawn.
  ///
  /// - Parameter order: Text order, its reverse, or a seeded shuffle (Fisher–Yates on
  ///   SplitMix64); layout order breaks ties.
  /// - Returns: The runs, drawn first to last.
  func runs(in order: RenderOptions.DrawOrder) -> [Scene.Run] {
    switch order {
    case .logical where isInTextOrder:
      return joined(segments.indices, reversed: false)
    case .reverse where isInTextOrder:
      return joined(segments.indices.reversed(), reversed: true)
    default:
      return joined(pieces(in: order), keepsText: order == .logical)
    }
  }

  /// Whether the glyphs, in layout order, are in text order.
  private var isInTextOrder: Bool {
    var last = Int.min
    for segment in segments {
      for cluster in segment.clusters {
        guard cluster >= last else { return false }
        last = cluster
      }
    }
    return true
  }

  /// Runs made of whole segments: in order, or each reversed in reverse order.
  ///
  /// Segments are read in place and runs grown in place: copying either copies its arrays'
  /// and font's references.
  private func joined(_ order: some Sequence<Int>, reversed: Bool) -> [Scene.Run] {
    var runs: [Scene.Run] = []
    for number in order {
      let texts = reversed ? nil : segments[number].texts
      let font = segments[number].font
      if let last = runs.indices.last, fonts[font].font === runs[last].font,
        runs[last].color == segments[number].color,
        runs[last].matrices.isEmpty == segments[number].matrices.isEmpty,
        (runs[last].text == nil) == (texts == nil)
      {
        // Joined to the run before.
      } else {
        runs.append(newRun(font: font, color: segments[number].color, keepingText: texts != nil))
      }
      let last = runs.count - 1
      if reversed {
        runs[last].glyphs.append(contentsOf: segments[number].glyphs.reversed())
        runs[last].matrices.append(contentsOf: segments[number].matrices.reversed())
      } else if runs[last].glyphs.isEmpty {
        // A new run shares the segment's arrays until it grows.
        runs[last].glyphs = segments[number].glyphs
        runs[last].matrices = segments[number].matrices
      } else {
        runs[last].glyphs.append(contentsOf: segments[number].glyphs)
        runs[last].matrices.append(contentsOf: segments[number].matrices)
      }
      for text in texts ?? [] { runs[last].text?.append(text) }
    }
    return runs
  }

  /// Runs made glyph by glyph in the order of `pieces`.
  private func joined(_ pieces: [Piece], keepsText: Bool) -> [Scene.Run] {
    var runs: [Scene.Run] = []
    var current: (run: Scene.Run, segment: Int)?
    for piece in pieces {
      let segment = segments[piece.segment]
      let text = keepsText ? segment.texts?[piece.index] : nil
      var run: Scene.Run
      if let (open, number) = current, segments[number].font == segment.font,
        open.color == segment.color, open.matrices.isEmpty == segment.matrices.isEmpty,
        (open.text == nil) == (text == nil)
      {
        current = nil
        run = open
      } else {
        if let current { runs.append(current.run) }
        run = newRun(font: segment.font, color: segment.color, keepingText: text != nil)
      }
      run.glyphs.append(segment.glyphs[piece.index])
      if !segment.matrices.isEmpty { run.matrices.append(segment.matrices[piece.index]) }
      if let text { run.text?.append(text) }
      current = (run, piece.segment)
    }
    if let current { runs.append(current.run) }
    return runs
  }

  /// An empty run in a font (an index of ``fonts``) and a color.
  private func newRun(font index: Int, color: TextColor, keepingText: Bool) -> Scene.Run {
    let font = fonts[index]
    var run = Scene.Run(reference: font.reference, font: font.font, color: color, glyphs: [])
    if keepingText { run.text = Scene.RunText(utf8: [], clusters: []) }
    return run
  }

  /// Every glyph in a drawing order.
  private func pieces(in order: RenderOptions.DrawOrder) -> [Piece] {
    var pieces: [Piece] = []
    for (number, segment) in segments.enumerated() {
      for (index, cluster) in segment.clusters.enumerated() {
        pieces.append(Piece(segment: number, index: index, cluster: cluster))
      }
    }
    switch order {
    case .logical:
      // Layout order breaks ties, so the sort is stable whatever its algorithm.
      let keyed = pieces.enumerated().sorted {
        ($0.element.cluster, $0.offset) < ($1.element.cluster, $1.offset)
      }
      return keyed.map(\.element)
    case .reverse:
      let keyed = pieces.enumerated().sorted {
        ($0.element.cluster, $0.offset) > ($1.element.cluster, $1.offset)
      }
      return keyed.map(\.element)
    case .random(let seed):
      var random = SplitMix64(seed: seed)
      for index in pieces.indices.reversed() where index > 0 {
        pieces.swapAt(index, Int(random.next() % UInt64(index + 1)))
      }
      return pieces
    }
  }
}
