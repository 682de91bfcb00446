#!/usr/bin/env bash
# Checks `pocketwar engine`, the line protocol (docs/protocol.md), with
# scripted sessions: the replies' form (=id / ?id, an empty line after
# each), the commands about the engine, a game started, stepped, looked at
# and taken back, positions given as a scenario and the actions so far,
# chance drawn and entered, secrets kept from the other side's view, the
# computer's moves and hints (one never searched has no estimate), records
# saved and loaded, a whole game played to its end through the protocol,
# and clear errors.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_engine.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }

# session NAME: runs the engine on NAME.in, output in NAME.out
session() { "$pw" engine "${@:2}" < "$1.in" > "$1.out" 2> "$1.err"; echo $? > "$1.rc"; }
# reply NAME ID: the reply to request ID (its lines, the =/? mark kept)
reply() { awk -v id="$2" 'BEGIN{on=0} on && /^$/ {exit} $0 ~ "^[=?]" id "( |$)" {on=1} on {print}' "$1.out"; }
# expect NAME ID TEXT: the reply to ID succeeded and holds TEXT
expect() {
  local r; r=$(reply "$1" "$2")
  if [ "${r:0:1}" != "=" ]; then fail "$1-$2" "not a success: $(printf '%s' "$r" | head -2 | tr '\n' '|')"; return; fi
  if printf '%s' "$r" | grep -qF -- "$3"; then pass "$1-$2"; else fail "$1-$2" "no \"$3\" in: $(printf '%s' "$r" | head -3 | tr '\n' '|')"; fi
}
# refused NAME ID TEXT: the reply to ID is an error holding TEXT
refused() {
  local r; r=$(reply "$1" "$2")
  if [ "${r:0:1}" != "?" ]; then fail "$1-$2" "not an error: $(printf '%s' "$r" | head -2 | tr '\n' '|')"; return; fi
  if printf '%s' "$r" | grep -qF -- "$3"; then pass "$1-$2"; else fail "$1-$2" "no \"$3\" in: $r"; fi
}

# ---- the form of replies and the commands about the engine -------------------
cat > meta.in <<'IN'
protocol_version
1 name
2 version
3 list_commands
4 known_command genmove
5 known_command fly
# a comment, then an empty line, are not requests

6 fly
7	help
8 quit
9 name
IN
session meta
expect meta "" "= 1"
expect meta 1 "pocketwar"
expect meta 2 "0."
missing=""
for c in protocol_version name version list_commands known_command rules new position load \
         play enter roll legal state genmove undo showboard result quit; do
  reply meta 3 | grep -qx -- "\(=3 \)\?$c" || missing="$missing $c"
done
[ -z "$missing" ] && pass meta-list-commands || fail meta-list-commands "missing:$missing"
expect meta 4 "true"
expect meta 5 "false"
refused meta 6 "unknown command"
expect meta 7 "genmove [NAME]"
if [ "$(grep -c '^[=?]' meta.out)" = 9 ] && ! grep -q '^=9' meta.out && [ "$(cat meta.rc)" = 0 ]; then
  pass meta-quit; else fail meta-quit "expected 9 replies and none after quit"; fi
# every reply is followed by exactly one empty line
if awk 'prev ~ /^$/ && /^$/ {bad=1} {prev=$0} END {exit bad}' meta.out && [ -z "$(tail -n 1 meta.out)" ]; then
  pass meta-empty-lines; else fail meta-empty-lines "replies not ended by one empty line"; fi

