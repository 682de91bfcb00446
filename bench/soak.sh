#!/usr/bin/env bash
# Soak test of records (not part of make check): N games a rule set, each
# on a random seed and scenario, played through the engine protocol by the
# random player (every step a reply, the position kept current); each game's
# record is saved, then loaded in a fresh engine, which replays every step,
# and the final position's JSON and result are compared with the game's own.
# Prints one line a rule set and the total; exits 1 on any mismatch, keeping
# the record in OUT (default soak-out/).
# Usage: bench/soak.sh [N]            (default 100 games a rule set)
# Environment: PW (default build/pocketwar), OUT, SEED (first seed: random).
set -u
n=${1:-100}
pw=${PW:-build/pocketwar}
out=${OUT:-soak-out}
seed=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# reply FILE ID: the text of the reply to request ID, without its "=ID " mark
reply() { awk -v id="$2" 'BEGIN{on=0} on && /^$/ {exit} $0 ~ "^[=?]" id "( |$)" {on=1; sub("^[=?]" id " ?", "")} on {print}' "$1"; }
bad=0; total_games=0; total_steps=0
start_all=$(date +%s.%N)
for rules in $("$pw" engine <<< "rules" | sed -n 's/^=\{0,1\} *\([a-z-]*\) .*/\1/p'); do
  scenarios=($("$pw" engine <<< "scenarios $rules" | sed 's/^= //' | grep -v '^$'))
  games=0; steps=0; start=$(date +%s.%N)
  for i in $(seq "$n"); do
    s=$((seed + i)); sc=${scenarios[$((s % ${#scenarios[@]}))]}
    rec="$work/g.pwr"
    { echo "1 new $rules $sc seed=$s"
      for k in $(seq 3000); do echo "roll all"; echo "genmove random"; done
      echo "2 state"; echo "3 result"; echo "4 save $rec"; echo "5 status"; } |
      "$pw" engine --allow-files --ai-seed "$s" > "$work/play.out" 2>&1
    printf '1 load %s\n2 state\n3 result\n' "$rec" |
      "$pw" engine --allow-files > "$work/load.out" 2>&1
    games=$((games + 1))
    got=$(reply "$work/play.out" 5)
    steps=$((steps + $(sed -n 's/^=1 .* \([0-9]*\) steps\{0,1\}: .*/\1/p' "$work/load.out")))
    if [ "$(reply "$work/play.out" 2)" != "$(reply "$work/load.out" 2)" ] ||
       [ "$(reply "$work/play.out" 3)" != "$(reply "$work/load.out" 3)" ] ||
       [ "$(reply "$work/play.out" 3)" = "*" ]; then
      bad=$((bad + 1)); cp "$rec" "$out/$rules-$s.pwr" 2>/dev/null
      echo "MISMATCH $rules seed $s ($sc), or the game did not end: $got (record in $out/)"
    fi
  done
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN{print b - a}')
  printf '%-18s %5d games, %8d steps replayed, %6.1f s\n' "$rules" "$games" "$steps" "$secs"
  total_games=$((total_games + games)); total_steps=$((total_steps + steps))
done
secs=$(awk -v a="$start_all" -v b="$(date +%s.%N)" 'BEGIN{print b - a}')
printf 'total              %5d games, %8d steps, %d mismatches, %.1f s (first seed %s)\n' \
  "$total_games" "$total_steps" "$bad" "$secs" "$((seed + 1))"
[ "$bad" -eq 0 ]
