#!/usr/bin/env bash
# Checks the commands other than play from the outside: --help everywhere,
# listings, a battle that is the same for the same seed, its record replayed,
# state and legal on it, bench figures, clear errors for bad input, every
# command refusing a bad option in the same words, help texts that list what
# each command accepts, and the exit status of each kind of failure.
# Usage: tests/cli_commands.sh [path/to/pocketwar]
set -u
pw=${1:-build/san/pocketwar}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
check() { # name, command..., succeeds and prints something
  local name=$1; shift
  if out=$("$@" 2>&1) && [ -n "$out" ]; then pass "$name"; else fail "$name" "$(printf '%s' "$out" | tail -3)"; fi
}
expect_error() { # name, expected text, command...
  local name=$1 want=$2; shift 2
  if out=$("$@" 2>&1); then fail "$name" "succeeded; expected an error"; return; fi
  if printf '%s' "$out" | grep -qF -- "$want"; then pass "$name"; else fail "$name" "got: $(printf '%s' "$out" | tail -2)"; fi
}

for c in rules play battle replay state legal bench; do
  if "$pw" $c --help | grep -q "usage: pocketwar $c"; then pass "help-$c"; else fail "help-$c" "no usage line"; fi
done
check top-help "$pw" --help
expect_error unknown-command 'no command "fly"' "$pw" fly

out=$("$pw" rules)
if printf '%s' "$out" | grep -q "pocket-wargame" && printf '%s' "$out" | grep -q "meeting"; then
  pass rules-lists; else fail rules-lists "no pocket-wargame/meeting in listing"; fi
"$pw" rules --json > "$tmp/rules.json" && grep -q '"scenarios"' "$tmp/rules.json" && pass rules-json || fail rules-json "no scenarios key"
expect_error rules-unknown 'no rule set named "chess"' "$pw" rules chess
# every command's options are refused alike, naming the command
for c in rules play battle replay bench tournament train hint odds blunders state legal svg engine serve; do
  expect_error "unknown-option-$c" "pocketwar $c: unknown option \"--bogus\" (see --help)" \
    "$pw" $c --bogus
done
expect_error needs-value-replay 'pocketwar replay: --view needs a value (see --help)' \
  "$pw" replay --view
expect_error no-value-bench 'pocketwar bench: --json takes no value' "$pw" bench --json=1
expect_error unknown-short-rules 'pocketwar rules: unknown option "-x" (see --help)' "$pw" rules -x
expect_error stray-bench 'pocketwar bench: unexpected argument "fast" (see --help)' "$pw" bench fast
expect_error no-seed-rules 'unknown option "--seed"' "$pw" rules --seed 3
"$pw" rules -j portable-wargame > "$tmp/rules-j.json" &&
  [ "$(jq -r '.[0].name' "$tmp/rules-j.json" 2>/dev/null)" = portable-wargame ] &&
  pass rules-short-json || fail rules-short-json "$(head -3 "$tmp/rules-j.json")"

"$pw" battle --seed 11 --record "$tmp/a.pwr" > "$tmp/a.txt" 2>&1 || fail battle "exit $?"
"$pw" battle --seed 11 > "$tmp/b.txt" 2>&1
if grep -q "^Result: " "$tmp/a.txt"; then pass battle-result; else fail battle-result "$(tail -3 "$tmp/a.txt")"; fi
if diff <(grep -v "record written" "$tmp/a.txt") "$tmp/b.txt" >/dev/null; then pass battle-same-seed; else fail battle-same-seed "two battles with seed 11 differ"; fi
"$pw" battle --seed 12 --quiet > "$tmp/c.txt"
if [ "$(wc -l < "$tmp/c.txt")" -eq 1 ] && grep -q '^Result: ' "$tmp/c.txt"; then pass battle-quiet; else fail battle-quiet "$(cat "$tmp/c.txt")"; fi
"$pw" state "$tmp/a.pwr" --to 5 > "$tmp/pos.json"
if "$pw" rules --position "$tmp/pos.json" > "$tmp/brief.txt" 2>&1 && grep -q '^How to win' "$tmp/brief.txt"
then pass rules-position-briefing; else fail rules-position-briefing "$(head -3 "$tmp/brief.txt")"; fi
[ -s "$tmp/a.pwr" ] && grep -q '^\[Seed "11"\]' "$tmp/a.pwr" && pass battle-record || fail battle-record "no record with the seed"
"$pw" battle --seed 3 --players random,thumb --quiet > /dev/null && pass battle-players || fail battle-players "exit $?"
expect_error battle-bad-ai 'no computer player named "genius"' "$pw" battle --players genius,thumb
expect_error battle-bad-seed '--seed takes a whole number' "$pw" battle --seed x
expect_error battle-bad-option 'no option "colour"' "$pw" battle --option colour=red
expect_error battle-bad-scenario 'no scenario named "atlantis"' "$pw" battle --scenario atlantis

