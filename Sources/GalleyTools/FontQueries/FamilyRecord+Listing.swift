extension FamilyRecord {
  /// The family as `galley fonts` lists it without `--json`.
  var listing: String {
    var lines = ["\(name) (\(faces.count) \(faces.count == 1 ? "face" : "faces"))"]
    lines.append(
      "  ladder: "
        + ladder.map { "\($0.step) \($0.style)" + ($0.synthesizedBold ? "*" : "") }
        .joined(separator: ", "))
    for face in faces {
      let slant = face.slant == "upright" ? "" : " \(face.slant)"
      let width = face.width == 100 ? "" : " width \(face.width)"
      lines.append("  \(face.weight) \(face.style)\(slant)\(width) \(face.file)")
    }
    return lines.joined(separator: "\n")
  }
}
