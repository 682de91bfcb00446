/*
 * app.js - the browser app. The start page (rule sets, scenarios, options,
 * seats, stored games) and the game view: the engine's drawing as served for
 * this seat, acting by pointing at the elements each legal action names,
 * odds, notation list, steps in words, replay, undo, resign, live updates.
 * It knows no rule set: pictures, actions, elements, odds and words all come
 * from the server (docs/server.md, docs/drawing.md).
 */
"use strict";
const q = new URLSearchParams(location.search);
const gameId = q.get("game"), token = q.get("token");
const el = id => document.getElementById(id);
const esc = s => String(s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));

async function api(path, opts) {
  const o = Object.assign({headers: {}}, opts || {});
  if (token) o.headers.Authorization = "Bearer " + token;
  if (o.body && typeof o.body !== "string") { o.body = JSON.stringify(o.body); o.headers["Content-Type"] = "application/json"; }
  const r = await fetch("/api" + path, o);
  const j = await r.json().catch(() => ({error: "the server's answer was not JSON (" + r.status + ")"}));
  if (!r.ok && !j.error) j.error = "HTTP " + r.status;
  return j;
}

/* tokens of the games made in this browser, so the list can offer to continue */
const myLinks = () => JSON.parse(localStorage.getItem("pw-links") || "{}");
function keepLinks(id, links) { const m = myLinks(); m[id] = links; localStorage.setItem("pw-links", JSON.stringify(m)); }

/* ---- start page ------------------------------------------------------------------- */

let rulesets = [], levels = [], chosen = null;

async function startPage() {
  el("start").hidden = false;
  const d = await api("/rules");
  rulesets = d.rules; levels = d.computer_levels;
  el("rulesets").innerHTML = rulesets.map((r, i) =>
    `<label data-rules="${esc(r.name)}"><input type="radio" name="rules" value="${esc(r.name)}"${i ? "" : " checked"}> ` +
    `<b>${esc(r.title)}</b><small>${esc(r.summary)}</small></label>`).join("");
  el("rulesets").onchange = () => pickRules(el("create").rules.value);
  el("scenario").onchange = showScenario;
  pickRules(rulesets[0].name);
  el("create").onsubmit = e => { e.preventDefault(); createGame(); };
  el("upload").onchange = uploadRecord;
  listGames();
}

function pickRules(name) {
  chosen = rulesets.find(r => r.name === name);
  document.querySelectorAll("#rulesets label").forEach(l => l.classList.toggle("on", l.dataset.rules === name));
  el("scenario").innerHTML = chosen.scenarios.filter(s => !s.error).map(s =>
    `<option value="${esc(s.name)}"${s.name === chosen.default_scenario ? " selected" : ""}>${esc(s.title || s.name)}</option>`).join("");
  el("variant").innerHTML = `<option value="">standard rules</option>` +
    chosen.variants.filter(v => !v.error).map(v => `<option value="${esc(v.name)}">${esc(v.title || v.name)}</option>`).join("");
  el("options").innerHTML = chosen.options.map(o => {
    const vals = o.values.split("|");
    const field = vals.length > 1 && vals.every(v => /^[\w.-]+$/.test(v))
      ? `<select name="opt-${esc(o.name)}"><option value="">default: ${esc(o.default)}</option>` +
        vals.map(v => `<option>${esc(v)}</option>`).join("") + `</select>`
      : `<input name="opt-${esc(o.name)}" placeholder="${esc(o.default)}">`;
    return `<label><b>${esc(o.name)}</b> ${field} <small>${esc(o.help)} (${esc(o.values)})</small></label>`;
  }).join("");
  showScenario();
}

/* a scenario's briefing, whatever fields it has: words, lists of words, and
 * the sides' forces */
