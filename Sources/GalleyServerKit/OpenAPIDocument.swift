// Built with the `Server` trait only (Package.swift).
#if Server
// Full Foundation: the resource bundle (`Bundle.module`) needs it.
import Foundation

/// The OpenAPI 3.1 document of the service, committed as `openapi.json` in this target and
/// served at `GET /openapi.json`; a test checks real responses against it.
package enum OpenAPIDocument {
  /// The document's bytes, or `nil` when the resource bundle cannot be read.
  package static let bytes: [UInt8]? = {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
      let data = try? Data(contentsOf: url)
    else { return nil }
    return Array(data)
  }()
}
#endif
