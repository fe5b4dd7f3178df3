/// XML property lists (`.stringsdict`) read with ``XMLReader`` into values that keep each
/// key's line. (Foundation's property-list reader gives no lines, and on Linux keeps memory
/// for every error it reports.)
enum PlistXMLReader {
  /// A property-list value: strings, dictionaries (keys in order, with their lines) and
  /// arrays; numbers, dates, data and booleans are kept as ``other``.
  indirect enum Value {
    case string(String)
    case dictionary([(key: String, value: Value, line: Int)])
    case array([Value])
    case other

    /// The value of a key of a dictionary, or `nil`.
    subscript(key: String) -> Value? {
      guard case .dictionary(let entries) = self else { return nil }
      return entries.first { $0.key == key }?.value
    }

    /// The string, or `nil`.
    var string: String? {
      if case .string(let text) = self { return text }
      return nil
    }
  }

  /// Reads a file's root value.
  ///
  /// - Throws: ``CatalogError`` for XML that is not well-formed or not a property list.
  static func read(_ bytes: [UInt8], file: String) throws(CatalogError) -> Value {
    let builder = Builder()
    try XMLReader.parse(bytes, file: file, handler: builder)
    guard let root = builder.root else {
      throw CatalogError(file: file, "is not a property list (no <plist> value)")
    }
    return root
  }

  /// The reader's handler: a stack of open containers.
  private final class Builder: XMLEventHandler {
    var root: Value?
    var failure: XMLFailure?
    /// The open containers, each with the key it goes under in its parent.
    private var stack:
      [(name: String, key: (String, Int)?, entries: [(String, Value, Int)], items: [Value])] =
        []
    private var pendingKey: (String, Int)?
    private var text: String?

    func start(_ name: String, attributes: [String: String], line: Int, column: Int) {
      switch name {
      case "dict", "array":
        stack.append((name, pendingKey, [], []))
        pendingKey = nil
      case "key", "string": text = ""
      default: break
      }
      if name == "key" { pendingKey = ("", line) }
    }

    func text(_ string: String) { text?.append(string) }

    func end(_ name: String, line: Int) {
      switch name {
      case "key":
        pendingKey = (text ?? "", pendingKey?.1 ?? line)
        text = nil
      case "string":
        add(.string(text ?? ""), line: line)
        text = nil
      case "dict", "array":
        guard let open = stack.popLast() else { return }
        pendingKey = open.key
        let value: Value =
          name == "dict"
          ? .dictionary(open.entries.map { (key: $0.0, value: $0.1, line: $0.2) })
          : .array(open.items)
        add(value, line: line)
      case "integer", "real", "true", "false", "date", "data": add(.other, line: line)
      default: break
      }
    }

    /// Adds a finished value to the open container, or makes it the root.
    private func add(_ value: Value, line: Int) {
      guard !stack.isEmpty else {
        root = root ?? value
        return
      }
      if stack[stack.count - 1].name == "dict" {
        guard let (key, line) = pendingKey else {
          failure = failure ?? XMLFailure(line: line, "a value without a <key>")
          return
        }
        stack[stack.count - 1].entries.append((key, value, line))
        pendingKey = nil
      } else {
        stack[stack.count - 1].items.append(value)
      }
    }
  }
}
