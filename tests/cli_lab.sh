#!/usr/bin/env bash
# Checks `pocketwar lab` (docs/lab.md): help, bad input refused with a
# message before any game, the same summary at --jobs 1 and 2 (byte for
# byte), --resume after a kill -9 and after Ctrl-C giving the same
# summary.json as an uninterrupted run, a plainly favoured arm found with
# the right sign, an A/A run reported as no difference, the stopping
# rules' reasons, the output folder's files, and the skill set (--skill A,B) as
# its own games beside the main ones; --out making missing parents, the stop
# line of an odd --games, the error messages of missing files and folders,
# `lab record` playing one game again, and `lab bench`'s progress lines.
# Prints "PASS name" or "FAIL name: why"; exits 1 if any failed.
# Usage: tests/cli_lab.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
src=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
# refused NAME WANT ARGS...: exit 2, WANT in the message, no game played
refused() {
  local name=$1 want=$2; shift 2
  rm -rf bad
  "$pw" lab run "$@" > bad.out 2>&1; local rc=$?
  if [ $rc -ne 2 ]; then fail "$name" "exit $rc: $(head -2 bad.out | tr '\n' '|')"
  elif ! grep -qF -- "$want" bad.out; then fail "$name" "no \"$want\" in: $(head -2 bad.out | tr '\n' '|')"
  elif [ -s bad/games.jsonl ]; then fail "$name" "games were played"
  else pass "$name"; fi
}
pkb=(--rules pocket-battles --scenario elves-vs-orcs-50 --players thumb,thumb --no-progress)

# ---- help ---------------------------------------------------------------------------
"$pw" lab --help > h.out 2>&1 && grep -q "lab run" h.out && pass lab-help || fail lab-help "$(head -2 h.out)"
"$pw" lab run --help > h2.out 2>&1 && grep -q -- "--resume DIR" h2.out && pass lab-run-help ||
  fail lab-run-help "$(head -2 h2.out)"
"$pw" lab frob > h3.out 2>&1; [ $? = 2 ] && grep -q 'no lab command "frob"' h3.out &&
  pass lab-unknown-command || fail lab-unknown-command "$(head -2 h3.out)"

# ---- bad input, refused before any game ------------------------------------------------
refused bad-arm-key 'has no option "nosuch"' "${pkb[@]}" --arm base --arm x:nosuch=1 --out bad
refused bad-arm-label 'an arm is LABEL[:KEY=VALUE...]' "${pkb[@]}" --arm 'a b' --out bad
refused bad-arm-variant 'arm "v"' "${pkb[@]}" --arm base --arm v:variant=no-such-variant --out bad
refused bad-option 'has no option "nosuch"' "${pkb[@]}" --option nosuch=1 --out bad
refused bad-player 'thum' --rules pocket-battles --players thumb,thum --out bad
refused bad-players-count 'two players' --rules pocket-battles --players thumb --out bad
refused same-label 'two arms are labelled "a"' "${pkb[@]}" --arm a --arm a --out bad
refused bad-games 'whole number from 2' "${pkb[@]}" --games 1 --out bad
refused no-out '--out DIR is needed' "${pkb[@]}"
refused unwritable 'cannot make the folder' "${pkb[@]}" --out /dev/null/lab
refused bad-sprt '--sprt takes' "${pkb[@]}" --sprt x --out bad
# --out makes the folder and its missing parents, as the first example (runs/NAME) needs
"$pw" lab run "${pkb[@]}" --arm a --games 2 --out runs/nested/deep > nest.out 2>&1; rc=$?
if [ $rc = 0 ] && [ "$(wc -l < runs/nested/deep/games.jsonl)" = 2 ] && [ -s runs/nested/deep/report.html ]
then pass out-makes-parents; else fail out-makes-parents "exit $rc: $(head -2 nest.out | tr '\n' '|')"; fi
# an odd --games is rounded up to whole pairs of seatings, and the stop line says so
"$pw" lab run "${pkb[@]}" --arm a --games 5 --out odd > odd.out 2>&1
if grep -qx "Stopped: all 6 games of each arm played (--games 5 rounded up to whole pairs of seatings)." odd.out &&
   [ "$(wc -l < odd/games.jsonl)" = 6 ] && jq -e '.stopped | startswith("all 6 games")' odd/summary.json > /dev/null &&
   grep -qx "Stopped: all 2 games of each arm played." nest.out
