#!/usr/bin/env bash
# Checks that the Swift examples of the documentation are the compiled snippets in Snippets/.
# A ```swift block that follows a line `<!-- snippet: Snippets/NAME.swift -->` must hold exactly
# that file. Every ```swift block of README.md must have such a line, and every snippet must
# appear in README.md. `swift build` compiles the snippets, so the examples cannot go stale.
# Exits 1 naming each block that differs.
#
#   scripts/check-snippets.sh            check
#   scripts/check-snippets.sh --update   copy each snippet file into the blocks that name it
set -euo pipefail
cd "$(dirname "$0")/.."

update=false
case "${1:-}" in
  "") ;;
  --update) update=true ;;
  *)
    echo "usage: scripts/check-snippets.sh [--update]" >&2
    exit 64
    ;;
esac

documents=(README.md Sources/*/*.docc/*.md docs/*.md)
status=0

# Prints the document with every marked block replaced by its snippet file; reports to standard
# error each block that differs (or is unmarked, in README.md) and exits 1 if there is one.
rewrite() {
  awk -v document="$1" -v strict="$2" '
    function slurp(path,   line, text) {
      text = ""
      while ((getline line < path) > 0) text = text line "\n"
      close(path)
      return text
    }
    BEGIN { bad = 0 }
    state == "" && /^<!-- snippet: [^ ]+ -->$/ {
      path = $3
      if ((getline probe < path) < 0) {
        printf "%s:%d: no such snippet %s\n", document, NR, path > "/dev/stderr"; bad = 1
      }
      close(path)
      print; state = "marked"; next
    }
    state == "marked" {
      if ($0 != "```swift") {
        printf "%s:%d: a ```swift block must follow the snippet line\n", document, NR > "/dev/stderr"
        bad = 1; state = ""; print; next
      }
      print; state = "inside"; body = ""; start = NR; next
    }
    state == "inside" {
      if ($0 != "```") { body = body $0 "\n"; next }
      expected = slurp(path)
      if (body != expected) {
        printf "%s:%d: this block is not %s\n", document, start, path > "/dev/stderr"; bad = 1
      }
      printf "%s", expected; print; state = ""; next
    }
    state == "" && /^```swift$/ && strict == "yes" {
      printf "%s:%d: a Swift block without a snippet line\n", document, NR > "/dev/stderr"
      bad = 1
    }
    { print }
    END { exit bad }
  ' "$1"
}

for document in "${documents[@]}"; do
  [ -f "$document" ] || continue
  strict=no
  [ "$document" = README.md ] && strict=yes
  rewritten=$(mktemp)
  if rewrite "$document" "$strict" >"$rewritten"; then
    :
  elif $update; then
    if ! cmp -s "$rewritten" "$document"; then
      cat "$rewritten" >"$document"
      echo "updated $document"
    fi
    rewrite "$document" "$strict" >"$rewritten" || status=1
  else
    status=1
  fi
  rm -f "$rewritten"
done

for snippet in Snippets/*.swift; do
  if ! grep -qx "<!-- snippet: $snippet -->" README.md; then
    echo "README.md: $snippet is not shown" >&2
    status=1
  fi
done
[ "$status" -eq 0 ] || echo "check-snippets: run scripts/check-snippets.sh --update" >&2
exit "$status"
