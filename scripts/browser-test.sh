#!/usr/bin/env bash
# The playground's real-browser test: builds and starts galley-server on a free port with the
# tests' fonts, then drives Debian's headless Chromium with Selenium through
# Tests/Browser/playground_test.py. Installs what is missing (chromium and chromium-driver from
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
