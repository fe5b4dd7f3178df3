#!/usr/bin/env bash
# The real-browser tests: builds and starts galley-server on a free port with the tests' fonts,
# then drives Debian's headless Chromium with Selenium through Tests/Browser/playground_test.py;
# then makes galley check's HTML report of a real catalog (Tests/Catalogs/heroic-games-launcher,
# with a Tamil locale added for a missing glyph, and the pseudo-locales) and checks it from disk
# with Tests/Browser/check_report_test.py. Installs what is missing (chromium and chromium-driver from
# scripts/debian-packages.txt, Selenium into .build-venv/). The server is always stopped.
# Set PLAYGROUND_SCREENSHOT to a path to save the page's screenshot there (the README's image
# is made with PLAYGROUND_SCREENSHOT=docs/images/playground.png).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
python=$(./scripts/python-venv.sh)
for tool in /usr/bin/chromium /usr/bin/chromedriver; do
  [ -x "$tool" ] || { echo "browser-test: $tool is missing (scripts/setup.sh installs it)" >&2; exit 1; }
done

source scripts/test-server.bash
test_server_start
"$python" Tests/Browser/playground_test.py --server "$TEST_SERVER_URL" \
  --chromium /usr/bin/chromium --chromedriver /usr/bin/chromedriver \
  ${PLAYGROUND_SCREENSHOT:+--screenshot "$PLAYGROUND_SCREENSHOT"}

# galley check's HTML report, made in a scratch folder with the same hermetic fonts.
swift build --product galley-check >/dev/null
report_dir=$(mktemp -d "${TMPDIR:-/tmp}/galley-check-report.XXXXXX")
trap 'rm -rf "$report_dir"; test_server_stop' EXIT
cp -r Tests/Catalogs/heroic-games-launcher "$report_dir/app"
mkdir -p "$report_dir/app/public/locales/ta"
printf '{"add_game": "விளையாட்டைச் சேர்", "Amazon Games": "Amazon கேம்ஸ்"}\n' \
  >"$report_dir/app/public/locales/ta/translation.json"
test_server_write_fontconfig "$report_dir/fonts.conf"
status=0
"$(swift build --show-bin-path)/galley-check" --spec Tests/Catalogs/spec.json --pseudo \
  --fontconfig "$report_dir/fonts.conf" --html "$report_dir/html" \
  --json "$report_dir/report.json" "$report_dir/app" >/dev/null || status=$?
[ "$status" -eq 1 ] || { echo "browser-test: galley check exited with $status, not 1" >&2; exit 1; }
"$python" Tests/Browser/check_report_test.py --report "$report_dir/html" --json "$report_dir/report.json" \
  --chromium /usr/bin/chromium --chromedriver /usr/bin/chromedriver
