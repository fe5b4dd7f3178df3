# Sourced by scripts/browser-test.sh and scripts/api-fuzz.sh: builds galley-server, starts it on
# a free loopback port with the tests' hermetic fonts (the font directories of
# Tests/GalleyTestSupport/HermeticFonts.swift, in Tests/Fonts/, generic families mapped to
# DejaVu, through FONTCONFIG_FILE) and stops it when the calling script exits, however it exits.
#
# After test_server_start: TEST_SERVER_URL (such as http://127.0.0.1:41234) and
# TEST_SERVER_PID. The server's standard output and error are in $TEST_SERVER_LOG.

# In HermeticFonts.directories' order: fontconfig breaks ties between fallback faces by it.
test_server_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
test_server_fonts=(
  "$test_server_root/Tests/Fonts/dejavu" "$test_server_root/Tests/Fonts/liberation2"
  "$test_server_root/Tests/Fonts/lato" "$test_server_root/Tests/Fonts/noto"
  "$test_server_root/Tests/Fonts/droid" "$test_server_root/Tests/Fonts/inter"
  "$test_server_root/Tests/Fonts/firacode"
)

# Writes the hermetic fontconfig file (the same XML as FontSet.hermeticXML) into $1.
test_server_write_fontconfig() {
  local file=$1 cache=${TMPDIR:-/tmp}/galley-tests-fontconfig-cache directory
  {
    echo '<?xml version="1.0"?>'
    echo '<fontconfig>'
    for directory in "${test_server_fonts[@]}"; do echo "  <dir>$directory</dir>"; done
    echo "  <cachedir>$cache</cachedir>"
    echo '  <match target="pattern"><edit name="family" mode="append_last"><string>sans-serif</string></edit></match>'
    echo '  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>'
    echo '  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>'
    echo '  <alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>'
    echo '</fontconfig>'
  } >"$file"
}

# Stops the server: SIGTERM, then SIGKILL after 10 seconds.
test_server_stop() {
  local pid=${TEST_SERVER_PID:-} waited=0
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 100 ]; do
      sleep 0.1
      waited=$((waited + 1))
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  TEST_SERVER_PID=""
  [ -n "${TEST_SERVER_DIR:-}" ] && rm -rf "$TEST_SERVER_DIR"
  return 0
}

# Builds and starts the server; extra arguments go to galley-server.
test_server_start() {
  command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
  swift build --traits Server --product galley-server >&2
  local bin
  bin=$(swift build --show-bin-path)/galley-server
  TEST_SERVER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/galley-test-server.XXXXXX")
  TEST_SERVER_LOG=$TEST_SERVER_DIR/server.log
  trap test_server_stop EXIT
  trap 'exit 130' INT TERM
  test_server_write_fontconfig "$TEST_SERVER_DIR/fonts.conf"
  : >"$TEST_SERVER_DIR/stdout"
  FONTCONFIG_FILE=$TEST_SERVER_DIR/fonts.conf "$bin" --host 127.0.0.1 --port 0 "$@" \
    >"$TEST_SERVER_DIR/stdout" 2>"$TEST_SERVER_LOG" </dev/null &
  TEST_SERVER_PID=$!
  local address="" tries=0
  while [ -z "$address" ]; do
    if ! kill -0 "$TEST_SERVER_PID" 2>/dev/null; then
      echo "test-server: galley-server exited before printing its address:" >&2
      cat "$TEST_SERVER_LOG" >&2
      return 1
    fi
    if [ "$tries" -ge 600 ]; then
      echo "test-server: galley-server printed no address in 60 seconds" >&2
      return 1
    fi
    # Only a whole first line counts.
    if [ "$(wc -l <"$TEST_SERVER_DIR/stdout")" -ge 1 ]; then
      address=$(head -n 1 "$TEST_SERVER_DIR/stdout" | tr -d '\r')
      [ -n "$address" ] && break
    fi
    sleep 0.1
    tries=$((tries + 1))
  done
  case $address in
    http://* | https://*) TEST_SERVER_URL=$address ;;
    *) TEST_SERVER_URL=http://$address ;;
  esac
  TEST_SERVER_URL=${TEST_SERVER_URL%/}
  export TEST_SERVER_URL TEST_SERVER_PID TEST_SERVER_LOG
  echo "test-server: galley-server $TEST_SERVER_PID listens on $TEST_SERVER_URL" >&2
}
