#!/usr/bin/env bash
# How much the dice decided a set of The Portable Wargame battles: for one
# player's games (the records a tournament keeps with --records), split by
# that player's result, the average of each kind of die it rolled and its
# opponent rolled, and how many a game. Every die here is better high for
# the side rolling it (a gun's landing roll, a rifle's shot, a close-combat
# score, a unit's roll when hit), so a lost game whose dice average well
# under 3.5 for the loser and over it for the winner was lost to the dice.
# Usage: bench/ptw_dice_luck.sh RECORDS_DIR PLAYER
#   e.g. pocketwar tournament --rules portable-wargame --players normal,random \
#          --games 200 --jobs 2 --records rec
#        bench/ptw_dice_luck.sh rec normal
set -eu
. "$(dirname "$0")/records.sh"
records_start ptw_dice_luck 2 "$@"
player=$2
awk -v player="$player" "$records_awk"'
function finish() {
  if (file == "")
    return
  if (rules != "portable-wargame") {
    printf "ptw_dice_luck: %s: not a Portable Wargame record (Rules \"%s\")\n", file, rules > "/dev/stderr"
    bad = 1
    exit 2
  } else if (me != 0 && result != "*") {
    r = outcome(me)
    games[r]++
    for (k in n) {
      split(k, p, SUBSEP)
      sum[r, p[1], p[2]] += s[k]
      cnt[r, p[1], p[2]] += n[k]
    }
  }
  delete n
  delete s
}
function record_start() { }
/^chance (landing|shot|combat|hit) [12]\// {
  who = substr($3, 1, 1) == me ? "mine" : "theirs"
  n[$2, who]++
  s[$2, who] += $4
}
END {
  total = records_end("ptw_dice_luck")
  split("win draw loss", rs, " ")
  split("landing shot combat hit", ks, " ")
  printf "%-6s %6s", "result", "games"
  for (j = 1; j <= 4; j++)
    printf "  %-20s", ks[j] " (mine | theirs)"
  printf "\n"
  for (i = 1; i <= 3; i++) {
    r = rs[i]
    if (!games[r])
      continue
    printf "%-6s %6d", r, games[r]
    for (j = 1; j <= 4; j++) {
      k = ks[j]
      m = cnt[r, k, "mine"] ? sprintf("%.2f", sum[r, k, "mine"] / cnt[r, k, "mine"]) : "-"
      t = cnt[r, k, "theirs"] ? sprintf("%.2f", sum[r, k, "theirs"] / cnt[r, k, "theirs"]) : "-"
      printf "  %-20s", sprintf("%s x%.1f | %s x%.1f", m, cnt[r, k, "mine"] / games[r],
                                  t, cnt[r, k, "theirs"] / games[r])
    }
    printf "\n"
  }
  print "each cell: the average die, x how many a game; 3.50 is an even share of luck"
}' "${files[@]}"