then pass odd-games-stop-line; else fail odd-games-stop-line "$(grep Stopped odd.out nest.out | tr '\n' '|')"; fi
refused no-resume 'cannot open the folder nowhere: No such file or directory' --resume nowhere
mkdir -p empty
refused no-run-to-resume 'empty holds no lab run (no experiment.json)' --resume empty
# a wrong player is named once, with the list of players once
"$pw" lab run "${pkb[@]}" --players thumb,nobody --arm a --out bad > bad.out 2>&1
[ $? = 2 ] && grep -q 'no computer player named "nobody"; choose from random, thumb' bad.out &&
  [ "$(grep -o 'random, thumb' bad.out | wc -l)" = 1 ] && pass bad-player-listed-once ||
  fail bad-player-listed-once "$(cat bad.out)"
# lab merge: a folder that is not there, or holds no run, said as such (exit 1: it could not)
"$pw" lab merge mo /nonexistent > mo.out 2>&1
[ $? = 1 ] && grep -q "cannot open the folder /nonexistent: No such file or directory" mo.out &&
  pass merge-no-folder || fail merge-no-folder "$(cat mo.out)"
"$pw" lab merge mo empty > mo.out 2>&1
[ $? = 1 ] && grep -q "empty holds no lab run (no experiment.json)" mo.out &&
  pass merge-no-run || fail merge-no-run "$(cat mo.out)"

# ---- the same results at any --jobs ----------------------------------------------------
exp=("${pkb[@]}" --arm base --arm rb:strike-back=always --games 12 --seed 5
     --odds-position "$src/tests/positions/pkb-engaged.json" --odds-action "order A7 fight B4")
"$pw" lab run "${exp[@]}" --out j1 --jobs 1 > j1.out 2>&1 || fail jobs-1 "$(tail -2 j1.out)"
"$pw" lab run "${exp[@]}" --out j2 --jobs 2 > j2.out 2>&1 || fail jobs-2 "$(tail -2 j2.out)"
if cmp -s j1/summary.json j2/summary.json && cmp -s j1/games.jsonl j2/games.jsonl &&
   cmp -s j1/summary.csv j2/summary.csv; then pass jobs-identical
else fail jobs-identical "summaries differ between --jobs 1 and 2"; fi
for f in games.jsonl summary.json summary.csv experiment.json report.html; do
  [ -s "j1/$f" ] || fail outputs "no $f"
done
[ "$(wc -l < j1/games.jsonl)" = 24 ] && pass outputs || fail outputs "$(wc -l < j1/games.jsonl) games, not 24"
if jq -e 'select(.arm and (.seed|type)=="number" and (.seating==0 or .seating==1) and (.players|length)==2
          and (.returns|length)==2 and .ending and .length and .decisions and .chance_events and .branching
          and (.eval_side1|length)>0)' j1/games.jsonl > /dev/null &&
   [ "$(jq -s 'map(select(.arm=="base")) | length' j1/games.jsonl)" = 12 ]; then pass game-lines
else fail game-lines "$(head -c 300 j1/games.jsonl)"; fi
grep -q "^Arm rb against base: side 1 scores" j1.out && grep -q "^base " j1.out &&
  pass verdict-printed || fail verdict-printed "$(head -3 j1.out | tr '\n' '|')"
# the report's table of comparisons in the verdicts' units: side 1's score difference and its
# interval in points (100 times summary.json's share), the length in rounds
row=$(grep -o "<td>side 1's score</td><td>[^<]* points <span class=\"ci\">([^)]*)" j1/report.html |
      sed 's/<[^>]*>/ /g; s/[()]/ /g; s/ to / /')
