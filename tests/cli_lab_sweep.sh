#!/usr/bin/env bash
# Checks `pocketwar lab sweep` (docs/lab.md, "Sweeps"): help, bad input
# refused with a message, a sweep of a scenario number writing sweep.json
# and sweep.html (every metric against the value, with its interval), and
# the balance search on a case whose answer is known: Blue's heavy infantry
# from 0 to 8 in the meeting engagement, where 0 plainly favours side 1 and
# 8 side 2, so the balance lies inside and both ends are rejected; and
# `pocketwar serve --reports` listing and serving the sweeps. The
# players are random ones: the answer is as plain, and the sanitizer build's
# checks of the rule set's fast paths on every action make a thumb player's
# trial moves cost tens of times what they cost in a release build.
# Prints "PASS name" or "FAIL name: why"; exits 1 if any failed.
# Usage: tests/cli_lab_sweep.sh [path/to/pocketwar]   (default build/san/pocketwar)
set -u
pw=${1:-build/san/pocketwar}
case "$pw" in /*) ;; *) pw="$PWD/$pw" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
failed=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; failed=1; }
refused() {
  local name=$1 want=$2; shift 2
  "$pw" lab sweep "$@" > bad.out 2>&1; local rc=$?
  if [ $rc -ne 2 ] && [ $rc -ne 1 ]; then fail "$name" "exit $rc: $(head -2 bad.out | tr '\n' '|')"
  elif ! grep -qF -- "$want" bad.out; then fail "$name" "no \"$want\" in: $(head -2 bad.out | tr '\n' '|')"
  else pass "$name"; fi
}
pwg=(--rules pocket-wargame --scenario meeting --players random,random --no-progress)

"$pw" lab sweep --help > h.out 2>&1 && grep -q -- "--target balance" h.out && pass sweep-help ||
  fail sweep-help "$(head -2 h.out)"
refused sweep-nothing 'give what to sweep' "${pwg[@]}" --values 1,2 --out bad
refused sweep-both 'one of them' "${pwg[@]}" --sweep deck --field victory.turn_limit --values 1,2 --out bad
refused sweep-one-value 'two values or more' "${pwg[@]}" --field victory.turn_limit --values 5 --out bad
refused sweep-bad-range 'LO..HI[:STEP]' "${pwg[@]}" --field victory.turn_limit --values 9..3 --out bad
refused sweep-bad-field 'the scenario has no "nosuch"' "${pwg[@]}" --field victory.nosuch --values 1,2 --out bad
refused sweep-bad-option 'has no option "nosuch"' "${pwg[@]}" --sweep nosuch --values 1,2 --out bad
refused sweep-bad-target '--target takes balance' "${pwg[@]}" --field victory.turn_limit --values 1,2 --target fair --out bad
refused sweep-balance-words 'takes numbers' "${pwg[@]}" --sweep deck --values french,german --target balance --out bad

# ---- a sweep of every value: sweep.json and the plots -------------------------------------
"$pw" lab sweep "${pwg[@]}" --field forces.1.units.HI --values 0..8:8 --games 4 --out runs/sw --jobs 2 > sw.out 2>&1; rc=$?
if [ $rc = 0 ] && jq -e '.key == "forces.1.units.HI" and (.points | length) == 2 and
          (.points[] | .metrics.side_advantage | has("lo") and has("hi")) and
          .points[0].metrics.side_advantage.value > .points[1].metrics.side_advantage.value' runs/sw/sweep.json > /dev/null &&
   grep -q '<svg id="sweep-side_advantage"' runs/sw/sweep.html &&
   grep -q '<svg id="sweep-duration"' runs/sw/sweep.html &&
   [ "$(jq -r '.forces[1].units.HI' runs/sw/scenarios/8.json)" = 8 ] && [ -s runs/sw/report.html ]
then pass sweep-plots; else fail sweep-plots "exit $rc: $(tail -3 sw.out | tr '\n' '|')"; fi

# ---- readable: the report's arms say what they differ by; sweep.html's plots carry the report's
# names, rounded ticks, and the 50% line on a score ---------------------------------------------
plot=$(sed -n '/<svg id="sweep-side1_score"/,/<\/svg>/p' runs/sw/sweep.html)
ticks=$(printf '%s\n' "$plot" | grep -o 'text-anchor="end">[0-9.-]*</text>' | sed 's/.*">//; s/<.*//' | tr '\n' ' ')
if grep -q '<td>forces.1.units.HI = 0</td>' runs/sw/report.html && grep -q '<td>forces.1.units.HI = 8</td>' runs/sw/report.html &&
   [ "$(jq -c '[.arms[].changes]' runs/sw/summary.json)" = '[{"forces.1.units.HI":0},{"forces.1.units.HI":8}]' ] &&
   printf '%s\n' "$plot" | grep -q "font-weight=\"bold\">side 1&#39;s score, %</text>" &&
   printf '%s\n' "$plot" | grep -q '<line class="mark"' && ! grep -q 'font-weight="bold">side1_score<' runs/sw/sweep.html &&
   echo "$ticks" | awk '{ok = NF >= 3 && NF <= 8; for (i = 1; i <= NF; i++) if ($i % 5 != 0) ok = 0;
                         exit !ok}'
