#!/usr/bin/env bash
# Checks that `pocketwar play` never loses a game and says where it is:
# --save then `save B.pwr` (the game goes on in B.pwr, and every message
# names B.pwr), end of input and Ctrl-C, autosaves named per game and never
# replacing another file, a resumed game saved back to its own file, a
# battle's record resumed (the person takes the side to move),
# --save or `save FILE` onto a file holding something else; records cut
# short (a warning, the steps replay), --to beyond a record's end, a folder
# given as a record. Then the phases in all three rule sets: ending a phase
# while a unit could still shoot or attack asks first (and --no-confirm /
# `set confirm off` stop the question), and a phase that ends by itself is
# said in one line. Positions are found by scanning a computer game's
# record through the engine protocol, so the script holds no notation.
# Prints "PASS name" or "FAIL name: why"; exits 1 if any failed.
# Usage: tests/cli_saves.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
tmp=$(mktemp -d); [ -n "${KEEP:-}" ] && echo "kept in $tmp"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export NO_COLOR=1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
limit=""; command -v timeout >/dev/null && limit="timeout 600"

play() {
  local name=$1 input=$2; shift 2
  printf '%s' "$input" | $limit "$pw" play "$@" > "$name.out" 2>&1
  echo $? > "$name.rc"
}
rc() { cat "$1.rc"; }
has() { grep -qF -- "$2" "$1.out"; }
tail_of() { tail -n 4 "$1.out" | tr '\n' '|'; }
expect() {
  local name=$1; shift
  if [ "$(rc "$name")" != 0 ]; then fail "$name" "exit $(rc "$name"): $(tail_of "$name")"; return; fi
  for want in "$@"; do
    if ! has "$name" "$want"; then fail "$name" "no \"$want\" in: $(tail_of "$name")"; return; fi
  done
  pass "$name"
}
steps() { grep -c '^\(P[0-9]\|chance\|entered\) ' "$1"; }
p1() { grep -c '^P1 ' "$1"; }

# ---- --save A.pwr, then save B.pwr, then more steps and quit -------------------------
play ab "1
save B.pwr
1
1
quit
" --seed 5 --save A.pwr
expect ab "saved to B.pwr" "goes on saving there after every step" "The game is saved in B.pwr."
if [ "$(p1 B.pwr)" = 3 ] && [ "$(p1 A.pwr)" = 1 ]; then pass ab-whole-game-in-b
else fail ab-whole-game-in-b "B.pwr has $(p1 B.pwr) steps of Red's, A.pwr $(p1 A.pwr)"; fi
if grep -q 'saved in A.pwr\|saved to A.pwr;' ab.out; then fail ab-no-a "a message names A.pwr"; else pass ab-no-a; fi
# end of input after save B.pwr: B.pwr holds it all and is the file named
play ab-eof "1
save B2.pwr
1
" --seed 5 --save A2.pwr
expect ab-eof "end of input: the game is saved in B2.pwr"
[ "$(p1 B2.pwr)" = 2 ] && pass ab-eof-record || fail ab-eof-record "B2.pwr has $(p1 B2.pwr) of Red's 2 steps"

# ---- autosaves: one per game, never replacing another ---------------------------------
play auto1 "1
" --seed 7
expect auto1 "end of input: game saved to pocketwar-autosave-7.pwr"
sum1=$(cksum < pocketwar-autosave-7.pwr)
play auto2 "1
1
" --seed 7
expect auto2 "end of input: game saved to pocketwar-autosave-7-2.pwr"
if [ "$(cksum < pocketwar-autosave-7.pwr)" = "$sum1" ] && [ "$(p1 pocketwar-autosave-7-2.pwr)" = 2 ]
then pass autosave-kept; else fail autosave-kept "the first game's autosave changed"; fi

# ---- a resumed game is saved back to its own file ------------------------------------
play resume "1
" --load pocketwar-autosave-7.pwr
expect resume "Resuming pocketwar-autosave-7.pwr" \
  "end of input: the game is saved in pocketwar-autosave-7.pwr"
if [ "$(p1 pocketwar-autosave-7.pwr)" = 2 ] && [ ! -e pocketwar-autosave-7-3.pwr ]; then
  pass resume-saved-back; else fail resume-saved-back "$(p1 pocketwar-autosave-7.pwr) steps of Red's"; fi
play resume-save "save
" --load pocketwar-autosave-7.pwr
expect resume-save "saved to pocketwar-autosave-7.pwr"

# ---- a battle's record resumed: the person takes the side to move -------------------------
# (cut mid-line, as a broken download leaves it); it never plays on by itself, and a quit
# before any step leaves the file as it was
"$pw" battle --seed 42 --record b42.pwr --quiet > /dev/null
head -c 3000 b42.pwr > cut42.pwr
sum42=$(cksum < cut42.pwr)
play battle-load "quit
" --load cut42.pwr
side=$(sed -n 's/.*you take \([A-Za-z]*\), the side to move.*/\1/p' battle-load.out)
if [ "$(rc battle-load)" = 0 ] && [ -n "$side" ] && has battle-load "$side> " &&
   ! has battle-load "Result: " && [ "$(cksum < cut42.pwr)" = "$sum42" ]; then
  pass battle-load-person