want=$(jq -r '.comparisons[] | select(.quantity=="side1_score") | "\(.difference) \(.lo) \(.hi)"' j1/summary.json)
if echo "$row | $want" | awk -F'|' '{split($1, h, " "); split($2, j, " ");
     ok = h[5] == "points"; for (i = 1; i <= 3; i++) { d = h[(i == 1 ? 4 : i + 4)] - 100 * j[i];
     if (d > 0.051 || d < -0.051) ok = 0 } exit !ok}' &&
   grep -q "<td>game length</td><td>[-+][0-9.]* rounds " j1/report.html
then pass report-comparisons-in-points; else fail report-comparisons-in-points "$row | $want"; fi
# the duration histogram labels the longest game's length under its bar
mx=$(jq -s 'map(.length) | max' j1/games.jsonl)
sed -n '/<svg id="plot-duration"/,/<\/svg>/p' j1/report.html | grep -q "text-anchor=\"middle\">$mx</text>" &&
  pass duration-last-bar-labelled || fail duration-last-bar-labelled "no label $mx"
# the experiment file repeats the run exactly
"$pw" lab run --experiment j1/experiment.json --out jx --jobs 2 --no-progress > jx.out 2>&1
cmp -s j1/summary.json jx/summary.json && pass experiment-file-repeats || fail experiment-file-repeats "$(tail -2 jx.out)"
refused existing-run 'already holds a run' "${exp[@]}" --out j1

# ---- shards merged give the same summary, byte for byte ------------------------------------
for i in 1 2 3; do "$pw" lab run "${exp[@]}" --shard $i/3 --out sh$i --jobs 1 > sh$i.out 2>&1; done
"$pw" lab merge shm sh1 sh3 > shm0.out 2>&1
rc0=$?
"$pw" lab merge shm sh3 sh1 sh2 > shm.out 2>&1
if [ $rc0 = 1 ] && grep -q "16 of the experiment's 24 games" shm0.out && cmp -s shm/summary.json j1/summary.json &&
   cmp -s shm/games.jsonl j1/games.jsonl; then pass shard-merge; else fail shard-merge "$(cat shm0.out shm.out | head -3)"; fi
"$pw" lab run "${pkb[@]}" --arm a --shard 4/3 --out bad > bad.out 2>&1
[ $? = 2 ] && grep -q -- "--shard takes I/N" bad.out && pass shard-bad || fail shard-bad "$(cat bad.out)"

# ---- --resume after kill -9 and after Ctrl-C --------------------------------------------
"$pw" lab run "${exp[@]}" --out k --jobs 1 > k.out 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  [ "$( { wc -l < k/games.jsonl; } 2>/dev/null || echo 0)" -ge 5 ] && break
  sleep 0.1
done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
printf '{"arm":"base","seed":' >> k/games.jsonl    # a line torn by the kill
n=$(grep -c . k/games.jsonl)
"$pw" lab run --resume k --jobs 2 --no-progress > kr.out 2>&1 || fail resume-kill "$(tail -2 kr.out)"
if [ "$n" -ge 5 ] && [ "$n" -lt 25 ] && cmp -s j1/summary.json k/summary.json && cmp -s j1/games.jsonl k/games.jsonl
then pass resume-after-kill; else fail resume-after-kill "$n lines before; summaries differ"; fi
"$pw" lab run "${exp[@]}" --out c --jobs 1 > c.out 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  [ "$( { wc -l < c/games.jsonl; } 2>/dev/null || echo 0)" -ge 3 ] && break
  sleep 0.1
done
kill -INT $pid; wait $pid; rc=$?
if [ $rc = 130 ] && grep -q -- "--resume c" c.out; then
  "$pw" lab run --resume c --no-progress > cr.out 2>&1
  cmp -s j1/summary.json c/summary.json && pass resume-after-ctrl-c || fail resume-after-ctrl-c "summaries differ"
