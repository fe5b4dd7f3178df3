/// The strings a format with plural variables (`%#@files@`, as `.stringsdict` and string
/// catalogs' substitutions write them) can become: one per variable and category, the other
/// variables at their `other` form.
///
/// Each is checked on its own, so a form that does not fit or breaks the markup is found
/// whichever count the app passes.
enum PluralExpansion {
  /// A plural variable: its forms by category (`zero`, `one`, `two`, `few`, `many`,
  /// `other`), and the placeholder the forms' `%arg` stands for in a string catalog.
  struct Variable {
    var forms: [String: String]
    var argument: String?
  }

  /// The categories in CLDR's order.
  static let categories = ["zero", "one", "two", "few", "many", "other"]

  /// The expanded strings: `(form, text)`, the form `category` for one variable and
  /// `variable.category` for several; the format itself when it names no variable.
  ///
  /// - Parameters:
  ///   - format: The format, such as `%#@files@ in %#@folders@`.
  ///   - variables: The variables by name.
  /// - Returns: The forms and their text, in the variables' and categories' order.
  static func expand(_ format: String, variables: [String: Variable]) -> [(String?, String)] {
    let used = variables.keys.sorted().filter { format.contains("%#@\($0)@") }
    guard !used.isEmpty else { return [(nil, resolve(format, variables: variables, depth: 0))] }
    var results: [(String?, String)] = []
    for name in used {
      guard let variable = variables[name] else { continue }
      for category in categories {
        guard let form = variable.forms[category] else { continue }
        let chosen = format.replacingOccurrences(
          of: "%#@\(name)@", with: fill(form, argument: variable.argument))
        let label = used.count == 1 ? category : "\(name).\(category)"
        results.append((label, resolve(chosen, variables: variables, depth: 0)))
      }
    }
    return results
  }

  /// The longest expansion, in UTF-8 bytes.
  ///
  /// Forms that name variables that name variables could otherwise grow a string
  /// exponentially. What is left is kept as written.
  static let maximumBytes = 65_536

  /// Replaces every remaining variable by its `other` form (forms may name variables too),
  /// at most 8 levels deep and up to ``maximumBytes``.
  private static func resolve(_ text: String, variables: [String: Variable], depth: Int) -> String {
    guard depth < 8, text.contains("%#@"), text.utf8.count <= maximumBytes else { return text }
    var result = text
    for name in variables.keys.sorted() where result.contains("%#@\(name)@") {
      guard let variable = variables[name] else { continue }
      let other = variable.forms["other"] ?? variable.forms.values.sorted().first ?? ""
      let expanded = result.replacingOccurrences(
        of: "%#@\(name)@", with: fill(other, argument: variable.argument))
      guard expanded.utf8.count <= maximumBytes else { return result }
      result = expanded
    }
    return resolve(result, variables: variables, depth: depth + 1)
  }

  /// A string catalog form's `%arg` as the placeholder it stands for.
  private static func fill(_ form: String, argument: String?) -> String {
    guard let argument else { return form }
    return form.replacingOccurrences(of: "%arg", with: argument)
  }
}
