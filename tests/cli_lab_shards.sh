#!/usr/bin/env bash
# Checks `pocketwar lab merge`'s per-shard consistency check (docs/lab.md,
# "Shards"): three honest shards merge with none named and the same
# summary.json as the whole run; the same shards with one games.jsonl
# tampered (side 1 made to win every game, as a broken build might) merge
# with that shard, and only it, named in the output, shards.json and the
# report, while summary.json is computed from the games as given.
# Prints "PASS name" or "FAIL name: why"; exits 1 if any failed.
# Usage: tests/cli_lab_shards.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
exp=(--rules pocket-battles --scenario elves-vs-orcs-50 --players thumb,thumb --no-progress
     --arm base --games 60 --seed 11)
for i in 1 2 3; do
  "$pw" lab run "${exp[@]}" --shard $i/3 --out s$i --jobs 2 > s$i.out 2>&1 || fail shard-$i "$(tail -2 s$i.out)"
done
"$pw" lab merge m s1 s2 s3 > m.out 2>&1; rc=$?
if [ $rc = 0 ] && jq -e '(.shards | length) == 3 and (.inconsistent | length) == 0 and
                        all(.shards[]; .p_holm >= 0.01 and .games == 20)' m/shards.json > /dev/null &&
   ! grep -q "differs from the rest" m.out && grep -q 'id="shards"' m/report.html &&
   grep -q "No shard differs" m/report.html
then pass shards-consistent; else fail shards-consistent "exit $rc: $(jq -c .shards m/shards.json 2>&1 | head -c 400)"; fi

# shard 2 tampered: side 1 wins every one of its games
cp -r s2 t2
jq -c '.returns = [1,0] | .winner = 1 | .draw = false' s2/games.jsonl > t2/games.jsonl
"$pw" lab merge mt s1 t2 s3 > mt.out 2>&1; rc=$?
if [ $rc = 0 ] && jq -e '.inconsistent == ["t2"] and (.shards[1].p_holm < 0.01) and
                        (.shards[0].inconsistent | not) and (.shards[2].inconsistent | not)' mt/shards.json > /dev/null &&
   grep -q "^Shard t2 differs from the rest more than chance allows" mt.out &&
   ! grep -q "^Shard s[13] differs" mt.out && grep -q "<b>inconsistent</b>" mt/report.html
then pass shards-tampered-named; else fail shards-tampered-named "exit $rc: $(jq -c .shards mt/shards.json 2>&1 | head -c 400)"; fi
# the honest merge's summary is untouched by the check
"$pw" lab run "${exp[@]}" --out whole --jobs 2 > whole.out 2>&1
cmp -s whole/summary.json m/summary.json && pass shards-summary-unchanged ||
  fail shards-summary-unchanged "merged summary.json differs from the whole run's"

exit $failed
