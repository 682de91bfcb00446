#!/usr/bin/env bash
# cli_browser.sh - the browser app in headless Chromium: starts `pocketwar serve`
# on a free port with a fresh store and runs tests/browser/app_test.js against it
# (each rule set played by clicking the board in two browser contexts; see that
# file). Screenshots of each battlefield go to build/screenshots/.
set -u
bin=${1:-build/pocketwar}
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
"$bin" serve --listen 127.0.0.1:0 --db "$tmp/games.db" --workers 1 >"$tmp/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$tmp"' EXIT
addr=""
for _ in $(seq 100); do
  addr=$(sed -nE 's|^pocketwar serve: (http://[0-9.:]+)/.*|\1|p' "$tmp/log" | head -1)
  [ -n "$addr" ] && break
  sleep 0.1
done
if [ -z "$addr" ]; then echo "FAIL browser: the server did not start: $(cat "$tmp/log")"; exit 1; fi
node "$here/browser/app_test.js" "$addr" "$out"
rc=$?
kill $pid; wait $pid 2>/dev/null
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error" "$tmp/log"; then
  echo "FAIL browser: the server reported: $(grep -m3 -E 'ERROR|runtime error' "$tmp/log")"; rc=1
else
  echo "PASS browser: the server ran the browser games clean"
fi
exit $rc
