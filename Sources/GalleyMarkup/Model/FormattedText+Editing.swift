internal import GalleySupport

// Edits the layout engine makes to formatted text: the truncated text it lays out, and the
// text scaled for autoshrink. Each costs time in the parts it copies, not in the whole text,
// so a short label cut from a long text stays cheap.
extension FormattedText {
  /// The UTF-16 offset of a UTF-8 offset, counted from the nearer end of the run that holds it.
  ///
  /// - Parameter utf8Offset: An offset on a scalar boundary, in `0...string.utf8.count`.
  /// - Returns: The same position in UTF-16 code units.
  package func utf16Offset(ofUTF8 utf8Offset: Int) -> Int {
    let position = runs.partitioningIndex { $0.utf8Range.upperBound > utf8Offset }
    guard position < runs.count else { return runs.last?.utf16Range.upperBound ?? 0 }
    let run = runs[position]
    let utf8 = string.utf8
    let offset = utf8.index(utf8.startIndex, offsetBy: utf8Offset)
    if utf8Offset - run.utf8Range.lowerBound <= run.utf8Range.upperBound - utf8Offset {
      return run.utf16Range.lowerBound
        + string.utf16.distance(from: run.range.lowerBound, to: offset)
    }
    return run.utf16Range.upperBound - string.utf16.distance(from: offset, to: run.range.upperBound)
  }

  /// The text with a range replaced by other formatted text.
  ///
  /// Runs are cut at the range and joined with the insertion's, and neighbours with equal
  /// attributes merge. Every link of this text stays, at its index: a link cut by the range
  /// keeps its visible parts (one that was wholly inside it becomes empty, where the range
  /// was). The insertion's links follow them, their indexes moved past this text's.
  ///
  /// - Parameters:
  ///   - cut: The UTF-8 range to replace, on scalar boundaries.
  ///   - insertion: What replaces it.
  /// - Returns: The edited text.
  package func replacing(utf8Range cut: Range<Int>, with insertion: FormattedText) -> FormattedText
  {
    let utf8 = string.utf8
    func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    let edited =
      String(string[..<index(cut.lowerBound)]) + insertion.string
      + String(string[index(cut.upperBound)...])
    let cut16 = utf16Offset(ofUTF8: cut.lowerBound)..<utf16Offset(ofUTF8: cut.upperBound)
    let shift = Shift(
      utf8: (cut, insertion.string.utf8.count), utf16: (cut16, insertion.string.utf16.count))
    var builder = Builder(string: edited)
    let first = runs.partitioningIndex { $0.utf8Range.upperBound > cut.lowerBound }
    for run in runs[..<first] { builder.append(run.utf8Range, run.utf16Range, run.attributes) }
    if first < runs.count, runs[first].utf8Range.lowerBound < cut.lowerBound {
      let run = runs[first]
      builder.append(
        run.utf8Range.lowerBound..<cut.lowerBound, run.utf16Range.lowerBound..<cut16.lowerBound,
        run.attributes)
    }
    for run in insertion.runs {
      var attributes = run.attributes
      attributes.link = attributes.link.map { $0 + links.count }
      builder.append(
        run.utf8Range.shifted(by: cut.lowerBound), run.utf16Range.shifted(by: cut16.lowerBound),
        attributes)
    }
    let after = runs.partitioningIndex { $0.utf8Range.upperBound > cut.upperBound }
    for run in runs[after...] {
      builder.append(
        shift.utf8(
          max(run.utf8Range.lowerBound, cut.upperBound))..<shift.utf8(
            run.utf8Range.upperBound),
        shift.utf16(
          max(run.utf16Range.lowerBound, cut16.upperBound))..<shift.utf16(
            run.utf16Range.upperBound), run.attributes)
    }
    var editedLinks = links.map { link in
      builder.link(
        index: link.index, utf8: shift.clip(link.utf8Range, unit: \.utf8),
        utf16: shift.clip(link.utf16Range, unit: \.utf16), target: link.target)
    }
    for link in insertion.links {
      editedLinks.append(
        builder.link(
          index: link.index + links.count, utf8: link.utf8Range.shifted(by: cut.lowerBound),
          utf16: link.utf16Range.shifted(by: cut16.lowerBound), target: link.target))
    }
    return FormattedText(uncheckedString: edited, runs: builder.runs, links: editedLinks)
  }

  /// The text without a range: ``replacing(utf8Range:with:)`` with nothing, so every link
  /// stays (those wholly inside the range become empty).
  ///
  /// - Parameter cut: The UTF-8 range to remove, on scalar boundaries.
  /// - Returns: The shorter text.
  package func removing(utf8Range cut: Range<Int>) -> FormattedText {
    replacing(utf8Range: cut, with: FormattedText(plain: ""))
  }

