/// `galley fonts --json`: every installed family, or the one `--family` asks for.
///
/// ```json
/// {"schemaVersion": 1, "families": [{…FamilyRecord…}]}
/// ```
package struct FamiliesDocument: Encodable, Sendable {
  /// The version of this document's shape.
  package var schemaVersion = 1
  /// The families, in the font set's order.
  package var families: [FamilyRecord]

  /// A document listing families.
  ///
  /// - Parameter families: The families.
  package init(families: [FamilyRecord]) { self.families = families }
}
