#!/usr/bin/env bash
# The main job: installs what is missing, builds galley, formats the sample markup in
# samples/welcome.galley (printing its runs and writing them as JSON), and lays it out at a
# width of 360 points, writing the layout JSON (lines, glyphs, link rectangles) to samples/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
swift build --product galley
galley="$(swift build --show-bin-path)/galley"
mkdir -p samples/out
options=(--font "DejaVu Serif" --font "Lato" --color "#1A5FB4" --color "#C01C28"
  --input samples/welcome.galley)
"$galley" format "${options[@]}"
"$galley" format --json "${options[@]}" > samples/out/welcome.json
"$galley" layout --width 360 --family "DejaVu Sans" --size 15 "${options[@]}"
"$galley" layout --json --width 360 --family "DejaVu Sans" --size 15 "${options[@]}" \
  > samples/out/welcome.layout.json
echo "wrote samples/out/welcome.json and samples/out/welcome.layout.json"
