#!/usr/bin/env bash
# Checks the computer players from the command line: every player offered
# in play, by name and with settings; budgets from --ai-iterations and
# --threads; play --explain (and its silence about a secret placement);
# the helper behind hint; a battle between search players the same for the
# same seeds; hint on a record's position (an action never searched says
# so); a small tournament's table and JSON (pairings, seats rotated with
# three sides, progress lines, reproducible results); the dice and losses
# reports over a tournament's records (The Portable Wargame) and the
# order-of-play report (Pocket Wargame); and clear errors.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_ai.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
luck="$(cd "$(dirname "$0")/.." && pwd)/bench/ptw_dice_luck.sh"
seats="$(cd "$(dirname "$0")/.." && pwd)/bench/pwg_seats.sh"
losses="$(cd "$(dirname "$0")/.." && pwd)/bench/ptw_losses.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export NO_COLOR=1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
# run NAME CMD...: output (stdout+stderr) in NAME.out, status in NAME.rc
run() { local n=$1; shift; "$@" > "$n.out" 2> "$n.err"; echo $? > "$n.rc"; cat "$n.err" >> "$n.out"; }
expect() { # NAME TEXT...: exit 0 and every TEXT in the output
  local n=$1; shift
  if [ "$(cat "$n.rc")" != 0 ]; then fail "$n" "exit $(cat "$n.rc"): $(tail -n 3 "$n.out" | tr '\n' '|')"; return; fi
  for want in "$@"; do
    grep -qF -- "$want" "$n.out" || { fail "$n" "no \"$want\" in: $(tail -n 4 "$n.out" | tr '\n' '|')"; return; }
  done
  pass "$n"
}
refused() { # NAME TEXT: a non-zero exit saying TEXT
  local n=$1
  if [ "$(cat "$n.rc")" = 0 ]; then fail "$n" "exit 0; expected an error"; return; fi
  grep -qF -- "$2" "$n.out" && pass "$n" || fail "$n" "no \"$2\" in: $(tail -n 3 "$n.out" | tr '\n' '|')"
}

for c in tournament hint engine; do
  run help-$c "$pw" $c --help
  expect help-$c "usage: pocketwar $c"
done
run help-play "$pw" play --help
expect help-play "--explain" "--helper NAME" "--ai-iterations N" "--ai-time MS" "--threads N"
run help-top "$pw" --help
expect help-top "tournament" "hint" "engine"

# ---- play offers every computer player ----------------------------------------------
for ai in random thumb flat mcts easy normal hard; do
  printf '1\n' > in.txt
  run play-$ai "$pw" play --ai "$ai" --ai-iterations 20 --threads 1 --seed 2 < in.txt
  expect play-$ai "computer ($ai)" "Blue ($ai): deploy"
done
run play-settings "$pw" play --ai hard:iterations=15:threads=1 --seed 2 < in.txt
expect play-settings "computer (hard:iterations=15:threads=1)" "Blue (hard:iterations=15:threads=1): "
run play-bad-setting "$pw" play --ai hard:speed=2
refused play-bad-setting 'no setting "speed"'
run play-bad-threads "$pw" play --threads 0
refused play-bad-threads "--threads takes a whole number from 1 to 64"

# --explain: the computer's candidates after its moves; Red's secret coin
# stays secret from the person playing Blue
run explain "$pw" play --players easy:iterations=40,random --explain --seed 5 --threads 1
expect explain "Result: " "thought " "best candidates" " visits"
: > empty.txt
run explain-secret "$pw" play --side 2 --ai easy:iterations=20 --explain --seed 5 --threads 1 < empty.txt
expect explain-secret "Red (easy:iterations=20): deploy (a coin not shown" "candidates stay secret"
if grep -A3 "Red (easy" explain-secret.out | grep -q " visits"; then
  fail explain-secret-silent "candidates shown for a secret placement"; else pass explain-secret-silent; fi
printf 'hint\n' > hint.txt
run play-helper "$pw" play --helper mcts:iterations=30:threads=1 --seed 5 < hint.txt
expect play-helper "The mcts:iterations=30:threads=1 player's estimates for Red" " visit"
run play-bad-helper "$pw" play --helper genius
refused play-bad-helper 'no computer player named "genius"'

