#!/usr/bin/env bash
# How the engine protocol's reply time grows with a session's length: a
# Pocket Battles game with no round limit (rounds=0) is deployed, then both
# sides pass for STEPS steps, and the time of 1,000 `play pass` replies is
# printed at a few lengths. The reply to play, enter and roll costs one step
# however long the game (the position is kept current), so the figures stay
# flat.
# Usage: bench/proto_steps.sh [STEPS]      (default 40000)
# Environment: PW (default build/pocketwar).
set -eu
steps=${1:-40000}
pw=${PW:-build/pocketwar}
coproc ENG { "$pw" engine; }
# ask REQUEST: sends it and reads the reply into $r (lines joined by '|')
ask() {
  echo "$1" >&"${ENG[1]}"; r=""
  local line
  while IFS= read -r line <&"${ENG[0]}"; do [ -z "$line" ] && break; r="$r${r:+|}$line"; done
}
ask "new pocket-battles elves-vs-orcs-50 seed=1 rounds=0"
ask "roll all"
for i in $(seq 200); do                      # deploy: the first legal action each time
  ask "status"; case "$r" in *Round*) break;; esac
  ask "legal"; first=${r#= }; first=${first%%|*}; ask "play $first"
  ask "to_move"; [ "$r" = "= chance" ] && ask "roll all"
done
ask "status"; echo "start: ${r#= }"
t0=$(date +%s.%N)
for i in $(seq "$steps"); do
  echo "play pass" >&"${ENG[1]}"
  IFS= read -r line <&"${ENG[0]}"; IFS= read -r blank <&"${ENG[0]}"
  [ "$line" = "= pass" ] || { echo "refused at pass $i: $line"; exit 1; }
  if [ $((i % 1000)) = 0 ]; then
    t=$(date +%s.%N)
    if [ $i = 1000 ] || [ $((i % (steps / 4))) = 0 ]; then
      awk -v i="$i" -v a="$t0" -v b="$t" 'BEGIN { printf "passes %6d-%6d: %.3f s per 1,000 replies\n", i - 999, i, b - a }'
    fi
    t0=$t
  fi
done
ask "status"; echo "end: ${r#= }"
echo "quit" >&"${ENG[1]}"
