// Finishing a scan: the output bytes become the string, the pending runs and links become
// `FormattedText`'s.
extension MarkupScanner {
  /// The formatted text: one copy of the output, and the runs and links with their ranges in
  /// all three units.
  ///
  /// It is `mutating` only so that the scan can call it in place, without copying the scanner.
  mutating func finish() -> FormattedText {
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
    let runs = pendingRuns.withUnsafeBufferPointer {
      Self.runs(
        $0, in: string, utf16Count: outputUTF16, families: families.names,
        features: featureLists.lists, variations: variationLists.lists,
        languages: languages.tags)
    }
    let links = pendingLinks.withUnsafeBufferPointer { Self.links($0, in: string) }
    return FormattedText(uncheckedString: string, runs: runs, links: links)
  }

  /// The runs, in an array of the exact size.
  ///
  /// - Parameters:
  ///   - pending: The runs as they opened; each ends where the next starts.
  ///   - string: The text.
  ///   - utf16Count: The text's UTF-16 length.
  ///   - families: The family names, by interned id.
  ///   - features: The feature lists, by number.
  ///   - variations: The coordinate lists, by number.
  ///   - languages: The language tags, by number.
  /// - Returns: The runs with their ranges in all three units.
  private static func runs(
    _ pending: UnsafeBufferPointer<PendingRun>, in string: String, utf16Count: Int,
    families: [String], features: [FontFeatures], variations: [FontVariations],
    languages: [String?]
  ) -> [FormattedText.Run] {
    let utf8 = string.utf8
    var runs: [FormattedText.Run] = []
    runs.reserveCapacity(pending.count)
    var start = (utf8: 0, utf16: 0, index: string.startIndex)
    for position in 0..<pending.count {
      let next = position &+ 1
      let end =
        next < pending.count
        ? (
          utf8: pending[next].utf8Start, utf16: pending[next].utf16Start,
          index: utf8.index(utf8.startIndex, offsetBy: pending[next].utf8Start)
        )
        : (utf8: utf8.count, utf16: utf16Count, index: string.endIndex)
      runs.append(
        FormattedText.Run(
          range: start.index..<end.index, utf16Range: start.utf16..<end.utf16,
          utf8Range: start.utf8..<end.utf8,
          attributes: pending[position].attributes.resolved(
            families: families, features: features, variations: variations,
            languages: languages)))
      start = end
    }
    return runs
  }

  /// The links, in the order their `%L` came.
  ///
  /// - Parameters:
  ///   - pending: The links with their UTF-8 and UTF-16 ranges.
  ///   - string: The text.
  /// - Returns: The links with their ranges in all three units.
  private static func links(
    _ pending: UnsafeBufferPointer<PendingLink>, in string: String
  ) -> [FormattedText.Link] {
    guard !pending.isEmpty else { return [] }
    let utf8 = string.utf8
    func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    var links: [FormattedText.Link] = []
    links.reserveCapacity(pending.count)
    for position in 0..<pending.count {
      let link = pending[position]
      links.append(
        FormattedText.Link(
          index: position,
          range: index(link.utf8Range.lowerBound)..<index(link.utf8Range.upperBound),
          utf16Range: link.utf16Range, utf8Range: link.utf8Range, target: link.target))
    }
    return links
  }
}
