#!/usr/bin/env bash
# What a set of The Portable Wargame battles was won and lost with: for one
# player's games (the records a tournament keeps with --records), split by
# that player's result, the units it lost and destroyed a game by what
# destroyed them (guns, small arms, close combat), its units lost in the
# first three turns, and the games in which the guns took one of its units
# in turn 1, before any unit may move. A unit counts as destroyed when its
# roll after a hit was at or under its quality's figure (elite 2, average
# 3, poor 4); a unit destroyed for want of a retreat square is not counted.
# Records of the 19th-century rules only (no options in the record). Reads
# the qualities and the turns through pocketwar (state, replay): POCKETWAR
# names it (default build/pocketwar beside this folder).
# Usage: bench/ptw_losses.sh RECORDS_DIR PLAYER
#   e.g. pocketwar tournament --rules portable-wargame --players normal,random \
#          --games 200 --jobs 2 --records rec
#        bench/ptw_losses.sh rec normal
set -eu
. "$(dirname "$0")/records.sh"
records_start ptw_losses 2 "$@"
player=$2
pw=${POCKETWAR:-$(dirname "$0")/../build/pocketwar}
if [ ! -x "$pw" ]; then
  echo "ptw_losses: $pw: no pocketwar program (build it with make, or set POCKETWAR)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# each record's own lines, then its units' qualities ("quality REF Q") and
# the game told turn by turn
for f in "${files[@]}"; do
  out="$work/$(basename "$f")"
  cat "$f" > "$out"
  if grep -q '^\[Rules "portable-wargame"\]' "$f"; then
    "$pw" state "$f" --to 0 | awk '/"ref":/ { gsub(/[",]/, "", $2); ref = $2 }
      /"quality":/ { gsub(/[",]/, "", $2); print "quality", ref, $2 }' >> "$out"
    "$pw" replay "$f" --no-color >> "$out"
  fi
done
awk -v player="$player" -v dir="$dir" "$records_awk"'
# the record a work file was made from
function shown(f) { sub(/.*\//, "", f); return dir "/" f }
function record_start() { turn = 0; cause = ""; options = ""; delete quality; delete lost; delete killed
  early = 0; first_turn = 0 }
function finish(   r, c) {
  if (file == "")
    return
  if (rules != "portable-wargame" || (options != "" && options != "{}")) {
    if (rules != "portable-wargame")
      printf "ptw_losses: %s: not a Portable Wargame record (Rules \"%s\")\n", shown(file), rules > "/dev/stderr"
    else
      printf "ptw_losses: %s: played with options %s; this report reads the 19th-century rules only\n", shown(file), options > "/dev/stderr"
    bad = 1
    exit 2
  }
  if (me == 0 || result == "*")
    return
  r = outcome(me)
  games[r]++
  for (c in lost)
    lost_sum[r, c] += lost[c]
  for (c in killed)
    killed_sum[r, c] += killed[c]
  early_sum[r] += early
  if (first_turn)
    first_sum[r]++
}
/^\[Options "/ { options = $0; sub(/^\[Options "/, "", options); sub(/"\]$/, "", options); gsub(/\\"/, "\"", options) }
/^quality / { quality[$2] = $3 }
/^Turn [0-9]+,/ { turn = $2 + 0 }
/^ +chance: / {
  line = $0
  sub(/^ +chance: /, "", line)
  k = split(line, part, ", ")
  for (i = 1; i <= k; i++) {
    split(part[i], w, " ")
    if (w[1] == "landing") cause = "guns"
    else if (w[1] == "shot") cause = "small arms"
    else if (w[1] == "combat") cause = "close combat"
    else if (w[1] == "hit") {
      q = quality[w[2]]
      if (w[3] + 0 > (q == "elite" ? 2 : q == "poor" ? 4 : 3))
        continue
      if (substr(w[2], 1, 1) == me) {
        lost[cause]++
        if (turn <= 3)
          early++
        if (turn == 1 && cause == "guns")
          first_turn = 1
      } else {
        killed[cause]++
      }
    }
  }
}
END {
  total = records_end("ptw_losses")
  split("win draw loss", rs, " ")
  split("guns|small arms|close combat", cs, "|")
  printf "%-6s %6s  %-34s %-8s %-34s %s\n", "result", "games", "lost a game (guns | arms | combat)",
         "turns 1-3", "destroyed a game (guns | arms | combat)", "turn-1 gun loss"
  for (i = 1; i <= 3; i++) {
    r = rs[i]
    if (!games[r])
      continue
    l = 0; d = 0
    for (j = 1; j <= 3; j++) {
      l += lost_sum[r, cs[j]]
      d += killed_sum[r, cs[j]]
    }
    printf "%-6s %6d  %-34s %-8s %-34s %d\n", r, games[r],
           sprintf("%.2f (%.2f | %.2f | %.2f)", l / games[r], lost_sum[r, cs[1]] / games[r],
                   lost_sum[r, cs[2]] / games[r], lost_sum[r, cs[3]] / games[r]),
           sprintf("%.2f", early_sum[r] / games[r]),
           sprintf("%.2f (%.2f | %.2f | %.2f)", d / games[r], killed_sum[r, cs[1]] / games[r],
                   killed_sum[r, cs[2]] / games[r], killed_sum[r, cs[3]] / games[r]),
           first_sum[r]
  }
  for (j = 1; j <= 3; j++)
    for (i = 1; i <= 3; i++) {
      all_lost[cs[j]] += lost_sum[rs[i], cs[j]]
      all_killed[cs[j]] += killed_sum[rs[i], cs[j]]
    }
  printf "in all %d games: lost %d to guns, %d to small arms, %d in close combat; destroyed %d, %d, %d\n",
         total, all_lost[cs[1]], all_lost[cs[2]], all_lost[cs[3]],
         all_killed[cs[1]], all_killed[cs[2]], all_killed[cs[3]]
}' "$work"/*.pwr