else fail resume-after-ctrl-c "exit $rc: $(tail -2 c.out | tr '\n' '|')"; fi

# ---- --skill A,B: its own games beside the main ones ----------------------------------------
# thumb against random in every arm: thumb's score (over both seatings) above 50% with its
# interval; the main games and their figures as without --skill; --jobs, resume and shards
sk=("${exp[@]}" --skill thumb,random --skill-games 40)
"$pw" lab run "${sk[@]}" --out sk --jobs 2 > sk.out 2>&1 || fail skill-run "$(tail -2 sk.out)"
if jq -e '(.skill.arms | length) == 2 and all(.skill.arms[]; .games == 40 and .skill.value > 0.5 and
          .skill.lo > 0.5) and (.skill.comparisons | length) == 1 and
          .skill.comparisons[0].quantity == "skill_score" and .skill.comparisons[0].pairs == 40' \
   sk/summary.json > /dev/null && grep -q "^skill: thumb against random" sk.out &&
   grep -q "^Arm rb against base: in the skill games, thumb scores" sk.out &&
   grep -q ',,skill_score,' sk/summary.csv && grep -q '<svg id="plot-skill"' sk/report.html
then pass skill-stronger-player
else fail skill-stronger-player "$(jq -c .skill.arms sk/summary.json | head -c 300)"; fi
if [ "$(jq -c '[.arms, .comparisons, .games, .seeds]' sk/summary.json)" = \
     "$(jq -c '[.arms, .comparisons, .games, .seeds]' j1/summary.json)" ] &&
   [ "$(grep -c '"set":"skill"' sk/games.jsonl)" = 80 ] &&
   [ "$(grep -v '"set":"skill"' sk/games.jsonl | jq -s -c 'map(.players)|unique')" = \
     '[["thumb","thumb"]]' ] &&
   [ "$(grep '"set":"skill"' sk/games.jsonl | jq -s -c 'map(.players)|unique')" = \
     '[["random","thumb"],["thumb","random"]]' ] &&
   cmp -s <(grep -v '"set":"skill"' sk/games.jsonl) j1/games.jsonl
then pass skill-main-unchanged
else fail skill-main-unchanged "main figures differ with --skill"; fi
"$pw" lab run "${sk[@]}" --out sk1 --jobs 1 > sk1.out 2>&1
cmp -s sk/summary.json sk1/summary.json && cmp -s sk/games.jsonl sk1/games.jsonl &&
  pass skill-jobs-identical || fail skill-jobs-identical "summaries differ between --jobs 1 and 2"
"$pw" lab run "${sk[@]}" --out skk --jobs 1 > skk.out 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  [ "$(grep -cs '"set":"skill"' skk/games.jsonl)" -ge 3 ] 2>/dev/null && break
  sleep 0.1
done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
n=$(grep -c . skk/games.jsonl)
"$pw" lab run --resume skk --jobs 2 --no-progress > skr.out 2>&1 || fail skill-resume "$(tail -2 skr.out)"
if [ "$n" -lt 104 ] && grep -q "lacks" skr.out && cmp -s sk/summary.json skk/summary.json &&
   cmp -s sk/games.jsonl skk/games.jsonl
then pass skill-resume-after-kill; else fail skill-resume-after-kill "$n lines before; summaries differ"; fi
for i in 1 2; do "$pw" lab run "${sk[@]}" --shard $i/2 --out sks$i --jobs 1 > sks$i.out 2>&1; done
"$pw" lab merge skm sks2 sks1 > skm.out 2>&1
cmp -s skm/summary.json sk/summary.json && cmp -s skm/games.jsonl sk/games.jsonl &&
  pass skill-shards-merge || fail skill-shards-merge "$(head -2 skm.out | tr '\n' '|')"
refused skill-games-alone '--skill A,B beside it' "${pkb[@]}" --skill-games 10 --out bad
refused skill-bad-player 'thum' "${pkb[@]}" --skill thumb,thum --out bad

