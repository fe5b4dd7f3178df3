internal import CXMLSAX

/// What an XML catalog reader is told, in document order, by ``XMLReader``.
protocol XMLEventHandler: AnyObject {
  /// An element starts: its local name (`g` for `xliff:g`), its attributes by local name,
  /// and the line and column just after its start tag.
  func start(_ name: String, attributes: [String: String], line: Int, column: Int)
  /// An element ends.
  func end(_ name: String, line: Int)
  /// Text (entities and character references decoded; CDATA as it is).
  func text(_ text: String)
  /// A problem the handler found in what it was told; the first one stops the reading.
  var failure: XMLFailure? { get }
}

/// The first problem of an XML catalog: its line and what is wrong.
struct XMLFailure {
  /// The 1-based line, or 0.
  var line: Int
  /// What is wrong, in words.
  var message: String

  /// A failure found at a line.
  init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }
}

/// Reads XML with libxml2's SAX2 parser (through `CXMLSAX`'s plain C types), for one call.
///
/// The parser stops at the first error, whose message and line it reports. It reads UTF-8 and
/// UTF-16 (with a byte-order mark or a declaration), never loads anything from the network or
/// the disk, and does not substitute entities declared in a DTD (a reference to one is an
/// error), so no document expands beyond its bytes. It may run on several threads at once.
enum XMLReader {
  /// One reading's handler, passed to the C callbacks as their context.
  private final class Reading {
    let handler: any XMLEventHandler
    init(handler: any XMLEventHandler) { self.handler = handler }
  }

  /// Reads a file's bytes, telling the handler what they hold.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - file: The file's name, for the error.
  ///   - handler: The reader of the events.
  /// - Throws: ``CatalogError`` with libxml2's message and line for XML that is not
  ///   well-formed, or the handler's own failure.
  static func parse(
    _ bytes: [UInt8], file: String, handler: some XMLEventHandler
  ) throws(CatalogError) {
    guard bytes.count < Int(Int32.max) else {
      throw CatalogError(file: file, "is too large for the XML parser")
    }
    let reading = Unmanaged.passRetained(Reading(handler: handler))
    defer { reading.release() }
    var callbacks = galley_xml_callbacks(
      context: reading.toOpaque(), start: onStart, end: onEnd, text: onText)
    var error = galley_xml_error()
    let status = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        galley_xml_parse(chars.baseAddress, Int32(chars.count), file, &callbacks, &error)
      }
    }
    if let failure = handler.failure {
      throw CatalogError(file: file, line: failure.line, failure.message)
    }
    guard status != 0 else { return }
    let message = withUnsafeBytes(of: error.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    let firstLine = message.split(separator: "\n").first.map(String.init) ?? message
    throw CatalogError(
      file: file, line: error.line,
      "is not well-formed XML: " + firstLine.trimmed.lowercasedFirst)
  }

  /// The handler of a callback's context.
  private static func handler(_ context: UnsafeMutableRawPointer?) -> (any XMLEventHandler)? {
    context.map { Unmanaged<Reading>.fromOpaque($0).takeUnretainedValue().handler }
  }

  private static let onStart:
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32,
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?,
      UnsafePointer<Int32>?, Int, Int
    ) -> Int32 = { context, name, count, names, values, lengths, line, column in
      guard let handler = XMLReader.handler(context), let name else { return 1 }
      var attributes: [String: String] = [:]
      if let names, let values, let lengths {
        for index in 0..<Int(max(0, count)) {
          guard let key = names[index], let start = values[index] else { continue }
          let value = UnsafeRawBufferPointer(start: start, count: Int(max(0, lengths[index])))
          attributes[String(cString: key)] = String(decoding: value, as: UTF8.self)
        }
      }
      handler.start(String(cString: name), attributes: attributes, line: line, column: column)
      return handler.failure == nil ? 0 : 1
    }

  private static let onEnd:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int) -> Int32 = {
      context, name, line in
      guard let handler = XMLReader.handler(context), let name else { return 1 }
      handler.end(String(cString: name), line: line)
      return handler.failure == nil ? 0 : 1
    }

  private static let onText:
    @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32) -> Void = {
      context, bytes, length in
      guard let handler = XMLReader.handler(context), let bytes, length > 0 else { return }
      handler.text(
        String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(length)), as: UTF8.self))
    }
}

extension String {
  /// The string without white space at its ends.
  fileprivate var trimmed: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }

  /// The string with its first letter in lower case, for a message inside a sentence.
  fileprivate var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
