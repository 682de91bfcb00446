#!/usr/bin/env bash
# Checks `pocketwar serve` under hostile traffic, over real HTTP on
# loopback (docs/server.md, "Limits"): bodies nested 1,000 deep (with no
# token, to make a game or to act; a record's options) are refused and the
# server lives; a body trickled a byte at a time is cut at --timeout with a
# 408; games made faster than --create-rate get 429 with Retry-After, past
# --max-unfinished 503; unfinished games untouched for --expire days are
# deleted at start, finished ones kept; 64 silent connections do not delay
# an ordinary request, and one address's connections past --per-address
# get 429; numbers too long for any limit are refused, and so are limits
# out of range on the command line, before anything starts.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_server_limits.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
. "$here/server_lib.sh"

ms() { echo $(( $(date +%s%N) / 1000000 )); }
# headers NAME: the last reply's header NAME (from $tmp/hdr)
header() { sed -nE "s/^$1: *([^[:space:]]*).*/\\1/Ip" "$tmp/hdr" | head -1; }
# reqh METHOD PATH [BODY]: as req, keeping the headers in $tmp/hdr
reqh() {
  local args=(-s -D "$tmp/hdr" -o "$tmp/reply" -w '%{http_code}' -X "$1")
  [ -n "${3:-}" ] && args+=(--data-binary "$3")
  code=$(curl "${args[@]}" "http://127.0.0.1:$port/api$2")
  body=$(cat "$tmp/reply")
}
open_brackets=$(printf '[%.0s' $(seq 1000))
close_brackets=$(printf ']%.0s' $(seq 1000))

# ---- a body nested 1,000 deep ------------------------------------------------------
start deep --timeout 2 || exit 1
req POST /games "{\"options\":$open_brackets$close_brackets}"
expect deep-body-refused 400 '(.error | test("nest more than 32"))'
req GET /rules
expect deep-body-server-lives 200 '(.rules | length) == 3'
create '{"rules":"pocket-wargame","seed":2}'
act="{\"step\":0,\"action\":$open_brackets$close_brackets}"
req POST "/games/$id/act" "$act"
refused deep-act-no-token-refused-unread 403
req POST "/games/$id/act" "$act" "$tok1"
expect deep-act-seat-refused 400 '(.error | test("nest more than 32"))'
record=$(printf '[Game "pocketwar"]\n[Rules "pocket-wargame"]\n[Scenario "meeting"]\n[Seed "1"]\n[Options "{\\"a\\":%s%s}"]\n' "$open_brackets" "$close_brackets")
req POST /games/import "$record"
expect deep-record-options-refused 400 '(.error | test("nest more than 32"))'
if kill -0 "$pid" 2>/dev/null; then pass deep-server-alive; else fail deep-server-alive "the server died"; fi

# ---- numbers too long for any limit ------------------------------------------------------
req GET "/games?limit=99999999999999999999"
expect limit-too-long-refused 400 '.where == "query.limit" and (.error | test("1..1000"))'
req POST /games/import "$(printf '[Game "pocketwar"]\n[Record "99999999999999999999"]\n[Rules "pocket-wargame"]\n[Scenario "meeting"]\n[Seed "1"]\n')"
expect record-version-refused 422 '(.error | test("format version"))'

# ---- a body trickled a byte every 0.3 s: 408 and closed at --timeout (2 s) -------------------
exec 5<>"/dev/tcp/127.0.0.1/$port"
printf 'POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Length: 200\r\n\r\n' >&5
( for _ in $(seq 1 200); do printf x >&5 2>/dev/null || exit 0; sleep 0.3; done ) &
writer=$!
t0=$(ms)
timeout 20 cat <&5 > "$tmp/slow.reply"
took=$(( $(ms) - t0 ))
kill $writer 2>/dev/null; wait $writer 2>/dev/null
exec 5>&-
if head -1 "$tmp/slow.reply" | grep -q ' 408 ' && [ "$took" -lt 4500 ]; then
  pass slow-body-cut
else
  fail slow-body-cut "closed after $took ms: $(head -c 200 "$tmp/slow.reply")"
fi
req GET /rules
expect after-slow-body 200 '(.rules | length) == 3'
stop deep

# ---- making games: a rate per address, a cap on unfinished games ------------------------------
start flood --create-rate 10 || exit 1
made=0
for _ in $(seq 1 10); do reqh POST /games '{"seed":1}'; [ "$code" = 201 ] && made=$((made + 1)); done
reqh POST /games '{"seed":1}'
if [ "$made" = 10 ] && [ -n "$(header Retry-After)" ]; then
  expect create-rate-limited 429 '(.error | test("10 games in the last minute")) and .retry_after >= 1'
else
  fail create-rate-limited "$made of 10 made; then $code, Retry-After \"$(header Retry-After)\""