# ---- an A/A run: the same arm three times is no difference; Holm across the 3 pairs -----------
"$pw" lab run "${pkb[@]}" --arm a --arm b --arm c --games 8 --out aa > aa.out 2>&1
if [ "$(jq '[.comparisons[] | select(.quantity=="side1_score") | select(.difference==0 and .p==1 and .p_holm==1)] | length' aa/summary.json)" = 3 ] &&
   [ "$(grep -c "no difference shown" aa.out)" = 3 ] && grep -q "^Arm c against b: .* after Bonferroni (1 uncorrected)" aa.out
then pass aa-no-difference; else fail aa-no-difference "$(head -3 aa.out | tr '\n' '|')"; fi

# ---- the first player's score only when the two players differ: between thumb and thumb it is
# in no arm's metrics, row or table; between thumb and random it is, and compared --------------
"$pw" lab run --rules pocket-battles --scenario elves-vs-orcs-50 --players thumb,random --no-progress \
  --arm a --arm b --games 4 --out p1 > p1.out 2>&1
if jq -e '[.arms[].metrics | has("player1_score")] == [false, false, false] and
          ([.comparisons[] | select(.quantity == "player1_score")] | length) == 0' aa/summary.json > /dev/null &&
   ! grep -q 'player1_score' aa/summary.csv && ! grep -q "first player" aa/report.html &&
   jq -e '[.arms[].metrics.player1_score.value | type] == ["number", "number"] and
          ([.comparisons[] | select(.quantity == "player1_score")] | length) == 1' p1/summary.json > /dev/null &&
   grep -q '^a,,player1_score,' p1/summary.csv && grep -q "the first player's score" p1/report.html
then pass first-player-only-when-players-differ
else fail first-player-only-when-players-differ "$(jq -c '.arms[0].metrics | keys' aa/summary.json)"; fi

# ---- --records: every game's record, which replays to the same result ----------------------------
"$pw" lab run "${pkb[@]}" --arm a --arm b:strike-back=always --games 2 --records --out rec > rec.out 2>&1
"$pw" replay rec/records/b-1-1.pwr > rep.out 2>&1
want=$(jq -r 'select(.arm=="b" and .seating==1) | .result' rec/games.jsonl)
if [ "$(ls rec/records | wc -l)" = 4 ] && [ "$(jq -r 'select(.arm=="b" and .seating==1) | .record' rec/games.jsonl)" = records/b-1-1.pwr ] &&
   grep -qF "Result: $want" rep.out; then pass records-replay; else fail records-replay "$(tail -2 rep.out | tr '\n' '|') want $want"; fi
# lab record: one game of a run played again without --records: the same record, byte for
# byte, as --records keeps; a run without records (j1) too, its result as games.jsonl's
cp -r rec rec2 && rm -r rec2/records
"$pw" lab record rec2 b 1 1 > lr.out 2>&1; rc=$?
"$pw" lab record j1 rb 7 0 > lr2.out 2>&1; rc2=$?
"$pw" replay j1/records/rb-7-0.pwr > rep2.out 2>&1
want2=$(jq -r 'select(.arm=="rb" and .seed==7 and .seating==0) | .result' j1/games.jsonl)
steps2=$(jq -r 'select(.arm=="rb" and .seed==7 and .seating==0) | .steps' j1/games.jsonl)
if [ $rc = 0 ] && [ $rc2 = 0 ] && cmp -s rec2/records/b-1-1.pwr rec/records/b-1-1.pwr &&
   grep -q "the same game as in games.jsonl" lr.out &&
   grep -qx "j1/records/rb-7-0.pwr: $steps2 steps, $want2" lr2.out &&
   grep -qF "Result: $want2" rep2.out