# ---- battle: search players, the same seeds the same game ----------------------------
run battle1 "$pw" battle --players normal:iterations=30,easy:iterations=20 --threads 2 --seed 9 --record b.pwr
run battle2 "$pw" battle --players normal:iterations=30,easy:iterations=20 --threads 2 --seed 9
expect battle1 "Red: normal:iterations=30 (mcts, 30 iterations, 2 threads)" "Result: "
if diff <(grep -v "record written" battle1.out) battle2.out > /dev/null; then pass battle-same-seed
else fail battle-same-seed "two battles with the same seeds and budgets differ"; fi
run battle-budget "$pw" battle --players hard,thumb --ai-iterations 25 --threads 1 --seed 4
expect battle-budget "Red: hard (mcts, 25 iterations, played out to the end at 1, 1 thread)" "Result: "
run battle-three "$pw" battle --scenario three-kingdoms --players easy:iterations=15,thumb:iterations=40,random --seed 3 --threads 1 --quiet
expect battle-three "Result: "

# ---- hint on a record's position ---------------------------------------------------------
run hint "$pw" hint b.pwr --to 80 --ai mcts:iterations=60 --threads 1 --count 3
expect hint "After 80 steps" "Best candidates" "It would play: " "iterations"
n=$(grep -cE '^ +[a-z].* [0-9.]+%' hint.out)
[ "$n" -ge 1 ] && [ "$n" -le 3 ] && pass hint-count || fail hint-count "$n candidates listed"
run hint-json "$pw" hint b.pwr --to 80 --ai mcts:iterations=60 --threads 1 --json
expect hint-json '"candidates"' '"visits"' '"best"'
run hint-same "$pw" hint b.pwr --to 80 --ai mcts:iterations=60 --threads 1 --count 3
# the same choice and candidates; the seconds it took may differ
strip_time() { sed -E 's/: [0-9]+\.[0-9]+ s,/: (time) s,/' "$1"; }
if diff <(strip_time hint.out) <(strip_time hint-same.out) >/dev/null; then pass hint-reproducible
else fail hint-reproducible "two hints differ: $(diff <(strip_time hint.out) <(strip_time hint-same.out) | head -3)"; fi
# a shot to be had: the search never tries `end` (plainly wrong, pruned), and
# says so rather than give it a 0.0% estimate; the JSON's value is null
shot=$("$pw" replay b.pwr --json | grep -m1 -B2 '"action": "shoot ' | grep -oE '"step": [0-9]+' \
       | grep -oE '[0-9]+')
if [ -n "$shot" ]; then
  run hint-unsearched "$pw" hint b.pwr --to $((shot - 1)) --ai mcts:iterations=60 --threads 1 --count 8
  expect hint-unsearched "end                           not searched"
  grep -qE '^  end +[0-9.]+%' hint-unsearched.out && fail hint-unsearched-estimate "end has an estimate"
  run hint-unsearched-json "$pw" hint b.pwr --to $((shot - 1)) --ai mcts:iterations=60 --threads 1 \
      --count 8 --json
  tr -d ' \n' < hint-unsearched-json.out > flat.json
  grep -qF '{"action":"end","visits":0,"value":null}' flat.json && pass hint-unsearched-null \
    || fail hint-unsearched-null "no end with 0 visits and value null: $(head -c 300 flat.json)"
else fail hint-unsearched "no shot in the battle's record"; fi
run hint-chance "$pw" hint b.pwr --to 3
refused hint-chance "chance acts next"
run hint-over "$pw" hint b.pwr --ai random
refused hint-over "the game is over"
run hint-missing "$pw" hint none.pwr
refused hint-missing "cannot open record"
run hint-none "$pw" hint
refused hint-none "give a record file"