fi
reqh POST /games/import "$(printf '[Game "pocketwar"]\n[Rules "pocket-wargame"]\n[Scenario "meeting"]\n[Seed "1"]\n')"
expect import-rate-limited 429
stop flood
start full --max-unfinished 3 || exit 1
for _ in 1 2 3; do create '{"seed":1}'; done
reqh POST /games '{"seed":1}'
if [ -n "$(header Retry-After)" ]; then
  expect unfinished-capped 503 '(.error | test("3 unfinished games"))'
else
  fail unfinished-capped "$code without Retry-After: $body"
fi
req POST "/games/$id/resign" '{}' "$tok1"
create '{"seed":1}'
expect unfinished-room-after-finish 201
stop full

# ---- unfinished games nobody touched for --expire days are deleted; finished ones stay ---------
start old || exit 1
create '{"seed":1}'; idle=$id
create '{"seed":1}'; done_id=$id
req POST "/games/$done_id/resign" '{}' "$tok1"
create '{"seed":1}'; fresh=$id
stop old
now=$(( $(date +%s) * 1000 ))
sqlite3 "$tmp/old.db" "UPDATE games SET updated = $now - 31 * 86400000 WHERE id IN ('$idle', '$done_id')"
start old --expire 30 || exit 1
req GET "/games/$idle"
refused expired-game-deleted 404
req GET "/games/$done_id"
expect finished-game-kept 200 '.status == "finished"'
req GET "/games/$fresh"
expect recent-game-kept 200 '.status == "active"'
if grep -q "deleted 1 unfinished game untouched for 30 days" "$tmp/old.err"; then
  pass expire-said
else
  fail expire-said "$(cat "$tmp/old.err")"
fi
stop old

# ---- silent connections ------------------------------------------------------------------------
# 64 connections that send nothing (more than the 32 threads): the first
# hold unreserved threads for --timeout, the rest are closed at once, so an
# ordinary request is answered at once, not after the timeout
start silent --per-address 1000 --timeout 2 || exit 1
fds=()
for _ in $(seq 1 64); do exec {fd}<>"/dev/tcp/127.0.0.1/$port" && fds+=("$fd"); done
sleep 0.5
t0=$(ms)
req GET /rules
took=$(( $(ms) - t0 ))
if [ "$code" = 200 ] && [ "$took" -lt 1500 ]; then
  pass silent-connections-ordinary-request
else
  fail silent-connections-ordinary-request "$code after $took ms with ${#fds[@]} silent connections"
fi
for fd in "${fds[@]}"; do exec {fd}>&-; done
stop silent
# one address's connections past --per-address: 429 with Retry-After
start peraddr --per-address 4 --timeout 2 || exit 1
fds=()
for _ in 1 2 3 4; do exec {fd}<>"/dev/tcp/127.0.0.1/$port" && fds+=("$fd"); done
sleep 0.3
reqh GET /rules
if [ -n "$(header Retry-After)" ]; then
  expect per-address-limited 429 '(.error | test("4 connections open"))'
else
  fail per-address-limited "$code without Retry-After: $body"
fi
for fd in "${fds[@]}"; do exec {fd}>&-; done
sleep 0.3
req GET /rules
expect per-address-after-close 200 '(.rules | length) == 3'
stop peraddr

# ---- the limits on the command line ------------------------------------------------
# --help lists them under their heading; values out of range, a bad --sync and
# unknown options are refused before anything starts
"$pw" serve --help > "$tmp/help"
if sed -n '/^limits (docs\/server.md, "Limits"):$/,$p' "$tmp/help" | grep -q '^  --timeout SECONDS ' \
   && ! sed -n '/^limits/,$p' "$tmp/help" | grep -q '^  --reports'; then pass help-limits-heading
else fail help-limits-heading "$(grep -n -A1 '^limits' "$tmp/help")"; fi
serve_refused() { # name, expected text, options...
  local name=$1 want=$2; shift 2
  if "$pw" serve --db "$tmp/never.db" "$@" > "$tmp/out" 2>&1; then fail "$name" "started"
  elif grep -qF -- "$want" "$tmp/out" && [ ! -e "$tmp/never.db" ]; then pass "$name"
  else fail "$name" "$(tail -2 "$tmp/out")"; fi
}
serve_refused reserved-range '--reserved takes a whole number from 0 to 1022, not "1023"' --reserved 1023
serve_refused expire-range '--expire takes a whole number from 0 to 100000, not "-1"' --expire -1
serve_refused sync-word '--sync takes normal or full, not "often"' --sync often
serve_refused reserved-threads '--reserved must be below the serving threads (6)' \
  --http-threads 8 --reserved 6
serve_refused unknown-option 'pocketwar serve: unknown option "--max-games" (see --help)' --max-games 3

exit $failed
