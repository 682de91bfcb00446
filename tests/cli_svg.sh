#!/usr/bin/env bash
# Checks `pocketwar svg` from the outside: --help, a drawing of each rule
# set's position that libxml2's xmllint reads, a side's view, -o, the
# actions with their elements as JSON, and clear errors for bad input.
# Usage: tests/cli_svg.sh [path/to/pocketwar]
set -u
pw=${1:-build/san/pocketwar}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
expect_error() { # name, expected text, command...
  local name=$1 want=$2; shift 2
  if out=$("$@" 2>&1); then fail "$name" "succeeded; expected an error"; return; fi
  if printf '%s' "$out" | grep -qF -- "$want"; then pass "$name"; else fail "$name" "got: $(printf '%s' "$out" | tail -2)"; fi
}

if "$pw" svg --help | grep -q "usage: pocketwar svg"; then pass svg-help; else fail svg-help "no usage line"; fi

# a step where units stand on the board and the game goes on
for rs in pocket-wargame:90 portable-wargame:90 pocket-battles:40; do
  r=${rs%%:*} n=${rs##*:}
  "$pw" battle --rules "$r" --seed 4 --players random,random --quiet --record "$tmp/$r.pwr" >/dev/null 2>&1 \
    || { fail "svg-$r" "battle failed"; continue; }
  if "$pw" svg "$tmp/$r.pwr" --to "$n" > "$tmp/$r.svg" && xmllint --noout "$tmp/$r.svg" 2>"$tmp/err" \
     && [ ! -s "$tmp/err" ] && grep -q 'viewBox=' "$tmp/$r.svg" && grep -q ' id="u-' "$tmp/$r.svg"; then
    pass "svg-$r"; else fail "svg-$r" "$(head -3 "$tmp/err")"; fi
  if "$pw" svg "$tmp/$r.pwr" --to "$n" --view 2 -o "$tmp/$r-2.svg" && xmllint --noout "$tmp/$r-2.svg"; then
    pass "svg-view-$r"; else fail "svg-view-$r" "no side 2 drawing written"; fi
  "$pw" svg "$tmp/$r.pwr" --to "$n" --actions --json > "$tmp/$r.json"
  if grep -q '"elements": \[' "$tmp/$r.json" && grep -q '"changed": \[' "$tmp/$r.json"; then
    pass "svg-actions-$r"; else fail "svg-actions-$r" "$(head -5 "$tmp/$r.json")"; fi
  # every element an action names is in the drawing of the same position
  missing=$(grep -o '"[a-z]*-[A-Za-z0-9_-]*"' "$tmp/$r.json" | tr -d '"' | sort -u | grep -E '^(u|p|k|t|f|dir)-' |
            while read -r id; do grep -q " id=\"$id\"" "$tmp/$r.svg" || echo "$id"; done)
  if [ -z "$missing" ]; then pass "svg-elements-drawn-$r"; else fail "svg-elements-drawn-$r" "$missing"; fi
done

expect_error svg-no-record 'give one record file' "$pw" svg
expect_error svg-missing-file 'nope.pwr' "$pw" svg "$tmp/nope.pwr"
expect_error svg-bad-view 'the game has 2 sides' "$pw" svg "$tmp/pocket-wargame.pwr" --view 3
expect_error svg-to-beyond 'pocketwar svg: --to 100000000: the record has only' \
  "$pw" svg "$tmp/pocket-wargame.pwr" --to 100000000
expect_error svg-actions-alone '--actions and --json go together' "$pw" svg "$tmp/pocket-wargame.pwr" --actions
# the options as every command takes them: ranges, unknown options, the short -o
expect_error svg-view-range '--view takes a whole number from 1 to 4, not "9"' \
  "$pw" svg "$tmp/pocket-wargame.pwr" --view 9
expect_error svg-unknown-option 'pocketwar svg: unknown option "--bogus" (see --help)' "$pw" svg "$tmp/pocket-wargame.pwr" --bogus
if "$pw" svg --help | grep -q -- '^  -o, --output FILE   write the SVG to FILE'; then pass svg-help-short-form
else fail svg-help-short-form "$("$pw" svg --help | grep -- --output)"; fi
