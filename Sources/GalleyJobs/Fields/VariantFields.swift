import GalleyRender
import GalleySupport

/// Named variants of one label (`galley render --variants`, the request's `variants`): a JSON
/// object from each variant's name to the `render` fields it changes, in the order written.
///
/// ```json
/// {"normal": {}, "pressed": {"offset": [0, 2], "color": "#555555"}}
/// ```
///
/// Each variant starts from the label's own render settings, so `{}` draws the label as it is.
/// A variant may not change `format` or `pngCompression`, which every variant shares.
package enum VariantFields {
  /// The most variants one label may have.
  package static let maximumCount = 64

  /// The variants of an object.
  ///
  /// - Parameters:
  ///   - object: The variants' object.
  ///   - order: Its keys as written (``JSONKeyOrder``); `nil` sorts them by name.
  ///   - base: The label's render settings, which each variant changes.
  ///   - group: What errors name the object by, such as `variants`.
  ///   - seed: The seed a variant's random draw order takes (the layout's `seed`).
  /// - Returns: The variants, in order.
  /// - Throws: ``RequestError`` naming the first bad variant or field.
  package static func variants(
    _ object: [String: JSONValue], order: [String]?, base: RenderSettings, group: String,
    seed: UInt64
  ) throws(RequestError) -> [RenderVariant] {
    guard !object.isEmpty else {
      throw RequestError(field: group, "must name at least one variant")
    }
    guard object.count <= maximumCount else {
      throw RequestError(field: group, "has more than \(maximumCount) variants")
    }
    let names = order.flatMap { $0.count == object.count ? $0 : nil } ?? object.keys.sorted()
    var variants: [RenderVariant] = []
    for name in names {
      let path = "\(group).\(name)"
      if let problem = problem(withName: name) { throw RequestError(field: path, problem) }
      guard case .object(let fields) = object[name] else {
        throw RequestError(field: path, "must be an object of render fields")
      }
      for shared in ["format", "pngCompression"] where fields[shared] != nil {
        throw RequestError(field: "\(path).\(shared)", "is shared by every variant")
      }
      var settings = base
      let table = FieldTable(
        group: path, fields: RenderFields.table.fields, problem: RenderFields.table.problem)
      try table.apply(fields, to: &settings)
      if case .random = settings.options.drawOrder {
        settings.options.drawOrder = .random(seed: seed)
      }
      variants.append(RenderVariant(name: name, options: settings.options))
    }
    return variants
  }

  /// Why a name cannot name a variant (it goes into file names), or `nil`.
  private static func problem(withName name: String) -> String? {
    guard !name.isEmpty, name.utf8.count <= 64 else { return "a name must have 1 to 64 bytes" }
    guard name != ".", name != "..",
      name.unicodeScalars.allSatisfy({
        $0.value >= 0x20 && $0 != "/" && $0 != "\\" && $0 != "\u{7F}"
      })
    else { return "a name may not be '.', '..', or hold '/', '\\' or control characters" }
    return nil
  }
}
