#!/usr/bin/env bash
# cli_browser.sh - the browser app in headless Chromium: starts `pocketwar serve`
# on a free port with a fresh store and runs tests/browser/app_test.js against it
# (each rule set played by clicking the board in two browser contexts; see that
# file), then tests/browser/trust_test.js (the faults that cost a player's
# trust) and tests/browser/layout_test.js (every rule set at every screen
# size). Screenshots go to build/screenshots/.
#   tests/cli_browser.sh BIN                   all of them
#   tests/cli_browser.sh BIN trust freeze log  one file, some of its tests
set -u
bin=${1:-build/pocketwar}
shift
only_file=${1:-}
[ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null || [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "FAIL browser: node and chromium are needed (make deps installs them)"; exit 1
fi
if [ ! -d "$here/browser/node_modules/puppeteer-core" ]; then
  echo "FAIL browser: run make check (it installs puppeteer-core into tests/browser/node_modules)"; exit 1
fi
tmp=$(mktemp -d)
out=$(cd "$here/.." && pwd)/build/screenshots
mkdir -p "$out"
# the pages of several browser contexts come from one address, and the tests make games
# faster than a player: the per-address limits (tested in cli_server_limits.sh) are lifted
"$bin" serve --listen 127.0.0.1:0 --db "$tmp/games.db" --workers 1 \
  --per-address 1000 --create-rate 1000000 >"$tmp/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$tmp"' EXIT
addr=""
for _ in $(seq 100); do
  addr=$(sed -nE 's|^pocketwar serve: (http://[0-9.:]+)/.*|\1|p' "$tmp/log" | head -1)
  [ -n "$addr" ] && break
  sleep 0.1
done
if [ -z "$addr" ]; then echo "FAIL browser: the server did not start: $(cat "$tmp/log")"; exit 1; fi
rc=0
for t in app trust layout; do
  [ -n "$only_file" ] && [ "$only_file" != "$t" ] && continue
  node "$here/browser/${t}_test.js" "$addr" "$out" "$@" || rc=1
done
kill $pid; wait $pid 2>/dev/null
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error" "$tmp/log"; then
  echo "FAIL browser: the server reported: $(grep -m3 -E 'ERROR|runtime error' "$tmp/log")"; rc=1
else
  echo "PASS browser: the server ran the browser games clean"
fi
exit $rc