then pass lab-record; else fail lab-record "exit $rc $rc2: $(cat lr.out lr2.out | tr '\n' '|')"; fi
# a game that differs from games.jsonl is said to (exit 1); a seed not in the run is refused (2)
sed -i -E '/^\{"arm":"b","seed":1,"seating":0,/ s/"steps":([0-9]+)/"steps":1\1/' rec2/games.jsonl
"$pw" lab record rec2 b 1 0 > lr3.out 2>&1; rc=$?
"$pw" lab record rec2 b 9 0 > lr4.out 2>&1; rc2=$?
[ $rc = 1 ] && grep -q "it differs from games.jsonl" lr3.out && [ $rc2 = 2 ] &&
  grep -q "SEED: the run's seeds are 1 to 1" lr4.out && pass lab-record-checks ||
  fail lab-record-checks "exit $rc $rc2: $(cat lr3.out lr4.out | tr '\n' '|')"

# ---- a game's length: the rule set's own count (Pocket Battles: rounds, with no round limit),
# the round its record ends in, and side 1's evaluation once a round plus the result -----------
bad=""
while read -r rec len unit n; do
  r=$("$pw" state "rec/$rec" | jq .round)
  [ "$unit" = round ] && [ "$r" = "$len" ] && [ "$n" = $((len + 1)) ] || bad="$bad $rec:$unit,$len,$r,$n"
done < <(jq -r '"\(.record) \(.length) \(.length_unit) \(.eval_side1|length)"' rec/games.jsonl)
if [ -z "$bad" ] && jq -e '.length_unit == "round"' rec/summary.json > /dev/null
then pass length-in-rounds; else fail length-in-rounds "record unit,length,round,evals:$bad"; fi

# ---- stopping rules ----------------------------------------------------------------------
"$pw" lab run "${pkb[@]}" --arm a --arm b --games 200 --sprt 0.2 --out sp > sp.out 2>&1
if jq -e '.seeds == 5 and (.stopped | test("sequential test decided after 5 seeds: no difference"))' sp/summary.json > /dev/null &&
   grep -q "^Stopped: the sequential test" sp.out; then pass sprt-stops; else fail sprt-stops "$(grep Stopped sp.out)"; fi
"$pw" lab run "${pkb[@]}" --arm a --games 400 --target-width 0.9 --out tw > tw.out 2>&1
jq -e '.seeds == 10 and (.stopped | test("narrower than 0.9"))' tw/summary.json > /dev/null &&
  pass target-width-stops || fail target-width-stops "$(grep Stopped tw.out)"
# with three arms the differences are printed at Bonferroni's wider level: the width that stops
# the run is the printed one
"$pw" lab run "${pkb[@]}" --arm a --arm b:rounds=2 --arm c:rounds=3 --games 200 --target-width 0.6 \
  --out tw3 > tw3.out 2>&1
if jq -e '(.stopped | test("narrower than 0.6")) and ([.comparisons[] | select(.quantity ==
     "side1_score" and .against == "a") | select(.confidence > 0.98 and .hi - .lo < 0.6)] | length == 2)' \
     tw3/summary.json > /dev/null
then pass target-width-printed-level
else fail target-width-printed-level "$(grep Stopped tw3.out)"; fi

# ---- a plainly favoured arm is found, with the right sign (random players: as plain, and
# cheap in the sanitizer build, whose fast-path checks make a thumb player's trials dear) ------
"$pw" lab run --rules pocket-wargame --scenario meeting --players random,random --no-progress \
  --arm base --arm short:scenario="$src/tests/lab/meeting-red-short.json" --games 12 --out fav > fav.out 2>&1
if jq -e '.comparisons[] | select(.quantity=="side1_score" and .arm=="short") | select(.difference < -0.3 and .hi < 0 and .p < 0.05)' \
   fav/summary.json > /dev/null; then pass favoured-arm-sign; else fail favoured-arm-sign "$(head -1 fav.out)"; fi