# ---- a game: start, chance, decisions, looking, taking back ---------------------
cat > game.in <<'IN'
1 play deploy LI a1
2 rules
3 scenarios pocket-wargame
4 new pocket-wargame meeting seed=7
5 to_move
6 play deploy LI a1
7 roll
8 roll all
9 to_move
10 players
11 legal
12 play deploy HI c1
13 history 2
14 history 1
15 state 2
16 state 1
17 to_move
18 play deploy LI a1
19 play deploy LC d6
20 enter heads
21 undo 1
22 status
23 showboard 1
24 result
25 returns
26 undo 99
27 save g.pwr
28 record
29 load g.pwr
30 state 5
IN
session game --allow-files
refused game 1 "no game: start one with new"
expect game 2 "pocket-wargame meeting Pocket Wargame"
expect game 3 "three-kingdoms"
expect game 4 "seed 7"
expect game 5 "chance"
refused game 6 "chance acts now"
expect game 7 "deal a1 "
n=$(reply game 8 | wc -l)
[ "$n" = 53 ] && pass game-roll-all || fail game-roll-all "$n outcomes drawn, expected 53"
expect game 9 "1 Red"
expect game 10 "2 Blue"
expect game 11 "deploy HI c1"
expect game 12 "deploy HI c1"
expect game 13 "P1 deploy (a coin not shown"
expect game 14 "P1 deploy HI c1"
if reply game 15 | grep -q '"placed_unseen":1' && ! reply game 15 | grep -q '"ref":"1/HI1"[^}]*"loc":"c1"'; then
  pass game-state-hidden; else fail game-state-hidden "Blue's view shows Red's secret coin"; fi
if reply game 16 | grep -q '"ref":"1/HI1"[^}]*"loc":"c1"'; then pass game-state-own
else fail game-state-own "Red's view does not show its own coin"; fi
expect game 17 "2 Blue"
refused game 18 "not in Blue's deployment area"
expect game 19 "deploy LC d6"
refused game 20 "a side decides now, not chance"
expect game 21 "55 steps"
expect game 22 "Blue to place"
expect game 23 "Terrain:"
expect game 24 "*"
refused game 25 "the game is not over"
refused game 26 "only 55 steps to take back"
expect game 27 ""
[ -s g.pwr ] && grep -q '^P1 deploy HI c1' g.pwr && pass game-save || fail game-save "no record file"
expect game 28 '[Rules "pocket-wargame"]'
expect game 29 "55 steps"
refused game 30 "no side \"5\""

# ---- a position: the scenario and the actions so far ----------------------------
deal=$(reply game 8 | sed 's/^=8 //' | head -n 5 | paste -sd ';' | sed 's/;/; /g')
cat > pos.in <<IN
1 position pocket-wargame meeting seed=7 moves deal a1 $(reply game 7 | sed 's/^=7 deal a1 //'); $deal; deal g1 QS
2 history
3 position pocket-wargame meeting seed=7 moves deal a1 QS; move HI1 c3
4 to_move
5 position pocket-wargame meeting seed=7 terrain=steppes
6 position pocket-wargame meeting seed=7 colour=red
7 new chess
8 enter deal a1 QS
9 enter deal b1 QS
10 legal
IN
session pos
expect pos 1 "7 steps"
if reply pos 2 | grep -q "chance deal a1" && reply pos 2 | grep -q "entered deal g1 QS"; then
  pass pos-chance-marked; else fail pos-chance-marked "outcomes not marked drawn/entered: $(reply pos 2 | tr '\n' '|')"; fi
refused pos 3 "move 2 \"move HI1 c3\""
expect pos 4 "chance"             # the failed position left the game as it was
expect pos 5 "0 steps"
refused pos 6 'no option "colour"'
refused pos 7 'no rule set named "chess"'
expect pos 8 "deal a1 QS"          # position 5 started anew
refused pos 9 "QS"
expect pos 10 "0.0"

# ---- the computer: genmove, hint, players by name --------------------------------
cat > ai.in <<'IN'
1 new pocket-wargame meeting seed=3
2 genmove
3 roll all
4 hint iterations=60 count=3
5 genmove normal iterations=60
6 genmove thumb
7 to_move
8 ai
9 ai genius
10 ai easy:iterations=30
11 genmove
12 hint count=9
13 genmove random time=5
14 new portable-wargame meeting seed=1
15 ai normal
IN
session ai --threads 1
refused ai 2 "chance acts now, not a side"
n=$(reply ai 4 | grep -cE '^(=4 )?[0-9]+ 0\.[0-9]{4} deploy ')
[ "$n" = 3 ] && pass ai-hint || fail ai-hint "expected 3 candidates: $(reply ai 4 | tr '\n' '|')"
expect ai 5 "deploy "
expect ai 6 "deploy "
expect ai 7 "1 Red"
expect ai 8 "normal (mcts, 4000 iterations or 1000 ms, 1 thread)"   # Pocket Wargame: twice the search
refused ai 9 'no computer player named "genius"'
expect ai 10 "easy:iterations=30 (mcts, 30 iterations, 1 thread)"
expect ai 11 "deploy "
refused ai 12 "count takes 1..8"
expect ai 13 "deploy "
expect ai 15 "normal (mcts, 2000 iterations or 1000 ms, playouts of 10 steps, 1 thread)"   # its shorter playouts
# the same session gives the same moves (seeds count up from --ai-seed)
cp ai.in ai2.in
session ai2 --threads 1
if [ "$(reply ai 5)" = "$(reply ai2 5)" ] && [ "$(reply ai 11)" = "$(reply ai2 11)" ]; then
  pass ai-reproducible; else fail ai-reproducible "two sessions chose differently"; fi