if "$pw" replay "$tmp/a.pwr" --no-color | grep -q "^Result: "; then pass replay; else fail replay "no result"; fi
"$pw" replay "$tmp/a.pwr" --final --no-color > "$tmp/final.out" && pass replay-final || fail replay-final "exit $?"
n=$(grep -c "^Game over" "$tmp/final.out")
[ "$n" = 1 ] && pass replay-final-once || fail replay-final-once "the closing status line printed $n times"
"$pw" replay "$tmp/a.pwr" --to 80 --boards --no-color > /dev/null && pass replay-to || fail replay-to "exit $?"
"$pw" state "$tmp/a.pwr" > "$tmp/state.json" && grep -q '"units"' "$tmp/state.json" && pass state || fail state "no units in JSON"
"$pw" state "$tmp/a.pwr" --to 40 --view 2 > /dev/null && pass state-view || fail state-view "exit $?"
n=$("$pw" legal "$tmp/a.pwr" --to 70 | wc -l)
[ "$n" -ge 1 ] && pass legal || fail legal "no legal actions listed"
"$pw" legal "$tmp/a.pwr" --to 3 | grep -q $'\t' && pass legal-chance || fail legal-chance "no probabilities at the deal"
"$pw" legal "$tmp/a.pwr" --to 70 --json | grep -q '"actions"' && pass legal-json || fail legal-json "no actions key"

# a record with an illegal step: the error names the line
head -n 12 "$tmp/a.pwr" > "$tmp/bad.pwr"
echo "P1 shoot LM1 2/HI1" >> "$tmp/bad.pwr"
expect_error replay-bad-line "bad.pwr:13:" "$pw" replay "$tmp/bad.pwr"
expect_error replay-missing 'cannot open record' "$pw" replay "$tmp/none.pwr"
printf '[Rules "pocket-wargame"]\n[Seed "1"]\n' > "$tmp/nohead.pwr"
expect_error replay-no-scenario 'needs Rules, Scenario and Seed' "$pw" state "$tmp/nohead.pwr"

"$pw" bench --games 20 --json --quiet > "$tmp/bench.json" && grep -q '"ns_per_action"' "$tmp/bench.json" && pass bench-json || fail bench-json "no figures"
"$pw" bench --games 20 --quiet | grep -q "pocket-wargame" && pass bench-text || fail bench-text "no row"
# ---- The Portable Wargame ------------------------------------------------------
ptw="--rules portable-wargame"
out=$("$pw" rules portable-wargame)
if printf '%s' "$out" | grep -q "close-combat" && printf '%s' "$out" | grep -q "trench-assault" &&
   printf '%s' "$out" | grep -q "close-combat-2014"; then pass ptw-rules; else fail ptw-rules "no options, scenarios or variants"; fi
"$pw" battle $ptw --seed 11 --record "$tmp/p.pwr" > "$tmp/p1.txt" 2>&1 || fail ptw-battle "exit $?"
"$pw" battle $ptw --seed 11 > "$tmp/p2.txt" 2>&1
if grep -q "^Result: " "$tmp/p1.txt" && diff <(grep -v "record written" "$tmp/p1.txt") "$tmp/p2.txt" >/dev/null
then pass ptw-battle-same-seed; else fail ptw-battle-same-seed "no result, or two battles with seed 11 differ"; fi
grep -q '^\[Rules "portable-wargame"\]' "$tmp/p.pwr" && pass ptw-record || fail ptw-record "no Rules tag"
for sc in river-crossing trench-assault; do
  "$pw" battle $ptw --scenario $sc --seed 3 --players random,random --quiet | grep -q '^Result: ' &&
    pass "ptw-battle-$sc" || fail "ptw-battle-$sc" "no result"
done
"$pw" battle $ptw --variant close-combat-2014 --seed 4 --players random,random --quiet | grep -q '^Result: ' &&
  pass ptw-variant-2014 || fail ptw-variant-2014 "no result"
