#!/usr/bin/env bash
# Checks results explained and the scenario's briefing from the outside:
# `rules --scenario` (text and JSON) for every shipped scenario, `play`'s
# briefing, `objective`, standing line and referee prompts, explained chance
# lines in battle, replay --json and legal --json, and the protocol's
# explain, chance, briefing and standing.
# Usage: tests/cli_explain.sh [path/to/pocketwar]
set -u
pw=${1:-build/san/pocketwar}
case $pw in /*) ;; *) pw=$PWD/$pw ;; esac
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
has() { # name, file, text...
  local name=$1 f=$2; shift 2
  for want in "$@"; do
    if ! grep -qF -- "$want" "$f"; then fail "$name" "no \"$want\" in: $(tail -3 "$f")"; return; fi
  done
  pass "$name"
}

# ---- the briefing ------------------------------------------------------------------
"$pw" rules --rules portable-wargame --scenario river-crossing > brief.txt 2>&1
has brief-text brief.txt "River crossing (The Portable Wargame: 19th Century, scenario river-crossing)" \
  "Limit: 12 turns" "How to win:" "objectives e7, f7 and g6" "Forces:" "  Blue:" "Special rules:"
"$pw" rules --rules pocket-battles --scenario elves-vs-orcs-50 --json > brief.json 2>&1
has brief-json brief.json '"round_limit": 0' '"limit": null' '"half": 25'
ok=1
for r in pocket-wargame portable-wargame pocket-battles; do
  for f in "$root"/data/$r/scenarios/*.json; do
    s=$(basename "$f" .json)
    if ! "$pw" rules --rules $r --scenario "$s" 2>&1 | grep -q "^How to win:"; then
      fail "brief-$r-$s" "no briefing"; ok=0
    fi
  done
done
[ $ok = 1 ] && pass brief-every-scenario
if out=$("$pw" rules --rules pocket-wargame --scenario atlantis 2>&1); then
  fail brief-bad-scenario "succeeded"
else
  printf '%s' "$out" | grep -q 'no scenario named "atlantis"' && pass brief-bad-scenario || fail brief-bad-scenario "$out"
fi

# ---- play: briefing at the start, objective, standing, referee prompts -------------
printf 'objective\nbombard FLD1 c7\nbombard FLD1 c2\n3\nquit\n' |
  "$pw" play --rules portable-wargame --referee --hotseat --seed 1 > play.txt 2>&1
has play-brief play.txt "Meeting engagement (The Portable Wargame: 19th Century, scenario meeting)" \
  "Now: turn 1 of 12; lost (exhaustion at) Red 0 (3), Blue 0 (3)"
has play-standing play.txt "Standing: turn 1 of 12; lost (exhaustion at) Red 0 (3), Blue 0 (3)"
has play-referee-prompt play.txt "Landing die for 1/FLD1 firing at c7 (indirect fire): +1 commander. After modifiers: 5 or more lands on c7"
has play-entered-explained play.txt "chance (entered): landing 1/FLD1 3, +1 commander = 4: lands one square in front of c7, on c6"
n=$(grep -c "^How to win:" play.txt)
[ "$n" = 2 ] && pass play-objective || fail play-objective "$n briefings, expected 2 (start, objective)"

# ---- battle, replay --json, legal --json ---------------------------------------------
"$pw" battle --rules portable-wargame --seed 3 --record b.pwr > battle.txt 2>&1
has battle-explained battle.txt "chance: landing 1/FLD1 1, +1 commander = 2: lands one square in front of c8, on c7: hits 2/INF2"
"$pw" replay b.pwr --json --to 6 > replay.json 2>&1
has replay-json replay.json '"explained": "hit 2/INF2 1, poor (destroyed on 1-4): destroyed"' '"standing":'
"$pw" legal b.pwr --to 2 --json > legal.json 2>&1
has legal-json legal.json '"chance": "Landing die for 1/FLD1' '"explained": "landing 1/FLD1 6, +1 commander = 7: lands on the target, c8' '"standing": "turn 1 of 12'

# ---- the protocol ---------------------------------------------------------------------
printf '1 new portable-wargame meeting seed=1\n2 play bombard FLD1 c7\n3 play bombard FLD1 c2\n4 chance\n5 enter landing 1/FLD1 3\n6 explain 3\n7 standing\n8 briefing\n9 explain x\n' |
  "$pw" engine > proto.txt 2>&1
has proto-chance proto.txt "=4 Landing die for 1/FLD1 firing at c7"
has proto-explain proto.txt "=6 P1 bombard FLD1 c7" "entered landing 1/FLD1 3, +1 commander = 4: lands one square in front of c7, on c6"
has proto-standing proto.txt "=7 turn 1 of 12; lost (exhaustion at) Red 0 (3), Blue 0 (3)"
has proto-briefing proto.txt '=8 {"title":"Meeting engagement"' '"exhaustion":[3,3]'
has proto-explain-bad proto.txt '?9 explain takes a number of steps from 1, or all, not "x"'

exit $failed
