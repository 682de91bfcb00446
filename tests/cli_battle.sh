#!/usr/bin/env bash
# Checks that `pocketwar battle --record FILE` looks at FILE before the
# game and never replaces another game's record unasked: a folder that does
# not exist, a folder given as FILE, a file holding something else (another
# battle's record, notes) are refused at once with exit status 1 and the file
# left as it was; the same battle run again replaces its own record; --force
# replaces anything. Prints "PASS name" or "FAIL name: why"; exits 1 if any
# failed. Usage: tests/cli_battle.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export NO_COLOR=1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }

# battle NAME ARGS...: output in NAME.out, exit status in NAME.rc
battle() {
  local name=$1; shift
  "$pw" battle --players random,random "$@" > "$name.out" 2>&1
  echo $? > "$name.rc"
}
rc() { cat "$1.rc"; }
has() { grep -qF -- "$2" "$1.out"; }
tail_of() { tail -n 3 "$1.out" | tr '\n' '|'; }
# refused NAME TEXT: exit 1, TEXT said, and no game played (no result told)
refused() {
  if [ "$(rc "$1")" = 1 ] && has "$1" "$2" && ! has "$1" "Result: "; then pass "$1"
  else fail "$1" "exit $(rc "$1"): $(tail_of "$1")"; fi
}

battle nodir --seed 1 --record nodir/x.pwr
refused nodir "pocketwar battle: --record: cannot write nodir/x.pwr: no folder nodir"
[ ! -e nodir ] && pass nodir-nothing-made || fail nodir-nothing-made "nodir was made"
mkdir folder
battle folder --seed 1 --record folder
refused folder "--record: folder is a folder; give a file name"

battle first --seed 99 --record keep.pwr
if [ "$(rc first)" = 0 ] && has first "record written to keep.pwr" &&
   grep -q '^\[Seed "99"\]' keep.pwr; then pass first-record
else fail first-record "exit $(rc first): $(tail_of first)"; fi
sum=$(cksum < keep.pwr)
battle other --seed 98 --record keep.pwr
refused other "--record: keep.pwr already exists and holds something else (another game?); \
give another name, or add --force to replace it"
[ "$(cksum < keep.pwr)" = "$sum" ] && pass other-kept || fail other-kept "keep.pwr changed"
# another battle differing only in its players is another game too
battle other-players --seed 99 --players random,thumb --record keep.pwr
refused other-players "keep.pwr already exists"
echo "notes, not a game" > notes.txt
battle notes --seed 99 --record notes.txt
refused notes "notes.txt already exists"
grep -qx 'notes, not a game' notes.txt && pass notes-kept || fail notes-kept "notes.txt changed"

# the same battle again: its own record is replaced by the same game
battle again --seed 99 --record keep.pwr
if [ "$(rc again)" = 0 ] && has again "record written to keep.pwr" &&
   [ "$(cksum < keep.pwr)" = "$sum" ]; then pass same-battle-again
else fail same-battle-again "exit $(rc again): $(tail_of again)"; fi
# --force replaces another game's record
battle forced --seed 98 --record keep.pwr --force
if [ "$(rc forced)" = 0 ] && grep -q '^\[Seed "98"\]' keep.pwr; then pass force-replaces
else fail force-replaces "exit $(rc forced): $(tail_of forced)"; fi
"$pw" battle --help > help.out 2>&1
has help "--force" && has help "checked before the game starts" && pass help-says ||
  fail help-says "battle --help says nothing of --force"

bad=$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:' ./*.out 2>/dev/null | tr '\n' ' ')
[ -z "$bad" ] && pass sanitizers || fail sanitizers "reports in $bad"
exit $failed
