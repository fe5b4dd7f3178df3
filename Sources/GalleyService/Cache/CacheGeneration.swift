import GalleyFonts
import GalleySupport
import GalleyTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a render answer depends on besides its request, as one string in every render cache
/// key and `ETag`: Galley's version, the server's drawing settings, every font file the font
/// set lists, and the FontSets files it read.
///
/// A font file counts by its path, size and modification time (reading every font's bytes at
/// start-up would cost seconds on a desktop's fonts); a FontSets file by its bytes. A server
/// restarted after a font or a FontSets file changed, or after an upgrade, makes new keys, so
/// neither level serves an old image and no client gets a 304 for one.
package enum CacheGeneration {
  /// The generation of a server's fonts and settings.
  ///
  /// - Parameters:
  ///   - fonts: The server's font set.
  ///   - definitionFiles: The FontSets files it read.
  ///   - settings: Other settings that change the images, such as the render accelerators.
  /// - Returns: `galley-server/VERSION` and a hash of the rest.
  package static func make(
    fonts: FontSet, definitionFiles: [String], settings: String = ""
  ) -> String {
    var fingerprint: [UInt8] = Array(settings.utf8)
    let files = Set(fonts.allFaces.map(\.file)).sorted()
    for file in files {
      let attributes = try? FileManager.default.attributesOfItem(atPath: file)
      let size = attributes?[.size] as? Int ?? -1
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      fingerprint += Array("\n\(file) \(size) \(modified)".utf8)
    }
    for file in definitionFiles {
      fingerprint += Array("\n\(file)\n".utf8)
      fingerprint += FileManager.default.contents(atPath: file).map(Array.init) ?? []
    }
    return "galley-server/\(GalleyVersion.current) \(StableHash.hex(fingerprint))"
  }
}
