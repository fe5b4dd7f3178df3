internal import CFontconfig

/// Owns an `FcPattern` reference.
///
/// Who owns the reference is explicit at the call site: `init()` and `init(adopting:)` take
/// one, `init(retaining:)` adds one.
///
/// The corresponding C functions are `FcPatternCreate`, `FcPatternReference` and
/// `FcPatternDestroy`. Not `Sendable`; used only under ``FontSet``'s fontconfig lock.
final class Pattern {
  let handle: OpaquePointer  // FcPattern *

  /// A new empty pattern; `nil` only when memory runs out.
  init?() {
    guard let handle = FcPatternCreate() else { return nil }
    self.handle = handle
  }

  init(adopting handle: OpaquePointer) { self.handle = handle }

  init(retaining handle: OpaquePointer) {
    FcPatternReference(handle)
    self.handle = handle
  }

  deinit { FcPatternDestroy(handle) }

  func add(_ object: String, _ value: String) {
    _ = withFontconfigString(value) { FcPatternAddString(handle, object, $0) }
  }

  func add(_ object: String, _ value: Int32) {
    _ = FcPatternAddInteger(handle, object, value)
  }

  /// A string value; copied now, because it points into the pattern.
  func string(_ object: String, at position: Int32 = 0) -> String? {
    var value: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(handle, object, position, &value) == FcResultMatch, let value
    else { return nil }
    return String(cString: value)
  }

  /// Every string value of an object, such as all the names of a family.
  func strings(_ object: String) -> [String] {
    var values: [String] = []
    var position: Int32 = 0
    while let value = string(object, at: position) {
      values.append(value)
      position += 1
    }
    return values
  }

  func integer(_ object: String) -> Int? {
    var value: Int32 = 0
    guard FcPatternGetInteger(handle, object, 0, &value) == FcResultMatch else { return nil }
    return Int(value)
  }

  /// A number stored as an integer, a double, or (for variable fonts) a range's midpoint.
  func number(_ object: String) -> Double? {
    var double = 0.0
    if FcPatternGetDouble(handle, object, 0, &double) == FcResultMatch { return double }
    if let integer = integer(object) { return Double(integer) }
    var range: OpaquePointer?
    if FcPatternGetRange(handle, object, 0, &range) == FcResultMatch, let range {
      var lower = 0.0
      var upper = 0.0
      if FcRangeGetDouble(range, &lower, &upper) == FcTrue { return (lower + upper) / 2 }
    }
    return nil
  }

  func bool(_ object: String) -> Bool? {
    var value: FcBool = 0
    guard FcPatternGetBool(handle, object, 0, &value) == FcResultMatch else { return nil }
    return value != 0
  }
}

/// Calls `body` with `text` as the NUL-terminated `FcChar8` string fontconfig takes; the
/// pointer is valid only inside `body`.
func withFontconfigString<Result>(
  _ text: String, _ body: (UnsafePointer<FcChar8>) -> Result
) -> Result {
  text.withCString { characters in
    characters.withMemoryRebound(to: FcChar8.self, capacity: text.utf8.count + 1, body)
  }
}