function briefingHtml(s) {
  const b = s.briefing || {};
  const words = v => Array.isArray(v) ? `<ul>${v.map(x => `<li>${typeof x === "object" ? esc(JSON.stringify(x)) : esc(x)}</li>`).join("")}</ul>`
    : typeof v === "object" ? esc(Object.values(v).join(" ")) : esc(v);
  let h = `<b>${esc(b.title || s.title || s.name)}</b><p>${esc(b.description || s.description || "")}</p>`;
  if (b.limit && b.limit.count) h += `<div><b>Limit</b>: ${esc(b.limit.count + " " + b.limit.kind)}</div>`;
  for (const [k, v] of Object.entries(b)) {
    /* the briefing's lists of sentences; its numbers are for programs */
    if (k === "sides" || !Array.isArray(v) || !v.every(x => typeof x === "string")) continue;
    h += `<div><b>${esc(k[0].toUpperCase() + k.slice(1))}</b>: ${words(v)}</div>`;
  }
  (b.sides || []).forEach(sd => {
    h += `<details><summary>${esc(sd.name)}'s forces</summary>${words(sd.forces || [])}</details>`;
  });
  return h;
}

function showScenario() {
  const s = chosen.scenarios.find(x => x.name === el("scenario").value) || {};
  const sides = s.sides || ["side 1", "side 2"];
  el("briefing").innerHTML = briefingHtml(s);
  const kinds = `<option value="you">you</option><option value="friend">a friend (by link)</option>` +
    levels.map(l => `<option value="computer:${esc(l)}">computer, ${esc(l)}</option>`).join("");
  el("seats").innerHTML = sides.map((side, i) =>
    `<label>${esc(side)} <select name="seat${i}">${kinds}</select></label>`).join("") +
    `<label><input type="checkbox" name="referee"> referee enters the dice</label>` +
    `<small class="levels">Computer: <b>normal</b> is the opponent to play; <b>easy</b> answers at once and ` +
    `plays weaker; <b>hard</b> thinks up to a few seconds a move and plays best; thumb, flat and random are ` +
    `for practice.</small>`;
  sides.forEach((_, i) => { if (i) el("create")["seat" + i].value = "computer:" + (levels.includes("normal") ? "normal" : levels[0]); });
}

async function createGame() {
  const f = el("create"), sides = (chosen.scenarios.find(x => x.name === f.scenario.value) || {}).sides || [1, 2];
  const options = {};
  chosen.options.forEach(o => {
    const v = f["opt-" + o.name].value.trim();
    if (v) options[o.name] = v === "true" ? true : v === "false" ? false : /^\d+$/.test(v) ? Number(v) : v;
  });
  const kinds = sides.map((_, i) => f["seat" + i].value);
  const body = {rules: chosen.name, scenario: f.scenario.value, options, referee: f.referee.checked,
    seats: kinds.map(k => k.startsWith("computer:") ? {kind: "computer", level: k.slice(9)} : {kind: "human", name: k === "you" ? "you" : "friend"})};
  if (f.variant.value) body.variant = f.variant.value;
  const d = await api("/games", {method: "POST", body});
  if (d.error) { el("links").innerHTML = `<p class="err">${esc(d.error)}</p>`; return; }
  keepLinks(d.game.id, d.links);
  const mine = kinds.indexOf("you");
  const seatLink = p => d.links.seats.find(s => s.seat === p + 1);
  const others = kinds.map((k, i) => k === "friend" ? seatLink(i) : null).filter(Boolean);
  if (mine >= 0 && !others.length && !body.referee) { location.href = seatLink(mine).url; return; }
  el("links").innerHTML = "<p>Each link plays one seat: send it to that player only.</p>" +
    d.links.seats.map(s => `<p>${esc(s.side)}: <a class="seatlink" href="${esc(s.url)}">${esc(location.origin + s.url)}</a></p>`).join("") +
    (d.links.referee ? `<p>Referee: <a href="${esc(d.links.referee.url)}">${esc(location.origin + d.links.referee.url)}</a></p>` : "") +
    `<p>Watchers: <a href="${esc(d.links.spectator)}">${esc(location.origin + d.links.spectator)}</a></p>`;
  listGames();
}

async function uploadRecord() {
  const file = el("upload").files[0];
  if (!file) return;
  const d = await api("/games/import", {method: "POST", body: await file.text()});
  if (d.error) { el("links").innerHTML = `<p class="err">${esc(d.error)}</p>`; return; }
  keepLinks(d.game.id, d.links);
  location.href = d.links.seats[0].url;
}

