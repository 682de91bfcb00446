#!/usr/bin/env bash
# Checks `pocketwar serve` over real HTTP on a free loopback port: a whole
# game of each rule set between two seats (the record it gives replays), a
# game against the computer, referee entries, undo by agreement (the same
# dice come back), secrets kept from the other seat and spectators in
# replies and live updates, 403 without a seat's token, and every kind of
# bad input (each a 4xx JSON error that changes nothing).
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any failed.
# Usage: tests/cli_server.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
. "$here/server_lib.sh"
RANDOM=7

if "$pw" serve --help | grep -q -- "--listen ADDR:PORT"; then pass serve-help; else fail serve-help "no usage"; fi
if "$pw" serve --listen nowhere 2>&1 | grep -q "ADDR:PORT"; then pass serve-bad-listen; else fail serve-bad-listen "no message"; fi

# one address makes every game here, faster than a player would (the rate
# is tested in cli_server_limits.sh)
start main --create-rate 1000000 || exit 1
grep -q "loopback only" "$tmp/main.out" && pass serve-says-loopback || fail serve-says-loopback "$(cat "$tmp/main.out")"

# ---- what there is to play ------------------------------------------------------
req GET /rules
expect rules-list 200 '[.rules[].name] == ["pocket-wargame","portable-wargame","pocket-battles"] and (.rules[0].scenarios | length > 0) and (.rules[0].scenarios[0] | has("briefing")) and (.computer_levels | index("thumb") != null)'
req GET /rules/pocket-battles
expect rules-one 200 '.name == "pocket-battles" and (.scenarios | length > 0)'

