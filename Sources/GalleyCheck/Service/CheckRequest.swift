import GalleyJobs
import GalleyService
import GalleySupport
import GalleyTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `POST /v1/check`'s body: a spec and catalog files in one request, checked as `galley check`
/// checks files, with nothing read from the server's disk.
///
/// ```json
/// {"spec": {"labels": [{"keys": "*", "layout": {"width": 200, "maxLines": 2}}]},
///  "catalogs": [{"path": "values/strings.xml", "content": "<resources>…</resources>"},
///               {"path": "values-de/strings.xml", "content": "…"},
///               {"path": "de.lproj/Localizable.strings", "base64": "//4iAGsA…"}],
///  "sourceLocale": "en", "pseudo": false}
/// ```
///
/// Each file's `path` is only a name: it says the format and the locale, as in a folder.
/// `content` is the file as text; `base64` its bytes (a UTF-16 `.strings` file).
package struct CheckRequest: Sendable {
  /// The spec.
  package var spec: CheckSpec
  /// The files: their names and bytes.
  package var files: [(path: String, bytes: [UInt8])]
  /// The source locale (`en` by default).
  package var sourceLocale: String
  /// Whether to check the pseudo-locales too.
  package var pseudo: Bool

  /// The most catalog files in one request.
  package static let maximumFiles = 1000

  /// Reads a body.
  ///
  /// - Parameter body: The body's bytes.
  /// - Throws: ``GalleyJobs/RequestError`` naming the first field that cannot be used
  ///   (`spec.labels[0].keys`, `catalogs[2].path`).
  package init(_ body: [UInt8]) throws(RequestError) {
    try JSONKeyScanner.check(body)
    let root: [String: JSONValue]
    do {
      root = try JSONDecoder().decode([String: JSONValue].self, from: Data(body))
    } catch {
      throw RequestError(field: "", "the body is not a JSON object")
    }
    for key in root.keys.sorted()
    where !["spec", "catalogs", "sourceLocale", "pseudo"].contains(key) {
      throw RequestError(field: key, "unknown field")
    }
    guard case .object(let specObject)? = root["spec"] else {
      throw RequestError(field: "spec", "is required: the spec, an object")
    }
    spec = try Self.spec(specObject)
    switch root["sourceLocale"] ?? .null {
    case .null: sourceLocale = "en"
    case .string(let text):
      guard let tag = LocaleTag.canonical(text, knownLanguage: false) else {
        throw RequestError(field: "sourceLocale", "must be a BCP 47 tag such as en or pt-BR")
      }
      sourceLocale = tag
    default: throw RequestError(field: "sourceLocale", "must be a string")
    }
    switch root["pseudo"] ?? .null {
    case .null: pseudo = false
    case .bool(let value): pseudo = value
    default: throw RequestError(field: "pseudo", "must be true or false")
    }
    files = try Self.files(root["catalogs"])
  }

  /// The spec of `spec`, its errors named below it.
  private static func spec(_ object: [String: JSONValue]) throws(RequestError) -> CheckSpec {
    let bytes: [UInt8]
    do {
      bytes = Array(try JSONEncoder().encode(JSONValue.object(object)))
    } catch {
      throw RequestError(field: "spec", "cannot be read")
    }
    do {
      return try CheckSpec(json: bytes)
    } catch {
      throw error.below("spec")
    }
  }

  /// The catalog files of `catalogs`.
  private static func files(_ value: JSONValue?) throws(RequestError) -> [(
    path: String, bytes: [UInt8]
  )] {
    guard case .array(let items)? = value, !items.isEmpty else {
      throw RequestError(field: "catalogs", "is required: an array of catalog files")
    }
    guard items.count <= maximumFiles else {
      throw RequestError(field: "catalogs", "may hold at most \(maximumFiles) files")
    }
    var files: [(path: String, bytes: [UInt8])] = []
    for (index, item) in items.enumerated() {
      let field = "catalogs[\(index)]"
      guard case .object(let object) = item else {
        throw RequestError(field: field, "must be an object with path and content")
      }
      for key in object.keys.sorted() where !["path", "content", "base64"].contains(key) {
        throw RequestError(field: "\(field).\(key)", "unknown field")
      }
      guard case .string(let path)? = object["path"], !path.isEmpty, path.utf8.count <= 1024
      else {
        throw RequestError(field: "\(field).path", "is required: a name of 1 to 1024 bytes")
      }
      guard CatalogFormat.of(path: path) != nil else {
        throw RequestError(
          field: "\(field).path",
          "names no catalog format (.xcstrings, .strings, .stringsdict, values*/*.xml, "
            + ".xliff, .xlf, .po, .pot, .json)")
      }
      files.append((path, try bytes(object, field: field)))
    }
    return files
  }

  /// A file's bytes: its `content` as UTF-8, or its `base64` decoded.
  private static func bytes(_ object: [String: JSONValue], field: String) throws(RequestError)
    -> [UInt8]
  {
    switch (object["content"], object["base64"]) {
    case (.string(let text)?, nil): return Array(text.utf8)
    case (nil, .string(let encoded)?):
      guard let data = Data(base64Encoded: encoded) else {
        throw RequestError(field: "\(field).base64", "is not base64")
      }
      return Array(data)
    case (nil, nil), (.some, .some):
      throw RequestError(field: field, "needs one of content (text) and base64 (bytes)")
    default: throw RequestError(field: field, "content and base64 must be strings")
    }
  }
}

extension CheckRequest {
  /// Does a request: reads its catalogs and checks them within a deadline.
  ///
  /// - Parameters:
  ///   - runner: The service's runner (its fonts; nothing is read from disk).
  ///   - deadline: When the request's time budget runs out.
  /// - Returns: The report.
  /// - Throws: ``GalleyTools/Failure``: a catalog failure (422, `invalidCatalog`, naming
  ///   the file's field) for a catalog that does not read, a font failure for a spec's font
  ///   description, or the time budget.
  package func run(runner: JobRunner, deadline: Deadline?) throws(Failure) -> CheckReport {
    let set: CatalogSet
    do {
      set = try CatalogLoader.load(files: files, sourceLocale: sourceLocale)
    } catch {
      let index = files.firstIndex { $0.path == error.file } ?? 0
      throw error.failure(field: "catalogs[\(index)]")
    }
    let checker = try CatalogChecker(spec: spec, runner: runner)
    return try checker.check(
      set, pseudoLocales: pseudo ? PseudoLocale.allCases : [], deadline: deadline)
  }
}