if "$pw" replay "$tmp/p.pwr" --no-color | grep -q "^Result: "; then pass ptw-replay; else fail ptw-replay "no result"; fi
# why the game ended, in the engine's words, after the result (battle and replay)
why=$(grep "^Why: " "$tmp/p1.txt")
if [ -n "$why" ] && "$pw" replay "$tmp/p.pwr" --no-color | grep -qxF "$why" &&
   printf '%s' "$why" | grep -Eq "turn limit|exhaust|no units|objective|lost"
then pass ptw-why; else fail ptw-why "no Why line or they differ: $why"; fi
"$pw" replay "$tmp/p.pwr" --to 40 --boards --no-color | grep -q "exhaustion point" && pass ptw-replay-boards ||
  fail ptw-replay-boards "no board drawn"
"$pw" state "$tmp/p.pwr" --to 30 > "$tmp/pstate.json" && grep -q '"exhaustion_point"' "$tmp/pstate.json" &&
  pass ptw-state || fail ptw-state "no exhaustion point in the JSON"
"$pw" legal "$tmp/p.pwr" --to 2 | grep -q $'\t' && pass ptw-legal-chance || fail ptw-legal-chance "no probabilities at a die"
"$pw" legal "$tmp/p.pwr" --to 30 --json | grep -q '"actions"' && pass ptw-legal-json || fail ptw-legal-json "no actions key"
# a record with an illegal step: the error names the line and the rule
head -n 12 "$tmp/p.pwr" > "$tmp/pbad.pwr"
echo "P1 move INF1 b9" >> "$tmp/pbad.pwr"
expect_error ptw-replay-bad-line "pbad.pwr:13:" "$pw" replay "$tmp/pbad.pwr"
printf '{"rules": "portable-wargame", "map": ["o x"], "sides": []}\n' > "$tmp/pbad.json"
expect_error ptw-bad-scenario 'map[0] (row 1), square b1: unknown terrain "x"' "$pw" battle $ptw --scenario "$tmp/pbad.json"
expect_error ptw-bad-option 'option close-combat: expected one of 1800s, 2014' "$pw" battle $ptw --option close-combat=1900
"$pw" bench $ptw --games 20 --quiet | grep -q "portable-wargame" && pass ptw-bench || fail ptw-bench "no row"


# ---- Pocket Battles ------------------------------------------------------------
pb="--rules pocket-battles"
out=$("$pw" rules pocket-battles)
if printf '%s' "$out" | grep -q "elves-vs-orcs-50" && printf '%s' "$out" | grep -q "special-actions" &&
   printf '%s' "$out" | grep -q "russian-edition"; then pass pkb-rules; else fail pkb-rules "no scenario, option or variant listed"; fi
"$pw" battle $pb --seed 21 --record "$tmp/pb.pwr" > "$tmp/pb1.txt" 2>&1 || fail pkb-battle "exit $?"
"$pw" battle $pb --seed 21 > "$tmp/pb2.txt" 2>&1
if grep -q "^Result: .* win" "$tmp/pb1.txt" && grep -q "^Round 1 turn 1 " "$tmp/pb1.txt"; then pass pkb-battle
else fail pkb-battle "$(tail -3 "$tmp/pb1.txt")"; fi
if diff <(grep -v "record written" "$tmp/pb1.txt") "$tmp/pb2.txt" >/dev/null; then pass pkb-battle-same-seed
else fail pkb-battle-same-seed "two battles with seed 21 differ"; fi
grep -q '^\[Rules "pocket-battles"\]' "$tmp/pb.pwr" && grep -q '^P[12] deploy [AB][0-9]* [LCR]-' "$tmp/pb.pwr" &&
  grep -q '^chance roll [1-6]$' "$tmp/pb.pwr" && pass pkb-record || fail pkb-record "no rules tag, deployment or dice in the record"
if "$pw" replay "$tmp/pb.pwr" --no-color | grep -q "^Result: "; then pass pkb-replay; else fail pkb-replay "no result"; fi
"$pw" replay "$tmp/pb.pwr" --to 20 --boards --no-color | grep -q "engaged |" && pass pkb-replay-boards || fail pkb-replay-boards "no battlefield drawn"
# during deployment player 2 sees only the top troop of player 1's stacks
"$pw" state "$tmp/pb.pwr" --to 4 --view 2 > "$tmp/pbv.json" && grep -q '"hidden_troops"' "$tmp/pbv.json" &&
  pass pkb-state-hidden || fail pkb-state-hidden "no hidden troops in player 2's view"
