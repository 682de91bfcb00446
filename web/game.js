/*
 * game.js - the game view: the game as this role sees it, always the newest
 * position received whatever order replies and live updates arrive in; the
 * bar (who you are, the status, the tab's title and a sound on your turn),
 * undo by agreement, the game-over panel, replay.
 */
"use strict";
const G = {game: null, legal: null, steps: [], at: null, sel: null, hot: null, chgTimer: 0,
           gen: 0, theirs: new Set(), theirsSide: null};

/* Is game a no older than b? Every change moves a game's `updated` time on
 * (an undo lowers its step); a computer's step may come in the same
 * millisecond as the move before it, so the step decides a tie. */
const notOlder = (a, b) => !b || a.updated > b.updated || (a.updated === b.updated && a.step >= b.step);
const sameGame = (a, b) => a && b && a.updated === b.updated && a.step === b.step && a.status === b.status &&
  JSON.stringify(a.undo) === JSON.stringify(b.undo);
const mySeat = () => G.game && G.game.you.role === "seat" ? G.game.you.seat : null;

async function gamePage() {
  el("game").hidden = false;
  const g = await apiRetry(`/games/${gameId}`);
  if (g.error) return noGame(g);
  rememberSeat(g);
  rulesReference(g);
  const s = await apiRetry(`/games/${gameId}/steps?from=0`);
  G.steps = s.steps || [];
  receive(g, [], {});
  if (q.get("replay") !== null) replayTo(Number(q.get("replay")) || 0);
  const ev = new EventSource(`/api/games/${gameId}/events` + (token ? `?token=${encodeURIComponent(token)}` : ""));
  ev.addEventListener("update", e => { const d = JSON.parse(e.data); receive(d.game, d.steps || [], {live: true}); });
  ev.onerror = () => connection(false);
  ev.onopen = () => connection(true);
  el("back").onclick = () => replayTo((G.at === null ? G.game.step : G.at) - 1);
  el("fwd").onclick = () => replayTo((G.at === null ? G.game.step : G.at) + 1);
  el("slider").oninput = () => replayTo(Number(el("slider").value));
  el("live").onclick = () => { G.at = null; showGame(G.game); };
  el("hint").onclick = hint;
  el("askundo").onclick = () => post("undo", {});
  el("resign").onclick = () => { if (confirm("Resign this game?")) post("resign", {}); };
  el("soundbtn").onclick = () => { localStorage.setItem("pw-sound", soundOn() ? "off" : "on"); showSound(); };
  showSound();
  document.addEventListener("keydown", e => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.target.tagName === "TEXTAREA") return;
    if (e.key === "ArrowLeft") el("back").click();
    if (e.key === "ArrowRight") el("fwd").click();
    if (e.key === "Escape") select(null);
  });
  boardSetup();
}

/* A wrong game id or token: say what is wrong, offer the way back, and
 * leave nothing to press. */
function noGame(g) {
  el("status").textContent = "";
  el("layout").hidden = true;
  el("nogame").hidden = false;
  el("nogame").innerHTML = `<p class="err">${esc(g.status === 404 ? "There is no such game on this server" :
      g.status === 403 ? "This link's key is no seat's in this game" : "The game could not be opened")}: ${esc(g.error)}.</p>` +
    `<p>Check the link you were sent, or <a href="/">go to the start page</a> to make a game or pick one of the games on this server.</p>`;
}

/* a seat opened by its link in this browser is remembered as this player's,
 * so the games list offers to continue it (a game made here keeps the seat
 * chosen as "you") */
function rememberSeat(g) {
  if (g.you.role !== "seat" || !token) return;
  const m = myLinks(), links = m[gameId] || {seats: []};
  if (!links.seats.some(s => s.seat === g.you.seat)) links.seats.push({seat: g.you.seat, side: g.you.side, url: location.pathname + location.search});
  if (!links.you) links.you = g.you.seat;
  keepLinks(gameId, links);
}

/* A game and the steps that came with it (a reply, a live update): anything
 * older than the game shown is dropped, so a late reply never puts back a
 * position that a live update already moved past. */
