#!/usr/bin/env bash
# Checks the server's games store: a server killed with kill -9 in the
# middle of a game has lost no step it answered, and started again it
# continues the game, whose record replays (after a resignation); an older
# store is upgraded; a stored game of an older rules version comes back; a
# store from a newer version, or an SQLite file that is not a store, is
# refused with a clear message.
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_server_store.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
. "$here/server_lib.sh"
RANDOM=3

start store || exit 1
create '{"rules":"portable-wargame","seed":17,"seats":[{"kind":"human"},{"kind":"human"}]}'
game=$id
# play in the background, noting each answered action as "seat|n|notation"
(
  while :; do
    req GET "/games/$game" || exit 0
    [ "$code" = 200 ] || exit 0
    ta=$(j .to_act); step=$(j .step)
    tok=$(eval echo "\$tok$ta")
    req GET "/games/$game/legal" "" "$tok"; k=$(j '.actions | length')
    [ "$code" = 200 ] && [ "$k" -gt 0 ] || exit 0
    req POST "/games/$game/act" "{\"step\":$step,\"n\":$((RANDOM % k + 1))}" "$tok"
    [ "$code" = 200 ] || exit 0
    echo "$ta|$(j '.steps[0].n')|$(j '.steps[0].action')" >> "$tmp/answered"
  done
) &
player=$!
# kill once a few steps are answered (a busy machine may take a while)
for _ in $(seq 1 600); do
  [ "$(cat "$tmp/answered" 2>/dev/null | wc -l)" -ge 4 ] && break
  sleep 0.05
done
kill -9 "$pid"; wait "$pid" 2>/dev/null
wait "$player" 2>/dev/null
answered=$(wc -l < "$tmp/answered")

start store || exit 1
grep -q "1 game" "$tmp/store.out" && pass restart-loads-games || fail restart-loads-games "$(cat "$tmp/store.out")"
lost=""
for s in 1 2; do
  t=$(eval echo "\$tok$s")
  req GET "/games/$game/steps" "" "$t"
  printf '%s' "$body" | jq -r '.steps[] | "\(.n)|\(.action)"' > "$tmp/steps$s"
done
while IFS='|' read -r seat n action; do
  grep -qxF "$n|$action" "$tmp/steps$seat" || lost="$lost $n"
done < "$tmp/answered"
if [ "$answered" -ge 3 ] && [ -z "$lost" ]; then
  pass kill9-no-answered-step-lost
else
  fail kill9-no-answered-step-lost "$answered answered, lost:$lost"
fi
req GET "/games/$game"; ta=$(j .to_act); step=$(j .step); tok=$(eval echo "\$tok$ta")
req POST "/games/$game/act" "{\"step\":$step,\"n\":1}" "$tok"
acted=$code
req POST "/games/$game/resign" '{}' "$tok"
if [ "$acted" = 200 ] && [ "$code" = 200 ]; then
  req GET "/games/$game/record" "" "$tok1"
  printf '%s' "$body" > "$tmp/game.pwr"
  if "$pw" replay "$tmp/game.pwr" > /dev/null 2>&1; then pass kill9-continues-and-replays
  else fail kill9-continues-and-replays "record does not replay"; fi
else
  fail kill9-continues-and-replays "act $acted, resign $code: $body"
fi
# a computer seat that was to act when the server stopped plays on after the restart
create '{"rules":"pocket-wargame","seed":6,"seats":[{"kind":"computer","level":"random"},{"kind":"human"}]}'
kill -9 "$pid"; wait "$pid" 2>/dev/null
start store || exit 1
# (up to 60 s: on a crowded machine the restarted server's computer may wait for a core)
for _ in $(seq 1 600); do
  req GET "/games/$id"; [ "$code" = 200 ] && [ "$(j .to_act)" = 2 ] && break; sleep 0.1
done
expect restart-computer-plays 200 '.to_act == 2'

