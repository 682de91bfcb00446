#!/usr/bin/env bash
# What the order of play is worth in a set of Pocket Wargame battles: for
# each player in the records a tournament keeps (--records), against each
# opponent (in battles of two), its wins, draws and losses by its place in
# the order of play (1: its force acts first in every phase, 2: second,
# ...), and how often the force that acts first won. Only battles whose
# first player was drawn (a "chance first" line: the scenario names none)
# count; the rest are reported as skipped.
# Usage: bench/pwg_seats.sh RECORDS_DIR
#   e.g. pocketwar tournament --rules pocket-wargame --players normal,thumb \
#          --games 200 --jobs 2 --records rec
#        bench/pwg_seats.sh rec
set -eu
. "$(dirname "$0")/records.sh"
records_start pwg_seats 1 "$@"
awk "$records_awk"'
function finish(   k, place, r, who) {
  if (file == "")
    return
  if (rules != "pocket-wargame") {
    printf "pwg_seats: %s: not a Pocket Wargame record (Rules \"%s\")\n", file, rules > "/dev/stderr"
    bad = 1
    exit 2
  }
  if (result == "*")
    return
  if (first == 0) {
    skipped++
    return
  }
  battles++
  for (k = 1; k <= nseats; k++) {
    place = (k - first + nseats) % nseats + 1
    r = toupper(substr(outcome(k), 1, 1))
    who = nseats == 2 ? spec[k] " against " spec[3 - k] : spec[k]
    if (!(who in seen)) {
      seen[who] = 1
      order[++nplayers] = who
    }
    tally[who, place, r]++
    if (place > maxplace)
      maxplace = place
    if (place == 1 && r == "W")
      firstwins++
  }
}
function record_start() { first = 0 }
/^chance first [1-4]$/ { first = $3 + 0 }
END {
  if (bad)          # an exit from a record of another rule set
    exit 2
  finish()
  if (battles == 0) {
    printf "pwg_seats: no finished battle with a drawn first player in these records (%d skipped)\n", skipped > "/dev/stderr"
    exit 2
  }
  printf "%-40s %5s %6s %5s %6s %6s %6s %8s\n", "player", "place", "games", "wins", "draws", "shared", "losses", "win rate"
  for (i = 1; i <= nplayers; i++) {
    who = order[i]
    for (p = 1; p <= maxplace; p++) {
      w = tally[who, p, "W"] + 0; d = tally[who, p, "D"] + 0
      sh = tally[who, p, "S"] + 0; l = tally[who, p, "L"] + 0
      n = w + d + sh + l
      if (n == 0)
        continue
      printf "%-40s %5d %6d %5d %6d %6d %6d %7.1f%%\n", who, p, n, w, d, sh, l, 100 * w / n
    }
  }
  printf "battles: %d; the force acting first won %d (%.1f%%)", battles, firstwins, 100 * firstwins / battles
  if (skipped)
    printf "; %d skipped (the scenario names the first player)", skipped
  printf "\n"
}' "${files[@]}"