# ---- tournament ------------------------------------------------------------------------------
run tour "$pw" tournament --players random,thumb:iterations=30,mcts:iterations=20 --games 4 --jobs 2 --threads 1
expect tour "95% interval" "Elo" "median ms" "p99 ms" "thumb:iterations=30 (thumb, at most 30 outcomes a move)" "tournament: 12/12 games"
n=$(grep -cE '^(random|thumb|mcts)\S* +\S+ +4 ' tour.out)
[ "$n" = 3 ] && pass tour-pairings || fail tour-pairings "$n pairings of 4 games listed"
run tour-json "$pw" tournament --players random,mcts:iterations=20 --games 4 --jobs 2 --threads 1 --json --quiet
expect tour-json '"pairings"' '"win_rate"' '"interval95"' '"elo"' '"p99_ms"'
[ ! -s tour-json.err ] && pass tour-quiet || fail tour-quiet "progress lines with --quiet"
w=$(grep -oE '"(wins|draws|losses)": [0-9]+' tour-json.out | awk '{s+=$2} END {print s}')
[ "$w" = 4 ] && pass tour-adds-up || fail tour-adds-up "wins+draws+losses = $w, not 4"
run tour-json2 "$pw" tournament --players random,mcts:iterations=20 --games 4 --jobs 1 --threads 1 --json --quiet
if diff <(grep -vE '_ms"|"seconds"' tour-json.out) <(grep -vE '_ms"|"seconds"' tour-json2.out) > /dev/null; then
  pass tour-reproducible; else fail tour-reproducible "the same tournament on 1 and 2 jobs differs"; fi
# the score (wins plus half the draws) and both intervals against a hand count of the records
run tour-score "$pw" tournament --rules portable-wargame --players random,mcts:iterations=2:plan=0:eval=heuristic --games 10 \
  --jobs 1 --threads 1 --quiet --records score