# ---- three arms: each interval at the level of the correction (95% for the 3 together), and the
# verdict agrees with it. Steppes against short has p = 0.046 uncorrected (a plain 95% interval
# would leave out 0) but 0.14 after Bonferroni: "no difference shown", with 0 in its interval ----
"$pw" lab run --rules pocket-wargame --scenario meeting --players random,random --no-progress \
  --arm base --arm short:scenario="$src/tests/lab/meeting-red-short.json" --arm steppes:variant=steppes \
  --games 12 --seed 1 --out three > three.out 2>&1
if jq -e '[.comparisons[] | select(.confidence > 0.9833 and .confidence < 0.9834 and
            ((.p_bonferroni - ([1, 3 * .p] | min)) | . * . < 1e-10) and
            ((.lo > 0 or .hi < 0) == (.p_bonferroni < 0.05)) and
            ((.verdict | test("no difference shown")) == (.p_bonferroni >= 0.05)))] | length == 9' \
     three/summary.json > /dev/null &&
   jq -e '.comparisons[] | select(.quantity == "side1_score" and .arm == "steppes" and .against == "short")
          | select(.p < 0.05 and .p_bonferroni > 0.05 and .lo < 0 and .hi > 0 and
                   (.verdict | test("a 98.33% interval, 95% for the 3 together.*after Bonferroni.*no difference shown$")))' \
     three/summary.json > /dev/null &&
   grep -q "^Arm short against base: side 1 scores [0-9.]* points less (-[0-9.]* to -[0-9.]*, a 98.33% interval" three.out
then pass three-arms-verdict-matches-interval
else fail three-arms-verdict-matches-interval "$(grep '^Arm' three.out | head -3 | tr '\n' '|')"; fi

# ---- report.html in headless Chromium: every plot drawn -------------------------------------
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -n "$chrome" ]; then
  timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --dump-dom "file://$tmp/j1/report.html" > dom.html 2> /dev/null
  timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --window-size=1000,2600 \
    --screenshot="$tmp/report.png" "file://$tmp/j1/report.html" > /dev/null 2>&1
  missing=""
  for id in plot-scores plot-advantage plot-differences plot-duration plot-endings plot-leads plot-drama \
            plot-odds-exactly plot-odds-at-least; do
    grep -q "<svg id=\"$id\"" dom.html || missing="$missing $id"
  done
  if [ -z "$missing" ] && grep -q "Arm rb against base" dom.html && [ -s report.png ] &&
     ! grep -qi "<script" j1/report.html; then
    pass report-in-chromium
    [ -n "${LAB_SCREENSHOT_DIR:-}" ] && cp report.png "$LAB_SCREENSHOT_DIR/lab-report-test.png"
  else fail report-in-chromium "missing:$missing"; fi
else
  echo "PASS report-in-chromium (skipped: no Chromium)"
fi

# ---- lab odds: one action under several arms ---------------------------------------------------
"$pw" lab odds --position "$src/tests/lab/ptw-woods-assault.json" --action "assault INF2 b3" \
  --arm base --arm woods2:woods-close-combat=plus-2 --json --html odds.html > odds.json 2> odds.err
# a wood worth 2 in close combat: the assault fails more often (33.3% to 44.4%)
if jq -e '.arms == ["base","woods2"] and (.outcomes | length) > 3 and
          (.outcomes[] | select(.text == "nothing changes") | .probability[0] < 0.3334 and .probability[1] > 0.4444 and .change[1] > 0.111) and
          ([.outcomes[].probability[0]] | add | . > 0.999 and . < 1.001) and
          (.at_least[0].probability[0] > 0.999)' odds.json > /dev/null &&
   grep -q 'id="plot-odds-exactly"' odds.html; then pass lab-odds; else fail lab-odds "$(head -c 300 odds.json; cat odds.err)"; fi
"$pw" lab odds --position "$src/tests/positions/ptw-assault.json" --action "fly INF2" --arm a > o2.out 2>&1
[ $? = 2 ] && grep -q 'arm "a": "fly INF2"' o2.out && pass lab-odds-bad-action ||
  fail lab-odds-bad-action "$(cat o2.out)"
