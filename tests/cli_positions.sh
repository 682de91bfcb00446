#!/usr/bin/env bash
# Positions as data from the outside: `state` output loads back (same JSON)
# wherever a game starts (battle, tournament, play, hint, legal, replay, the
# engine protocol), a record that starts from a position replays from it, a
# bad position gets a message saying what and where, and option values that
# are words take a number typed for them (--option close-combat=2014).
# Usage: tests/cli_positions.sh [path/to/pocketwar]
set -u
pw=${1:-build/san/pocketwar}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
expect_error() { # name, expected text, command...
  local name=$1 want=$2; shift 2
  if out=$("$@" 2>&1); then fail "$name" "succeeded; expected an error"; return; fi
  if printf '%s' "$out" | grep -qF -- "$want"; then pass "$name"; else fail "$name" "got: $(printf '%s' "$out" | tail -2)"; fi
}
# JSON text with its keys sorted, for comparing
canon() { python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1])), sort_keys=True))' "$1"; }

for r in pocket-wargame portable-wargame pocket-battles; do
  "$pw" battle --rules "$r" --seed 21 --players random,random --quiet --record "$tmp/$r.pwr" > /dev/null
  k=50   # a position where a side (not chance) decides
  while "$pw" state "$tmp/$r.pwr" --to $k > "$tmp/$r.json" && ! grep -q '"to_act": [12]' "$tmp/$r.json"; do
    k=$((k + 1))
  done
  # a position file is read where a record is: the same position
  "$pw" state "$tmp/$r.json" > "$tmp/$r-again.json"
  if [ "$(canon "$tmp/$r.json")" = "$(canon "$tmp/$r-again.json")" ]; then pass "$r-state-loads"
  else fail "$r-state-loads" "state of the position differs"; fi
  # a battle from it: the record starts there and replays from it
  "$pw" battle --position "$tmp/$r.json" --players random,random --quiet --record "$tmp/$r-from.pwr" \
    | grep -q '^Result: ' && pass "$r-battle-position" || fail "$r-battle-position" "no result"
  grep -q '^\[Position "{' "$tmp/$r-from.pwr" && pass "$r-record-tag" || fail "$r-record-tag" "no Position tag"
  "$pw" state "$tmp/$r-from.pwr" --to 0 > "$tmp/$r-start.json"
  if [ "$(canon "$tmp/$r.json")" = "$(canon "$tmp/$r-start.json")" ]; then pass "$r-record-start"
  else fail "$r-record-start" "the record's first position is not the position"; fi
  "$pw" replay "$tmp/$r-from.pwr" --final --no-color | grep -q '^Result: ' \
    && pass "$r-replay" || fail "$r-replay" "no result"
  "$pw" hint "$tmp/$r.json" --ai thumb > /dev/null 2>&1 && pass "$r-hint" || fail "$r-hint" "exit $?"
done

# the same seed from the same position: the same battle
a=$("$pw" battle --position "$tmp/portable-wargame.json" --seed 5 --players random,random --quiet)
b=$("$pw" battle --position "$tmp/portable-wargame.json" --seed 5 --players random,random --quiet)
[ "$a" = "$b" ] && pass position-same-seed || fail position-same-seed "$a / $b"

"$pw" tournament --position "$tmp/pocket-wargame.json" --players random,thumb --games 2 --seed 3 \
  > "$tmp/t.txt" 2>&1 && grep -qi "thumb" "$tmp/t.txt" && pass tournament-position \
  || fail tournament-position "$(tail -2 "$tmp/t.txt")"

printf 'quit\n' | "$pw" play --position "$here/positions/ptw-assault.json" --players human,thumb \
  --no-color > "$tmp/play.txt" 2>&1
grep -q "Turn 3" "$tmp/play.txt" && pass play-position || fail play-position "$(tail -3 "$tmp/play.txt")"

# the exact odds from a position file
"$pw" odds "$here/positions/ptw-assault.json" "assault INF2 d5" 2>&1 | grep -q "2/INF2 destroyed" \
  && pass odds-position || fail odds-position "no odds from the position"

