#!/usr/bin/env bash
# A package that depends on Galley's four libraries by a versioned URL resolves Galley and
# swift-argument-parser at most, never the server's packages (they sit behind the `Server`
# trait), and builds and runs.
#
# The working tree (tracked and untracked files, not ignored ones) is copied into a new git
# repository tagged 1.0.0; a client package in a temporary folder depends on it with
# `from: "1.0.0"`, resolves, builds, and lays out and draws a label with the machine's fonts.
# scripts/test.sh runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/galley-client.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/galley" "$scratch/client/Sources/Client"
git ls-files -z --cached --others --exclude-standard \
  | (while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done) \
  | xargs -0 cp --parents -t "$scratch/galley"
(
  cd "$scratch/galley"
  git init -q
  git add -A
  git -c user.name=check -c user.email=check@localhost commit -q -m "Galley for a client"
  git tag 1.0.0
)

cat >"$scratch/client/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "Client",
  dependencies: [.package(url: "file://$scratch/galley", from: "1.0.0")],
  targets: [
    .executableTarget(
      name: "Client",
      dependencies: [
        .product(name: "GalleyMarkup", package: "galley"),
        .product(name: "GalleyFonts", package: "galley"),
        .product(name: "GalleyLayout", package: "galley"),
        .product(name: "GalleyRender", package: "galley"),
      ])
  ]
)
EOF
cat >"$scratch/client/Sources/Client/main.swift" <<'EOF'
import GalleyFonts
import GalleyLayout
import GalleyMarkup
import GalleyRender

let text = try MarkupFormatter().format("Tap %Lhere%l for %Bmore%b")
let layout = try LayoutEngine(fonts: try FontSet()).layout(text, options: LayoutOptions(width: 200))
let png = try Renderer().render(layout, options: RenderOptions(scale: 2), format: .png)
print("lines \(layout.lines.count), links \(layout.links.count), png \(png.data.count) bytes")
EOF

cd "$scratch/client"
swift package resolve >/dev/null
pins=$(python3 -c '
import json, sys
print("\n".join(sorted(pin["identity"] for pin in json.load(open("Package.resolved"))["pins"])))')
echo "client-resolution: a library client resolves: $(echo "$pins" | paste -sd ' ')"
unexpected=$(echo "$pins" | grep -vxE 'galley|swift-argument-parser' || true)
if [ -n "$unexpected" ]; then
  echo "client-resolution: a library client also resolves: $(echo "$unexpected" | paste -sd ' ')" >&2
  exit 1
fi
swift build -q
output=$("$(swift build --show-bin-path)/Client")
echo "client-resolution: the client built and ran: $output"
case "$output" in
lines\ [1-9]*", links 1, png "[1-9]*) ;;
*)
  echo "client-resolution: unexpected output" >&2
  exit 1
  ;;
esac
