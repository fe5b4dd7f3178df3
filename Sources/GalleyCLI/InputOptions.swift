import ArgumentParser

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the markup comes from: a file (`--input PATH`, `-` for standard input) or the
/// command line (`-- MARKUP`).
struct InputOptions: ParsableArguments {
  /// Files larger than this are refused before they are read.
  static let maximumInputBytes = 256 << 20

  @Option(name: .long, help: "Read the markup from a UTF-8 file ('-' for standard input).")
  var input: String?

  @Argument(help: "The markup; put it after '--' when it starts with '-'.")
  var markup: String?

  func validate() throws {
    switch (input, markup) {
    case (nil, nil): throw ValidationError("Give the markup after '--', or '--input PATH'.")
    case (.some, .some): throw ValidationError("Give either '--input PATH' or markup, not both.")
    default: break
    }
  }

  /// A name for the source in messages: the path, or `<argument>`.
  var sourceName: String {
    guard let input else { return "<argument>" }
    return input == "-" ? "<stdin>" : input
  }

  /// Reads the markup.
  ///
  /// - Throws: ``InputError`` for an unreadable, oversized or non-UTF-8 file.
  func read() throws(InputError) -> String {
    if let markup { return markup }
    guard let input else { return "" }
    let bytes: [UInt8]
    if input == "-" {
      guard let read = readStandardInput(limit: Self.maximumInputBytes) else {
        throw InputError(path: sourceName, message: "is over \(Self.maximumInputBytes) bytes")
      }
      bytes = read
    } else {
      let attributes = try? FileManager.default.attributesOfItem(atPath: input)
      guard let attributes else { throw InputError(path: input, message: "cannot read the file") }
      if let type = attributes[.type] as? FileAttributeType, type == .typeDirectory {
        throw InputError(path: input, message: "is a directory, not a file")
      }
      if let size = attributes[.size] as? Int, size > Self.maximumInputBytes {
        throw InputError(
          path: input, message: "is \(size) bytes; the limit is \(Self.maximumInputBytes)")
      }
      guard let contents = FileManager.default.contents(atPath: input) else {
        throw InputError(path: input, message: "cannot read the file")
      }
      guard contents.count <= Self.maximumInputBytes else {
        throw InputError(path: sourceName, message: "is over \(Self.maximumInputBytes) bytes")
      }
      bytes = [UInt8](contents)
    }
    if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw InputError(
        path: sourceName, message: "is not valid UTF-8 (bad byte at offset \(offset))")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A file that could not be used as input.
struct InputError: Error {
  var path: String
  var message: String
}

/// Finds malformed UTF-8.
enum UTF8Validation {
  /// The byte offset of the first malformed sequence, or `nil` for valid UTF-8.
  static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}
