import GalleyFonts
import GalleySupport
import GalleyTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a rendered image depends on besides its job, as one string in every render cache key
/// (and the service's `ETag`s): Galley's version, the tool and its drawing settings, the
/// content of every font file the font set can use and of fontconfig's configuration files,
/// and the FontSets files it read.
///
/// Files count by their paths and bytes: font files through ``FontFingerprints``, which
/// hashes each once and remembers it in the cache directory; the list comes from fontconfig's
/// font sets without listing faces (about a millisecond for 600 files). After a font or a
/// FontSets file changes, or after an upgrade, keys change, so no cache serves an old image
/// and no client gets a 304 for one; machines with the same fonts at the same paths make the
/// same keys, so they can share a cache directory.
package enum CacheGeneration {
  /// The generation of a tool's fonts and settings.
  ///
  /// - Parameters:
  ///   - tool: The tool, such as `galley-server`.
  ///   - fonts: The font set.
  ///   - definitionFiles: The FontSets files it read.
  ///   - settings: Other settings that change the images, such as the render accelerators.
  ///   - cacheDirectory: The directory whose ``FontFingerprints`` memo to use, if any.
  /// - Returns: `TOOL/VERSION` and a hash of the rest.
  package static func make(
    tool: String = "galley-server", fonts: FontSet, definitionFiles: [String],
    settings: String = "", cacheDirectory: String? = nil
  ) -> String {
    var fingerprint: [UInt8] = Array(settings.utf8)
    var fingerprints = FontFingerprints(directory: cacheDirectory)
    for file in fonts.fontFiles + fonts.configurationFiles {
      fingerprint += Array("\n\(file) \(fingerprints.fingerprint(of: file))".utf8)
    }
    fingerprints.save()
    for file in definitionFiles {
      fingerprint += Array("\n\(file)\n".utf8)
      fingerprint += FileManager.default.contents(atPath: file).map(Array.init) ?? []
    }
    return "\(tool)/\(GalleyVersion.current) \(StableHash.hex(fingerprint))"
  }
}
