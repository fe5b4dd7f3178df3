import Foundation

/// The property checks of the harnesses: a failed check prints which property broke and why,
/// then traps, so libFuzzer reports a crash and writes the input as a reproducer.
///
/// Each check has a name, such as `link-in-line`. `GALLEY_FUZZ_SKIP=link-in-line,line-width`
/// turns the named checks off, for a known bug that is not fixed yet.
public enum FuzzCheck {
  /// The names in `GALLEY_FUZZ_SKIP`, read once.
  public static let skipped: Set<String> = {
    let list = ProcessInfo.processInfo.environment["GALLEY_FUZZ_SKIP"] ?? ""
    return Set(
      list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty })
  }()

  /// Describes the current input in failure reports, such as the options a harness decoded.
  ///
  /// libFuzzer runs one input at a time on one thread, so the harness sets it per input.
  nonisolated(unsafe) public static var context: (() -> String)?

  /// Whether a check runs: `false` when `GALLEY_FUZZ_SKIP` names it.
  ///
  /// - Parameter property: The check's name.
  /// - Returns: `true` unless the check is skipped.
  public static func isEnabled(_ property: String) -> Bool { !skipped.contains(property) }

  /// Traps when a property does not hold, after printing its name and the explanation.
  ///
  /// - Parameters:
  ///   - condition: The property; only evaluated when the check is enabled.
  ///   - property: The check's name, as `GALLEY_FUZZ_SKIP` takes it.
  ///   - message: What went wrong, with the values involved.
  public static func expect(
    _ condition: @autoclosure () -> Bool, _ property: String,
    _ message: @autoclosure () -> String
  ) {
    guard isEnabled(property), !condition() else { return }
    fail(property, message())
  }

  /// Traps with a broken property, unless `GALLEY_FUZZ_SKIP` names it.
  ///
  /// - Parameters:
  ///   - property: The check's name.
  ///   - message: What went wrong.
  public static func violated(_ property: String, _ message: @autoclosure () -> String) {
    guard isEnabled(property) else { return }
    fail(property, message())
  }

  /// Prints a broken property and traps.
  ///
  /// - Parameters:
  ///   - property: The check's name.
  ///   - message: What went wrong.
  public static func fail(_ property: String, _ message: String) -> Never {
    let report =
      "\ngalley-fuzz: property '\(property)' does not hold: \(message)\n"
      + (context.map { "galley-fuzz: input: \($0())\n" } ?? "")
      + "galley-fuzz: skip this check with GALLEY_FUZZ_SKIP=\(property)\n"
    FileHandle.standardError.write(Data(report.utf8))
    preconditionFailure("galley-fuzz: \(property): \(message)")
  }
}
