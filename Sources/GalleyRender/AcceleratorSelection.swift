import GalleyLayout

/// The accelerators of a layout engine and a renderer, chosen by name: what `--accelerators`
/// takes in `galley`, `galley-server` and `galley-bench`, and the HTTP service's settings.
///
/// A selection is `all`, `none`, or a comma-separated list of names from
/// ``LayoutEngine/Accelerators/named`` and ``Renderer/Accelerators/named`` (`word-cache`,
/// `pair-shaping`, `shaping-plans`, `glyph-masks`, `glyph-outlines`); spaces around names are
/// ignored.
package struct AcceleratorSelection: Hashable, Sendable, CustomStringConvertible {
  /// The layout engine's accelerators.
  package var layout: LayoutEngine.Accelerators
  /// The renderer's accelerators.
  package var render: Renderer.Accelerators

  /// Every accelerator: the default.
  package static let all = AcceleratorSelection(layout: .all, render: .all)

  /// A selection of the given accelerators.
  package init(layout: LayoutEngine.Accelerators, render: Renderer.Accelerators) {
    self.layout = layout
    self.render = render
  }

  /// Every name a selection may list, in order.
  package static var names: [String] {
    LayoutEngine.Accelerators.named.map(\.name) + Renderer.Accelerators.named.map(\.name)
  }

  /// Reads a selection.
  ///
  /// - Parameter text: `all`, `none`, or names separated by commas.
  /// - Throws: A sentence naming the first unknown or empty item and its offset.
  package init(parsing text: String) throws(AcceleratorSelection.ParseError) {
    switch text.trimmingSpaces {
    case "all":
      self = .all
      return
    case "none":
      self.init(layout: [], render: [])
      return
    default: break
    }
    self.init(layout: [], render: [])
    var offset = 0
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = String(item).trimmingSpaces
      if let found = LayoutEngine.Accelerators.named.first(where: { $0.name == name }) {
        layout.insert(found.accelerator)
      } else if let found = Renderer.Accelerators.named.first(where: { $0.name == name }) {
        render.insert(found.accelerator)
      } else {
        throw ParseError(item: name, offset: offset)
      }
      offset += item.count + 1
    }
  }

  /// Why a selection could not be read: an item that names no accelerator.
  package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The item, without the spaces around it (empty for an empty item).
    package var item: String
    /// The item's offset in the text, in characters.
    package var offset: Int

    /// A sentence for the user, listing the names a selection may use.
    package var description: String {
      let names = (["all", "none"] + AcceleratorSelection.names).joined(separator: ", ")
      let what = item.isEmpty ? "an empty item" : "'\(item)'"
      return "\(what) at offset \(offset) names no accelerator (use \(names))"
    }
  }

  /// `all`, `none`, or the names of the accelerators in the selection.
  package var description: String {
    if self == .all { return "all" }
    let names =
      LayoutEngine.Accelerators.named.filter { layout.contains($0.accelerator) }.map(\.name)
      + Renderer.Accelerators.named.filter { render.contains($0.accelerator) }.map(\.name)
    return names.isEmpty ? "none" : names.joined(separator: ",")
  }
}

extension String {
  /// The string without the spaces at its ends.
  fileprivate var trimmingSpaces: String {
    var characters = Substring(self)
    while characters.first == " " { characters.removeFirst() }
    while characters.last == " " { characters.removeLast() }
    return String(characters)
  }
}