# a position file that is not there: it cannot be read, and why (exit 1); one that holds no
# position (exit 2); the same for lab run --odds-position
"$pw" lab odds --position "$src/tests/lab/nosuch.json" --action "fly INF2" --arm a > o4.out 2>&1
[ $? = 1 ] && grep -q "cannot read $src/tests/lab/nosuch.json: No such file or directory" o4.out &&
  pass lab-odds-no-file || fail lab-odds-no-file "$(cat o4.out)"
echo '[1, 2]' > list.json
"$pw" lab odds --position list.json --action "fly INF2" --arm a > o5.out 2>&1
[ $? = 2 ] && grep -q "list.json holds no position (a JSON object)" o5.out &&
  pass lab-odds-not-position || fail lab-odds-not-position "$(cat o5.out)"
"$pw" lab run "${pkb[@]}" --arm a --odds-position nosuch.json --odds-action x --out bad \
  > o6.out 2>&1
[ $? = 1 ] && grep -q "cannot read nosuch.json: No such file or directory" o6.out &&
  [ ! -e bad/games.jsonl ] &&
  pass lab-run-odds-no-file || fail lab-run-odds-no-file "$(cat o6.out)"
"$pw" lab odds --arm a > o3.out 2>&1
[ $? = 2 ] && grep -q "takes --position FILE or --record FILE" o3.out && pass lab-odds-usage || fail lab-odds-usage "$(cat o3.out)"

# ---- lab bench: a progress line on stderr as each timing starts, none with --quiet -----------
lb=(lab bench --rules pocket-battles --thumb-games 2 --normal-games 0)
"$pw" "${lb[@]}" > lb.out 2> lb.err; rc=$?
"$pw" "${lb[@]}" --quiet > lbq.out 2> lbq.err; rcq=$?
row='^  pocket-battles +thumb +2 '
if [ $rc = 0 ] && [ $rcq = 0 ] && [ "$(wc -l < lb.err)" = 2 ] &&
   [ "$(sed -n 1p lb.err)" = "lab bench pocket-battles: 2 thumb games on 1 job" ] &&
   [ "$(sed -n 2p lb.err)" = "lab bench pocket-battles: 2 thumb games on 2 jobs" ] &&
   [ ! -s lbq.err ] && grep -Eq "$row" lb.out && grep -Eq "$row" lbq.out &&
   [ "$(grep -c thumb lb.out)" = 1 ]
then pass lab-bench-progress
else fail lab-bench-progress "exit $rc $rcq: $(cat lb.err lbq.err | tr '\n' '|')"; fi

# ---- pocketwar serve --reports lists and serves the runs ------------------------------------
mkdir -p reps && cp -r j1 reps/j1
"$pw" serve --listen 127.0.0.1:0 --db srv.db --reports reps > srv.out 2>&1 &
spid=$!
for _ in $(seq 1 100); do grep -qs "reports in" srv.out && break; sleep 0.1; done
port=$(grep -o '127.0.0.1:[0-9]*' srv.out | head -1 | cut -d: -f2)
curl -s "http://127.0.0.1:$port/reports/" > list.html
code=$(curl -s -o rep.html -w '%{http_code}' "http://127.0.0.1:$port/reports/j1/report.html")
bad=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/reports/j1/../../srv.db")
other=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/reports/j1/bad.out")
kill -TERM $spid; wait $spid 2>/dev/null
if grep -q 'href="/reports/j1/report.html"' list.html && grep -q "Arm rb against base" list.html &&
   [ "$code" = 200 ] && cmp -s rep.html j1/report.html && [ "$bad" = 404 ] && [ "$other" = 404 ]
then pass serve-reports; else fail serve-reports "list $(head -c 200 list.html); $code $bad $other"; fi
"$pw" serve --listen 127.0.0.1:0 --db srv2.db --reports no-such-folder > srv2.out 2>&1
[ $? = 2 ] && grep -q "is not a folder" srv2.out && pass serve-reports-bad || fail serve-reports-bad "$(cat srv2.out)"

exit $failed
