#!/usr/bin/env bash
# Checks `pocketwar play` from the outside: scripted sessions fed through
# stdin with fixed seeds. Computer against computer to the end; a person's
# session by number and by notation, saved, then resumed and finished;
# wrong input answered and the game going on; the prompt's commands; undo;
# end of input saving, and a scripted quit keeping the game; referee mode
# typing outcomes that the record marks "entered" (several on one line, or
# a side's command, answered); hotseat; --help; and clear errors for bad
# options (a position under another scenario's name).
# Actions are chosen by their number in the listing, or by notation read
# back from the listing of the same seed, so the script holds no notation
# of its own but one refused deployment. Prints "PASS name" or
# "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_play.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac   # sessions run in a scratch folder
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export NO_COLOR=1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
limit=""; command -v timeout >/dev/null && limit="timeout 900"

# play NAME INPUT ARGS...: runs `pocketwar play ARGS` with INPUT on stdin;
# output (stdout and stderr) in NAME.out, exit status in NAME.rc.
play() {
  local name=$1 input=$2; shift 2
  printf '%s' "$input" | $limit "$pw" play "$@" > "$name.out" 2>&1
  echo $? > "$name.rc"
}
rc() { cat "$1.rc"; }
has() { grep -qF -- "$2" "$1.out"; }
# the last lines of a session, for a failure's detail
tail_of() { tail -n 4 "$1.out" | tr '\n' '|'; }
# check NAME COND...: PASS if every "text" is in NAME.out and the exit was 0
expect() {
  local name=$1; shift
  if [ "$(rc "$name")" != 0 ]; then fail "$name" "exit $(rc "$name"): $(tail_of "$name")"; return; fi
  for want in "$@"; do
    if ! has "$name" "$want"; then fail "$name" "no \"$want\" in: $(tail_of "$name")"; return; fi
  done
  pass "$name"
}
# expect_error NAME TEXT ARGS...: play ARGS fails, saying TEXT
expect_error() {
  local name=$1 want=$2; shift 2
  play "$name" "" "$@"
  if [ "$(rc "$name")" = 0 ]; then fail "$name" "exit 0; expected an error"; return; fi
  if has "$name" "$want"; then pass "$name"; else fail "$name" "no \"$want\" in: $(tail_of "$name")"; fi
}
# notation of entry N in the first listing of a session's output (listings
# are "  N. text" in columns at least three spaces apart; a chance
# outcome's "(p%)" is dropped)
nth_listed() {
  sed -nE "s/^(.*[^0-9])?$2\\. (([^ ]| [^ ])+).*/\\2/p" "$1.out" | head -n 1 |
    sed -E 's/ \([0-9.e+-]+%\)$//'
}
count() { grep -c -- "$2" "$1" 2>/dev/null || true; }

# ---- help --------------------------------------------------------------------
play help "" --help
expect help "usage: pocketwar play" "--load RECORD" "--ai NAME" "--side N" "--hotseat" \
  "--players A,B" "--referee" "--save FILE" "--no-color" "--ai-seed N" "--seed N" \
  "undo" "hint" "auto" "pocketwar-autosave-SEED.pwr" "--no-confirm"

# ---- computer against computer ------------------------------------------------
play cvc "" --players thumb,thumb --seed 21
expect cvc "Result: " "(thumb): "
if has cvc "Red>" || has cvc "Blue>"; then fail cvc-no-prompt "a prompt in a computer game"; else pass cvc-no-prompt; fi
play cvc2 "" --players random,random --seed 8
play cvc3 "" --players random,random --seed 8
if [ "$(rc cvc2)" = 0 ] && has cvc2 "Result: " && cmp -s cvc2.out cvc3.out; then pass cvc-same-seed
else fail cvc-same-seed "two random games with seed 8 differ or did not finish"; fi

# ---- the default game: welcome, a prompt, end of input saves -------------------
play start "" --seed 1
expect start "Pocket Wargame" "seed 1" "you" "computer (normal)" "type help for commands" \
  "Red> " "end of input: game saved to pocketwar-autosave-1.pwr"
