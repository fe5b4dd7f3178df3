import GalleyFonts
import GalleyJobs
import GalleyTools

extension TextService {
  /// `GET /v1/font`: the face a family, weight and italic resolve to.
  ///
  /// - Parameters:
  ///   - family: The family (`family=`).
  ///   - weight: The weight as written (`weight=`): a ladder step, CSS weight or name.
  ///   - italic: The italic flag as written (`italic=`): `true`, `false`, `1`, `0` or absent.
  ///   - strict: The strict flag as written (`strict=`).
  /// - Returns: `galley font --json`'s record.
  /// - Throws: ``GalleyTools/Failure``: 400 for a bad parameter, 422 for a font problem.
  package func font(
    family: String?, weight: String?, italic: String?, strict: String? = nil
  ) throws(Failure) -> ResolvedFaceRecord {
    guard let family else {
      throw Failure(RequestError(field: "family", "is required"))
    }
    try checkFamily(family)
    var weightValue = 0
    if let weight {
      guard let parsed = FontWeight.parse(weight), FontWeight.isValid(parsed) else {
        throw Failure(
          RequestError(
            field: "weight",
            "must be a ladder step in -3...3, a CSS weight in 100...1000 or a name such as bold"))
      }
      weightValue = parsed
    }
    let isItalic = try flag(italic, field: "italic")
    let isStrict = try flag(strict, field: "strict")
    do {
      let resolved = try fonts.resolve(
        family: family, weight: weightValue, italic: isItalic, strict: isStrict)
      return ResolvedFaceRecord(
        resolved, in: fonts, description: fonts.describe(resolved).description)
    } catch {
      throw Failure(error)
    }
  }

  /// `GET /v1/fonts`: every installed family, or one, with ladders and faces.
  ///
  /// - Parameter family: Only this family (`family=`), or `nil` for all.
  /// - Returns: `galley fonts --json`'s document.
  /// - Throws: ``GalleyTools/Failure``: 400 for a family name that is empty, only spaces or too
  ///   long, 422 for an unknown family, with suggestions.
  package func families(family: String?) throws(Failure) -> FamiliesDocument {
    guard let family else {
      return FamiliesDocument(
        families: fonts.familyNames.map {
          FamilyRecord(name: $0, ladderFamily: $0, fonts: fonts)
        })
    }
    try checkFamily(family)
    do {
      let installed = try fonts.resolve(family: family, strict: true).face.family
      return FamiliesDocument(
        families: [FamilyRecord(name: installed, ladderFamily: family, fonts: fonts)])
    } catch {
      throw Failure(error)
    }
  }

  /// Checks a `family=` parameter by the rule for family names in requests.
  private func checkFamily(_ family: String) throws(Failure) {
    do {
      try PreparedRequest.checkFamily(family, field: "family")
    } catch {
      throw Failure(error)
    }
  }

  /// A query flag: absent or `false`/`0` is off, `true`/`1` (or empty, as `?italic`) is on.
  private func flag(_ text: String?, field: String) throws(Failure) -> Bool {
    switch text {
    case nil, "false", "0": return false
    case "", "true", "1": return true
    default: throw Failure(RequestError(field: field, "must be true or false"))
    }
  }
}