then pass sweep-readable; else fail sweep-readable "ticks: $ticks; $(jq -c '[.arms[].changes]' runs/sw/summary.json)"; fi

# ---- the balance search: both ends rejected, the answer between them ----------------------
"$pw" lab sweep "${pwg[@]}" --field forces.1.units.HI --values 0..8 --target balance --games 20 \
  --probe-step 5 --delta 0.2 --out bal --jobs 2 > bal.out 2>&1; rc=$?
if [ $rc = 0 ] && jq -e '(.points[0].value == "0" and .points[0].verdict == "unbalanced" and
          .points[0].metrics.side_advantage.value > 0) and
          (.points[1].value == "8" and .points[1].verdict == "unbalanced" and .points[1].metrics.side_advantage.value < 0) and
          (.chosen.value | tonumber) > 0 and (.chosen.value | tonumber) < 8 and
          (.rejected | index("0") != null and index("8") != null) and .chosen.outside == false' bal/sweep.json > /dev/null &&
   grep -q "^Balance: forces.1.units.HI = " bal.out && grep -q "^Rejected: 0 " bal.out && grep -q 'id="chosen"' bal/sweep.html
then pass balance-known-answer; else fail balance-known-answer "exit $rc: $(tail -4 bal.out | tr '\n' '|')"; fi

# ---- pocketwar serve --reports lists and serves the sweeps and their probes' reports -------
mkdir -p reps outside && cp -r runs/sw reps/sw && cp -r bal reps/bal
cp bal/sweep.html outside/report.html
ln -s ../../outside reps/bal/probe-out      # a probe folder linked out of the reports: never served
ln -s sw reps/swlink && ln -s probe-0 reps/bal/probe-in   # links inside DIR: not listed, not served
"$pw" serve --listen 127.0.0.1:0 --db srv.db --reports reps > srv.out 2>&1 &
spid=$!
for _ in $(seq 1 100); do grep -qs "reports in" srv.out && break; sleep 0.1; done
port=$(grep -o '127.0.0.1:[0-9]*' srv.out | head -1 | cut -d: -f2)
get() { curl -s --path-as-is -o "$2" -w '%{http_code}' "http://127.0.0.1:$port/reports/$1"; }
curl -s "http://127.0.0.1:$port/reports/" > list.html
codes="$(get sw/sweep.html g1) $(get bal/sweep.html g2) $(get bal/probe-8/report.html g3)"
codes="$codes $(get bal/sweep.json g4) $(get bal/probe-0/summary.json g5)"
bad="$(get bal/probe-out/report.html b) $(get bal/scenarios/0.json b)"
bad="$bad $(get bal/probe-0/sweep.html b) $(get bal/probe-0/../../../outside/report.html b)"
bad="$bad $(get bal/probe-0/scenarios/0.json b) $(get bal/..probe-0/report.html b)"
bad="$bad $(get bal/sweep.csv b) $(get bal/report.html b)"
bad="$bad $(get swlink/report.html b) $(get bal/probe-in/report.html b)"
kill -TERM $spid; wait $spid 2>/dev/null
chosen=$(jq -r .chosen.value bal/sweep.json)
swept='sweep</a> of forces.1.units.HI over'
if [ "$codes" = "200 200 200 200 200" ] && cmp -s g1 runs/sw/sweep.html &&
   cmp -s g2 bal/sweep.html && cmp -s g3 bal/probe-8/report.html && cmp -s g4 bal/sweep.json &&
   cmp -s g5 bal/probe-0/summary.json && [ "$bad" = "404 404 404 404 404 404 404 404 404 404" ] &&
   grep -q 'href="/reports/sw/report.html"' list.html &&
   grep -q "href=\"/reports/sw/sweep.html\">$swept 2 values" list.html &&
   grep -q "href=\"/reports/bal/sweep.html\">$swept 9 values" list.html &&
   grep -q "Balance: forces.1.units.HI = $chosen" list.html &&
   grep -q 'href="/reports/bal/probe-0/report.html">0</a>' list.html &&
   grep -q 'href="/reports/bal/probe-8/report.html">8</a>' list.html &&
   ! grep -q 'probe-out' list.html && ! grep -q 'swlink\|probe-in' list.html
then pass serve-sweeps
else fail serve-sweeps "$codes | $bad | $(grep -o '<li>.*' list.html | head -c 600)"; fi

exit $failed