# a version-1 store (no summaries for the list) is upgraded in place: every
# game is replayed once and listed as before
req GET "/games"; before=$(j '[.games[] | {id, status, step, result}] | sort_by(.id)')
stop store
# (its games taken to be of the rules versions of that time: The Portable
# Wargame's game here, made under today's version, names today's defaults)
sqlite3 "$tmp/store.db" "ALTER TABLE games DROP COLUMN summary; ALTER TABLE games DROP COLUMN
  rules_version; UPDATE games SET options = '{\"advance\":\"either\",
  \"commander-close-combat\":\"adjacent\",\"stacking\":\"as-written\",
  \"exhaustion\":\"immediate\"}' WHERE rules = 'portable-wargame';
  UPDATE schema_version SET version = 1"
start store || exit 1
req GET "/games"
expect v1-store-upgraded 200 "([.games[] | {id, status, step, result}] | sort_by(.id)) == $before and (.games | length) == 2"
if [ "$(sqlite3 "$tmp/store.db" "SELECT max(version) FROM schema_version")" = 3 ]; then pass v1-store-version-3
else fail v1-store-version-3 "$(sqlite3 "$tmp/store.db" "SELECT * FROM schema_version")"; fi
if [ "$(sqlite3 "$tmp/store.db" "SELECT group_concat(rules || '=' || rules_version) FROM
      (SELECT rules, rules_version FROM games ORDER BY rules)")" = "pocket-wargame=,portable-wargame=1" ]
then pass v1-store-rules-versions
else fail v1-store-rules-versions "$(sqlite3 "$tmp/store.db" "SELECT rules, rules_version FROM games")"; fi
req GET "/games/$game/record" "" "$tok1"
expect v1-store-game-rebuilt 200
stop store

# a stored game of an older rules version (The Portable Wargame's 1, a
# record of it imported, then stored as a game of version 1 is) comes back
# with the options that give it, to the same end; one of a version not
# replayed stops the server, naming the game
start store || exit 1
req POST /games/import "$(cat "$here/records/ptw-v1.pwr")"
old=$(j .game.id); oldtok=$(j '.links.seats[0].token')
expect old-version-imported 201
stop store
sqlite3 "$tmp/store.db" "UPDATE games SET rules_version = '1', options = '{}' WHERE id = '$old'"
start store || exit 1
req GET "/games/$old/record" "" "$oldtok"
printf '%s' "$body" > "$tmp/old.pwr"
if [ "$code" = 200 ] && grep -qF '[RulesVersion "2"]' "$tmp/old.pwr" &&
   grep -qF '[Result "Blue wins"]' "$tmp/old.pwr" && grep -qF '\"advance\":\"attacker\"' "$tmp/old.pwr" &&
   [ "$(grep -cE '^(P[0-9]|chance|entered) ' "$tmp/old.pwr")" = 105 ]
then pass old-version-stored-game-back
else fail old-version-stored-game-back "$code: $(head -c 600 "$tmp/old.pwr")"; fi
stop store
sqlite3 "$tmp/store.db" "UPDATE games SET rules_version = '0', status = 'active' WHERE id = '$old'"
if ! "$pw" serve --listen 127.0.0.1:0 --db "$tmp/store.db" > "$tmp/v0.out" 2>&1 &&
   grep -q "game $old was made with portable-wargame rules version 0; this pocketwar has version 2 and replays records of versions 2, 1 only" "$tmp/v0.out"
then pass unknown-version-stored-game-refused
else fail unknown-version-stored-game-refused "$(cat "$tmp/v0.out")"; fi
sqlite3 "$tmp/store.db" "DELETE FROM seats WHERE game = '$old'; DELETE FROM steps WHERE game = '$old';
  DELETE FROM undos WHERE game = '$old'; DELETE FROM games WHERE id = '$old'"

# schema versions
sqlite3 "$tmp/store.db" "UPDATE schema_version SET version = 99"
if ! "$pw" serve --listen 127.0.0.1:0 --db "$tmp/store.db" > "$tmp/new.out" 2>&1 &&
   grep -q "schema version 99, from a newer" "$tmp/new.out"; then pass newer-store-refused
else fail newer-store-refused "$(cat "$tmp/new.out")"; fi
sqlite3 "$tmp/other.db" "CREATE TABLE t(x)"
if ! "$pw" serve --listen 127.0.0.1:0 --db "$tmp/other.db" > "$tmp/other.out" 2>&1 &&
   grep -q "not a pocketwar games store" "$tmp/other.out"; then pass foreign-file-refused
else fail foreign-file-refused "$(cat "$tmp/other.out")"; fi

exit $failed
