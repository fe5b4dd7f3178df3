/// The page of the HTML report around its cards: the summary, the filters (locale, check,
/// key) and their script, the strings locales lack, and the style.
enum HTMLPage {
  /// The whole page.
  ///
  /// - Parameters:
  ///   - report: The report.
  ///   - cards: One card per failure, in the report's order.
  /// - Returns: The HTML document.
  static func render(_ report: CheckReport, cards: [String]) -> String {
    let escape = HTMLReport.escape
    let locales = Array(Set(report.failures.map(\.locale))).sorted()
    let options = locales.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }
    let checks = CheckFailure.Check.allCases.map { check in
      "<label><input type=\"checkbox\" value=\"\(check.rawValue)\" checked "
        + "data-testid=\"check-\(check.rawValue)\"> \(check.rawValue)</label>"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>galley check: \(escape(TerminalReport.summary(report)))</title>
      <style>\(style)</style></head>
      <body data-testid="report" data-failures="\(report.failures.count)">
      <h1>galley check</h1>
      <p class="summary" data-testid="summary">\(escape(TerminalReport.summary(report)))</p>
      <form class="filters" onsubmit="return false">
      <label>Locale <select data-testid="locale-filter"><option value="">all</option>\
      \(options.joined())</select></label>
      \(checks.joined(separator: "\n"))
      <label>Key <input type="search" data-testid="key-filter" placeholder="part of a key"></label>
      <output data-testid="visible-count">\(report.failures.count)</output> shown
      </form>
      <p class="legend">Drawn in its label: <span class="box">the label's box</span> \
      <span class="line">line boxes</span> <span class="truncation">the truncation token</span> \
      <span class="missing">characters no font has</span></p>
      <main data-testid="failures">
      \(cards.joined())</main>
      \(missing(report))
      <script>\(script)</script>
      </body></html>

      """
  }

  /// The strings locales lack and the keys in no label, as lists.
  private static func missing(_ report: CheckReport) -> String {
    let escape = HTMLReport.escape
    var html = ""
    let byLocale = Dictionary(grouping: report.missing, by: \.locale)
    if !byLocale.isEmpty {
      html += "<section data-testid=\"missing\"><h2>Not translated</h2>"
      html += "<p>The app shows the source's text for these.</p><dl>"
      for locale in byLocale.keys.sorted() {
        let keys = byLocale[locale]?.map { "<code>\(escape($0.key))</code>" } ?? []
        html += "<dt>\(escape(locale)) (\(keys.count))</dt><dd>\(keys.joined(separator: " "))</dd>"
      }
      html += "</dl></section>\n"
    }
    if !report.unlabeledKeys.isEmpty {
      let keys = report.unlabeledKeys.map { "<code>\(escape($0))</code>" }
      html += "<section data-testid=\"unlabeled\"><h2>In no label</h2>"
      html += "<p>Checked for markup and structure only.</p><p>\(keys.joined(separator: " "))</p>"
      html += "</section>\n"
    }
    return html
  }

  private static let style = """
    body{font:15px/1.4 system-ui,sans-serif;margin:2em;color:#222;background:#f6f6f4}
    h1{font-size:1.4em;margin:0}.summary{color:#555}
    .filters{position:sticky;top:0;background:#f6f6f4;padding:.5em 0;display:flex;gap:1em;
    flex-wrap:wrap;align-items:center;border-bottom:1px solid #ddd;z-index:1}
    .card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.8em 1em;margin:1em 0}
    .card[hidden]{display:none}.card header{display:flex;gap:.6em;align-items:baseline}
    .check{font-size:.8em;text-transform:uppercase;padding:.1em .5em;border-radius:3px;color:#fff}
    .check.markup{background:#a51d2d}.check.structure{background:#613583}
    .check.coverage{background:#c64600}.check.fit{background:#1a5fb4}
    .locale{font-weight:600}.message{margin:.4em 0}.position{color:#777;font-size:.85em;margin:0}
    .drawing{position:relative;margin:.8em 0;background:#fff;outline:1px solid #eee}
    .drawing img,.drawing svg{display:block}.drawing svg{position:absolute;left:0;top:0;
    width:100%;height:100%;pointer-events:none}
    rect{fill:none;stroke-width:2}rect.box{stroke:#1a5fb4;stroke-dasharray:8 4}
    rect.line{stroke:#33d17a;stroke-width:1}rect.truncation{stroke:#e01b24;fill:#e01b2433}
    rect.missing{stroke:#ff7800;fill:#ff780055}
    .legend span{padding:0 .4em;border:2px solid}.legend .box{border-color:#1a5fb4;
    border-style:dashed}.legend .line{border-color:#33d17a}.legend .truncation{border-color:#e01b24}
    .legend .missing{border-color:#ff7800}
    dl.strings{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em;margin:.4em 0 0}
    dl.strings dt{color:#777}dl.strings dd{margin:0;white-space:pre-wrap;unicode-bidi:plaintext}
    mark.caret{background:#f66151;color:#fff}code{font-size:.9em}
    """

  private static let script = """
    const cards = [...document.querySelectorAll('[data-testid=failure]')];
    const locale = document.querySelector('[data-testid=locale-filter]');
    const key = document.querySelector('[data-testid=key-filter]');
    const boxes = [...document.querySelectorAll('.filters input[type=checkbox]')];
    const count = document.querySelector('[data-testid=visible-count]');
    function filter() {
      const checks = new Set(boxes.filter(b => b.checked).map(b => b.value));
      const part = key.value.toLowerCase();
      let shown = 0;
      for (const card of cards) {
        const visible = (!locale.value || card.dataset.locale === locale.value)
          && checks.has(card.dataset.check)
          && (!part || card.dataset.key.toLowerCase().includes(part));
        card.hidden = !visible;
        if (visible) shown++;
      }
      count.value = shown;
    }
    locale.addEventListener('change', filter);
    key.addEventListener('input', filter);
    boxes.forEach(b => b.addEventListener('change', filter));
    """
}