hand=$(awk '/^\[P[12] "[A-Za-z]+: random"\]/ {split($2, a, "\""); side = substr(a[2], 1, length(a[2]) - 1)}
  /^\[Result / {r = $0; if (r ~ /draw/) d++; else if (index(r, "\"" side " wins")) w++; else l++}
  function wilson(k, n, sgn,  p, z, c, h) { z = 1.959963984540054; p = k / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z / (1 + z * z / n) * sqrt(p * (1 - p) / n + z * z / (4 * n * n)); return c + sgn * h }
  END { n = w + d + l; s = w + d / 2
    printf "%d %d %d %d %.1f%% [%.1f%%, %.1f%%] %.1f%% [%.1f%%, %.1f%%]", n, w, d, l, 100 * w / n,
      100 * wilson(w, n, -1), 100 * wilson(w, n, 1), 100 * s / n, 100 * wilson(s, n, -1), 100 * wilson(s, n, 1) }' score/*.pwr)
row=$(awk '$1 == "random" && $2 == "mcts:iterations=2:plan=0:eval=heuristic" {$1 = $2 = ""; print substr($0, 3)}' tour-score.out)
# 10 games: 5 won, 1 drawn, 4 lost; the score 5.5 of 10
if [ "$row" = "$hand" ] && [ "$hand" = "10 5 1 4 50.0% [23.7%, 76.3%] 55.0% [27.4%, 79.9%]" ]; then
  pass tour-score; else fail tour-score "table \"$row\", hand count \"$hand\""; fi
run tour-score-json "$pw" tournament --rules portable-wargame --players random,mcts:iterations=2:plan=0:eval=heuristic --games 10 \
  --jobs 1 --threads 1 --quiet --json
expect tour-score-json '"score": 0.55' '"score_interval95": [' '0.273669' '0.798577'
run tour-three "$pw" tournament --scenario three-kingdoms --players random,thumb:iterations=20 --games 2 --json --quiet --records recs
expect tour-three '"seats": 3' '"results": 4'
[ "$(ls recs | wc -l)" = 2 ] && grep -q '^\[P3 "Green: random"\]' recs/*001.pwr && pass tour-records \
  || fail tour-records "records of the games not written with their seats"
# the dice report over a tournament's records: the same results as the table, each die counted
# once for its roller and once as the opponent's
run tour-ptw "$pw" tournament --rules portable-wargame --players random,thumb:iterations=8 --games 4 \
  --json --quiet --records ptw
count() { grep -oE "\"$1\": [0-9]+" tour-ptw.out | head -n 1 | awk '{print $2}'; }
run luck-random "$luck" ptw random
run luck-thumb "$luck" ptw thumb:iterations=8
rows() { awk '$1 ~ /^(win|draw|loss)$/ {printf "%s=%s ", $1, $2}' "$1.out"; }
want=""
for r in win:wins draw:draws loss:losses; do
  c=$(count "${r#*:}")
  [ "$c" != 0 ] && want="$want${r%%:*}=$c "
done
mirror=$(awk '$1 ~ /^(win|draw|loss)$/ {print $3, $6}' luck-random.out | sort | tr '\n' ' ')
mirrored=$(awk '$1 ~ /^(win|draw|loss)$/ {print $6, $3}' luck-thumb.out | sort | tr '\n' ' ')
if [ "$(cat luck-random.rc)" = 0 ] && [ "$(rows luck-random)" = "$want" ] && [ -n "$mirror" ] &&
   [ "$mirror" = "$mirrored" ]; then
  pass dice-luck
else
  fail dice-luck "rows \"$(rows luck-random)\" (table: \"$want\"), landing dice \"$mirror\" / \"$mirrored\""
fi
run luck-pwg "$luck" recs random
refused luck-pwg "not a Portable Wargame record"
run luck-nobody "$luck" ptw genius
refused luck-nobody 'no finished game of player "genius"'
# the losses report over the same records: the same results as the table; what one player
# lost is what the other destroyed; and no more units counted lost than the records' final
# positions say were lost (a unit lost for want of a retreat square is not counted)
run losses-random env POCKETWAR="$pw" "$losses" ptw random
run losses-thumb env POCKETWAR="$pw" "$losses" ptw thumb:iterations=8
totals() { sed -n 's/^in all [0-9]* games: lost \([0-9]*\) to guns, \([0-9]*\) to small arms, \([0-9]*\) in close combat; destroyed \([0-9]*\), \([0-9]*\), \([0-9]*\)$/\1 \2 \3 \4 \5 \6/p' "$1.out"; }
read -r l1 l2 l3 d1 d2 d3 <<< "$(totals losses-random)"
read -r m1 m2 m3 e1 e2 e3 <<< "$(totals losses-thumb)"
side_lost=0
for f in ptw/*.pwr; do
  k=$(sed -n 's/^\[P\([12]\) "[A-Za-z]*: random"\]$/\1/p' "$f")
  n=$("$pw" state "$f" | awk -v k="$k" '/"number":/ { num = $2 + 0 } /"lost":/ && num == k { print $2 + 0 }')
  side_lost=$((side_lost + n))
done
if [ "$(cat losses-random.rc)" = 0 ] && [ "$(rows losses-random)" = "$want" ] && [ -n "$l1" ] &&
   [ "$l1 $l2 $l3" = "$e1 $e2 $e3" ] && [ "$d1 $d2 $d3" = "$m1 $m2 $m3" ] &&
   [ $((l1 + l2 + l3)) -le "$side_lost" ] && [ $((l1 + l2 + l3)) -gt 0 ]; then
  pass losses
else
  fail losses "rows \"$(rows losses-random)\" (table: \"$want\"), totals \"$(totals losses-random)\" / \"$(totals losses-thumb)\", lost in the records $side_lost"
fi
run losses-pwg env POCKETWAR="$pw" "$losses" recs random
refused losses-pwg "not a Portable Wargame record"
run losses-nobody env POCKETWAR="$pw" "$losses" ptw genius
refused losses-nobody 'no finished game of player "genius"'
run losses-noprogram env POCKETWAR=/nowhere/pocketwar "$losses" ptw random
refused losses-noprogram "/nowhere/pocketwar: no pocketwar program"
# the order-of-play report over Pocket Wargame records: each player's results by place add up
# to the table's, and the first player's wins are the records whose winner drew "first"
run tour-seats "$pw" tournament --players random,thumb:iterations=8 --games 6 --json --quiet --records pwg
run seats "$seats" pwg
tw=$(grep -oE '"wins": [0-9]+' tour-seats.out | head -n 1 | awk '{print $2}')
sw=$(awk '$1 == "random" {s += $6} END {print s + 0}' seats.out)
tl=$(grep -oE '"losses": [0-9]+' tour-seats.out | head -n 1 | awk '{print $2}')
sl=$(awk '$1 == "random" {s += $9} END {print s + 0}' seats.out)
fw=0
for f in pwg/*.pwr; do
  k=$(sed -n 's/^chance first \([12]\)$/\1/p' "$f")
  name=$(sed -n "s/^\[P$k \"\([A-Za-z]*\): .*/\1/p" "$f")
  grep -q "^\[Result \"$name wins\"\]" "$f" && fw=$((fw + 1))
done
if [ "$(cat seats.rc)" = 0 ] && [ "$sw" = "$tw" ] && [ "$sl" = "$tl" ] &&
   grep -q "^battles: 6; the force acting first won $fw " seats.out &&
   [ "$(awk '$1 == "thumb:iterations=8" && $3 == "random" {s += $5} END {print s}' seats.out)" = 6 ]; then
  pass seats
else
  fail seats "wins $sw/$tw, losses $sl/$tl, first won $fw: $(tail -n 1 seats.out)"
fi
run seats-three "$seats" recs
expect seats-three "random                                       3" "battles: 2;"
run tour-pass "$pw" tournament --scenario mountain-pass --players random,random:iterations=1 --games 2 --quiet \
  --records pass
run seats-named "$seats" pass
refused seats-named "no finished battle with a drawn first player in these records (2 skipped)"
run seats-ptw "$seats" ptw
refused seats-ptw "not a Pocket Wargame record"
run seats-none "$seats" nowhere
refused seats-none "nowhere: no such directory"
run tour-none "$pw" tournament --games 2
refused tour-none "name the computer players: --players"
run tour-one "$pw" tournament --players normal
refused tour-one "at least two computer players"
run tour-oracle "$pw" tournament --players oracle:iterations=20,random --games 2 --jobs 1 --threads 1 --quiet
expect tour-oracle "oracle:iterations=20 (CHEATS: foresees the dice; oracle, 20 iterations"
run battle-oracle "$pw" battle --players oracle:iterations=20,random --quiet
expect battle-oracle "Result:"
for how in "--ai oracle" "--players oracle,human" "--helper oracle"; do
  run play-oracle "$pw" play $how < /dev/null
  refused play-oracle '"oracle" cheats (it foresees the dice and reads hidden information): it is a yardstick for `tournament` and `battle`'
done
run tour-bad "$pw" tournament --players normal,genius
refused tour-bad 'no computer player named "genius"'
run tour-games "$pw" tournament --players random,thumb --games 0
refused tour-games "--games takes a whole number from 1"

# ---- bench: the tree search's figures ---------------------------------------------------------
run bench "$pw" bench --games 10 --search-time 300 --threads 1,2 --quiet
expect bench "tree search" "iterations/s" "speed-up" "cores busy" "cpu us/it"
n=$(grep -cE '^pocket-wargame +meeting +[12] +[0-9]+ ' bench.out)
[ "$n" = 2 ] && pass bench-rows || fail bench-rows "$n search rows, expected 2 (1 and 2 threads)"
run bench-json "$pw" bench --games 10 --search-time 300 --threads 2 --json --quiet
expect bench-json '"search"' '"cores_busy"' '"iterations_per_second"' '"threads": 2' '"ns_per_action"' '"cpu_us_per_iteration"'
# the normal player's decision time: median <= 99th percentile <= longest, all above 0
run bench-decide "$pw" bench --rules pocket-battles --games 2 --search-time 0 --odds-games 0 --decide-games 1 --quiet
expect bench-decide "decision time" "p99 ms"
awk '$1 == "pocket-battles" && NF == 6 && $3 > 0 && $4 > 0 && $4 <= $5 && $5 <= $6 {ok = 1} END {exit !ok}' bench-decide.out \
  && pass bench-decide-order || fail bench-decide-order "$(tail -n 1 bench-decide.out)"
run bench-decide-json "$pw" bench --rules pocket-battles --games 2 --search-time 0 --odds-games 0 --decide-games 1 --json --quiet
expect bench-decide-json '"decide"' '"p99_ms"' '"iterations": 2000'
run bench-bad "$pw" bench --threads 1,x
refused bench-bad "--threads takes a whole number"

bad=$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:' ./*.out 2>/dev/null | tr '\n' ' ')
[ -z "$bad" ] && pass sanitizers || fail sanitizers "reports in $bad"
exit $failed