async function listGames() {
  const d = await api("/games?limit=50"), mine = myLinks();
  el("games").tBodies[0].innerHTML = (d.games || []).map(g => {
    const links = mine[g.id], seat = links && links.seats && links.seats[0];
    const acts = (seat && g.status === "active" ? `<a href="${esc(seat.url)}">continue</a> ` : "") +
      `<a href="/?game=${esc(g.id)}">watch</a> <a href="/?game=${esc(g.id)}&replay=0">replay</a>`;
    return `<tr><td>${esc(g.rules)}</td><td>${esc(g.scenario)}</td><td>${g.seats.map(s => esc(s.side + ": " + (s.kind === "computer" ? "computer " + s.level : "human"))).join(", ")}</td>` +
      `<td>${g.step}</td><td>${esc(g.status === "finished" ? g.result : "active")}</td><td>${acts}</td></tr>`;
  }).join("");
}

/* ---- game view -------------------------------------------------------------------- */

const G = {game: null, legal: null, steps: [], at: null, sel: null, hot: null, chgTimer: 0};

async function gamePage() {
  el("game").hidden = false;
  const g = await api(`/games/${gameId}`);
  if (g.error) { el("status").textContent = g.error; return; }
  const s = await api(`/games/${gameId}/steps?from=0`);
  G.steps = s.steps || [];
  await showGame(g);
  if (q.get("replay") !== null) replayTo(Number(q.get("replay")) || 0);
  const ev = new EventSource(`/api/games/${gameId}/events` + (token ? `?token=${encodeURIComponent(token)}` : ""));
  ev.addEventListener("update", e => {
    const d = JSON.parse(e.data);
    addSteps(d.steps || [], true);
    if (!G.game || d.game.step !== G.game.step || d.game.status !== G.game.status ||
        JSON.stringify(d.game.undo) !== JSON.stringify(G.game.undo)) showGame(d.game);
  });
  el("back").onclick = () => replayTo((G.at === null ? G.game.step : G.at) - 1);
  el("fwd").onclick = () => replayTo((G.at === null ? G.game.step : G.at) + 1);
  el("slider").oninput = () => replayTo(Number(el("slider").value));
  el("live").onclick = () => { G.at = null; showGame(G.game); };
  el("hint").onclick = hint;
  el("askundo").onclick = () => post("undo", {});
  el("resign").onclick = () => { if (confirm("Resign this game?")) post("resign", {}); };
  document.addEventListener("keydown", e => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    if (e.key === "ArrowLeft") el("back").click();
    if (e.key === "ArrowRight") el("fwd").click();
    if (e.key === "Escape") select(null);
  });
  el("board").onclick = boardClick;
  el("keybtn").onclick = toggleKey;
  el("sidebtn").onclick = () => { document.body.classList.toggle("noside"); fitBoard(); };
  window.addEventListener("resize", fitBoard);
  el("board").onmouseover = boardHover;
}

function addSteps(steps, say) {
  const known = G.steps.length;
  const fresh = steps.filter(s => s.n > known);
  fresh.forEach(s => { G.steps[s.n - 1] = s; });
  if (say && fresh.length) el("said").innerHTML = (fresh.length > 5 ? `<div>${fresh.length} steps; the last:</div>` : "") + fresh.slice(-5).map(s => `<div>${esc(who(s.who))}: ${esc(s.action)}` +
    (s.explanation ? `<br><small>${esc(explained(s.explanation))}</small>` : "") + `</div>`).join("");
  renderLog();
}

const explained = e => typeof e === "string" ? e : Array.isArray(e) ? e.map(explained).join(" ") : e && typeof e === "object" ? (e.text || Object.values(e).map(explained).join(" ")) : String(e);

function who(w) {
  if (w === "chance") return "chance";
  if (w === "entered") return "entered";
  const seat = G.game && G.game.seats.find(s => s.seat === w);
  return seat ? seat.side : String(w);
}

function renderLog() {
  const cur = G.at === null ? G.steps.length : G.at;
  el("log").innerHTML = G.steps.map(s => `<li value="${s.n}" data-n="${s.n}"${s.n === cur ? ' class="now"' : ""}>` +
    `${esc(who(s.who))}: ${esc(s.action)}</li>`).join("");
  el("log").querySelectorAll("li").forEach(li => { li.onclick = () => replayTo(Number(li.dataset.n)); });
  scrollLogToNow();
}

