#!/usr/bin/env bash
# Checks untrusted input from the outside: seeds that are not plain whole
# numbers below 2^64, a tournament too large to hold, a long non-ASCII name
# in a mirror match's JSON, the protocol's long requests and ids, and which
# files a protocol request may name (shipped data only unless the engine was
# started with --allow-files).
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_input.sh [path/to/pocketwar]
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
expect_error() { # name, expected text, command...
  local name=$1 want=$2; shift 2
  if out=$("$@" 2>&1); then fail "$name" "succeeded; expected an error"; return; fi
  if printf '%s' "$out" | grep -qF -- "$want"; then pass "$name"; else fail "$name" "got: $(printf '%s' "$out" | tail -2)"; fi
}
# engine NAME [ARGS]: runs the engine on NAME.in into NAME.out
engine() { "$pw" engine "${@:2}" < "$1.in" > "$1.out" 2> "$1.err"; }
# reply NAME ID: the reply to request ID
reply() { awk -v id="$2" 'BEGIN{on=0} on && /^$/ {exit} $0 ~ "^[=?]" id "( |$)" {on=1} on {print}' "$1.out"; }
has() { # name, session, id, text: the reply holds text
  if reply "$2" "$3" | grep -qF -- "$4"; then pass "$1"; else fail "$1" "reply: $(reply "$2" "$3" | head -2)"; fi
}

# ---- seeds -----------------------------------------------------------------------
for s in ' -1' '-1' '+1' '18446744073709551616' '99999999999999999999999'; do
  expect_error "seed-'$s'" "--seed takes a whole number from 0 to 18446744073709551615" \
    "$pw" battle --seed "$s" --quiet
done
"$pw" battle --seed 18446744073709551615 --players random,random --quiet > top.out 2>&1 &&
  pass seed-top || fail seed-top "$(tail -1 top.out)"

# ---- a tournament too large to hold --------------------------------------------------
players=$(for i in $(seq 64); do printf 'random,'; done); players=${players%,}
expect_error tournament-too-large "with --games 1000000 that is 2016000000 games, more than the 1000000" \
  "$pw" tournament --players "$players" --games 1000000 --quiet

# ---- a mirror match whose faction has a long non-ASCII name --------------------------
fac="${POCKETWAR_DATA:-$root/data}/pocket-battles/factions/elves.json"
# 36 bytes + "é" + "z": cut to 36 for " 1", which once split the "é"
sed 's/"name": *"[^"]*"/"name": "Elves of the long and winding name.\\u00e9z"/' "$fac" > longfac.json
cat > mirror.json <<'JSON'
{"rules": "pocket-battles", "name": "mirror", "size": 50, "players": [
 {"faction": "longfac.json", "army": {"faction": "longfac.json", "units": [["ELV13"]]}},
 {"faction": "longfac.json", "army": {"faction": "longfac.json", "units": [["ELV13"]]}}]}
JSON
if "$pw" battle --rules pocket-battles --scenario mirror.json --seed 3 --players random,random \
     --record mirror.pwr --quiet > mirror.out 2>&1; then
  if "$pw" legal mirror.pwr --to 3 --json > legal.json 2>&1 && grep -q '"to_act"' legal.json; then
    pass mirror-legal-json; else fail mirror-legal-json "$(head -c 300 legal.json)"; fi
  if "$pw" state mirror.pwr --to 3 > state.json 2>&1 &&
     grep -q '"name": "Elves of the long and winding name. 2"' state.json; then
    pass mirror-state-names; else fail mirror-state-names "no whole side name in the state"; fi
else
  fail mirror-battle "$(tail -2 mirror.out)"
fi

# ---- the protocol: long requests and ids, seeds --------------------------------------------
words=$(for i in $(seq 300); do printf 'jokers=true '; done)
id=123456789012345678901234567890123456789
cat > long.in <<IN
1 new pocket-wargame meeting $words seed=x
$id name
2 new pocket-wargame meeting seed=99999999999999999999999
3 new pocket-wargame meeting seed=-1
IN
engine long
has proto-word-301 long 1 'seed takes a whole number'   # word 302 is read (and refused)
if grep -q "^=$id pocketwar" long.out; then pass proto-long-id; else fail proto-long-id "$(grep pocketwar long.out)"; fi
has proto-seed-huge long 2 "seed takes a whole number from 0 to 18446744073709551615"
has proto-seed-negative long 3 "seed takes a whole number from 0 to 18446744073709551615"

# ---- the protocol: files -------------------------------------------------------------------
printf '{"options": {}}\n' > v.json
cat > files.in <<IN
1 new pocket-wargame $PWD/mirror.json seed=1
2 new pocket-wargame meeting variant=$PWD/v.json
3 new pocket-battles elves-vs-orcs-50 army1=/etc/passwd
4 new pocket-wargame meeting seed=1
5 save g.pwr
6 load /etc/passwd
7 new pocket-wargame /etc/passwd
IN
engine files
for i in 1 2 6 7; do has "proto-files-$i" files $i "start it with --allow-files"; done
has proto-files-option files 3 '"/etc/passwd" names a file'
has proto-files-save files 5 "start it with --allow-files"
[ ! -e g.pwr ] && pass proto-no-save || fail proto-no-save "g.pwr written"
engine files --allow-files
has proto-allowed-variant files 2 "seed"
has proto-allowed-load files 6 "the header needs Rules"
if reply files 7 | grep -q "root"; then fail proto-no-echo "the error quotes the file"
else has proto-no-echo files 7 "/etc/passwd:1:"; fi

bad=$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:' ./*.out ./*.err 2>/dev/null | tr '\n' ' ')
[ -z "$bad" ] && pass sanitizers || fail sanitizers "reports in $bad"
exit $failed