# ---- a whole game through the protocol ---------------------------------------------
{ echo "new pocket-wargame meeting seed=12"
  for i in $(seq 400); do echo "roll all"; echo "genmove random"; done
  echo "999 result"; echo "1000 returns"; echo "1001 genmove"; } > whole.in
session whole
r=$(reply whole 999)
if [ "${r:0:5}" = "=999 " ] && [ "$r" != "=999 *" ]; then pass whole-game-ends; else fail whole-game-ends "result: $r"; fi
expect whole 1000 "1"
refused whole 1001 "the game is over"

# ---- hint: an action never searched has no estimate ("-"), not 0.0000 ---------------------
"$pw" battle --players thumb,thumb --seed 42 --record shot.pwr --quiet > /dev/null 2>&1
total=$("$pw" replay shot.pwr --json | grep -c '"step": ')
shot=$("$pw" replay shot.pwr --json | grep -m1 -B2 '"action": "shoot ' | grep -oE '"step": [0-9]+' \
       | grep -oE '[0-9]+')
if [ -n "$shot" ] && [ -n "$total" ]; then
  printf '1 load shot.pwr\n2 undo %d\n3 hint normal iterations=200 threads=1 count=8\n' \
         $((total - shot + 1)) > unsearched.in
  session unsearched --allow-files
  # the search never tries `end` with a shot to be had (pruned as plainly wrong)
  if reply unsearched 3 | grep -qE '^(=3 )?0 - end$' && ! reply unsearched 3 | grep -qE '^(=3 )?0 0\.'; then
    pass hint-unsearched
  else fail hint-unsearched "$(reply unsearched 3 | tr '\n' '|')"; fi
else fail hint-unsearched "no shot in the battle's record"; fi

# ---- the command line ------------------------------------------------------------------
"$pw" engine --help | grep -q "usage: pocketwar engine" && pass help || fail help "no usage"
if "$pw" engine --ai-seed x < /dev/null > bad.out 2>&1; then fail bad-ai-seed "exit 0"
elif grep -q -- '--ai-seed takes a whole number' bad.out; then pass bad-ai-seed; else fail bad-ai-seed "$(cat bad.out)"; fi
if "$pw" engine --bogus < /dev/null > bad.out 2>&1; then fail unknown-option "exit 0"
elif grep -q 'pocketwar engine: unknown option "--' bad.out; then pass unknown-option; else fail unknown-option "$(cat bad.out)"; fi
if "$pw" engine --ai genius < /dev/null > bad.out 2>&1; then fail bad-ai "exit 0"
elif grep -q 'no computer player named "genius"' bad.out; then pass bad-ai; else fail bad-ai "$(cat bad.out)"; fi
: | "$pw" engine > empty.out 2> empty.err && [ ! -s empty.out ] && pass end-of-input || fail end-of-input "exit $? or output at end of input"
# the greeting: one line on stderr saying how to get help; stdout holds only replies
if [ "$(wc -l < empty.err)" = 1 ] && grep -q 'type help for the commands' empty.err; then pass greeting
else fail greeting "$(cat empty.err)"; fi

bad=$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:' ./*.out ./*.err 2>/dev/null | tr '\n' ' ')
[ -z "$bad" ] && pass sanitizers || fail sanitizers "reports in $bad"
exit $failed