/* The steps list shows the current step near its middle, the view starting
 * at a step's top edge so that no line shows cut; again when the window
 * changes size, since the list's height and type change with it. */
function scrollLogToNow() {
  const log = el("log"), now = log.querySelector(".now");
  if (!now) return;
  const top0 = log.getBoundingClientRect().top - log.scrollTop;
  const want = now.getBoundingClientRect().top - top0 + now.offsetHeight / 2 - log.clientHeight / 2;
  let start = 0;
  for (const li of log.children) {
    const t = li.getBoundingClientRect().top - top0;
    if (t > want) break;
    start = t;
  }
  log.scrollTop = start;
}
window.addEventListener("resize", scrollLogToNow);

async function showGame(g) {
  G.game = g;
  if (G.steps.length > g.step) { G.steps.length = g.step; renderLog(); }   /* taken back */
  const s = await api(`/games/${gameId}/steps?from=${G.steps.length}`);
  addSteps(s.steps || [], false);
  const you = g.you.role === "seat" ? `you: ${g.you.side}` : g.you.role;
  el("you").textContent = you;
  el("slider").max = g.step;
  if (G.at !== null) return;
  document.body.classList.remove("replaying");
  el("slider").value = g.step;
  el("at").textContent = `step ${g.step}`;
  el("status").textContent = g.status === "finished" ? `Game over: ${g.result}` : statusLine(g);
  G.legal = null;   /* the last position's actions name nothing in the new picture */
  drawBoard(g.svg, g.changed, g.step);
  el("record").hidden = g.status !== "finished";
  el("record").href = `/api/games/${gameId}/record` + (token ? `?token=${encodeURIComponent(token)}` : "");
  el("record").setAttribute("download", `${gameId}.pwr`);
  showUndo(g);
  showOver(g);
  G.legal = null; select(null);
  el("list").innerHTML = ""; el("odds").innerHTML = ""; el("hintout").innerHTML = ""; el("batch").innerHTML = "";
  const mine = g.status === "active" && ((g.you.role === "seat" && g.to_act === g.you.seat) ||
                                          (g.you.role === "referee" && g.to_act === "chance"));
  el("hint").disabled = el("resign").disabled = !(g.you.role === "seat" && g.status === "active");
  el("askundo").disabled = !(g.you.role === "seat" && g.status === "active" && g.step > 0);
  if (!mine) { el("panel").textContent = g.status === "active" ? waitingFor(g) : ""; return; }
  const l = await api(`/games/${gameId}/legal`);
  if (l.error || l.step !== G.game.step || G.at !== null) return;
  G.legal = l;
  fitBoard();
  el("panel").textContent = g.you.role === "referee" ? "Enter the result rolled at the table:" : "Your turn: click one of your pieces on the board.";
  el("list").innerHTML = l.actions.map(a => `<li value="${a.n}" data-n="${a.n}">${esc(a.action)}` +
    (a.probability !== undefined ? ` <small>(${(a.probability * 100).toFixed(1)}%)</small>` : "") + `</li>`).join("");
  el("list").querySelectorAll("li").forEach(li => {
    const a = l.actions[li.dataset.n - 1];
    li.onclick = () => act(a);
    li.onmouseenter = () => { mark(a.elements, "pw-tgt"); showOdds([a]); };
  });
  if (g.you.role === "referee") { offer(l.actions, "The result:"); offerBatch(); }
  else if (!l.actions.some(a => a.elements.length)) offer(l.actions, "Your choice:");
}

function statusLine(g) {
  const t = g.to_act === "chance" ? "dice" : g.seats.find(s => s.seat === g.to_act);
  const turn = g.you.role === "seat" && g.to_act === g.you.seat ? " — your turn" : "";
  return g.status_text + (t && t.side ? "" : "") + turn;
}

function waitingFor(g) {
  if (g.to_act === "chance") return "Waiting for the referee to enter a result.";
  const s = g.seats.find(x => x.seat === g.to_act);
  return s ? `Waiting for ${s.side} (${s.kind === "computer" ? "the computer" : "a player"}).` : "";
}