  /// The text with every size and baseline shift multiplied by `factor` (character spacing is
  /// already a fraction of the size).
  ///
  /// - Parameter factor: The scale, above 0.
  /// - Returns: The scaled text; its string, ranges and links are this text's.
  package func scaled(by factor: Double) -> FormattedText {
    guard factor != 1 else { return self }
    var scaled: [Run] = []
    scaled.reserveCapacity(runs.count)
    for run in runs {
      var attributes = run.attributes
      attributes.size *= factor
      attributes.baselineShift *= factor
      // Scaling can make two neighbours equal (sizes that round together): keep them coalesced.
      if let last = scaled.last, last.attributes == attributes {
        scaled[scaled.count - 1] = Run(
          range: last.range.lowerBound..<run.range.upperBound,
          utf16Range: last.utf16Range.lowerBound..<run.utf16Range.upperBound,
          utf8Range: last.utf8Range.lowerBound..<run.utf8Range.upperBound, attributes: attributes)
      } else {
        scaled.append(
          Run(
            range: run.range, utf16Range: run.utf16Range, utf8Range: run.utf8Range,
            attributes: attributes))
      }
    }
    return FormattedText(uncheckedString: string, runs: scaled, links: links)
  }
}

/// How offsets after a replaced range move, in UTF-8 and UTF-16.
private struct Shift {
  /// The replaced range and the insertion's length, in UTF-8.
  let utf8: (cut: Range<Int>, inserted: Int)
  /// The same in UTF-16.
  let utf16: (cut: Range<Int>, inserted: Int)

  func utf8(_ offset: Int) -> Int { offset - utf8.cut.count + utf8.inserted }
  func utf16(_ offset: Int) -> Int { offset - utf16.cut.count + utf16.inserted }

  /// The part of a range outside the cut, in edited offsets: the insertion sits inside it
  /// when the range spans the cut, and a range wholly inside becomes empty where the cut was.
  func clip(
    _ range: Range<Int>, unit: KeyPath<Shift, (cut: Range<Int>, inserted: Int)>
  ) -> Range<Int> {
    let (cut, inserted) = self[keyPath: unit]
    let lower: Int
    if range.lowerBound < cut.lowerBound {
      lower = range.lowerBound
    } else if range.lowerBound >= cut.upperBound {
      lower = range.lowerBound - cut.count + inserted
    } else {
      lower = cut.lowerBound + inserted
    }
    let upper: Int
    if range.upperBound <= cut.lowerBound {
      upper = range.upperBound
    } else if range.upperBound >= cut.upperBound {
      upper = range.upperBound - cut.count + inserted
    } else {
      upper = cut.lowerBound
    }
    return upper >= lower ? lower..<upper : cut.lowerBound..<cut.lowerBound
  }
}

/// Collects the runs of edited text, merging neighbours with equal attributes, and makes
/// their `String.Index` ranges on the edited string.
private struct Builder {
  let string: String
  var runs: [FormattedText.Run] = []

  init(string: String) { self.string = string }

  private func index(_ offset: Int) -> String.Index {
    string.utf8.index(string.utf8.startIndex, offsetBy: offset)
  }

  mutating func append(_ utf8: Range<Int>, _ utf16: Range<Int>, _ attributes: TextAttributes) {
    guard !utf8.isEmpty else { return }
    if let last = runs.last, last.attributes == attributes,
      last.utf8Range.upperBound == utf8.lowerBound
    {
      let merged = last.utf8Range.lowerBound..<utf8.upperBound
      runs[runs.count - 1] = FormattedText.Run(
        range: index(merged.lowerBound)..<index(merged.upperBound),
        utf16Range: last.utf16Range.lowerBound..<utf16.upperBound, utf8Range: merged,
        attributes: attributes)
      return
    }
    runs.append(
      FormattedText.Run(
        range: index(utf8.lowerBound)..<index(utf8.upperBound), utf16Range: utf16,
        utf8Range: utf8, attributes: attributes))
  }

  func link(index: Int, utf8: Range<Int>, utf16: Range<Int>, target: String?) -> FormattedText.Link
  {
    FormattedText.Link(
      index: index, range: self.index(utf8.lowerBound)..<self.index(utf8.upperBound),
      utf16Range: utf16, utf8Range: utf8, target: target)
  }
}

extension Range where Bound == Int {
  /// The range moved by `offset`.
  fileprivate func shifted(by offset: Int) -> Range<Int> {
    (lowerBound + offset)..<(upperBound + offset)
  }
}
