import GalleySupport

/// One field of a request's `layout` or `render` object: its JSON name and how its value
/// changes the options it sets.
///
/// A field is one row of a ``FieldTable``; the constructors below cover the usual kinds, so
/// adding an option is one line such as `.number("indent", \.indent)`.
package struct RequestField<Target>: Sendable {
  /// The JSON name, the CLI's long option in camelCase (`maxLines` for `--max-lines`).
  package let name: String
  /// Reads the value and sets it on the target.
  let apply: @Sendable (JSONValue, inout Target) throws(FieldProblem) -> Void

  /// A field read with a custom reader.
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - apply: Reads the value and sets it; throws ``FieldProblem`` for a bad value.
  package init(
    _ name: String,
    apply: @escaping @Sendable (JSONValue, inout Target) throws(FieldProblem) -> Void
  ) {
    self.name = name
    self.apply = apply
  }

  /// A field read by a ``FieldReader`` function and stored at a key path.
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - path: Where the value goes.
  ///   - read: The reader, such as `FieldReader.number`.
  /// - Returns: The field.
  package static func value<Value>(
    _ name: String, _ path: WritableKeyPath<Target, Value> & Sendable,
    _ read: @escaping @Sendable (JSONValue) throws(FieldProblem) -> Value
  ) -> Self {
    Self(name) { (value, target) throws(FieldProblem) in target[keyPath: path] = try read(value) }
  }

  /// A field read by a ``FieldReader`` function and stored at an optional key path.
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - path: Where the value goes.
  ///   - read: The reader, such as `FieldReader.number`.
  /// - Returns: The field.
  package static func optional<Value>(
    _ name: String, _ path: WritableKeyPath<Target, Value?> & Sendable,
    _ read: @escaping @Sendable (JSONValue) throws(FieldProblem) -> Value
  ) -> Self {
    Self(name) { (value, target) throws(FieldProblem) in target[keyPath: path] = try read(value) }
  }

  /// A number field.
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - path: Where the number goes.
  /// - Returns: The field.
  package static func number(_ name: String, _ path: WritableKeyPath<Target, Double> & Sendable)
    -> Self
  { value(name, path, FieldReader.number) }

  /// A boolean field; `inverted` stores its negation (`noOrphans` sets `allowsOrphans`).
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - path: Where the boolean goes.
  ///   - inverted: Whether to store the opposite.
  /// - Returns: The field.
  package static func flag(
    _ name: String, _ path: WritableKeyPath<Target, Bool> & Sendable, inverted: Bool = false
  ) -> Self {
    Self(name) { (value, target) throws(FieldProblem) in
      target[keyPath: path] = try FieldReader.bool(value) != inverted
    }
  }

  /// A field that takes one of an enumeration's raw values.
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - path: Where the case goes.
  /// - Returns: The field.
  package static func choice<Choice: RawRepresentable & CaseIterable & SendableMetatype>(
    _ name: String, _ path: WritableKeyPath<Target, Choice> & Sendable
  ) -> Self where Choice.RawValue == String {
    Self(name) { (value, target) throws(FieldProblem) in
      target[keyPath: path] = try FieldReader.choice(value)
    }
  }

  /// An optional field that takes one of an enumeration's raw values.
  ///
  /// - Parameters:
  ///   - name: The JSON name.
  ///   - path: Where the case goes.
  /// - Returns: The field.
  package static func optionalChoice<Choice: RawRepresentable & CaseIterable & SendableMetatype>(
    _ name: String, _ path: WritableKeyPath<Target, Choice?> & Sendable
  ) -> Self where Choice.RawValue == String {
    Self(name) { (value, target) throws(FieldProblem) in
      let choice: Choice = try FieldReader.choice(value)
      target[keyPath: path] = choice
    }
  }
}
