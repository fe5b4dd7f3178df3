import GalleyLayout

/// The text a layout was made from, for PDF text extraction: each run's glyphs mapped back to
/// the characters they draw, so that copying or reading a ligature gives its letters ("ffi",
/// not U+FB03) and a glyph with no Unicode value of its own (Lato's "fj") its text.
struct SourceText {
  /// The text's UTF-8 bytes.
  let utf8: [UInt8]
  /// The UTF-8 offset of each UTF-16 offset (one more than the UTF-16 count).
  private let utf8Offsets: [Int]

  /// Prepares a text.
  ///
  /// - Parameter text: The string the layout's offsets count in (UTF-16).
  init(_ text: String) {
    utf8 = Array(text.utf8)
    var offsets: [Int] = []
    offsets.reserveCapacity(text.utf16.count + 1)
    var position = 0
    for scalar in text.unicodeScalars {
      let units = scalar.utf16.count
      let bytes = scalar.utf8.count
      for unit in 0..<units { offsets.append(unit == 0 ? position : position + bytes) }
      position += bytes
    }
    offsets.append(position)
    utf8Offsets = offsets
  }

  /// A run's text and clusters, or `nil` when the run has none to give (a truncation token,
  /// whose glyphs are not in the text), its glyphs' clusters do not read in order, or it is
  /// right to left.
  ///
  /// Right-to-left runs are left to cairo's guesses: PDF readers (poppler's `pdftotext`)
  /// break text given per cluster from the right into one line per cluster, while they read
  /// the glyphs' own Unicode values (Arabic presentation forms) in order.
  ///
  /// - Parameter run: A run of the layout made from this text.
  /// - Returns: The run's text from its first glyph's cluster to its end, and one cluster per
  ///   group of glyphs with the same cluster, in text order.
  func text(of run: Layout.GlyphRun) -> Scene.RunText? {
    // An inserted hyphen stands for no text: copied text runs on through the break.
    if run.isInserted, !run.glyphs.isEmpty {
      return Scene.RunText(
        utf8: [], clusters: [Scene.RunText.Cluster(bytes: 0, glyphs: Int32(run.glyphs.count))])
    }
    let end = run.location + run.length
    guard !run.isToken, !run.isRightToLeft, !run.glyphs.isEmpty, run.location >= 0,
      run.length > 0, end < utf8Offsets.count
    else { return nil }
    let clusters = run.glyphs.map { $0.cluster }
    var groups: [(start: Int, glyphs: Int32)] = []
    for cluster in clusters {
      guard cluster >= run.location, cluster < end else { return nil }
      if let last = groups.last, last.start == cluster {
        groups[groups.count - 1].glyphs += 1
      } else {
        guard groups.last.map({ $0.start < cluster }) ?? true else { return nil }
        groups.append((cluster, 1))
      }
    }
    var mapped: [Scene.RunText.Cluster] = []
    mapped.reserveCapacity(groups.count)
    for (index, group) in groups.enumerated() {
      let next = index + 1 < groups.count ? groups[index + 1].start : end
      let bytes = utf8Offsets[next] - utf8Offsets[group.start]
      guard bytes > 0 else { return nil }
      mapped.append(Scene.RunText.Cluster(bytes: Int32(bytes), glyphs: group.glyphs))
    }
    let first = utf8Offsets[groups[0].start]
    return Scene.RunText(utf8: Array(utf8[first..<utf8Offsets[end]]), clusters: mapped)
  }
}
