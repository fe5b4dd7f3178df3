/// `galley fonts --json`: every installed family, or the one `--family` asks for.
///
/// ```json
/// {"schemaVersion": 1, "families": [{…FamilyRecord…}]}
/// ```
struct FamiliesDocument: Encodable {
  /// The version of this document's shape.
  var schemaVersion = 1
  /// The families, in the font set's order.
  var families: [FamilyRecord]
}