else fail battle-load-person "exit $(rc battle-load), side \"$side\": $(tail_of battle-load)"; fi
# with a referee at the table the computers keep their seats (on a copy: it plays on)
cp cut42.pwr ref42.pwr
play battle-load-referee "quit
" --load ref42.pwr --referee
if has battle-load-referee "chance> " && ! has battle-load-referee "you take"; then
  pass battle-load-referee; else fail battle-load-referee "$(tail_of battle-load-referee)"; fi
# one step of the person's, then end of input: saved back to the file, the seat a person's
k=$(sed -n "s/^\[P\([0-9]\) \"$side: thumb\"\]/\1/p" cut42.pwr)
n42=$(head -n "$(wc -l < cut42.pwr)" cut42.pwr | grep -c "^P$k ")   # whole lines only
play battle-load-step "1
" --load cut42.pwr
if [ -n "$k" ] && has battle-load-step "end of input: the game is saved in cut42.pwr" &&
   [ "$(grep -c "^P$k " cut42.pwr)" = $((n42 + 1)) ] &&
   grep -q "^\[P$k \"$side: human\"\]" cut42.pwr &&
   [ "$(grep -c '^\[Result "\*"\]' cut42.pwr)" = 1 ]; then pass battle-load-saved-back
else fail battle-load-saved-back "P$k: $(grep -c "^P$k " cut42.pwr) steps (had $n42): $(tail_of battle-load-step)"; fi

# ---- Ctrl-C ------------------------------------------------------------------------------
mkfifo feed
$limit "$pw" play --seed 8 < feed > intr.out 2>&1 &
pid=$!
exec 3> feed
echo 1 >&3
for _ in $(seq 1 200); do [ "$(grep -c 'Red> ' intr.out)" -ge 2 ] && break; sleep 0.1; done
kill -INT "$pid"
wait "$pid"; echo $? > intr.rc
exec 3>&-
if [ "$(rc intr)" = 130 ] && has intr "interrupted: game saved to pocketwar-autosave-8.pwr" &&
   [ "$(p1 pocketwar-autosave-8.pwr)" = 1 ]; then pass ctrl-c
else fail ctrl-c "exit $(rc intr): $(tail_of intr)"; fi

# ---- no save replaces another file unasked ----------------------------------------------
echo "notes, not a game" > other.txt
play save-over "" --seed 9 --save other.txt
if [ "$(rc save-over)" != 0 ] && has save-over "other.txt already exists" &&
   grep -q 'notes, not a game' other.txt; then pass save-option-existing
else fail save-option-existing "exit $(rc save-over): $(tail_of save-over)"; fi
play save-ask "1
save other.txt
n
save other.txt
y
" --seed 9
expect save-ask "other.txt already exists and holds something else" \
  "not saved: other.txt is left as it was" "saved to other.txt (" 
[ "$(p1 other.txt)" = 1 ] && pass save-ask-replaced || fail save-ask-replaced "other.txt not the game"
mkdir folder
play save-folder "save folder
" --seed 9
expect save-folder "folder is a folder"

# ---- records cut short, --to beyond the end, folders --------------------------------------
"$pw" battle --players random,random --seed 3 --record full.pwr --quiet > /dev/null
n=$(steps full.pwr)
{ sed -n '/^\[/p' full.pwr; echo; grep '^\(P[0-9]\|chance\|entered\) ' full.pwr | head -n 80; } > cut.pwr
"$pw" replay cut.pwr --final > cut.out 2>&1; echo $? > cut.rc
expect cut "warning: cut.pwr: the Result tag says" "stops after 80 steps, before the end" \
  "seems cut short" "80 steps, all legal"
# the last line cut off in the middle, as a broken download leaves it
head -c $(( $(head -n "$(( $(grep -n '^$' full.pwr | head -1 | cut -d: -f1) + 81 ))" full.pwr | wc -c) - 3 )) full.pwr > cut2.pwr
"$pw" replay cut2.pwr --final > cut2.out 2>&1; echo $? > cut2.rc
expect cut2 "stops after 80 steps" "is cut off and was left out"
play cut-resume "" --load cut.pwr --players random,random --save cut-done.pwr
expect cut-resume "Resuming cut.pwr after 80 steps" "Result: "
"$pw" replay full.pwr --to $((n + 5)) > to.out 2>&1; echo $? > to.rc
if [ "$(rc to)" = 2 ] && has to "--to $((n + 5)): the record has only $n steps"; then pass to-beyond
else fail to-beyond "$(tail_of to)"; fi
# a --to past the record's end is a wrong command line: exit status 2, as for any bad option
for c in state legal hint; do
  "$pw" $c full.pwr --to 100000 > to-$c.out 2>&1; echo $? > to-$c.rc
  if [ "$(rc to-$c)" = 2 ] && has to-$c "the record has only $n steps"; then pass to-beyond-$c
  else fail to-beyond-$c "$(tail_of to-$c)"; fi
