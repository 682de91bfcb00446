/*
 * log.js - the game log: every step as this role saw it, with the
 * engine's explanation of each chance result (marked out by a die), each
 * side's turn under its name, the newest at hand; a click on a step replays
 * the position after it. And the box saying in words what happened since
 * this player's last action (a computer's whole turn, not just its last step).
 */
"use strict";

const explained = e => typeof e === "string" ? e : Array.isArray(e) ? e.map(explained).join(" ") : e && typeof e === "object" ? (e.text || Object.values(e).map(explained).join(" ")) : String(e);

function who(w) {
  if (w === "chance") return "chance";
  if (w === "entered") return "entered by the referee";
  const seat = G.game && G.game.seats.find(s => s.seat === w);
  if (!seat) return String(w);
  return seat.side + (w === mySeat() ? " (you)" : seat.kind === "computer" ? " (the computer)" : "");
}

const isChance = s => typeof s.who !== "number";
/* words past the notation they repeat ("initiative 2 4: Blue rolls 4 ...") */
const pastNotation = (action, text) => text.startsWith(action) ? text.slice(action.length).replace(/^[:,]\s*/, "") : text;
const explanation = s => pastNotation(s.action, explained(s.explanation));
function stepHtml(s, cls) {
  return `<li data-n="${s.n}" class="step${isChance(s) ? " chance" : ""}${s.who === mySeat() ? " mine" : ""}${cls || ""}">` +
    `<span class="n">${s.n}</span><span class="act">${isChance(s) ? `<span class="die" title="${esc(who(s.who))}">⚄</span> ` : ""}${esc(s.action)}</span>` +
    (s.explanation ? `<span class="expl">${esc(explanation(s))}</span>` : "") + `</li>`;
}

/* the steps in turns: a run of one seat's steps with the chance results
 * they brought; the chance steps before any seat acted form a turn of their own */
function turns(steps) {
  const out = [];
  let cur = null;
  for (const s of steps) {
    if (!s) continue;
    const seat = isChance(s) ? null : s.who;
    if (!cur || (seat !== null && seat !== cur.seat)) out.push(cur = {seat, steps: []});
    if (cur.seat === null && seat !== null) cur.seat = seat;
    cur.steps.push(s);
  }
  return out;
}

function renderLog() {
  if (!G.game) return;
  const cur = G.at === null ? G.game.step : G.at;
  el("log").innerHTML = turns(G.steps).map(t =>
    `<li class="turnhead${t.seat === mySeat() ? " mine" : ""}">${esc(t.seat === null ? "Chance" : who(t.seat))}` +
    ` <small>${t.steps.length > 1 ? `steps ${t.steps[0].n}–${t.steps[t.steps.length - 1].n}` : `step ${t.steps[0].n}`}</small></li>` +
    t.steps.map(s => stepHtml(s, s.n === cur ? " now" : "")).join("")).join("");
  el("log").querySelectorAll("li.step").forEach(li => { li.onclick = () => replayTo(Number(li.dataset.n)); });
  scrollLogToNow();
  sayRecent();
}

/* The box of words: in replay, the step shown; else every step since this
 * player last acted (for a watcher or referee, the last turn), the newest
 * in view. */
function sayRecent() {
  let recent;
  if (G.at !== null) recent = G.steps[G.at - 1] ? [G.steps[G.at - 1]] : [];
  else {
    const me = mySeat(), steps = G.steps.filter(Boolean);
    let i = steps.length;
    if (me !== null) { while (i > 0 && steps[i - 1].who !== me) i--; }
    else { const t = turns(steps); i = t.length ? steps.indexOf(t[t.length - 1].steps[0]) : 0; }
    recent = steps.slice(i);
    if (me !== null && !recent.length) recent = [];
  }
  el("said").innerHTML = !recent.length ? "" :
    `<div class="saidhead">${G.at !== null ? "This step:" : mySeat() !== null ? "Since your last action:" : "The last turn:"}</div>` +
    `<ol class="steps">${recent.map(s => stepHtml(s, "")).join("")}</ol>`;
  const ol = el("said").querySelector("ol");
  if (ol) ol.scrollTop = ol.scrollHeight;   /* the newest at hand */
}

/* The log shows the current step near its middle (the newest at the foot
 * while the game goes on), the view starting at a line's top edge so that
 * no line shows cut; again when the window changes size. */
function scrollLogToNow() {
  const log = el("log"), now = log.querySelector(".now");
  if (!now) return;
  log.style.paddingBottom = "";
  const top0 = log.getBoundingClientRect().top - log.scrollTop;
  const want = now.getBoundingClientRect().top - top0 + now.offsetHeight / 2 - log.clientHeight / 2;
  let start = 0;
  for (const li of log.children) {
    const t = li.getBoundingClientRect().top - top0;
    if (t > want) break;
    start = t;
  }
  /* lines differ in height (explanations), so the foot of the list may
   * not fall on a line's edge: room below lets the view start on one */
  const over = start - (log.scrollHeight - log.clientHeight);
  if (over > 0) log.style.paddingBottom = Math.ceil(over) + "px";
  log.scrollTop = start;
}
window.addEventListener("resize", scrollLogToNow);
