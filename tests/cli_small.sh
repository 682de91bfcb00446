#!/usr/bin/env bash
# Checks the small things a new user meets: "did you mean" for a mistyped
# command (pocketwar's own and play's prompt commands, not for notation
# with a wrong argument), `battle --no-color` on a terminal, notation
# refusals listing only what a player may type, English in output (plural
# side names, "1 step"), and `engine`'s one-line greeting.
# Prints "PASS name" or "FAIL name: why"; exits 1 if any failed.
# Usage: tests/cli_small.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export NO_COLOR=
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
# check NAME FILE TEXT...: every TEXT is in FILE
check() {
  local name=$1 file=$2; shift 2
  for want in "$@"; do
    grep -qF -- "$want" "$file" || { fail "$name" "no \"$want\" in: $(tail -3 "$file" | tr '\n' '|')"; return; }
  done
  pass "$name"
}

# ---- did you mean ----------------------------------------------------------------
"$pw" plya > top.out 2>&1; echo $? > top.rc
if [ "$(cat top.rc)" = 2 ]; then check top-did-you-mean top.out 'no command "plya"; did you mean "play"?'
else fail top-did-you-mean "exit $(cat top.rc)"; fi
"$pw" frobnicate > top2.out 2>&1
if grep -q "did you mean" top2.out; then fail top-no-guess "a guess for a word like no command"
else check top-no-guess top2.out 'no command "frobnicate"' "commands:"; fi
printf 'hlep\nqiut\nsvae x.pwr\nmvoe HI1 c2\nmove HI1 zz\n' |
  "$pw" play --seed 1 --save p.pwr --no-color > prompt.out 2>&1
check prompt-did-you-mean prompt.out 'no command or action "hlep"; did you mean "help"?' \
  'did you mean "quit"?' 'did you mean "save"?'
# a word of notation with a wrong argument is about the notation, not a command
if grep -q '"move HI1 zz"; did you mean' prompt.out; then fail prompt-notation-no-guess "guessed"
else check prompt-notation-no-guess prompt.out 'cannot parse "move HI1 zz"'; fi
# a misspelt action word: the refusal lists what a player may type, no chance outcome
check notation-player-words prompt.out 'cannot parse "mvoe HI1 c2": expected an action (deploy, move, shoot, end'
if grep 'cannot parse "mvoe' prompt.out | grep -qE '\b(deal|toss|first)\b'; then
  fail notation-no-chance "chance outcomes listed to a player"; else pass notation-no-chance; fi

# ---- battle --no-color on a terminal ---------------------------------------------------
if command -v script > /dev/null; then
  script -qc "'$pw' battle --seed 1 --board --quiet" /dev/null > col.out 2>&1
  script -qc "'$pw' battle --seed 1 --board --quiet --no-color" /dev/null > nocol.out 2>&1
  if grep -q $'\033' col.out && ! grep -q $'\033' nocol.out && grep -q "Result: " nocol.out; then
    pass battle-no-color; else fail battle-no-color "colour on a terminal, none with --no-color"; fi
else
  "$pw" battle --seed 1 --board --quiet --no-color > nocol.out 2>&1
  check battle-no-color nocol.out "Result: "
fi
"$pw" battle --help > bh.out; check battle-help bh.out "--no-color"

# ---- English --------------------------------------------------------------------------
"$pw" battle --rules pocket-battles --seed 1 --quiet > pb.out 2>&1
if grep -qE "^Result: (Orcs|Elves) win: " pb.out && ! grep -qE "(Orcs|Elves) wins|Elves's|Orcs's" pb.out
then pass plural-sides; else fail plural-sides "$(cat pb.out)"; fi
"$pw" battle --rules pocket-battles --seed 1 --record pb.pwr --quiet > /dev/null
{ sed -n '/^\[/p' pb.pwr | sed 's/^\[Result .*/[Result "*"]/'; echo
  grep '^\(P[0-9]\|chance\|entered\) ' pb.pwr | head -n 1; } > one.pwr
"$pw" replay one.pwr --final > rep1.out 2>&1
check one-step rep1.out ": 1 step, all legal"

# ---- engine's greeting -----------------------------------------------------------------
echo quit | "$pw" engine > eng.out 2> eng.err
if [ "$(wc -l < eng.err)" = 1 ] && grep -q "type help for the commands" eng.err &&
   ! grep -q "type help" eng.out; then pass engine-greeting; else fail engine-greeting "$(cat eng.err)"; fi

bad=$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:' ./*.out ./*.err 2>/dev/null | tr '\n' ' ')
[ -z "$bad" ] && pass sanitizers || fail sanitizers "reports in $bad"
exit $failed