function drawBoard(svg, changed, step) {
  el("board").innerHTML = svg || `<p>This rule set draws no picture.</p>`;
  el("board").dataset.step = step;
  const pic = el("board").querySelector("svg");
  if (pic) pic.setAttribute("preserveAspectRatio", "xMidYMin meet");
  fitBoard();
  clearTimeout(G.chgTimer);
  (changed || []).forEach(id => { const e = document.getElementById(id); if (e) e.classList.add("pw-chg"); });
  G.chgTimer = setTimeout(() => document.querySelectorAll("#board .pw-chg").forEach(e => e.classList.remove("pw-chg")), 4000);
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
  box.innerHTML = `<b>Game over.</b> ${esc(g.result)}<br>${esc(g.status_text)}` + lossesHtml(g.losses) +
    `<br><a href="#" id="over-replay">Replay it</a> · <a href="/">New game</a>`;
  el("over-replay").onclick = e => { e.preventDefault(); replayTo(0); };
}

/* ---- fitting the picture to the screen -------------------------------------------- */

/* The picture's key (its group of class pw-key) may be left out of view so
 * the battlefield fills the board: by the player's choice (the Key button),
 * or, left to the page, when the whole picture would be drawn below 0.7 of
 * its size. Pieces of the key that the legal actions name (units or coins
 * still to place, a compass) stay in view. */
const keyChoice = () => localStorage.getItem("pw-key");   /* "on", "off" or null: the page decides */
function union(a, b) {
  if (!a) return b;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return {x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y};
}

function fitBoard() {
  const pic = el("board").querySelector("svg");
  if (!pic) return;
  if (!pic.dataset.full) pic.dataset.full = pic.getAttribute("viewBox");
  const full = pic.dataset.full.split(/[ ,]+/).map(Number);
  const key = pic.querySelector(".pw-key");
  const b = el("board"), scale = Math.min(b.clientWidth / full[2], b.clientHeight / full[3]);
  const show = !key || (keyChoice() ? keyChoice() === "on" : scale >= 0.7);
  el("keybtn").hidden = !key;
  el("keybtn").classList.toggle("on", show);
  el("keybtn").setAttribute("aria-pressed", String(show));
  pic.classList.toggle("pw-keyoff", !show);
  pic.querySelectorAll(".pw-keep").forEach(e => e.classList.remove("pw-keep"));
  if (show) { pic.setAttribute("viewBox", pic.dataset.full); return; }
  let r = null;
  for (const c of pic.children) {
    if (c === key || !c.getBBox || /^(defs|title|style)$/i.test(c.tagName)) continue;
    const bb = c.getBBox();
    if (bb.width >= full[2] - 1 && bb.height >= full[3] - 1) continue;   /* the background */
    r = union(r, bb);
  }
  const named = new Set((G.legal ? G.legal.actions : []).flatMap(a => a.elements));
  key.querySelectorAll("[id]").forEach(e => { if (named.has(e.id)) { e.classList.add("pw-keep"); r = union(r, e.getBBox()); } });
  if (!r) return;
  const pad = 6;
  pic.setAttribute("viewBox", `${r.x - pad} ${r.y - pad} ${r.width + 2 * pad} ${r.height + 2 * pad}`);
}

function toggleKey() {
  const pic = el("board").querySelector("svg");
  const shown = el("keybtn").classList.contains("on");
  localStorage.setItem("pw-key", shown ? "off" : "on");
  if (pic) fitBoard();
}

/* each side's losses as the engine counts them, in the rule set's own terms */
function lossesHtml(l) {
  if (!l || !l.sides || !l.sides.length) return "";
  return `<table class="losses"><caption>Losses</caption>` + l.sides.map(sd => `<tr><th>${esc(sd.side)}</th><td>` +
    (sd.counts.length ? sd.counts.map(c => `<span class="count">${esc(c.what)}: <b>${c.lost}</b> of ${c.start} lost</span>`).join("<br>")
                      : "not known to you") + `</td></tr>`).join("") + `</table>`;
}

/* ---- a run of chance results entered at once (a referee's whole deal) -------------- */