if [ -s pocketwar-autosave-1.pwr ] && grep -q '^\[Seed "1"\]' pocketwar-autosave-1.pwr; then
  pass eof-autosave; else fail eof-autosave "no autosave with the seed"; fi
first=$(nth_listed start 1)
[ -n "$first" ] && pass listing || fail listing "no numbered actions in: $(tail_of start)"

# ---- a person's session: notation, numbers, save, end of input ------------------
rm -f pocketwar-autosave-1.pwr
play human "$first
1
1
save h.pwr
" --seed 1
expect human "Red: $first" "saved to h.pwr" "end of input: the game is saved in h.pwr"
n=$(count h.pwr '^P1 ')
if [ "$n" = 3 ] && grep -qxF "P1 $first" h.pwr; then pass human-record
else fail human-record "expected 3 P1 steps, the first \"$first\"; found $n"; fi
[ -e pocketwar-autosave-1.pwr ] && fail human-eof-save "an autosave beside h.pwr" || pass human-eof-save

# resumed as the record says (a person as Red), then finished by computers
play resume-seats "" --load h.pwr
expect resume-seats "Resuming h.pwr after" "you" "Red> "
play resume "" --load h.pwr --players thumb,thumb
expect resume "Resuming h.pwr after" "Result: "

# ---- wrong input: said what and where, and the game goes on ------------------------
long=$(head -c 100000 /dev/zero | tr '\0' 'x')
# (i6 is on Blue's edge of the default scenario: Red may not deploy there)
play wrong "999
mvoe
$long
1
deploy LI i6
1
" --seed 1
expect wrong "no action 999: choose 1-" "cannot parse \"mvoe\": " "cannot parse \"xxxxxxxx" \
  "cannot play \"deploy LI i6\": i6 is not in Red's deployment area"
if [ "$(count wrong.out '^Red: ')" = 2 ]; then pass wrong-goes-on
else fail wrong-goes-on "expected 2 steps by Red after the wrong input"; fi

# ---- commands ----------------------------------------------------------------------
play commands "help
list
board
json
hint
auto
" --seed 1
expect commands "take back to your previous decision" "Red, choose one of" "%" \
  "Red (auto): " "{"
play undo "1
undo
save u.pwr
" --seed 1
expect undo "took back" "saved to u.pwr"
[ "$(count u.pwr '^P1 ')" = 0 ] && pass undo-record || fail undo-record "Red's step still in the record"
play undo-none "undo
" --seed 1
expect undo-none "nothing to take back"

# --save keeps the record after every step; a scripted quit keeps the game as end of
# input does (nobody is there to answer "save?"), and a quit with nothing unsaved writes nothing
play save-every "1
" --seed 1 --save s.pwr
expect save-every "saved to s.pwr after every step" "the game is saved in s.pwr"
[ "$(count s.pwr '^P1 ')" = 1 ] && pass save-every-record || fail save-every-record "no P1 step in s.pwr"
rm -f pocketwar-autosave-1.pwr
play quit "1
quit
" --seed 1
expect quit "quit: game saved to pocketwar-autosave-1.pwr; resume with: pocketwar play --load"
[ "$(count pocketwar-autosave-1.pwr '^P1 ')" = 1 ] && pass quit-kept ||
  fail quit-kept "the autosave holds $(count pocketwar-autosave-1.pwr '^P1 ') of Red's 1 step"
play quit-resume "1
" --load pocketwar-autosave-1.pwr
[ "$(count pocketwar-autosave-1.pwr '^P1 ')" = 2 ] && pass quit-resumed ||
  fail quit-resumed "$(tail_of quit-resume)"
files=$(ls)
play quit-at-once "quit
" --load pocketwar-autosave-1.pwr
expect quit-at-once "The game is saved in pocketwar-autosave-1.pwr."
[ "$(ls | grep -v '^quit-at-once\.')" = "$files" ] && pass quit-at-once-no-file ||
  fail quit-at-once-no-file "a new file: $(ls | grep -v '^quit-at-once\.' | diff - <(echo "$files"))"
