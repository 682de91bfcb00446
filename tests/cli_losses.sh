#!/usr/bin/env bash
# cli_losses.sh - the losses summary under the result in the terminal:
# `battle` and `replay` print "Losses:" with each side's counts in the rule
# set's terms, `battle --quiet` keeps its one line, and in Pocket Battles
# the points the result says were destroyed are the loser's points lost.
set -u
pw=${1:-build/pocketwar}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
failed=0

"$pw" battle --rules pocket-battles --seed 5 --players random,random --record "$tmp/b.pwr" > "$tmp/b.txt"
res=$(sed -n 's/^Result: //p' "$tmp/b.txt")
loss=$(sed -n 's/^Losses: //p' "$tmp/b.txt")
# "Elves win: destroyed 31 of the Orcs' 50 points" and "... Orcs: units .., points 31 of 50 lost"
n=$(printf '%s' "$res" | sed -nE "s/.*destroyed ([0-9]+) of the ([A-Za-z]+)' ([0-9]+) points.*/\2 \1 \3/p")
set -- $n
if [ -n "$n" ] && printf '%s' "$loss" | grep -q "$1: units [0-9]* of [0-9]* lost, troops [0-9]* of [0-9]* lost, points $2 of $3 lost"; then
  pass battle-losses-match-result
else
  fail battle-losses-match-result "result \"$res\", losses \"$loss\""
fi
if "$pw" replay "$tmp/b.pwr" --no-color | grep -qF "Losses: $loss"; then pass replay-losses; else fail replay-losses "not the battle's line"; fi
if [ "$("$pw" battle --rules portable-wargame --seed 3 --players random,random --quiet | wc -l)" -eq 1 ]; then
  pass quiet-one-line
else
  fail quiet-one-line "more than the result"
fi
if "$pw" battle --seed 3 --players random,random | grep -qE '^Losses: Red: units [0-9]+ of 8 lost, strength points [0-9]+ of 16 lost; Blue: units [0-9]+ of 8 lost, strength points [0-9]+ of 16 lost$'; then
  pass pocket-wargame-losses
else
  fail pocket-wargame-losses "no losses line in its terms"
fi
exit $failed
