#!/usr/bin/env bash
# Measures the computer players on one rule set's default scenario (or the
# scenario given), as docs/ai.md reports them: normal, thumb and random in
# one round robin, normal against flat and hard against normal, 200 games a
# pairing with seats swapped, on two jobs; then the tree search's speed
# (pocketwar bench).
# Each run's full output is kept in OUT (default ai-strength-RULES/); the
# lines that go into docs/ai.md are printed at the end.
# Usage: bench/ai_strength.sh RULES [SCENARIO] [OUT]
#   e.g. bench/ai_strength.sh portable-wargame
# Environment: PW (default build/pocketwar), GAMES (200), JOBS (2).
set -eu
rules=${1:?usage: bench/ai_strength.sh RULES [SCENARIO] [OUT]}
scenario=${2:-}
out=${3:-ai-strength-$rules}
pw=${PW:-build/pocketwar}
games=${GAMES:-200}
jobs=${JOBS:-2}
mkdir -p "$out"
scen=()
[ -n "$scenario" ] && scen=(--scenario "$scenario")
for pair in normal,thumb,random normal,flat hard,normal; do
  name=${pair//,/-}
  echo "== tournament $pair ($games games a pairing)" >&2
  "$pw" tournament --rules "$rules" "${scen[@]}" --players "$pair" --games "$games" \
    --jobs "$jobs" --records "$out/records-$name" | tee "$out/$name.txt"
done
echo "== bench" >&2
"$pw" bench --rules "$rules" --games 2000 --search-time 5000 | tee "$out/bench.txt"
echo
echo "summary for docs/ai.md ($rules):"
sed -n '4,6p' "$out/normal-thumb-random.txt"
for pair in normal-flat hard-normal; do
  sed -n '4p' "$out/$pair.txt"
done
grep -E '^(normal|hard) ' "$out"/*.txt | sed 's/^[^:]*://' | sort -u
grep -E "^$rules +\S+ +[0-9]+ +[0-9]+ " "$out/bench.txt" || true
