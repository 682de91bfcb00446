#!/usr/bin/env bash
# cli_train.sh - `pocketwar train`: its help, bad options refused by name,
# the ends of the ranges taken, a rule set without features refused, two
# small runs from the same seed writing the same weights (the command in
# the file's header), --compare judging another weights file on the same
# held-out positions, and a player set to eval=net refused with the file
# and line when the weights file is malformed.
set -u
pw=${1:-build/pocketwar}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
failed=0

if "$pw" train --help | grep -q '^usage: pocketwar train'; then pass help; else fail help "no usage"; fi
out=$("$pw" train --rules portable-wargame --games x 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q -- '--games takes a whole number from 2'; then
  pass bad-games
else
  fail bad-games "$out"
fi
out=$("$pw" train --rules portable-wargame --lambda 2 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q -- '--lambda takes a number from 0 to 1, not "2"'; then
  pass bad-lambda
else
  fail bad-lambda "$out"
fi
# the ends of the ranges are taken: the run goes on to the rule set's refusal
out=$("$pw" train --rules pocket-wargame --games 2 --lambda 1 --explore 0 --out "$tmp/x.txt" 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q 'pocket-wargame describes no position as features'; then
  pass range-ends
else
  fail range-ends "$out"
fi
out=$("$pw" train --rules pocket-wargame --games 2 --out "$tmp/x.txt" 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q 'pocket-wargame describes no position as features'; then
  pass no-features
else
  fail no-features "$out"
fi

# a small battle: 3 wide, 4 rows, two units a side, 2 turns
cat > "$tmp/small.json" <<'JSON'
{"name": "small", "title": "Small", "description": "A test.", "rules": "portable-wargame",
 "map": ["o o o", "o o o", "o o o", "o o o"],
 "sides": [{"name": "Red", "units": [{"type": "INF", "at": "a1"}, {"type": "INF", "at": "c1"}]},
           {"name": "Blue", "units": [{"type": "INF", "at": "a4", "facing": "S"},
                                      {"type": "CAV", "at": "c4", "facing": "S"}]}],
 "victory": {"rule": "later-exhaustion", "turn_limit": 2}}
JSON
args=(--rules portable-wargame --scenario "$tmp/small.json" --games 6 --hidden 3 --epochs 2 --every 2 --seed 5)
"$pw" train "${args[@]}" --out "$tmp/a.txt" > "$tmp/a.out" 2> "$tmp/a.err"
"$pw" train "${args[@]}" --out "$tmp/b.txt" --quiet > /dev/null 2> "$tmp/b.err"
if [ -s "$tmp/a.txt" ] && cmp -s <(grep -v '^#' "$tmp/a.txt") <(grep -v '^#' "$tmp/b.txt"); then
  pass same-seed-same-weights
else
  fail same-seed-same-weights "the weights differ"
fi
if grep -q "^#   pocketwar train --rules portable-wargame --scenario $tmp/small.json --games 6" "$tmp/a.txt"; then
  pass header-names-command
else
  fail header-names-command "$(head -3 "$tmp/a.txt")"
fi
if grep -q '^train: epoch 2 of 2: log loss' "$tmp/a.err" && [ ! -s "$tmp/b.err" ]; then
  pass progress-and-quiet
else
  fail progress-and-quiet "$(cat "$tmp/a.err" "$tmp/b.err")"
fi
if grep -q '^held-out positions of decided games whose winner is named' "$tmp/a.out"; then
  pass held-out-figures
else
  fail held-out-figures "$(cat "$tmp/a.out")"
fi

# --compare judges another weights file on the same held-out positions: the
# same run's own weights, read back, score exactly what the run printed
"$pw" train "${args[@]}" --out "$tmp/c.txt" --compare "$tmp/a.txt" --quiet > "$tmp/c.out" 2>&1
own=$(sed -n 's/^log loss: .*held out \([0-9.]*\),.*/\1/p' "$tmp/c.out")
other=$(sed -n "s|^compared, $tmp/a.txt: held-out log loss \([0-9.]*\), winner named.*|\1|p" "$tmp/c.out")
if [ -n "$own" ] && [ "$own" = "$other" ]; then
  pass compare-same-figures
else
  fail compare-same-figures "$(cat "$tmp/c.out")"
fi
out=$("$pw" train "${args[@]}" --out "$tmp/d.txt" --compare "$tmp/none.txt" 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q -- "--compare $tmp/none.txt: .*cannot read the evaluation network" && [ ! -e "$tmp/d.txt" ]; then
  pass compare-missing
else
  fail compare-missing "$out"
fi

# eval=net reads the rule set's weights file: a malformed one is refused by name and line
mkdir -p "$tmp/data"
data=data
for d in data "$(dirname "$pw")/../../data" "$(dirname "$pw")/../data"; do
  [ -d "$d/portable-wargame" ] && { data=$d; break; }
done
cp -r "$data/portable-wargame" "$tmp/data/"
sed 's/^b1$/b1x/' "$tmp/a.txt" > "$tmp/data/portable-wargame/eval-net.txt"
line=$(grep -n '^b1x$' "$tmp/data/portable-wargame/eval-net.txt" | cut -d: -f1)
out=$(POCKETWAR_DATA="$tmp/data" "$pw" battle --rules portable-wargame --players normal:eval=net:iterations=10,thumb --seed 1 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q "eval-net.txt, line $line: expected \"b1\", not \"b1x\""; then
  pass malformed-weights
else
  fail malformed-weights "$out"
fi
rm "$tmp/data/portable-wargame/eval-net.txt"
out=$(POCKETWAR_DATA="$tmp/data" "$pw" battle --rules portable-wargame --players normal:eval=net:iterations=10,thumb --seed 1 2>&1)
if [ $? -ne 0 ] && printf '%s' "$out" | grep -q 'cannot read the evaluation network'; then
  pass missing-weights
else
  fail missing-weights "$out"
fi
if POCKETWAR_DATA="$tmp/data" "$pw" battle --rules portable-wargame --players normal:iterations=10,thumb --seed 1 --quiet > /dev/null 2>&1; then
  pass plays-without-weights
else
  fail plays-without-weights "normal without the weights file did not play"
fi
exit $failed
