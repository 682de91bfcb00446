#!/usr/bin/env bash
# Checks over real HTTP the referee's run of chance results entered at once
# (GET/POST /api/games/ID/batch: Pocket Wargame's deal of 54 cards) and the
# losses summary in a game's view: the run offered only to the referee and
# only where the rule set has one, a wrong list refused whole (a card twice,
# a word that is no card, a stale step), a good one entered as single
# entered steps, the same record as one by one, and each side's losses.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_server_batch.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
. "$here/server_lib.sh"

start main || exit 1

create '{"rules":"pocket-wargame","scenario":"meeting","seed":4,"referee":true}'
req GET "/games/$id/batch" "" "$tok1"
expect batch-seat-gets-none 200 '.steps == 0 and (.why_none | test("referee")) and .entries == []'
req GET "/games/$id/batch" "" "$ref"
expect batch-offered 200 '.step == 0 and .steps == 54 and (.entries | length) == 54 and (.entries | index("QS")) != null and (.entries | index("JK2")) != null'
req POST "/games/$id/batch" '{"step":0,"text":"QS 7H QS"}' "$ref"
expect batch-card-twice 422 '(.error | test("entry 3 .*QS.*nothing was entered"))'
req POST "/games/$id/batch" '{"step":0,"text":"QS 7X"}' "$ref"
expect batch-no-card 422 '(.error | test("entry 2"))'
req POST "/games/$id/batch" '{"step":3,"text":"QS"}' "$ref"
refused batch-stale-step 409
req POST "/games/$id/batch" '{"step":0,"text":"QS"}' "$tok1"
refused batch-seat-refused 403
req GET "/games/$id" "" "$ref"
expect batch-nothing-entered 200 '.step == 0'

deck=""
for s in C D H S; do for r in A 2 3 4 5 6 7 8 9 10 J Q K; do deck="$deck $r$s,"; done; done
deck="${deck# }JK1, JK2"
req POST "/games/$id/batch" "{\"step\":0,\"text\":\"$deck\"}" "$ref"
expect batch-entered 200 '.game.step == 54 and (.steps | length) == 54 and ([.steps[].who] | unique) == ["entered"] and .steps[0].action == "deal a1 AC" and .steps[53].action == "deal i6 JK2"'
req GET "/games/$id/batch" "" "$ref"
expect batch-run-over 200 '.steps == 0'
req GET "/games/$id" "" "$tok1"
expect losses-in-view 200 '.losses.sides | length == 2 and .[0].side == "Red" and (.[0].counts | map(.what)) == ["units","strength points"] and .[0].counts[0].start == 8 and .[0].counts[0].lost == 0 and .[1].counts[1].start == 16'

# where the rule set has no runs: none offered
create '{"rules":"pocket-battles","seed":3,"referee":true}'
req GET "/games/$id/batch" "" "$ref"
expect batch-none-for-dice 200 '.steps == 0 and (.why_none | test("list"))'
req POST "/games/$id/batch" '{"step":0,"text":"6 2"}' "$ref"
refused batch-dice-refused 409

stop main
exit $failed