"$pw" state "$tmp/pb.pwr" --to 4 | grep -q '"hidden_troops"' && fail pkb-state-all "the full view hides troops" || pass pkb-state-all
"$pw" legal "$tmp/pb.pwr" --to 0 | grep -q $'roll 6\t' && pass pkb-legal-dice || fail pkb-legal-dice "no die outcomes listed"
"$pw" battle $pb --scenario build-your-armies --seed 3 --quiet | grep -q "^Result: " && pass pkb-build-battle || fail pkb-build-battle "no result"
"$pw" battle $pb --option army1=romans-80 --option army2=celts-80 --option size=80 --quiet | grep -q "^Result: .*Romans\|^Result: .*Celts" &&
  pass pkb-armies-option || fail pkb-armies-option "no Romans against Celts"
"$pw" battle $pb --variant russian-edition --players random,random --seed 9 --quiet | grep -q "^Result: " &&
  pass pkb-variant || fail pkb-variant "no result"
expect_error pkb-bad-army 'no army named "dwarves-50"' "$pw" battle $pb --option army1=dwarves-50
expect_error pkb-bad-size 'option size: 55 is not a multiple of 10' "$pw" battle $pb --option size=55
expect_error pkb-army-too-big 'more than the battle'"'"'s size 50' "$pw" battle $pb --option army2=orcs-80
"$pw" bench $pb --games 20 --quiet | grep -q "pocket-battles" && pass pkb-bench || fail pkb-bench "no row"
# army building in play: by notation and by number; the computer's choices stay secret
case "$pw" in /*) pwabs=$pw ;; *) pwabs="$PWD/$pw" ;; esac
(cd "$tmp" && printf 'unit ROM01\n2\ndone\n' | "$pwabs" play $pb --scenario build-your-armies --seed 3 \
   --no-color --save pbplay.pwr > pbplay.txt 2>&1)
if grep -q '^P1 unit ROM01$' "$tmp/pbplay.pwr" && grep -q '^P1 done$' "$tmp/pbplay.pwr" &&
   grep -q 'Celts (normal): unit (a troop chosen in secret)' "$tmp/pbplay.txt" &&
   ! grep -q 'Celts (normal): unit CEL' "$tmp/pbplay.txt"; then pass pkb-play-build
else fail pkb-play-build "$(tail -3 "$tmp/pbplay.txt")"; fi
# the story heads each part of a turn as the status names it: a melee by its place
"$pw" battle --players random,random --seed 1 > "$tmp/melee.txt" 2>&1
if grep -qx "Turn 5, Melee at i2" "$tmp/melee.txt" && grep -qx "Turn 5, Movement phase" "$tmp/melee.txt" &&
   ! grep -qx "Turn [0-9]*" "$tmp/melee.txt"; then pass story-melee
else fail story-melee "$(grep '^Turn 5' "$tmp/melee.txt" | tr '\n' '|')"; fi
# a tournament of three sides counts results, one for each pair of seats the two
# players held, says so (once, below the table), and says that the intervals are then too narrow
"$pw" tournament --scenario three-kingdoms --players random,random --games 2 --jobs 1 --quiet \
  > "$tmp/t3.txt" 2>&1
if grep -q "^Pocket Wargame, scenario three-kingdoms: 2 games a pairing, seats rotated" \
     "$tmp/t3.txt" && grep -q "^Results: in a game of 3 sides each pair of seats" "$tmp/t3.txt" &&
   grep -qE "^player +against +results " "$tmp/t3.txt" &&
   grep -qE "^random +random +4 " "$tmp/t3.txt" && grep -q "linked" "$tmp/t3.txt" &&
   "$pw" tournament --help | grep -q "results of one game are linked"; then pass tournament-results
else fail tournament-results "$(head -4 "$tmp/t3.txt" | tr '\n' '|')"; fi
# help texts: the oracle is listed only where it is accepted, --rules names
# its default as one, and play's --help names every command the game's own
# `help` lists
for c in play hint blunders engine; do
  "$pw" $c --help | grep -q oracle && fail "help-no-oracle-$c" "lists the oracle" ||
    pass "help-no-oracle-$c"
done
out=$("$pw" play --ai nope < /dev/null 2>&1)
printf '%s' "$out" | grep -q 'choose from random, thumb' && ! printf '%s' "$out" | grep -q oracle &&
  pass refuse-offers-no-oracle || fail refuse-offers-no-oracle "$out"
for c in battle tournament; do
  "$pw" $c --help | grep -q "oracle (cheats" && pass "help-oracle-$c" ||
    fail "help-oracle-$c" "the oracle not listed"
done
for c in play battle rules tournament train; do
  "$pw" $c --help | grep -q -- "--rules NAME        rule set (default pocket-wargame; see" &&
    pass "help-rules-default-$c" || fail "help-rules-default-$c" "$("$pw" $c --help | grep -- --rules)"
done
(cd "$tmp" && printf 'help\nquit\n' | "$pwabs" play --seed 1 --no-color > ingame-help.txt 2>&1)
"$pw" play --help | sed -n '/a command:$/,/^When/p' | tr -s ' \n' ' ' > "$tmp/play-help.txt"
words=$(sed -n '/Commands:$/,/^End of input/p' "$tmp/ingame-help.txt" | grep -o '^  [a-z]*' | tr -d ' ')
missing=""
for w in $words "list odds" "odds ACTION" "set confirm off|on"; do
  grep -qF -- "$w" "$tmp/play-help.txt" || missing="$missing '$w'"
done
[ -n "$words" ] && [ -z "$missing" ] && pass help-play-commands ||
  fail help-play-commands "play --help leaves out:${missing:- (no in-game help read)}"
# exit statuses (README): 2 for a wrong command line, however the game options
# are given; 1 when a file named cannot be read or does not check
expect_rc() { # name, status, expected text, command...
  local name=$1 want=$2 text=$3; shift 3
  local out rc
  out=$("$@" 2>&1 < /dev/null); rc=$?
  if [ "$rc" != "$want" ]; then fail "$name" "exit $rc, not $want: $(printf '%s' "$out" | tail -1)"
  elif printf '%s' "$out" | grep -qF -- "$text"; then pass "$name"
  else fail "$name" "got: $(printf '%s' "$out" | tail -2)"; fi
}
mkdir "$tmp/empty"
echo '{' > "$tmp/broken.json"
echo '{"rules": "pocket-wargame", "bogus": 1}' > "$tmp/unchecked.json"
echo '{"rules": "pocket-wargame", "scenario": "atlantis"}' > "$tmp/pos-unknown.json"
while IFS='|' read -r name want text cmd; do
  eval "set -- $cmd"
  expect_rc "rc-$name" "$want" "$text" "$pw" "$@"
done << EOF
play-scenario|2|no scenario named "nope"|play --scenario nope
battle-scenario|2|no scenario named "nope"|battle --scenario nope
tournament-scenario|2|no scenario named "nope"|tournament --scenario nope --players random,thumb
rules-scenario|2|no scenario named "nope"|rules --scenario nope
train-scenario|2|no scenario named "nope"|train --scenario nope
play-option|2|no option "nope"|play --option nope=1
play-option-value|2|unknown terrain set "nope"|play --option terrain=nope
rules-option|2|no option "size"|rules --rules pocket-wargame --scenario crossroads --option size=35
tournament-option|2|no option "nope"|tournament --option nope=1 --players random,thumb
battle-variant|2|no variant named "nope"|battle --variant nope
battle-rules|2|no rule set named "nope"|battle --rules nope
battle-player|2|no computer player named "nope"|battle --players nope
play-oracle|2|"oracle" cheats|play --ai oracle
hint-oracle|2|"oracle" cheats|hint --ai oracle $tmp/a.pwr
odds-action|2|cannot read the action "fly"|odds $tmp/a.pwr --to 60 fly
state-to|2|the record has only|state $tmp/a.pwr --to 100000
play-position|1|nofile.json|play --position $tmp/nofile.json
battle-position-broken|1|broken.json:2|battle --position $tmp/broken.json
rules-position-unchecked|1|no scenario named "atlantis"|rules --position $tmp/pos-unknown.json
play-load|1|cannot open record|play --load $tmp/nofile.pwr
battle-scenario-file|1|nofile.json|battle --scenario $tmp/nofile.json
battle-scenario-unchecked|1|unknown field "bogus"|battle --scenario $tmp/unchecked.json
tournament-scenario-file|1|broken.json:2|tournament --scenario $tmp/broken.json --players random,thumb
play-variant-file|1|nofile.json|play --variant $tmp/nofile.json
hint-record|1|cannot open record|hint $tmp/nofile.pwr
blunders-folder|1|no records|blunders $tmp/empty
EOF
exit $failed
