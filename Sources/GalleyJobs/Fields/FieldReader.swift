import GalleyLayout
import GalleyMarkup
import GalleySupport

/// Reads one JSON value as the type a field needs, or says what it should have been.
package enum FieldReader {
  /// A number.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The number.
  /// - Throws: ``FieldProblem`` for any other kind of value.
  package static func number(_ value: JSONValue) throws(FieldProblem) -> Double {
    guard case .number(let number) = value, number.isFinite else {
      throw FieldProblem("must be a number, not \(value.kindName)")
    }
    return number
  }

  /// A whole number.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The integer.
  /// - Throws: ``FieldProblem`` for a fraction, a number too large, or another kind of value.
  package static func integer(_ value: JSONValue) throws(FieldProblem) -> Int {
    let number = try self.number(value)
    guard number.rounded() == number, abs(number) <= 1e15 else {
      throw FieldProblem("must be a whole number, not \(number)")
    }
    return Int(number)
  }

  /// A seed: a whole number 0 to 2⁵³ − 1 (the largest a JSON number holds exactly).
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The seed.
  /// - Throws: ``FieldProblem`` for anything else.
  package static func seed(_ value: JSONValue) throws(FieldProblem) -> UInt64 {
    let number = try number(value)
    guard number.rounded() == number, number >= 0, number <= 9_007_199_254_740_991 else {
      throw FieldProblem("must be a whole number 0 to 9007199254740991")
    }
    return UInt64(number)
  }

  /// `true` or `false`.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The boolean.
  /// - Throws: ``FieldProblem`` for any other kind of value.
  package static func bool(_ value: JSONValue) throws(FieldProblem) -> Bool {
    guard case .bool(let flag) = value else {
      throw FieldProblem("must be true or false, not \(value.kindName)")
    }
    return flag
  }

  /// A string.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The string.
  /// - Throws: ``FieldProblem`` for any other kind of value.
  package static func string(_ value: JSONValue) throws(FieldProblem) -> String {
    guard case .string(let string) = value else {
      throw FieldProblem("must be a string, not \(value.kindName)")
    }
    return string
  }

  /// A truncation token: markup of one line, with no line break character and no paragraph
  /// separator (``LayoutOptions/TruncationToken/problem(in:)``; codes cannot make either).
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The token's markup.
  /// - Throws: ``FieldProblem`` for anything else.
  package static func truncationToken(_ value: JSONValue) throws(FieldProblem) -> String {
    let markup = try string(value)
    if let problem = LayoutOptions.TruncationToken.problem(in: markup) {
      throw FieldProblem(problem)
    }
    return markup
  }

  /// `hyphenateLimits`: `"WORD,BEFORE,AFTER"`, as `--hyphenate-limits` takes it.
  ///
  /// - Parameter value: The field's value.
  /// - Returns: The limits.
  /// - Throws: ``FieldProblem`` when the value is not such a string.
  package static func hyphenationLimits(
    _ value: JSONValue
  ) throws(FieldProblem) -> LayoutOptions.HyphenationLimits {
    guard let limits = LayoutOptions.HyphenationLimits(parsing: try string(value)) else {
      let maximum = LayoutOptions.HyphenationLimits.maximum
      throw FieldProblem(
        "must be \"WORD,BEFORE,AFTER\" such as \"5,2,2\": three whole numbers, each 1 to \(maximum)"
      )
    }
    return limits
  }

  /// A BCP 47 language tag such as `sr-Latn`: 1 to 64 ASCII letters, digits, hyphens and
  /// underscores (ICU also reads `en_US`).
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The tag.
  /// - Throws: ``FieldProblem`` for anything else.
  package static func languageTag(_ value: JSONValue) throws(FieldProblem) -> String {
    let tag = try string(value)
    guard MarkupFormatter.isLanguageTag(tag) else {
      throw FieldProblem(
        "must be a language tag such as \"en\" or \"sr-Latn\": 1 to 64 letters, digits, - and _")
    }
    return tag
  }

  /// OpenType features (``FontFeatures``): at most 8,192 bytes, as in a markup span.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The features.
  /// - Throws: ``FieldProblem`` naming the item that does not read and its offset.
  package static func features(_ value: JSONValue) throws(FieldProblem) -> FontFeatures {
    let text = try string(value)
    guard text.utf8.count <= MarkupFormatter.maximumBracedArgumentLength else {
      throw FieldProblem(
        "must be at most \(MarkupFormatter.maximumBracedArgumentLength) bytes of features")
    }
    do throws(FontFeatureError) {
      return try FontFeatures(parsing: text)
    } catch {
      throw FieldProblem("must be OpenType features such as \"liga=0,smcp\": \(error)")
    }
  }

  /// Variable-font axis coordinates (``FontVariations``): at most 8,192 bytes, as in a markup
  /// span.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The coordinates.
  /// - Throws: ``FieldProblem`` naming the item that does not read and its offset.
  package static func variations(_ value: JSONValue) throws(FieldProblem) -> FontVariations {
    let text = try string(value)
    guard text.utf8.count <= MarkupFormatter.maximumBracedArgumentLength else {
      throw FieldProblem(
        "must be at most \(MarkupFormatter.maximumBracedArgumentLength) bytes of coordinates")
    }
    do throws(FontVariationError) {
      return try FontVariations(parsing: text)
    } catch {
      throw FieldProblem("must be axis coordinates such as \"wght=550,opsz=20\": \(error)")
    }
  }

  /// One of an enumeration's raw values, such as `center`.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The case.
  /// - Throws: ``FieldProblem`` listing the allowed values.
  package static func choice<Choice: RawRepresentable & CaseIterable>(
    _ value: JSONValue
  ) throws(FieldProblem) -> Choice where Choice.RawValue == String {
    let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
    guard case .string(let string) = value, let choice = Choice(rawValue: string) else {
      throw FieldProblem("must be one of \(allowed)")
    }
    return choice
  }

  /// A color: `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a CSS color name, as the CLI reads them.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The color.
  /// - Throws: ``FieldProblem`` for anything else.
  package static func color(_ value: JSONValue) throws(FieldProblem) -> TextColor {
    guard case .string(let string) = value, let color = TextColor(parsing: string) else {
      throw FieldProblem("must be a color such as \"#1A5FB4\" or \"red\"")
    }
    return color
  }

  /// An array of numbers, at most `limit` of them.
  ///
  /// - Parameters:
  ///   - value: The JSON value.
  ///   - limit: The most numbers accepted.
  /// - Returns: The numbers.
  /// - Throws: ``FieldProblem`` for anything else, or too many.
  package static func numbers(_ value: JSONValue, limit: Int) throws(FieldProblem) -> [Double] {
    guard case .array(let items) = value else {
      throw FieldProblem("must be an array of numbers, not \(value.kindName)")
    }
    guard items.count <= limit else { throw FieldProblem("may hold at most \(limit) numbers") }
    var numbers: [Double] = []
    for item in items { numbers.append(try number(item)) }
    return numbers
  }

  /// A point: `{"x": 2, "y": 3}`.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The two numbers.
  /// - Throws: ``FieldProblem`` for anything else.
  package static func point(_ value: JSONValue) throws(FieldProblem) -> (x: Double, y: Double) {
    guard case .object(let object) = value, object.count == 2, let x = object["x"],
      let y = object["y"]
    else { throw FieldProblem("must be an object {\"x\": number, \"y\": number}") }
    return (try number(x), try number(y))
  }

  /// Two numbers as `[x, y]` or `{"x", "y"}`.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The numbers.
  /// - Throws: ``FieldProblem`` for anything else.
  package static func pair(_ value: JSONValue) throws(FieldProblem) -> (x: Double, y: Double) {
    if case .array(let items) = value {
      guard items.count == 2 else { throw FieldProblem("must be [x, y] or {\"x\", \"y\"}") }
      return (try number(items[0]), try number(items[1]))
    }
    guard case .object = value else { throw FieldProblem("must be [x, y] or {\"x\", \"y\"}") }
    return try point(value)
  }

  /// Insets: one number for all four sides, or `{"top", "left", "bottom", "right"}` (each
  /// missing side 0).
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The insets.
  /// - Throws: ``FieldProblem`` for anything else.
  package static func insets(_ value: JSONValue) throws(FieldProblem) -> LayoutOptions.Insets {
    if case .number = value {
      let all = try number(value)
      return LayoutOptions.Insets(top: all, left: all, bottom: all, right: all)
    }
    let sides = ["top", "left", "bottom", "right"]
    guard case .object(let object) = value, object.keys.allSatisfy(sides.contains) else {
      throw FieldProblem("must be a number or an object with top, left, bottom and right")
    }
    var numbers: [Double] = []
    for side in sides { numbers.append(try object[side].map(number) ?? 0) }
    return LayoutOptions.Insets(
      top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
  }

  /// A kerning table: an object of one-character keys to numbers, such as `{"a": 0.5}`; each
  /// key is one Unicode code point, as JSON Schema's `maxLength` counts them.
  ///
  /// - Parameter value: The JSON value.
  /// - Returns: The table.
  /// - Throws: ``FieldProblem`` for anything else, or a key that is not one code point.
  package static func kerningTable(_ value: JSONValue) throws(FieldProblem) -> [Character: Double] {
    guard case .object(let object) = value else {
      throw FieldProblem("must be an object of one-character keys to numbers")
    }
    var table: [Character: Double] = [:]
    for (key, entry) in object {
      guard key.unicodeScalars.count == 1, let character = key.first else {
        throw FieldProblem("key \(String(reflecting: key)) must be exactly one code point")
      }
      table[character] = try number(entry)
    }
    return table
  }
}
