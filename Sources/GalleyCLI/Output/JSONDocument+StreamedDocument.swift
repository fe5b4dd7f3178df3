import GalleyJobs
import GalleySupport
import GalleyTools

extension JSONDocument: StreamedDocument {
  /// Writes the document through a ``JSONWriter`` that hands its bytes to `sink` whenever
  /// they pass `chunkSize`.
  ///
  /// - Parameters:
  ///   - chunkSize: About how many bytes each chunk holds.
  ///   - sink: Called with each chunk, in order.
  /// - Throws: ``JSONWriter/NonFiniteNumber`` for NaN or an infinity.
  package func write(
    chunkSize: Int, to sink: @escaping (UnsafeRawBufferPointer) -> Void
  ) throws(JSONWriter.NonFiniteNumber) {
    var writer = JSONWriter(chunkSize: chunkSize, sink: sink)
    try write(into: &writer)
    writer.finish()
  }
}
