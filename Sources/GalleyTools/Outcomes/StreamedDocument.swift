/// A JSON document that ``CommandOutcome/write()`` writes to standard output as it is encoded,
/// so that a document of any size needs only about one chunk of memory.
///
/// The layout and format documents (`JSONDocument`, in `GalleyJobs`) conform in
/// `GalleyCLI`: this target cannot name them, because `galley font` links it and must not
/// load the layout engine's libraries.
package protocol StreamedDocument: Sendable {
  /// Writes the document, without a final newline, to `sink` in chunks.
  ///
  /// - Parameters:
  ///   - chunkSize: About how many bytes each chunk holds.
  ///   - sink: Called with each chunk, in order.
  /// - Throws: An error when part of the document cannot be written, such as a number JSON
  ///   cannot hold; `sink` may have had the chunks before it.
  func write(chunkSize: Int, to sink: @escaping (UnsafeRawBufferPointer) -> Void) throws

  /// The whole document, or what is printed instead when it cannot be written.
  var bytes: [UInt8] { get }
}