rm -f pocketwar-autosave-1*.pwr

# ---- referee mode: outcomes typed in are recorded as entered -------------------------
play ref0 "" --referee --players thumb,thumb --seed 4
outcome=$(nth_listed ref0 1)
[ -n "$outcome" ] && has ref0 "chance> " && pass referee-prompt || fail referee-prompt "no outcomes listed: $(tail_of ref0)"
# several outcomes on one line are refused by saying "one per line"; a side's commands
# at a chance prompt say where they apply; nothing changes the game
outcome2=$(nth_listed ref0 2)
play referee-several "$outcome $outcome2
hint
auto
odds 1
list odds
" --referee --players thumb,thumb --seed 4
expect referee-several "one outcome per line: enter \"$outcome\" now" \
  "hint applies only when a side decides" "auto applies only when a side decides" \
  "odds applies only when a side decides" "list odds applies only when a side decides"
if has referee-several "chance (entered)" || has referee-several "cannot parse"; then
  fail referee-several-nothing "$(grep -m1 'entered\|cannot parse' referee-several.out)"
else pass referee-several-nothing; fi
play referee "99
$outcome
2
roll
" --referee --players thumb,thumb --seed 4 --save r.pwr
expect referee "no outcome 99: choose 1-" "chance (entered): $outcome" "chance: "
n=$(count r.pwr '^entered ')
if [ "$n" = 2 ] && grep -qF "entered $outcome" r.pwr && [ "$(count r.pwr '^chance ')" = 1 ]; then
  pass referee-record; else fail referee-record "expected 2 entered steps and 1 drawn; $n entered"; fi
# `roll all` draws the rest of a run of outcomes (here the deal) until a side decides
play referee-roll-all "1
roll all
" --referee --players thumb,thumb --seed 4 --save r2.pwr
expect referee-roll-all "chance: " "(thumb): "
if [ "$(count r2.pwr '^entered ')" = 1 ] && [ "$(count r2.pwr '^chance ')" -gt 1 ]; then
  pass referee-roll-all-record; else fail referee-roll-all-record "$(count r2.pwr '^chance ') drawn"; fi
play referee-resume "" --load r.pwr --players thumb,thumb
expect referee-resume "Result: "

# ---- hotseat ---------------------------------------------------------------------------
play hotseat "1
1
1
1
1
1
" --hotseat --seed 3
expect hotseat "a person" "Red> " "Blue> " "Red: " "Blue: "

# ---- bad options -------------------------------------------------------------------------
expect_error bad-option 'unknown option "--bogus"' --bogus
expect_error bad-ai 'no computer player named "genius"' --ai genius
expect_error bad-players-ai 'no computer player named "genius"' --players human,genius
expect_error bad-players-count 'names 1 seat, but this game has' --players human
expect_error bad-side '--side takes' --side 9
expect_error bad-load 'cannot open record' --load none.pwr
expect_error load-and-seed '--seed cannot go with --load' --load h.pwr --seed 3
expect_error hotseat-and-ai '--hotseat seats people everywhere' --hotseat --ai random
expect_error bad-save '--save: cannot write' --save no/such/folder/x.pwr
# a file that cannot be written: could not (1), as battle --record
[ "$(rc bad-save)" = 1 ] && pass bad-save-status || fail bad-save-status "exit $(rc bad-save)"
# a position of one scenario is not played under another's name
"$pw" battle --players random,random --seed 2 --record pos.pwr --quiet > /dev/null
"$pw" state pos.pwr --to 30 > pos.json
expect_error position-scenario \
  'the position: it is of scenario meeting, but --scenario names crossroads' \
  --position pos.json --scenario crossroads
play position-same-scenario "" --position pos.json --scenario meeting
expect position-same-scenario "scenario meeting"

# ---- the sanitizers saw nothing ----------------------------------------------------------
bad=$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:' ./*.out 2>/dev/null | tr '\n' ' ')
[ -z "$bad" ] && pass sanitizers || fail sanitizers "reports in $bad"
exit $failed
