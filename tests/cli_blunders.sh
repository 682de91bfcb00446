#!/usr/bin/env bash
# Checks `pocketwar blunders` on the blunder suite (tests/blunders): normal
# and hard pick none of the moves listed as plainly wrong; the counts in the
# table are those of the choices it names one by one (--verbose), each of
# them listed in its record's Blunder tags; self-play gives a row per rule
# set; bad suites and players get clear errors naming the file and tag.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_blunders.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
suite="$(cd "$(dirname "$0")" && pwd)/blunders"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export NO_COLOR=1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
run() { local n=$1; shift; "$@" > "$n.out" 2> "$n.err"; echo $? > "$n.rc"; cat "$n.err" >> "$n.out"; }
expect() {
  local n=$1; shift
  if [ "$(cat "$n.rc")" != 0 ]; then fail "$n" "exit $(cat "$n.rc"): $(tail -n 3 "$n.out" | tr '\n' '|')"; return; fi
  for want in "$@"; do
    grep -qF -- "$want" "$n.out" || { fail "$n" "no \"$want\" in: $(tail -n 4 "$n.out" | tr '\n' '|')"; return; }
  done
  pass "$n"
}
refused() {
  local n=$1
  if [ "$(cat "$n.rc")" = 0 ]; then fail "$n" "exit 0; expected an error"; return; fi
  grep -qF -- "$2" "$n.out" && pass "$n" || fail "$n" "no \"$2\" in: $(tail -n 3 "$n.out" | tr '\n' '|')"
}

run help "$pw" blunders --help
expect help "usage: pocketwar blunders" "--self-play" "Blunder"

# the levels pick no listed blunder
npos=$(ls "$suite"/*.pwr | wc -l)
run levels "$pw" blunders --players normal,hard --tries 1 "$suite"
expect levels "blunder suite: $npos positions"
for p in normal hard; do
  row=$(awk -v p=$p '$1 == p {print $2, $3}' levels.out)
  [ "$row" = "$npos 0" ] && pass "no-blunder-$p" || fail "no-blunder-$p" "decisions and blunders \"$row\""
done

# thumb: the table's count is that of the blunders it names, each listed in its record
run thumb "$pw" blunders --players thumb --tries 4 --verbose "$suite"
named=$(grep -c '^  thumb, seed ' thumb.out)
counted=$(awk '$1 == "thumb" {print $3}' thumb.out)
[ "$named" -gt 0 ] && [ "$named" = "$counted" ] && pass thumb-count \
  || fail thumb-count "$named named, $counted counted"
ok=1
while IFS= read -r line; do
  file=$(echo "$line" | sed -E 's/^  thumb, seed [0-9]+, ([^:]+): .*/\1/')
  act=$(echo "$line" | sed -E 's/^  thumb, seed [0-9]+, [^:]+: (.*) \(.*\)$/\1/')
  grep -E '^\[Blunder[0-9]* ' "$file" | grep -qE "[:,] $act(,|\"\])" || { ok=0; echo "# $act not in $file"; }
done < <(grep '^  thumb, seed ' thumb.out)
[ $ok = 1 ] && pass thumb-listed || fail thumb-listed "a counted action is not in its record's Blunder tags"
[ "$(grep -c "moving straight back" thumb.out)" -ge 1 ] && pass thumb-classes \
  || fail thumb-classes "no class named in the table"

# Pocket Battles' classes are counted: random without the hint holds a free strike back and
# pays for moves the free redeployment makes (its seeds 1..10 pick both)
run pkb-classes "$pw" blunders --players random:hint=0 --tries 10 "$suite"/pkb-hold.pwr "$suite"/pkb-paid-move.pwr
expect pkb-classes "leaving a free strike unused" "paying an order for a move a free redeployment makes"

# self-play: one row per rule set of the suite
mkdir pwg && cp "$suite"/pwg-*.pwr pwg/
run self "$pw" blunders --players random --tries 1 --self-play 1 pwg
expect self "self-play: 1 game a player and rule set" "per 100"
awk '$1 == "random" && $2 == "pocket-wargame" && $3 > 0 {found = 1} END {exit !found}' self.out \
  && pass self-row || fail self-row "no self-play row for pocket-wargame: $(tail -n 2 self.out | tr '\n' '|')"

# errors
run none "$pw" blunders
refused none "name the suite"
grep -v '^\[Blunder' "$suite/ptw-straight-back.pwr" > untagged.pwr
run untagged "$pw" blunders untagged.pwr
refused untagged "untagged.pwr: no Blunder tag names a wrong move"
sed 's/move CAV1 g8/move CAV1 g5/' "$suite/ptw-straight-back.pwr" > illegal.pwr
run illegal "$pw" blunders illegal.pwr
refused illegal 'illegal.pwr: tag Blunder: "move CAV1 g5"'
sed 's/moving straight back: /moving straight back /' "$suite/ptw-straight-back.pwr" > nocolon.pwr
run nocolon "$pw" blunders nocolon.pwr
refused nocolon "is not CLASS: ACTION, ACTION, ..."
run cheat "$pw" blunders --players oracle "$suite"
refused cheat '"oracle" cheats'
run badtries "$pw" blunders --tries 0 "$suite"
refused badtries "--tries takes a whole number"

bad=$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:' ./*.out 2>/dev/null | tr '\n' ' ')
[ -z "$bad" ] && pass sanitizers || fail sanitizers "reports in $bad"
exit $failed
