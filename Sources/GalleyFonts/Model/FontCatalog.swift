/// Every installed face, indexed by normalized family name; built once, immutable after.
struct FontCatalog: Sendable {
  let faces: [FaceDescriptor]
  /// Normalized family name → indices into `faces`.
  let faceIndicesByFamily: [String: [Int]]
  /// Normalized family name → the name as fontconfig spells it.
  let displayNames: [String: String]

  init(faces listed: [FaceDescriptor], weightOverrides: [String: [String: Int]]) {
    var faces: [FaceDescriptor] = []
    var faceIndices: [String: [Int]] = [:]
    var names: [String: String] = [:]
    var seen = Set<String>()
    var seenDesigns = Set<Design>()
    // Sorted by file, so which copy of a face is kept does not depend on fontconfig's order.
    for var face in listed.sorted(by: { ($0.file, $0.index) < ($1.file, $1.index) }) {
      // A face can be listed twice when two directories hold the same file; keep one.
      guard seen.insert("\(face.file)#\(face.index)").inserted else { continue }
      // The same face can be installed in two files (an OpenType and a TrueType build, or a
      // variable font shipped twice); one copy is enough.
      if !face.postscriptName.isEmpty, !seenDesigns.insert(Design(face)).inserted { continue }
      let keys = face.families.map(FontSetDefinition.normalized)
      if !weightOverrides.isEmpty {
        let style = FontSetDefinition.normalized(face.style)
        for key in keys {
          if let weight = weightOverrides[key]?[style] { face.weight = weight }
        }
      }
      let position = faces.count
      faces.append(face)
      for (family, key) in zip(face.families, keys) {
        guard !key.isEmpty else { continue }
        faceIndices[key, default: []].append(position)
        if names[key] == nil { names[key] = family }
      }
    }
    // Stable order: the same faces in the same order, whatever order fontconfig listed them.
    for key in faceIndices.keys {
      faceIndices[key]?.sort { lhs, rhs in
        let (a, b) = (faces[lhs], faces[rhs])
        return (a.slant, a.width, a.weight, a.file, a.index) < (
          b.slant, b.width, b.weight, b.file, b.index
        )
      }
    }
    self.faces = faces
    self.faceIndicesByFamily = faceIndices
    self.displayNames = names
  }

  /// What makes two listed faces the same face in two files.
  private struct Design: Hashable {
    var postscriptName: String
    var families: [String]
    var style: String
    var weight: Int
    var slant: FaceDescriptor.Slant
    var width: Int

    init(_ face: FaceDescriptor) {
      postscriptName = face.postscriptName
      families = face.families
      style = face.style
      weight = face.weight
      slant = face.slant
      width = face.width
    }
  }

  func faces(ofFamilyKey key: String) -> [FaceDescriptor] {
    (faceIndicesByFamily[key] ?? []).map { faces[$0] }
  }

  /// Family names as fontconfig spells them, sorted case-insensitively.
  var familyNames: [String] {
    displayNames.values.sorted { $0.lowercased() < $1.lowercased() }
  }
}
