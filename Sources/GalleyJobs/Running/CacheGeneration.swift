import GalleyFonts
import GalleySupport
import GalleyTools

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a rendered image depends on besides its job, as one string in every render cache key
/// (and the service's `ETag`s): Galley's version, the tool and its drawing settings, every font
/// file the font set can use, fontconfig's configuration files, and the FontSets files it
/// read.
///
/// A font or configuration file counts by its path, size and modification time (reading every font's bytes
/// would cost seconds on a desktop's fonts; the list comes from fontconfig's font sets without
/// listing faces, about a millisecond for 600 files); a FontSets file by its bytes. After a
/// font or a FontSets file changes, or after an upgrade, keys change, so no cache serves an
/// old image and no client gets a 304 for one.
package enum CacheGeneration {
  /// The generation of a tool's fonts and settings.
  ///
  /// - Parameters:
  ///   - tool: The tool, such as `galley-server`.
  ///   - fonts: The font set.
  ///   - definitionFiles: The FontSets files it read.
  ///   - settings: Other settings that change the images, such as the render accelerators.
  /// - Returns: `TOOL/VERSION` and a hash of the rest.
  package static func make(
    tool: String = "galley-server", fonts: FontSet, definitionFiles: [String],
    settings: String = ""
  ) -> String {
    var fingerprint: [UInt8] = Array(settings.utf8)
    for file in fonts.fontFiles + fonts.configurationFiles {
      let status = try? FileStatus.of(file)
      fingerprint += Array("\n\(file) \(status?.size ?? -1) \(status?.modified ?? 0)".utf8)
    }
    for file in definitionFiles {
      fingerprint += Array("\n\(file)\n".utf8)
      fingerprint += FileManager.default.contents(atPath: file).map(Array.init) ?? []
    }
    return "\(tool)/\(GalleyVersion.current) \(StableHash.hex(fingerprint))"
  }
}
