internal import CHarfBuzz

/// A run's language as HarfBuzz holds it, or ``none``.
///
/// HarfBuzz keeps one record per language for the life of the process
/// (`hb_language_from_string`, which also lowercases the tag and turns `_` into `-`), so two
/// tags HarfBuzz treats alike give the same record, and its address is a key that costs no
/// string hashing.
struct ShapingLanguage: Hashable, Sendable {
  /// The address of HarfBuzz's record (`hb_language_t`), 0 for none.
  let bits: UInt

  /// No language: HarfBuzz uses its default one (`hb_language_get_default`).
  static let none = ShapingLanguage(bits: 0)

  private init(bits: UInt) { self.bits = bits }

  /// The language of a BCP 47 tag, or ``none`` for `nil` or a tag HarfBuzz cannot read.
  init(_ tag: String?) {
    guard let tag else {
      self = .none
      return
    }
    let language = hb_language_from_string(tag, Int32(tag.utf8.count))
    bits = language.map { UInt(bitPattern: $0) } ?? 0
  }

  /// HarfBuzz's record, or `nil` for ``none``.
  var handle: hb_language_t? { OpaquePointer(bitPattern: bits) }
}