# ---- a whole game between two seats, its record, the list --------------------------------
# (every rule set, and against the computer: tests/test_server.c)
create '{"rules":"pocket-battles","seed":11,"seats":[{"kind":"human","name":"Ann"},{"kind":"human","name":"Bo"}]}'
if [ "$code" = 201 ] && [ ${#tok1} -eq 32 ] && [ "$tok1" != "$tok2" ] && play_out "$id" 3000 > "$tmp/play.log"; then
  req GET "/games/$id" "" "$tok1"; steps=$(j .step); result=$(j .result)
  req GET "/games/$id/record" "" "$tok2"
  printf '%s' "$body" > "$tmp/game.pwr"
  if [ "$code" = 200 ] && "$pw" replay "$tmp/game.pwr" > "$tmp/replay.out" 2>&1 &&
     [ "$(grep -cvE '^(\[|$)' "$tmp/game.pwr")" = "$steps" ] && [ -n "$result" ]; then
    pass whole-game
  else
    fail whole-game "record ($code) does not replay or has not $steps steps: $(head -3 "$tmp/replay.out")"
  fi
else
  fail whole-game "create $code or did not finish: $(tail -2 "$tmp/play.log")"
fi
req GET "/games/$id/steps"
expect steps-of-finished 200 "(.steps | length) == $steps and ([.steps[].who] | map(select(. == 1 or . == 2)) | length > 0)"
req GET "/games?status=finished&rules=pocket-battles"
expect games-list-filtered 200 '(.games | length) == 1 and .games[0].rules == "pocket-battles" and .games[0].status == "finished"'

# ---- against the computer -------------------------------------------------------------
# the thinking happens off the request threads: a request is answered while
# a computer (easy) thinks in another game
create '{"rules":"portable-wargame","seed":5,"seats":[{"kind":"computer","level":"easy"},{"kind":"human"}]}'
slow=$id
t0=$(date +%s%N); req GET /rules; t1=$(date +%s%N)
req GET "/games/$slow"
if [ "$(j .step)" -ge 0 ] && [ $(( (t1 - t0) / 1000000 )) -lt 2000 ]; then pass computer-not-blocking; else fail computer-not-blocking "$(( (t1 - t0) / 1000000 )) ms"; fi
req POST "/games/$slow/act" '{"step":0,"n":1}' "$tok2"
refused computer-turn-refused 409

# ---- referee: chance outcomes are entered --------------------------------------------
create '{"rules":"pocket-battles","seed":3,"referee":true}'
req GET "/games/$id" "" "$tok1"
expect referee-waits 200 '.to_act == "chance" and .you.role == "seat"'
req POST "/games/$id/act" '{"step":0,"action":"roll 6"}' "$tok1"
refused referee-seat-cannot-roll 403
req GET "/games/$id/legal" "" "$ref"
expect referee-outcomes 200 '(.actions | length) == 6 and (.actions[0].probability > 0.16) and (.actions[0].probability < 0.17)'
req POST "/games/$id/act" '{"step":0,"action":"roll 6"}' "$ref"
expect referee-enters 200 '.steps[0].who == "entered" and .steps[0].action == "roll 6" and .game.step == 1'
req POST "/games/$id/act" '{"step":1,"action":"roll 2"}' "$ref"
req GET "/games/$id/steps" "" "$tok2"
expect referee-steps-kept 200 '[.steps[].action] == ["roll 6","roll 2"] and ([.steps[].who] | unique) == ["entered"]'

# ---- undo by agreement: asked, refused, asked, accepted; the dice come back ---------------
create '{"rules":"portable-wargame","seed":21,"seats":[{"kind":"human"},{"kind":"human"}]}'
found=""
for _ in $(seq 1 400); do
  req GET "/games/$id"; ta=$(j .to_act); step=$(j .step)
  [ "$(j .status)" = finished ] && break
  tok=$(eval echo "\$tok$ta")
  req GET "/games/$id/legal" "" "$tok"; k=$(j '.actions | length')
  req POST "/games/$id/act" "{\"step\":$step,\"n\":$((RANDOM % k + 1))}" "$tok"
  if [ "$(j '[.steps[] | select(.who == "chance")] | length')" -gt 0 ]; then
    found=$ta; before=$step; action=$(j .steps[0].action); after=$(j '[.steps[].action] | join("|")')
    break
  fi
done
if [ -z "$found" ]; then
  fail undo "no action with dice after it"
else
  other=$((3 - found)); mine=$(eval echo "\$tok$found"); theirs=$(eval echo "\$tok$other")
  now=$(j .game.step)
  req POST "/games/$id/undo" "{\"step\":$now}" "$mine"
  expect undo-asked 200 ".game.undo.asked_by == $found and .game.undo.back_to == $before and .game.step == $now"
  req POST "/games/$id/undo/accept" "{\"step\":$now}" "$mine"
  refused undo-asker-cannot-accept 403
  req POST "/games/$id/undo/refuse" "{\"step\":$now}" "$theirs"
  expect undo-refused 200 ".game.undo == null and .game.step == $now"
  req POST "/games/$id/undo" "{\"step\":$now}" "$mine"
  req POST "/games/$id/undo/accept" "{\"step\":$now}" "$theirs"
  expect undo-accepted 200 ".game.step == $before and .game.undo == null and .game.to_act == $found"
  req POST "/games/$id/act" "{\"step\":$before,\"action\":\"$action\"}" "$mine"
  expect undo-same-dice 200 "([.steps[].action] | join(\"|\")) == \"$after\""
fi
# against the computer an undo is at once
create '{"rules":"pocket-wargame","seed":8,"seats":[{"kind":"human"},{"kind":"computer","level":"random"}]}'
req GET "/games/$id"; s0=$(j .step)
req POST "/games/$id/act" "{\"step\":$s0,\"n\":1}" "$tok1"
for _ in $(seq 1 200); do req GET "/games/$id"; [ "$(j .to_act)" = 1 ] && break; sleep 0.02; done
s1=$(j .step)
req POST "/games/$id/undo" "{\"step\":$s1}" "$tok1"
expect undo-vs-computer 200 ".game.step == $s0 and .game.undo == null"

# ---- secrets: Pocket Wargame's hidden deployment, Pocket Battles' hidden troops ------------
create '{"rules":"pocket-wargame","seed":4,"seats":[{"kind":"human"},{"kind":"human"}]}'
curl -sN --max-time 30 "http://127.0.0.1:$port/api/games/$id/events?token=$tok2" > "$tmp/sse2" &
sse2=$!
curl -sN --max-time 30 "http://127.0.0.1:$port/api/games/$id/events" > "$tmp/sse0" &
sse0=$!
curl -sN --max-time 30 "http://127.0.0.1:$port/api/games/$id/events?token=$tok1" > "$tmp/sse1" &
sse1=$!
sleep 0.5
secrets=()
leak=""
placed='[.position.units[] | select(.force == 1 and .loc != null)] | length'
for _ in 1 2 3 4 5 6; do
  req GET "/games/$id"; ta=$(j .to_act); step=$(j .step)
  tok=$(eval echo "\$tok$ta")
  req POST "/games/$id/act" "{\"step\":$step,\"n\":$((RANDOM % 5 + 1))}" "$tok"
  if [ "$ta" = 1 ]; then
    secret=$(j .steps[0].action); secrets+=("$secret")
    req GET "/games/$id" "" "$tok1"; own=$(j "$placed")
    for who in 2 0; do
      t=""; [ $who = 2 ] && t=$tok2
      req GET "/games/$id" "" "$t"
      unseen=$(j '.position.forces[0].placed_unseen')
      [ "$unseen" -ge 1 ] && [ "$(j "$placed")" = $((own - unseen)) ] || leak="$leak view$who:$step"
      printf '%s' "$body" | grep -qF "$secret" && leak="$leak game$who:$secret"
      req GET "/games/$id/steps" "" "$t"
      printf '%s' "$body" | grep -qF "$secret" && leak="$leak steps$who:$secret"
    done
  fi
done
sleep 0.5
kill $sse2 $sse0 $sse1 2>/dev/null; wait $sse2 $sse0 $sse1 2>/dev/null
for s in "${secrets[@]}"; do
  grep -qF "$s" "$tmp/sse2" && leak="$leak sse2:$s"
  grep -qF "$s" "$tmp/sse0" && leak="$leak sse0:$s"
  grep -qF "$s" "$tmp/sse1" || leak="$leak sse1-missing:$s"
done
events=$(grep -c '^event: update' "$tmp/sse2")
if [ -z "$leak" ] && [ ${#secrets[@]} -ge 3 ] && [ "$events" -ge 6 ] &&
   grep -q 'a coin not shown' "$tmp/sse2"; then
  pass hidden-deployment
else
  fail hidden-deployment "leaks:$leak; ${#secrets[@]} secrets, $events events"
fi
# live updates come in each seat's own view
if grep -q '"you":{"role":"seat","seat":2' "$tmp/sse2" && ! grep -q '"you":{"role":"seat","seat":1' "$tmp/sse2" &&
   grep -q '"role":"spectator"' "$tmp/sse0"; then pass live-own-view; else fail live-own-view "$(head -c 300 "$tmp/sse2")"; fi

# Pocket Battles: the troops under a stack's top are the owner's secret
create '{"rules":"pocket-battles","seed":4,"seats":[{"kind":"human"},{"kind":"human"}]}'
deepest='[.position.players[0].units[]?.troops | length] | max // 0'
leak=""; deploys=0
for _ in $(seq 1 12); do
  req GET "/games/$id"; ta=$(j .to_act); step=$(j .step)
  tok=$(eval echo "\$tok$ta")
  req POST "/games/$id/act" "{\"step\":$step,\"n\":1}" "$tok"
  [ "$ta" = 1 ] || continue
  a=$(j .steps[0].action); deploys=$((deploys + 1))
  req GET "/games/$id/steps?from=$step" "" "$tok2"; seen=$(j .steps[0].action)
  req GET "/games/$id" "" "$tok1"; own=$(j "$deepest")
  req GET "/games/$id" "" "$tok2"; other=$(j "$deepest")
  [ "$own" -gt 1 ] && [ "$other" -gt 1 ] && leak="$leak troops@$step"
  [ "$seen" = "$a" ] && case "$a" in deploy*) leak="$leak text@$step";; esac
done
if [ -z "$leak" ] && [ $deploys -ge 3 ]; then pass hidden-troops; else fail hidden-troops "shown to the other seat:$leak ($deploys deploys)"; fi

# ---- tokens --------------------------------------------------------------------------
create '{"rules":"pocket-wargame","seed":9,"seats":[{"kind":"human"},{"kind":"human"}]}'
req GET "/games/$id"; s0=$(j .step)
req POST "/games/$id/act" "{\"step\":$s0,\"n\":1}"
refused no-token-403 403
req POST "/games/$id/act" "{\"step\":$s0,\"n\":1}" "$tok2"
refused other-seat-403 403
req POST "/games/$id/act" "{\"step\":$s0,\"n\":1}" "0123456789abcdef0123456789abcdef"
refused bad-token-403 403
req POST "/games/$id/act" "{\"step\":$s0,\"n\":1}" "${tok1:0:31}"
refused short-token-403 403
req GET "/games/$id/legal"
expect spectator-no-actions 200 '(.actions | length) == 0 and (.why_none | length > 0)'
req POST "/games/$id/resign" '{}'
refused resign-needs-token 403
req GET "/games/$id/odds?n=1" "" "$tok1"
expect odds-of-an-action 200 '(.outcomes | length) >= 1 and (([.outcomes[].probability] | add) - 1 | fabs) < 1e-9'
req GET "/games/$id/odds?n=1"
refused odds-need-the-seat 409
req GET "/games/$id/record" "" "$tok1"
refused record-hidden-while-playing 409
req GET "/games/$id" "" "$tok1"
expect seed-hidden-while-playing 200 'has("seed") | not'

# ---- bad input: a 4xx JSON error each, nothing changed ---------------------------------
req GET "/games"; total=$(j .total)
req POST /games '{"rules":'
refused malformed-json 400
req POST /games '[1,2]'
refused body-not-object 400
req POST /games '{"rules":"chess"}'
refused unknown-rules 400
req POST /games '{"rules":"pocket-wargame","scenario":"../../../etc/passwd"}'
refused scenario-path 400
req POST /games '{"rules":"pocket-wargame","scenario":"/etc/passwd"}'
refused scenario-abs-path 400
req POST /games '{"rules":"pocket-battles","options":{"army1":"/etc/passwd"}}'
refused option-path 400
req POST /games '{"rules":"pocket-wargame","colour":"red"}'
refused unknown-field 400
req POST /games '{"rules":"pocket-wargame","seats":[{"kind":"computer","level":"normal:iterations=99999999"},{"kind":"human"}]}'
refused computer-settings 400
req POST /games '{"rules":"pocket-wargame","seats":[{"kind":"human"}]}'
refused seats-count 400
req POST /games '{"rules":"pocket-wargame","seed":-4}'
refused bad-seed 400
req GET "/games"
expect nothing-created 200 ".total == $total"
req GET /games/000000000000
refused unknown-game 404
req GET /games/zz
refused bad-game-id 404
req GET /nothing/here
refused unknown-path 404
req DELETE "/games/$id"
refused wrong-method 405
req POST "/games/$id/act" '{"step":' "$tok1"
refused act-malformed 400
req POST "/games/$id/act" "{\"step\":$((s0 - 1)),\"n\":1}" "$tok1"
refused stale-step 409
req POST "/games/$id/act" "{\"n\":1}" "$tok1"
refused step-missing 400
req POST "/games/$id/act" "{\"step\":$s0,\"action\":\"fly HC1 z9\"}" "$tok1"
refused unparsable-action 422
req POST "/games/$id/act" "{\"step\":$s0,\"action\":\"move HC1 a1\"}" "$tok1"
expect illegal-action-says-why 422 '.error | test("not allowed: .+")'
req POST "/games/$id/act" "{\"step\":$s0,\"n\":9999}" "$tok1"
refused action-number-range 422
req POST "/games/$id/act" "{\"step\":$s0,\"n\":1,\"extra\":1}" "$tok1"
refused act-unknown-field 400
req GET "/games/$id/steps?from=99999"
refused steps-from-range 400
req GET "/games?limit=0"
refused list-limit 400
req GET "/games/$id" "" "$tok1"
expect nothing-moved 200 ".step == $s0 and .to_act == 1"
req POST /games/import "$(printf '[Game "pocketwar"]\n[Record "1"]\n[Rules "pocket-wargame"]\n[Scenario "/etc/passwd"]\n[Seed "1"]\n')"
refused import-path 400
req POST /games/import 'not a record at all'
refused import-garbage 400
# static files never leave the web folder
sc=$(curl -s --path-as-is -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/../../../../etc/passwd")
sc2=$(curl -s --path-as-is -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/%2e%2e/%2e%2e/etc/passwd")
si=$(curl -s -o "$tmp/index" -w '%{http_code}' "http://127.0.0.1:$port/")
if [ "$sc" != 200 ] && [ "$sc2" != 200 ] && [ "$si" = 200 ] && grep -q "<title>pocketwar" "$tmp/index"; then
  pass static-files; else fail static-files "traversal $sc/$sc2, index $si"; fi

# ---- a record uploaded continues ----------------------------------------------------------
grep -v '^\[Result' "$tmp/game.pwr" | head -40 > "$tmp/part.pwr"
req POST /games/import "$(cat "$tmp/part.pwr")"
n=$(grep -cvE '^(\[|$)' "$tmp/part.pwr")
if [ "$code" = 201 ]; then
  id=$(j .game.id); tok1=$(j '.links.seats[0].token'); tok2=$(j '.links.seats[1].token')
  req GET "/games/$id"
  if [ "$(j .step)" -ge "$n" ] && play_out "$id" 3000 > /dev/null; then pass import-continue; else fail import-continue "at $(j .step) of $n"; fi
else
  fail import-continue "$code $body"
fi
# the upload says its seats as making a game does: go on against the computer
jq -Rs '{record: ., seats: [{kind: "human", name: "Ann"}, {kind: "computer", level: "random"}]}' \
  "$tmp/part.pwr" > "$tmp/import.json"
req POST /games/import "$(cat "$tmp/import.json")"
expect import-seats-given 201 '(.links.seats | length) == 1 and .links.seats[0].seat == 1 and .game.seats[1].kind == "computer" and .game.seats[1].level == "random" and .game.seats[0].name == "Ann"'
id=$(j .game.id); tok1=$(j '.links.seats[0].token'); tok2=""
if play_out "$id" 3000 > "$tmp/vs.log"; then
  req GET "/games/$id/steps"
  expect import-vs-computer-plays 200 "([.steps[] | select(.n > $n and .who == 2)] | length) > 0"
else
  fail import-vs-computer-plays "$(tail -2 "$tmp/vs.log")"
fi
# by default a seat is what the record names it: a computer level the server
# offers stays that computer; a human, or the cheating yardstick, is a human seat
sed -E 's/^\[P2 "([^:]*): [^"]*"\]/[P2 "\1: thumb"]/' "$tmp/part.pwr" > "$tmp/vsthumb.pwr"
req POST /games/import "$(cat "$tmp/vsthumb.pwr")"
expect import-record-names-computer 201 '(.links.seats | length) == 1 and .game.seats[0].kind == "human" and .game.seats[1].kind == "computer" and .game.seats[1].level == "thumb"'
sed -E 's/^\[P2 "([^:]*): [^"]*"\]/[P2 "\1: oracle"]/' "$tmp/part.pwr" > "$tmp/vsoracle.pwr"
req POST /games/import "$(cat "$tmp/vsoracle.pwr")"
expect import-never-oracle 201 '(.links.seats | length) == 2 and ([.game.seats[].kind] | unique) == ["human"]'
# a record between two computers: the uploader plays both
sed -E 's/^\[P([12]) "([^:]*): [^"]*"\]/[P\1 "\2: random"]/' "$tmp/part.pwr" > "$tmp/cvc.pwr"
req POST /games/import "$(cat "$tmp/cvc.pwr")"
expect import-computers-uploader-plays 201 '(.links.seats | length) == 2'
jq -Rs '{record: ., seats: [null, {kind: "human"}]}' "$tmp/vsthumb.pwr" > "$tmp/import.json"
req POST /games/import "$(cat "$tmp/import.json")"
expect import-seat-null-as-named 201 '.game.seats[0].kind == "human" and .game.seats[1].kind == "human" and (.links.seats | length) == 2'
req GET "/games"; total=$(j .total)
jq -Rs '{record: ., seats: [{kind: "human"}, {kind: "computer", level: "oracle"}]}' "$tmp/part.pwr" > "$tmp/import.json"
req POST /games/import "$(cat "$tmp/import.json")"
expect import-oracle-refused 400 '.error | test("cheats")'
req POST /games/import '{"seats":[]}'
refused import-json-needs-record 400
req POST /games/import "$(jq -Rs '{record: ., colour: "red"}' "$tmp/part.pwr")"
refused import-unknown-field 400
req GET "/games"
expect import-refused-made-nothing 200 ".total == $total"

# ---- hints: a level of the player's choice, never the cheat ----------------------------
create '{"rules":"pocket-battles","seed":11,"seats":[{"kind":"human"},{"kind":"human"}]}'
req GET "/games/$id"; ta=$(j .to_act); tok=$(eval echo "\$tok$ta")
req GET "/games/$id/legal" "" "$tok"; legal=$(j '[.actions[].action]')
req GET "/games/$id/hint" "" "$tok"
expect hint-default-thumb 200 ".player == \"thumb\" and (.best as \$b | $legal | index(\$b) != null)"
req GET "/games/$id/hint?level=flat" "" "$tok"
expect hint-level-flat 200 ".player == \"flat\" and (.best as \$b | $legal | index(\$b) != null) and (.candidates | length) > 0 and (.candidates[0].visits > 0) and (.candidates | all(.visits > 0 and (.value | type) == \"number\" or .visits == 0 and .value == null))"
req GET "/games/$id/hint?level=oracle" "" "$tok"
expect hint-oracle-refused 400 '.error | test("cheats")'
req GET "/games/$id/hint?level=grandmaster" "" "$tok"
refused hint-unknown-level 400
req GET "/games/$id/hint?level=normal:iterations=99999999" "" "$tok"
refused hint-no-settings 400
req GET "/games/$id/hint"
refused hint-needs-seat 403
# a long hint thinks off the request threads: other requests are answered meanwhile
curl -s -o "$tmp/hint.json" -H "Authorization: Bearer $tok" \
  "http://127.0.0.1:$port/api/games/$id/hint?level=normal" &
hint=$!
sleep 0.2
t0=$(date +%s%N); req GET "/games/$id"; t1=$(date +%s%N)
wait $hint
if [ "$code" = 200 ] && [ $(( (t1 - t0) / 1000000 )) -lt 1000 ] &&
   jq -e '.player == "normal" and (.candidates | length) > 0' "$tmp/hint.json" > /dev/null; then
  pass hint-not-blocking
else
  fail hint-not-blocking "$code after $(( (t1 - t0) / 1000000 )) ms; $(head -c 200 "$tmp/hint.json")"
fi
# ---- each seat's drawing kept apart: a move's reply and the legal list reuse the
# pictures the server drew for earlier requests; what each seat is told (what the
# last step changed, the elements of each legal action) must be what the record
# gives for that seat alone (`pocketwar svg --view`), whoever asked first
create '{"rules":"pocket-wargame","seed":6,"seats":[{"kind":"human"},{"kind":"human"}]}'
: > "$tmp/told"
for _ in $(seq 1 10); do
  req GET "/games/$id"; ta=$(j .to_act); step=$(j .step)
  [ "$ta" = 1 ] || [ "$ta" = 2 ] || break
  other=$((3 - ta)); mine=$(eval echo "\$tok$ta"); theirs=$(eval echo "\$tok$other")
  req GET "/games/$id" "" "$theirs"          # the other seat and a spectator look first
  req GET "/games/$id"
  req GET "/games/$id/legal" "" "$mine"
  echo "legal $step $ta $(printf '%s' "$body" | jq -c '[.actions[].elements]')" >> "$tmp/told"
  k=$(j '.actions | length')
  req POST "/games/$id/act" "{\"step\":$step,\"n\":$((RANDOM % k + 1))}" "$mine"
  now=$(j .game.step)
  echo "changed $now $ta $(printf '%s' "$body" | jq -c .game.changed)" >> "$tmp/told"
  req GET "/games/$id" "" "$theirs"
  echo "changed $now $other $(printf '%s' "$body" | jq -c .changed)" >> "$tmp/told"
done
req POST "/games/$id/resign" '{}' "$tok1"
req GET "/games/$id/record"
printf '%s' "$body" > "$tmp/kept.pwr"
bad=""; n=0
while read -r what at seat told; do
  "$pw" svg "$tmp/kept.pwr" --to "$at" --view "$seat" --actions --json > "$tmp/svg.json" || bad="$bad svg@$at"
  if [ "$what" = legal ]; then want=$(jq -c '[.actions[].elements]' "$tmp/svg.json"); else want=$(jq -c .changed "$tmp/svg.json"); fi
  [ "$told" = "$want" ] || bad="$bad $what@$at/seat$seat"
  n=$((n + 1))
done < "$tmp/told"
if [ -z "$bad" ] && [ $n -ge 20 ] && grep -q '"u-' "$tmp/told"; then
  pass drawings-per-seat
else
  fail drawings-per-seat "differs from the record's drawing for that seat:$bad ($n checked)"
fi
stop main

# ---- limits: body size, open streams ------------------------------------------------------
start limits --max-body 2048 --http-threads 4 --max-streams 1 --reserved 0 || exit 1
create '{"rules":"pocket-wargame","seed":2}'
big=$(printf '{"rules":"pocket-wargame","pad":"%04000d"}' 0)
req POST /games "$big"
refused body-too-large 413
curl -sN --max-time 10 "http://127.0.0.1:$port/api/games/$id/events" > /dev/null &
s1=$!
sleep 0.5
req GET "/games/$id/events"
refused too-many-streams 429
kill $s1 2>/dev/null; wait $s1 2>/dev/null
# connections beyond what the threads serve (4 threads: 2 served, 2 kept to
# refuse) get a 503 with a JSON error and Retry-After at once, not a queue
exec 7<>"/dev/tcp/127.0.0.1/$port" 8<>"/dev/tcp/127.0.0.1/$port"
sleep 0.5
code=$(curl -s --max-time 5 -D "$tmp/hdr" -o "$tmp/reply" -w '%{http_code}' "http://127.0.0.1:$port/api/rules")
body=$(cat "$tmp/reply")
if grep -qi '^Retry-After: [0-9]' "$tmp/hdr"; then
  refused too-many-connections 503
else
  fail too-many-connections "no Retry-After: $code $(head -c 200 "$tmp/hdr")"
fi
exec 7>&- 8>&-
sleep 0.5
req GET /rules
expect serves-after-connections-close 200 '(.rules | length) == 3'
# connections that open and send nothing hold every thread, the two that
# refuse included; they are let go after a few seconds (not civetweb's 30),
# so a later request is answered (the bound here is generous on purpose)
exec 7<>"/dev/tcp/127.0.0.1/$port" 8<>"/dev/tcp/127.0.0.1/$port" 5<>"/dev/tcp/127.0.0.1/$port" 6<>"/dev/tcp/127.0.0.1/$port"
sleep 0.5
code=$(curl -s --max-time 20 -o "$tmp/reply" -w '%{http_code}' "http://127.0.0.1:$port/api/rules")
body=$(cat "$tmp/reply")
if [ "$code" = 503 ]; then      # refused at once (a thread freed before a served slot)
  refused silent-connections-let-go 503
else
  expect silent-connections-let-go 200 '(.rules | length) == 3'
fi
exec 5>&- 6>&- 7>&- 8>&-
stop limits

exit $failed
