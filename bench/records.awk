# records.awk - the header tags of pocketwar records, for the bench scripts
# that read a tournament's records (records.sh puts this text before each
# script's own awk program). Per record it keeps rules, result ("*" until a
# Result tag), nseats, side[k] (seat k's side name) and spec[k] (its
# player), and me: the seat whose player is the awk variable `player`
# (0 if none). At the first line of each record it calls the script's
# finish() for the record before (file is then that record's name) and then
# record_start(); a script defines both.
FNR == 1 {
  finish()
  file = FILENAME; rules = ""; result = "*"; nseats = 0; me = 0
  record_start()
}
/^\[Rules "/ { rules = $2; gsub(/[]"]/, "", rules) }
/^\[Result "/ { result = $0; sub(/^\[Result "/, "", result); sub(/"\]$/, "", result) }
/^\[P[1-4] "/ {
  rec_seat = substr($1, 3, 1) + 0
  rec_tag = $0
  sub(/^\[P[1-4] "/, "", rec_tag)
  sub(/"\]$/, "", rec_tag)
  rec_name = rec_tag
  sub(/: .*/, "", rec_name)
  side[rec_seat] = rec_name
  sub(/^[^:]*: /, "", rec_tag)
  spec[rec_seat] = rec_tag
  if (rec_tag == player)
    me = rec_seat
  if (rec_seat > nseats)
    nseats = rec_seat
}

# How the finished record went for seat k: win, draw, shared (a win shared
# with allies) or loss.
function outcome(k) {
  return result == "draw" ? "draw" : result == side[k] " wins" ? "win" : index(result, side[k]) ? "shared" : "loss"
}

# The end of the input, for a script that counts games[result] for
# `player`: nothing more if a record was refused (the script set bad and
# exited), else the script's finish() for the last record; with no finished
# game of player, TOOL's message and exit 2. Returns the number of games.
function records_end(tool,   r, total) {
  if (bad)
    exit 2
  finish()
  total = 0
  for (r in games)
    total += games[r]
  if (total == 0) {
    printf "%s: no finished game of player \"%s\" in these records\n", tool, player > "/dev/stderr"
    exit 2
  }
  return total
}