async function offerBatch() {
  const b = await api(`/games/${gameId}/batch`);
  if (b.error || !b.steps || b.step !== G.game.step || G.at !== null) return;
  const box = el("batch");
  box.innerHTML = `<b>Enter the next ${b.steps} results at once</b>, in order, as the terminal writes them ` +
    `(blanks, commas or new lines between):<textarea id="batchtext" rows="3" spellcheck="false"></textarea>` +
    `<div class="palette">${b.entries.map(e => `<button type="button" data-e="${esc(e)}">${esc(e)}</button>`).join("")}</div>` +
    `<button id="batchgo">Enter these results</button> <span id="batchmsg"></span>`;
  const title = el("panel").firstElementChild;
  if (title) title.textContent = "Or one result at a time:";
  const ta = el("batchtext");
  const marks = () => {
    const used = new Set(ta.value.split(/[\s,;]+/).filter(Boolean).map(w => w.toUpperCase()));
    box.querySelectorAll(".palette button").forEach(x => x.classList.toggle("used", used.has(x.dataset.e.toUpperCase())));
    /* entries as the engine splits them: at commas, semicolons or new lines if any, else at blanks */
    const n = ta.value.split(/[,;\n\r]/.test(ta.value) ? /[,;\n\r]+/ : /\s+/).filter(x => x.trim()).length;
    el("batchmsg").textContent = n ? `${n} of ${b.steps}` : "";
  };
  ta.oninput = marks;
  box.querySelectorAll(".palette button").forEach(x => {
    x.onclick = () => { ta.value += (ta.value && !/\s$/.test(ta.value) ? " " : "") + x.dataset.e + " "; marks(); };
  });
  el("batchgo").onclick = async () => {
    el("batchmsg").textContent = "…";
    const r = await api(`/games/${gameId}/batch`, {method: "POST", body: {step: b.step, text: ta.value}});
    if (r.error) { el("batchmsg").innerHTML = `<span class="err">${esc(r.error)}</span>`; return; }
    box.innerHTML = "";
    addSteps(r.steps || [], true);
    await showGame(r.game);
  };
}

/* ---- acting by pointing ----------------------------------------------------------- */

/* the ids of the clicked element and its ancestors inside the board, innermost first */
function idsAt(node) {
  const ids = [];
  for (let n = node; n && n !== el("board"); n = n.parentNode) if (n.id) ids.push(n.id);
  return ids;
}

function mark(ids, cls) {
  document.querySelectorAll(`#board .${cls}`).forEach(e => e.classList.remove(cls));
  (ids || []).forEach(id => { const e = document.getElementById(id); if (e) e.classList.add(cls); });
}

function select(id) {
  G.sel = id; G.hot = null;
  mark(id ? [id] : [], "pw-sel");
  const acts = id && G.legal ? G.legal.actions.filter(a => a.elements[0] === id) : [];
  mark(acts.map(a => a.elements[a.elements.length - 1]), "pw-tgt");
  if (acts.length) offer(acts, "It may:");
  else if (G.legal && G.game.you.role === "seat") el("panel").textContent = "Your turn: click one of your pieces on the board.";
}

function offer(acts, title) {
  el("panel").innerHTML = `<div>${esc(title)}</div>` + acts.map(a =>
    `<button class="act" data-n="${a.n}">${esc(a.action)}${a.probability !== undefined ? ` (${(a.probability * 100).toFixed(1)}%)` : ""}</button>`).join("");
  el("panel").querySelectorAll("button.act").forEach(b => {
    const a = G.legal.actions[b.dataset.n - 1];
    b.onclick = () => act(a);
    b.onmouseenter = () => { mark(a.elements.slice(1), "pw-tgt"); showOdds([a]); };
    b.onfocus = b.onmouseenter;
  });
  if (acts.length <= 4 && G.game.you.role === "seat") showOdds(acts);
}

function boardClick(e) {
  if (!G.legal || G.at !== null) return;
  const ids = idsAt(e.target);
  const acts = G.legal.actions;
  if (G.sel) {
    const mine = acts.filter(a => a.elements[0] === G.sel);
    for (const id of ids) {
      const hits = mine.filter(a => a.elements.length > 1 && a.elements[a.elements.length - 1] === id);
      if (!hits.length) continue;
      if (hits.length === 1 && G.hot === id) { act(hits[0]); return; }
      G.hot = id;
      mark([id], "pw-tgt");
      offer(hits, hits.length === 1 ? "Click again or here to do it:" : "Which one?");
      return;
    }
  }
  for (const id of ids) if (acts.some(a => a.elements[0] === id)) { select(id); return; }
  /* a place or piece named by actions that start elsewhere (e.g. a choice of target) */
  for (const id of ids) {
    const hits = acts.filter(a => a.elements.includes(id));
    if (hits.length) { select(null); G.hot = id; mark([id], "pw-tgt"); offer(hits, "Here:"); return; }
  }
  select(null);
}