done
"$pw" replay folder > dir.out 2>&1; echo $? > dir.rc
if [ "$(rc dir)" != 0 ] && has dir "folder is a folder, not a record"; then pass folder-record
else fail folder-record "$(tail_of dir)"; fi
play dir-load "" --load folder
has dir-load "folder is a folder, not a record" && pass folder-load || fail folder-load "$(tail_of dir-load)"
play dir-save "" --seed 1 --save folder
if [ "$(rc dir-save)" = 1 ] && has dir-save "--save: folder is a folder"; then pass folder-save
else fail folder-save "exit $(rc dir-save): $(tail_of dir-save)"; fi

# ---- phases: confirm before giving up a shot or an attack; phases that end by themselves ----
# first N where side 1 decides (its status matches $3) with an action matching $4 listed;
# the record's first N steps are written to $2 (Result "*"), and the action to $2.act
find_position() {
  local rec=$1 out=$2 status=$3 want=$4 k
  local total; total=$(steps "$rec")
  { echo "load $rec"; for k in $(seq "$total" -1 0); do echo "$k status"; echo "$k legal"; echo "undo 1"; done; } |
    "$pw" engine --allow-files > scan.txt 2>&1
  k=$(awk -v st="$status" -v want="$want" '
        /^=[0-9]+ / { id = substr($1, 2); line = substr($0, length($1) + 2) } !/^=/ { line = $0 }
        { if (index(line, st)) ok[id] = 1; else if (ok[id] && line ~ want && !(id in act)) act[id] = line }
        END { best = -1; for (i in act) if (best < 0 || i + 0 < best) best = i + 0; print best " " act[best] }' scan.txt)
  [ "${k%% *}" -ge 0 ] 2>/dev/null || return 1
  { sed -n '/^\[/p' "$rec" | sed 's/^\[Result .*/[Result "*"]/'; echo
    grep '^\(P[0-9]\|chance\|entered\) ' "$rec" | head -n "${k%% *}"; } > "$out"
  echo "${k#* }" > "$out.act"
}
# rules, scenario-less battle seed, status of side 1's own phase, a forgone action, the ending word
check_phase() {
  local tag=$1 rules=$2 seed=$3 status=$4 want=$5 end=$6 name=$7
  "$pw" battle --rules "$rules" --players random,random --seed "$seed" --record "$tag.pwr" --quiet > /dev/null
  if ! find_position "$tag.pwr" "$tag-at.pwr" "$status" "$want"; then
    fail "$tag-position" "no position with \"$status\" and $want in the game"; return; fi
  play "$tag-confirm" "$end
n
$end
y
" --load "$tag-at.pwr" --players human,random --save "$tag-1.pwr"
  expect "$tag-confirm" "can still" "anyway? [y/n]" "not played (set confirm off stops this question)" \
    "$name: $end"
  play "$tag-no-confirm" "$end
" --load "$tag-at.pwr" --players human,random --save "$tag-2.pwr" --no-confirm
  if [ "$(rc "$tag-no-confirm")" = 0 ] && has "$tag-no-confirm" "$name: $end" &&
     ! has "$tag-no-confirm" "anyway?"; then pass "$tag-no-confirm"
  else fail "$tag-no-confirm" "$(tail_of "$tag-no-confirm")"; fi
  play "$tag-set-off" "set confirm off
$end
" --load "$tag-at.pwr" --players human,random --save "$tag-3.pwr"
  if has "$tag-set-off" "confirm off" && has "$tag-set-off" "$name: $end" &&
     ! has "$tag-set-off" "anyway?"; then pass "$tag-set-off"
  else fail "$tag-set-off" "$(tail_of "$tag-set-off")"; fi
}
check_phase pwg pocket-wargame 3 "Ranged phase, Red to act" "^shoot " end Red
check_phase ptw portable-wargame 2 "artillery phase, Red to lay its guns" "^bombard " end Red
check_phase pkb pocket-battles 2 ", Elves to " "^order .* (shoot|charge|fight)" pass Elves

# a phase that ends by itself: Red's only shooter shoots; Red's next prompt says the ranged
# phase is over (Pocket Wargame), then the same for a gun's bombardment (Portable Wargame)
note_case() {
  local tag=$1 status=$2 want=$3 say=$4
  if ! find_position "$tag.pwr" "$tag-one.pwr" "$status" "$want"; then
    fail "$tag-note" "no position"; return; fi
  local act; act=$(cat "$tag-one.pwr.act")
  play "$tag-note" "$act
auto
auto
auto
auto
auto
auto
" --load "$tag-one.pwr" --players human,random --save "$tag-n.pwr"
  expect "$tag-note" "$say"
}
note_case pwg "Ranged phase, Red to act" "^shoot " "Red's ranged phase of turn"
note_case ptw "artillery phase, Red to lay its guns" "^bombard " "Red's artillery phase of turn"

# ---- the sanitizers saw nothing ------------------------------------------------------------
bad=$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:' ./*.out 2>/dev/null | tr '\n' ' ')
[ -z "$bad" ] && pass sanitizers || fail sanitizers "reports in $bad"
exit $failed
