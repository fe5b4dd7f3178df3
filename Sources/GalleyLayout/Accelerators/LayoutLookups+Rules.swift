extension LayoutLookups {
  /// The glyphs of `allowed` at which a context or chained context subtable can start in a
  /// text made of `allowed` glyphs alone.
  ///
  /// Those are the glyphs of its coverage with a rule all of whose glyphs (format 1) or
  /// classes (format 2) such a text can have. `nil` for other types and formats, or when the
  /// subtable is malformed or too large to read.
  ///
  /// DejaVu Sans' `ccmp` starts at `i` and `j` only before a combining mark above, so a run
  /// without marks never triggers it.
  func possibleTriggers(
    ofSubtable offset: Int, type: Int, allowed: Set<UInt32>
  ) -> [UInt32]? {
    let chained = type == (isPositioning ? 8 : 6)
    guard chained || type == (isPositioning ? 7 : 5), let format = u16(offset),
      format == 1 || format == 2, let coverageOffset = u16(offset + 2),
      let covered = coverage(at: offset + coverageOffset)
    else { return nil }
    // Format 2: backtrack, input and lookahead class definitions (only input for a context),
    // and for each, the classes that hold an allowed glyph.
    var classDefinitions: [Int] = []
    var allowedClasses: [Set<Int>] = []
    if format == 2 {
      for part in 0..<(chained ? 3 : 1) {
        guard let relative = u16(offset + 4 + 2 * part) else { return nil }
        classDefinitions.append(offset + relative)
        var classes: Set<Int> = []
        for glyph in allowed {
          guard let found = classOf(glyph, definitionAt: offset + relative) else { return nil }
          classes.insert(found)
        }
        allowedClasses.append(classes)
      }
    }
    let sets = offset + 4 + 2 * classDefinitions.count
    guard let setCount = u16(sets) else { return nil }
    var budget = 1_000_000
    var triggers: [UInt32] = []
    for (glyph, coverageIndex) in covered where allowed.contains(glyph) {
      let inputDefinition =
        classDefinitions.count == 3 ? classDefinitions[1] : classDefinitions.first
      let inputClass = inputDefinition.flatMap { classOf(glyph, definitionAt: $0) }
      guard let set = format == 1 ? coverageIndex : inputClass else { return nil }
      guard set < setCount, let relative = u16(sets + 2 + 2 * set) else { continue }
      guard relative != 0 else { continue }
      let test: (Int, Int) -> Bool =
        format == 1
        ? { _, value in allowed.contains(UInt32(value)) }
        : { part, value in allowedClasses[chained ? part : 0].contains(value) }
      guard
        let matches = anyRuleMatches(
          inSetAt: offset + relative, chained: chained, budget: &budget, test)
      else { return nil }
      if matches { triggers.append(glyph) }
    }
    return triggers
  }

  /// Whether a rule of the rule set at `offset` has only values `test` accepts (its first
  /// argument is the part: 0 backtrack, 1 input after the first glyph, 2 lookahead); `nil`
  /// when malformed or past `budget` values read.
  private func anyRuleMatches(
    inSetAt offset: Int, chained: Bool, budget: inout Int, _ test: (Int, Int) -> Bool
  ) -> Bool? {
    guard let ruleCount = u16(offset) else { return nil }
    rules: for index in 0..<ruleCount {
      guard let relative = u16(offset + 2 + 2 * index) else { return nil }
      var cursor = offset + relative
      // A context rule: glyph count, lookup count, then the input after the first glyph.
      let parts = chained ? [0, 1, 2] : [1]
      for part in parts {
        guard var count = u16(cursor) else { return nil }
        cursor += chained ? 2 : 4
        if part == 1 {
          guard count >= 1 else { return nil }
          count -= 1
        }
        budget -= count + 1
        guard budget >= 0 else { return nil }
        for value in 0..<count {
          guard let read = u16(cursor + 2 * value) else { return nil }
          if !test(part, read) { continue rules }
        }
        cursor += 2 * count
      }
      return true
    }
    return false
  }

  /// The class of `glyph` in the class definition at `offset` (0 when it is not listed), or
  /// `nil` when malformed.
  func classOf(_ glyph: UInt32, definitionAt offset: Int) -> Int? {
    guard let format = u16(offset) else { return nil }
    switch format {
    case 1:
      guard let start = u16(offset + 2), let count = u16(offset + 4) else { return nil }
      let index = Int(glyph) - start
      guard index >= 0, index < count else { return 0 }
      return u16(offset + 6 + 2 * index)
    case 2:
      guard let count = u16(offset + 2) else { return nil }
      for range in 0..<count {
        let record = offset + 4 + 6 * range
        guard let first = u16(record), let last = u16(record + 2) else { return nil }
        if (first...max(first, last)).contains(Int(glyph)) { return u16(record + 4) }
      }
      return 0
    default: return nil
    }
  }
}
