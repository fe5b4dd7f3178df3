#!/usr/bin/env bash
# The main job: installs what is missing, builds galley (and galley-engine, which galley starts
# for every command but font and fonts), formats the sample markup in
# samples/welcome.galley (printing its runs and writing them as JSON), lays it out at a width
# of 360 points, and renders it to samples/out/welcome.png (@2x, with a soft shadow) with its
# layout JSON (lines, glyphs, link rectangles and the image geometry) in
# samples/out/welcome.layout.json.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
swift build --product galley-engine
swift build --product galley
galley="$(swift build --show-bin-path)/galley"
mkdir -p samples/out
options=(--font "DejaVu Serif" --font "Lato" --color "#1A5FB4" --color "#C01C28"
  --input samples/welcome.galley)
"$galley" format "${options[@]}"
"$galley" format --json "${options[@]}" > samples/out/welcome.json
"$galley" layout --width 360 --family "DejaVu Sans" --size 15 "${options[@]}"
"$galley" render --width 360 --family "DejaVu Sans" --size 15 --scale 2 --padding 8 \
  --background "#FFFFFF" --shadow-offset 0,1 --shadow-blur 2 --shadow-color "#00000040" \
  -o samples/out/welcome.png --json samples/out/welcome.layout.json "${options[@]}"
echo "wrote samples/out/welcome.json, samples/out/welcome.png and samples/out/welcome.layout.json"
