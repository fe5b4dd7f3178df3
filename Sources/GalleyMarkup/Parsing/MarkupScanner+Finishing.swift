// Finishing a scan: the output bytes become the string, the pending runs and links become
// `FormattedText`'s.
extension MarkupScanner {
  /// The formatted text: one copy of the output, and the runs and links with their ranges in
  /// all three units.
  func finish() -> FormattedText {
    // The output is valid UTF-8 by construction: it is the valid markup with codes cut out, and
    // every cut falls on an ASCII byte or a whole scalar (see `CodeToken`). Skipping a second
    // validation saves about a fifth of the time on accented text; debug builds still check.
    // Only ASCII has as many UTF-16 units as UTF-8 bytes.
    let text = UnsafeBufferPointer(rebasing: output[0..<outputCount])
    let string = String(
      copying: UTF8Span(unchecked: text.span, isKnownASCII: outputUTF16 == outputCount))
    #if DEBUG
    precondition(String(validating: text, as: UTF8.self) == string, "scanner cut a scalar")
    #endif
    let utf8 = string.utf8
    func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    let names = families.names
    var runs: [FormattedText.Run] = []
    runs.reserveCapacity(pendingRuns.count)
    var start = (utf8: 0, utf16: 0, index: string.startIndex)
    for position in pendingRuns.indices {
      let next = position + 1
      let end =
        next < pendingRuns.count
        ? (
          utf8: pendingRuns[next].utf8Start, utf16: pendingRuns[next].utf16Start,
          index: index(pendingRuns[next].utf8Start)
        )
        : (utf8: outputCount, utf16: outputUTF16, index: string.endIndex)
      runs.append(
        FormattedText.Run(
          range: start.index..<end.index, utf16Range: start.utf16..<end.utf16,
          utf8Range: start.utf8..<end.utf8,
          attributes: pendingRuns[position].attributes.resolved(families: names)))
      start = end
    }
    var links: [FormattedText.Link] = []
    links.reserveCapacity(pendingLinks.count)
    for (position, link) in pendingLinks.enumerated() {
      links.append(
        FormattedText.Link(
          index: position,
          range: index(link.utf8Range.lowerBound)..<index(link.utf8Range.upperBound),
          utf16Range: link.utf16Range, utf8Range: link.utf8Range, target: link.target))
    }
    return FormattedText(uncheckedString: string, runs: runs, links: links)
  }
}
