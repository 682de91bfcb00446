# server_lib.sh - helpers the server tests share (sourced, not run): start
# `pocketwar serve` on a free loopback port with its own store, send JSON
# requests with curl, read replies with jq, play a game out through the API.
# Expects $pw (the binary) and $tmp (a scratch folder); defines pass/fail.
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }

# start NAME [ARGS...]: a server on a free port (port 0) with store
# $tmp/NAME.db; sets $port and $pid
start() {
  # emptied here, not only by the background job's redirection, which may
  # come after the loop below has read the last run's address
  : > "$tmp/$1.out"
  "$pw" serve --listen 127.0.0.1:0 --db "$tmp/$1.db" --workers 2 "${@:2}" \
    > "$tmp/$1.out" 2> "$tmp/$1.err" &
  pid=$!
  port=""
  for _ in $(seq 1 400); do
    port=$(sed -nE 's|.*http://127\.0\.0\.1:([0-9]+)/.*|\1|p' "$tmp/$1.out")
    [ -n "$port" ] && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  fail "start-$1" "no address printed: $(cat "$tmp/$1.err")"
  return 1
}
# stop NAME: SIGTERM, and the server must exit cleanly (no leak, no error)
stop() {
  kill "$pid"; wait "$pid"; local rc=$?
  if [ $rc -eq 0 ]; then pass "stop-$1"; else fail "stop-$1" "exit $rc: $(tail -5 "$tmp/$1.err")"; fi
}

# req METHOD PATH [BODY] [TOKEN]: sets $code and $body
req() {
  local args=(-s -o "$tmp/reply" -w '%{http_code}' -X "$1")
  [ -n "${4:-}" ] && args+=(-H "Authorization: Bearer $4")
  [ -n "${3:-}" ] && args+=(--data-binary "$3")
  code=$(curl "${args[@]}" "http://127.0.0.1:$port/api$2")
  body=$(cat "$tmp/reply")
}
j() { printf '%s' "$body" | jq -r "$1"; }
# expect NAME CODE [JQ-TEST]: the last reply had status CODE (and JQ-TEST is true)
expect() {
  if [ "$code" != "$2" ]; then fail "$1" "status $code, not $2: ${body:0:300}"; return 1; fi
  if [ -n "${3:-}" ] && [ "$(j "$3")" != true ]; then fail "$1" "($3) is not true in ${body:0:400}"; return 1; fi
  pass "$1"
}
# refused NAME CODE: an error reply with that status and a JSON "error" naming what
refused() { expect "$1" "$2" '(.error | type == "string" and length > 10) and (.where | type == "string")'; }

# create BODY: a new game; sets $id, $tok1 .. $tok4 (seats' tokens, "" for computers), $ref
create() {
  req POST /games "$1"
  id=$(j .game.id); ref=$(j '.links.referee.token // ""')
  for s in 1 2 3 4; do
    printf -v "tok$s" '%s' "$(j ".links.seats[] | select(.seat == $s) | .token")"
  done
}

# play_out ID MAX: plays random legal actions for every human seat (tokens
# in tok1..tok4) until the game ends; computer seats are waited for. Returns
# 1 if it had not ended after MAX decisions or a request failed.
play_out() {
  local gid=$1 max=$2 n=0 waits=0 st ta step tok k
  req GET "/games/$gid"
  while [ $n -lt "$max" ] && [ $waits -lt 1500 ]; do
    st=$(j .status); ta=$(j .to_act); step=$(j .step)
    [ "$st" = finished ] && return 0
    tok=""
    case "$ta" in [1-4]) tok=$(eval echo "\$tok$ta");; esac
    if [ -z "$tok" ]; then sleep 0.02; waits=$((waits + 1)); req GET "/games/$gid"; continue; fi
    req GET "/games/$gid/legal" "" "$tok"; k=$(j '.actions | length')
    [ "$k" -gt 0 ] || { echo "no legal actions: $body"; return 1; }
    req POST "/games/$gid/act" "{\"step\":$step,\"n\":$((RANDOM % k + 1))}" "$tok"
    [ "$code" = 200 ] || { echo "act: $code $body"; return 1; }
    body=$(j .game)
    n=$((n + 1))
  done
  return 1
}
