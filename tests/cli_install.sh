#!/usr/bin/env bash
# Checks `make install`: into a scratch PREFIX, the program lands in
# PREFIX/bin and its data in PREFIX/share/pocketwar, the installed program
# reads that data (not the source tree's) from any folder, and
# `make uninstall` takes both away. Prints "PASS name" or "FAIL name: why".
# Usage: tests/cli_install.sh   (from the source tree; the argument is ignored)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
unset POCKETWAR_DATA MAKEFLAGS MFLAGS

prefix="$tmp/usr"
if make -s -C "$root" install PREFIX="$prefix" > "$tmp/install.out" 2>&1; then pass install
else fail install "$(tail -3 "$tmp/install.out" | tr '\n' '|')"; fi
[ -x "$prefix/bin/pocketwar" ] && [ -f "$prefix/share/pocketwar/pocket-wargame/scenarios/meeting.json" ] &&
  pass install-files || fail install-files "no program or no data under $prefix"
# the installed program finds the installed data, from any folder: hide the source tree's
# copy from it by giving it a scenario that exists only in the installed data
cp "$prefix/share/pocketwar/pocket-wargame/scenarios/meeting.json" \
   "$prefix/share/pocketwar/pocket-wargame/scenarios/only-installed.json"
out=$(cd "$tmp" && "$prefix/bin/pocketwar" battle --scenario only-installed --seed 1 --quiet 2>&1)
case "$out" in *"Result: "*) pass installed-data ;; *) fail installed-data "$out" ;; esac
if make -s -C "$root" uninstall PREFIX="$prefix" > /dev/null 2>&1 && [ ! -e "$prefix/bin/pocketwar" ] &&
   [ ! -e "$prefix/share/pocketwar" ]; then pass uninstall; else fail uninstall "files left"; fi
exit $failed