function receive(g, steps, how) {
  if (!g || g.error || !notOlder(g, G.game)) return false;
  if (G.steps.length > g.step) G.steps.length = g.step;   /* taken back */
  for (const s of steps) if (s.n <= g.step) G.steps[s.n - 1] = s;
  noteChanges(g, steps, how);
  if (sameGame(g, G.game) && !how.again) { renderLog(); return true; }
  showGame(g);
  return true;
}

/* What the other side changed since this player's last action stays
 * outlined until the player acts (a computer's turn arrives in a burst of
 * updates); the player's own action's changes show for a few seconds. */
function noteChanges(g, steps, how) {
  const me = mySeat();
  for (const s of steps) {
    if (typeof s.who !== "number") continue;
    if (s.who === me || s.who !== G.theirsSide) { G.theirs.clear(); G.theirsSide = s.who === me ? null : s.who; }
  }
  /* the drawing's changes are the last step's: the other side's only if
   * the last step that a seat took is not this player's */
  const bySeat = steps.filter(s => typeof s.who === "number");
  if (!how.live || !steps.length || (bySeat.length && bySeat[bySeat.length - 1].who === me)) return;
  if (G.theirsSide !== null || me === null) (g.changed || []).forEach(id => G.theirs.add(id));
}

/* Shows the game g (already known to be the newest): the bar, the board,
 * and, on this role's turn, its legal actions. A newer call overtakes an
 * older one still waiting for the server. */
async function showGame(g) {
  const gen = ++G.gen;
  G.game = g;
  const hole = G.steps.findIndex(x => !x), from = hole < 0 ? G.steps.length : hole;
  if (from < g.step) {
    const s = await apiRetry(`/games/${gameId}/steps?from=${from}`);
    if (gen !== G.gen) return;
    for (const st of s.steps || []) if (st.n <= g.step) G.steps[st.n - 1] = st;
  }
  renderLog();
  el("you").textContent = g.you.role === "seat" ? `you: ${g.you.side}` : g.you.role;
  el("slider").max = g.step;
  const mine = g.status === "active" && ((g.you.role === "seat" && g.to_act === g.you.seat) ||
                                          (g.you.role === "referee" && g.to_act === "chance"));
  yourTurn(mine);
  if (G.at !== null) return;
  document.body.classList.remove("replaying");
  el("slider").value = g.step;
  el("at").textContent = `step ${g.step}`;
  el("status").innerHTML = g.status === "finished" ? esc(`Game over: ${g.ending || g.result}`) : statusLine(g);
  G.legal = null;   /* the last position's actions name nothing in the new picture */
  drawBoard(g.svg, g.changed, g.step);
  el("record").hidden = g.status !== "finished";
  el("record").href = `/api/games/${gameId}/record` + (token ? `?token=${encodeURIComponent(token)}` : "");
  el("record").setAttribute("download", `${gameId}.pwr`);
  showUndo(g);
  showOver(g);
  select(null);
  el("list").innerHTML = ""; el("odds").innerHTML = ""; el("hintout").innerHTML = ""; el("batch").innerHTML = "";
  showChoices([]);
  el("hint").disabled = el("resign").disabled = !(g.you.role === "seat" && g.status === "active");
  el("resign").hidden = g.you.role !== "seat";   /* a watcher or the referee has no side to give up */
  el("askundo").disabled = !(g.you.role === "seat" && g.status === "active" && g.step > 0);
  if (!mine) { el("panel").textContent = g.status === "active" ? waitingFor(g) : ""; return; }
  const l = await apiRetry(`/games/${gameId}/legal`);
  if (gen !== G.gen || l.error || l.step !== G.game.step || G.at !== null) return;
  showLegal(l);
}

/* the status line: the engine's words, how the victory conditions stand */
function statusLine(g) {
  const turn = g.you.role === "seat" && g.to_act === g.you.seat ? " — your turn" : "";
  return esc(g.status_text + turn) + (g.standing ? ` <small>${esc(g.standing)}</small>` : "");
}

function waitingFor(g) {
  if (g.to_act === "chance") return "Waiting for the referee to enter a result.";
  const s = g.seats.find(x => x.seat === g.to_act);
  return s ? `Waiting for ${s.side} (${s.kind === "computer" ? "the computer" : "a player"}).` : "";
}

/* the tab's title, and a short tone if the player asked for one, when the
 * game comes to this role */