# the protocol: position {JSON} [moves ...]
line=$(python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))))' "$here/positions/ptw-assault.json")
out=$(printf 'position %s moves assault INF2 d5; 3; 1\nstatus\n' "$line" | "$pw" engine)
printf '%s' "$out" | grep -q "hit on 2/INF2" && pass protocol-position || fail protocol-position "$out"
out=$(printf 'position {"rules": "portable-wargame", "scenario": "meeting", "turn": 0}\n' | "$pw" engine)
printf '%s' "$out" | grep -q "turn: 0 is out of range" && pass protocol-position-refused \
  || fail protocol-position-refused "$out"

# the protocol reads no file a position names unless started with --allow-files
out=$(printf 'position {"rules": "pocket-battles", "options": {"army1": "/tmp/army.json"}}\n' | "$pw" engine)
printf '%s' "$out" | grep -q "a position naming a file" && pass protocol-position-no-files \
  || fail protocol-position-no-files "$out"

# a bad position: what and where, and no game
printf '{"rules": "portable-wargame", "scenario": "river-crossing", "units": [{"ref": "1/INF1", "loc": "a5"}]}' \
  > "$tmp/bad.json"
expect_error position-on-river "unit 1/INF1: a5 is impassable river" \
  "$pw" battle --position "$tmp/bad.json" --players random,random
printf '{"rules": "portable-wargame", "turn": ' > "$tmp/broken.json"
expect_error position-not-json "broken.json:1" "$pw" battle --position "$tmp/broken.json"

# option values that are words
"$pw" battle --rules portable-wargame --option close-combat=2014 --seed 2 --players random,random \
  --quiet | grep -q '^Result: ' && pass option-2014-word || fail option-2014-word "refused"
out=$(printf 'new portable-wargame meeting close-combat=2014 seed=1\nstate\n' | "$pw" engine)
printf '%s' "$out" | grep -q '"close_combat":"2014"' && pass protocol-new-2014 || fail protocol-new-2014 "$out"
# "close_combat" is the variant; the fight under way is "combat"
printf 'position %s moves assault INF2 d5\nstate\n' "$line" | "$pw" engine > "$tmp/cc.txt"
grep -q '"close_combat":"1800s"' "$tmp/cc.txt" && grep -q '"combat":{"attacker":"1/INF2"' "$tmp/cc.txt" \
  && pass close-combat-keys || fail close-combat-keys "$(tail -c 300 "$tmp/cc.txt")"

# the data files a game reads: named by `rules` and in the record
"$pw" rules portable-wargame | grep -q "data/portable-wargame/units.json" && pass rules-data-files \
  || fail rules-data-files "units.json not listed"
grep -q '^\[Data "pocket-battles/traits.json; ' "$tmp/pocket-battles.pwr" && pass record-data-tag \
  || fail record-data-tag "$(grep Data "$tmp/pocket-battles.pwr")"

# state's and legal's options as every command takes them: a side's view is
# only what it may see, ranges and unknown options refused in the same words
f="$tmp/pocket-wargame.pwr"
if "$pw" state "$f" --to 3 --view 2 | jq -e '.viewer == 2' >/dev/null \
   && "$pw" state "$f" --to 3 | jq -e '.viewer == "all"' >/dev/null; then pass state-view
else fail state-view "$("$pw" state "$f" --to 3 --view 2 | grep -m1 viewer)"; fi
expect_error state-view-range '--view takes a whole number from 1 to 4, not "0"' "$pw" state "$f" --view 0
expect_error state-to-range '--to takes a whole number from 0 to 100000000, not "x"' "$pw" state "$f" --to x
expect_error state-no-record 'pocketwar state: give one record file' "$pw" state
expect_error legal-unknown-option 'pocketwar legal: unknown option "--view" (see --help)' "$pw" legal "$f" --view 1
expect_error legal-unknown-see 'pocketwar legal: unknown option "--bogus" (see --help)' "$pw" legal "$f" --bogus
if [ "$("$pw" legal "$f" --to 0 | wc -l)" -gt 0 ] && "$pw" legal "$f" --to 0 --json | jq -e '.actions | length > 0' >/dev/null
then pass legal-to; else fail legal-to "no actions at the start"; fi

exit $failed