function boardHover(e) {
  if (!G.sel || !G.legal) return;
  const ids = idsAt(e.target);
  const mine = G.legal.actions.filter(a => a.elements[0] === G.sel);
  for (const id of ids) {
    const hits = mine.filter(a => a.elements.length > 1 && a.elements[a.elements.length - 1] === id);
    if (hits.length) { showOdds(hits); return; }
  }
}

const oddsCache = {};
async function showOdds(acts) {
  const key = G.game.step + ":" + acts.map(a => a.n).join(",");
  G.oddsKey = key;
  const parts = await Promise.all(acts.map(async a => {
    const ck = G.game.step + ":" + a.n;
    if (!oddsCache[ck]) oddsCache[ck] = await api(`/games/${gameId}/odds?n=${a.n}`);
    return [a, oddsCache[ck]];
  }));
  if (G.oddsKey !== key) return;
  el("odds").innerHTML = parts.map(([a, o]) => {
    if (o.error) return "";
    if (!o.chance) return `<div><b>${esc(a.action)}</b>: no chance involved.</div>`;
    return `<div class="oddsof"><b>Odds of ${esc(a.action)}</b><table>` + o.outcomes.map(x =>
      `<tr><td>${esc(x.percent)}</td><td>${esc(x.text)}</td></tr>`).join("") + `</table></div>`;
  }).join("");
}

async function act(a) {
  if (!G.legal) return;
  const step = G.legal.step;
  G.legal = null;
  el("panel").textContent = "…";
  const r = await api(`/games/${gameId}/act`, {method: "POST", body: {step, n: a.n}});
  if (r.error) { el("panel").innerHTML = `<p class="err">${esc(r.error)}</p>`; await showGame(G.game); return; }
  addSteps(r.steps || [], true);
  await showGame(r.game);
}

async function post(what, body) {
  body.step = G.game.step;
  const r = await api(`/games/${gameId}/${what}`, {method: "POST", body});
  if (r.error) { el("panel").innerHTML = `<p class="err">${esc(r.error)}</p>`; return; }
  if (r.game) await showGame(r.game);
}

async function hint() {
  el("hintout").textContent = "Thinking…";
  const h = await api(`/games/${gameId}/hint`);
  if (h.error) { el("hintout").innerHTML = `<span class="err">${esc(h.error)}</span>`; return; }
  el("hintout").innerHTML = `<b>Hint:</b> ${esc(h.best)}<ol>` + h.candidates.map(c =>
    `<li>${esc(c.action)} <small>(worth ${c.value.toFixed(2)} to the rule of thumb)</small></li>`).join("") + "</ol>";
  const best = G.legal && G.legal.actions.find(a => a.action === h.best);
  if (best) { select(best.elements[0] || null); mark(best.elements.slice(1), "pw-tgt"); }
}

/* ---- replay ----------------------------------------------------------------------- */

async function replayTo(k) {
  const max = G.game.step;
  k = Math.max(0, Math.min(max, k));
  if (k === max && G.game.status === "active") { G.at = null; return showGame(G.game); }
  G.at = k;
  document.body.classList.add("replaying");
  G.legal = null;
  el("slider").value = k;
  el("at").textContent = `step ${k} of ${max}`;
  el("panel").textContent = "Replay: ◀ ▶, the slider or a step in the list; Live to go back to the game.";
  el("list").innerHTML = ""; el("odds").innerHTML = "";
  const v = await api(`/games/${gameId}?at=${k}`);
  if (G.at !== k) return;
  el("status").textContent = `Replay, step ${k}: ${v.status_text || ""}`;
  const st = G.steps[k - 1];
  el("said").innerHTML = st ? `<div>${esc(who(st.who))}: ${esc(st.action)}` + (st.explanation ? `<br><small>${esc(explained(st.explanation))}</small>` : "") + `</div>` : "";
  drawBoard(v.svg, v.changed, k);
  renderLog();
}

if (gameId) gamePage(); else startPage();