const soundOn = () => localStorage.getItem("pw-sound") === "on";
function showSound() {
  el("soundbtn").classList.toggle("on", soundOn());
  el("soundbtn").setAttribute("aria-pressed", String(soundOn()));
}
function yourTurn(mine) {
  document.title = (mine ? "● Your turn — " : "") + "pocketwar";
  if (mine && !G.wasMine && soundOn()) beep();
  G.wasMine = mine;
}
function beep() {
  try {
    const ctx = G.audio || (G.audio = new AudioContext()), o = ctx.createOscillator(), v = ctx.createGain();
    o.frequency.value = 660; v.gain.setValueAtTime(0.15, ctx.currentTime);
    v.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    o.connect(v); v.connect(ctx.destination); o.start(); o.stop(ctx.currentTime + 0.35);
  } catch (e) { /* no sound where the browser allows none */ }
}

function showUndo(g) {
  const u = g.undo, box = el("undo");
  box.hidden = !u;
  if (!u) return;
  const asker = g.seats.find(s => s.seat === u.asked_by);
  const mineAsk = g.you.role === "seat" && g.you.seat === u.asked_by;
  box.innerHTML = `${esc(asker ? asker.side : "A seat")} asks to take back ${u.steps} step(s). ` +
    (g.you.role !== "seat" ? "" : mineAsk ? `<button id="undo-no">Withdraw</button>`
      : `<button id="undo-yes">Agree</button> <button id="undo-no">Refuse</button>`);
  if (el("undo-yes")) el("undo-yes").onclick = () => post("undo/accept", {});
  if (el("undo-no")) el("undo-no").onclick = () => post("undo/refuse", {});
}

function showOver(g) {
  const box = el("over");
  box.hidden = g.status !== "finished";
  if (box.hidden) return;
  box.innerHTML = `<b>Game over.</b> ${esc(g.ending || g.result)}<br>${esc(g.status_text)}` +
    (g.standing ? `<br>How it stood: ${esc(g.standing)}` : "") + lossesHtml(g.losses) +
    `<br><a href="#" id="over-replay">Replay it</a> · <a href="/">New game</a>`;
  el("over-replay").onclick = e => { e.preventDefault(); replayTo(0); };
}

/* each side's losses as the engine counts them, in the rule set's own terms */
function lossesHtml(l) {
  if (!l || !l.sides || !l.sides.length) return "";
  return `<table class="losses"><caption>Losses</caption>` + l.sides.map(sd => `<tr><th>${esc(sd.side)}</th><td>` +
    (sd.counts.length ? sd.counts.map(c => `<span class="count">${esc(c.what)}: <b>${c.lost}</b> of ${c.start} lost</span>`).join("<br>")
                      : "not known to you") + `</td></tr>`).join("") + `</table>`;
}

/* ---- replay ----------------------------------------------------------------------- */

async function replayTo(k) {
  const max = G.game.step;
  k = Math.max(0, Math.min(max, k));
  if (k === max && G.game.status === "active") { G.at = null; return showGame(G.game); }
  G.at = k;
  document.body.classList.add("replaying");
  G.legal = null;
  showChoices([]);
  el("slider").value = k;
  el("at").textContent = `step ${k} of ${max}`;
  el("panel").textContent = "Replay: ◀ ▶, the slider or a step in the log; Live to go back to the game.";
  el("list").innerHTML = ""; el("odds").innerHTML = "";
  renderLog();
  const v = await api(`/games/${gameId}?at=${k}`);
  if (G.at !== k || v.error) return;
  el("status").textContent = `Replay, step ${k}: ${v.status_text || ""}`;
  drawBoard(v.svg, v.changed, k);
}

/* ---- the rules in short ------------------------------------------------------------ */

/* the rule set's summary and this scenario's briefing (what wins, the
 * limits, special rules, each side's forces), as the server gives them */
async function rulesReference(g) {
  const r = await api(`/rules/${encodeURIComponent(g.rules)}`);
  if (r.error) return;
  const s = (r.scenarios || []).find(x => x.name === g.scenario) || {};
  el("ruleref").innerHTML = `<p><b>${esc(r.title)}</b>: ${esc(r.summary)}</p>` + briefingHtml(s);
}
