#!/usr/bin/env bash
# Checks the exact odds from the outside: `pocketwar odds` on a record (text,
# JSON, --all, errors), `odds` and `list odds` at play's prompt, the
# protocol's `odds` and `state VIEWER odds`, and the odds under `hint`'s
# candidates. The position: The Portable Wargame's meeting scenario, turn 1,
# Red laying its gun; FLD1 on e7 fires with +1 (5, 6 and 7 on the target,
# 2 and 4 short, 3 beyond), and 2/INF3 there is average (destroyed on 1-3).
# Usage: tests/cli_odds.sh [path/to/pocketwar]
set -u
pw=${1:-build/san/pocketwar}
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
has() { # name, expected text, text
  if printf '%s' "$3" | grep -qF -- "$2"; then pass "$1"; else fail "$1" "no \"$2\" in: $(printf '%s' "$3" | head -5)"; fi
}

if "$pw" odds --help | grep -q "usage: pocketwar odds"; then pass help-odds; else fail help-odds "no usage line"; fi

printf 'new portable-wargame meeting seed=3\nsave %s\n' "$tmp/start.pwr" | "$pw" engine --allow-files > /dev/null
[ -s "$tmp/start.pwr" ] && pass record || fail record "no record written"

out=$("$pw" odds "$tmp/start.pwr" "bombard FLD1 e7")
has odds-short "33.33%  1/FLD1's shell lands on e6, short of e7" "$out"
has odds-destroyed "25%  1/FLD1's shell lands on its target e7; 2/INF3 destroyed" "$out"
has odds-retreats "25%  1/FLD1's shell lands on its target e7; 2/INF3 retreats" "$out"
has odds-beyond "16.67%  1/FLD1's shell lands on e8, beyond e7" "$out"

"$pw" odds "$tmp/start.pwr" "bombard FLD1 e7" --json > "$tmp/o.json"
sum=$(grep '"probability"' "$tmp/o.json" | sed 's/.*: *//; s/,//' | awk '{s+=$1} END {printf "%.9f", s}')
[ "$sum" = "1.000000000" ] && pass odds-json-sum || fail odds-json-sum "probabilities sum to $sum"
grep -q '"changes"' "$tmp/o.json" && pass odds-json-changes || fail odds-json-changes "no changes key"

n=$("$pw" odds "$tmp/start.pwr" --all | grep -c '^[a-z].*:$')
m=$("$pw" legal "$tmp/start.pwr" | wc -l)
[ "$n" = "$m" ] && pass odds-all || fail odds-all "$n actions with odds, $m legal"
"$pw" odds "$tmp/start.pwr" --all --json | grep -q '"outcomes"' && pass odds-all-json || fail odds-all-json "no outcomes"
"$pw" state "$tmp/start.pwr" --odds --view 1 | grep -q '"odds": \[' && pass state-odds || fail state-odds "no odds array in the state"
"$pw" state "$tmp/start.pwr" | grep -q '"odds"' && fail state-no-odds "odds without --odds" || pass state-no-odds
out=$("$pw" odds "$tmp/start.pwr" end)
has odds-certain "certain" "$out"

expect_error odds-no-record "give a record file" "$pw" odds
expect_error odds-bad-action 'cannot read the action "fly"' "$pw" odds "$tmp/start.pwr" fly
expect_error odds-illegal 'bombard FLD1 a1' "$pw" odds "$tmp/start.pwr" "bombard FLD1 a1"
expect_error odds-both "not both" "$pw" odds "$tmp/start.pwr" end --all
expect_error odds-view "the game has 2 sides" "$pw" odds "$tmp/start.pwr" end --view 3
expect_error odds-missing "cannot open" "$pw" odds "$tmp/none.pwr" end
expect_error odds-to-beyond "pocketwar odds: --to 5: the record has only 0 steps (--to 0 to 0)" \
  "$pw" odds "$tmp/start.pwr" end --to 5

out=$(printf 'list odds\nodds 3\nodds bombard FLD1 e7\nodds fly\nodds 99\nodds\nquit\n' |
      "$pw" play --rules portable-wargame --seed 3 --ai random --no-color 2>&1)
has play-list-odds "   3. bombard FLD1 e7" "$out"
has play-list-certain "The other 1 action sets off no chance" "$out"
has play-odds-number "Odds of bombard FLD1 e7 (exact, up to the next decision):" "$out"
has play-odds-line "25%  1/FLD1's shell lands on its target e7; 2/INF3 destroyed" "$out"
has play-odds-bad 'cannot parse "fly"' "$out"
has play-odds-range "no action 99: choose 1-6" "$out"
has play-odds-empty "odds needs an action" "$out"
out=$(printf 'help\nquit\n' | "$pw" play --rules portable-wargame --seed 3 --ai random --no-color 2>&1)
has play-help-odds "odds ACTION" "$out"

out=$(printf 'new portable-wargame meeting seed=3\nodds bombard FLD1 e7\nodds json viewer=1 bombard FLD1 e7\nstate 2 odds\nodds\n' |
      "$pw" engine 2>&1)
has proto-odds "= 0.333333 1/FLD1's shell lands on e6, short of e7" "$out"
has proto-odds-json '{"action":"bombard FLD1 e7","chance":true' "$out"
has proto-state-odds '"odds":[{"action":"bombard FLD1 b7"' "$out"
has proto-odds-empty "? give an action" "$out"

out=$("$pw" hint "$tmp/start.pwr" --ai thumb)
has hint-odds "odds: " "$out"

exit $failed
