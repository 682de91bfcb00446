/*
 * act.js - acting: pointing at the elements each legal action names, the
 * panel's offers and odds, the fixed row of buttons for the actions with
 * nothing to point at (and Resign), the question before giving up a shot or
 * an attack still open, the referee's results with what each means, hints,
 * and sending an action (again, while the connection is lost).
 */
"use strict";

/* the ids of the clicked element and its ancestors inside the board, innermost first */
function idsAt(node) {
  const ids = [];
  for (let n = node; n && n !== el("board"); n = n.parentNode) if (n.id) ids.push(n.id);
  return ids;
}

function mark(ids, cls) {
  document.querySelectorAll(`#board .${cls}`).forEach(e => e.classList.remove(cls));
  (ids || []).forEach(id => { const e = document.getElementById(id); if (e && el("board").contains(e)) e.classList.add(cls); });
}

/* an action on a button: the engine's plain words for it (the notation
 * where it has none better), with a capital */
const words = a => a.words || a.action;
const label = a => words(a).charAt(0).toUpperCase() + words(a).slice(1);
const pct = p => p !== undefined ? ` (${(p * 100).toFixed(1)}%)` : "";

/* This role's turn: the notation list, the buttons, the prompt. */
function showLegal(l) {
  G.legal = l;
  fitBoard();
  el("list").innerHTML = l.actions.map(a => `<li value="${a.n}" data-n="${a.n}">${esc(a.action)}` +
    (a.probability !== undefined ? ` <small>(${(a.probability * 100).toFixed(1)}%)</small>` : "") + `</li>`).join("");
  el("list").querySelectorAll("li").forEach(li => {
    const a = l.actions[li.dataset.n - 1];
    li.onclick = () => act(a);
    li.onmouseenter = () => { mark(a.elements, "pw-tgt"); showOdds([a]); };
  });
  if (G.game.you.role === "referee") {
    offer(l.actions, "Enter the result rolled at the table" + (l.chance ? `: ${l.chance}` : ":"));
    offerBatch();
    return;
  }
  showChoices(l.actions.filter(a => !a.elements.length));
  select(null);
}

/* what the player is asked: the engine's words for the decision, and where to answer */
function prompt() {
  const acts = G.legal ? G.legal.actions : [];
  const pointed = acts.some(a => a.elements.length), buttons = acts.some(a => !a.elements.length);
  return `Your turn: ${G.game.status_text}. ` + (pointed ? "Click a piece or place outlined in blue on the board" +
    (buttons ? ", or a button above" : "") + "." : "Choose with a button above.");
}

/* The row of buttons always in the same place: one for each action with
 * nothing to point at (end a phase, a unit done, pass, a choice in words),
 * then Resign. */
function showChoices(acts) {
  el("choicebtns").innerHTML = acts.map(a => `<button class="act choice${a.forgoes ? " forgoes" : ""}" data-n="${a.n}" ` +
    `title="${esc(a.action)}${a.forgoes ? ": " + esc(a.forgoes) : ""}">${esc(label(a))}</button>`).join("");
  el("choicebtns").querySelectorAll("button").forEach(b => {
    const a = G.legal.actions[b.dataset.n - 1];
    b.onclick = () => act(a);
    b.onmouseenter = b.onfocus = () => showOdds([a]);
  });
  el("confirm").hidden = true;
}

/* The terminal's question before an action that gives up a shot or an
 * attack still open. */
function askForgo(a) {
  const c = el("confirm");
  c.hidden = false;
  c.innerHTML = `<b>${esc(a.forgoes)}.</b> ${esc(label(a))} anyway? ` +
    `<button id="confirm-yes">${esc(label(a))} anyway</button> <button id="confirm-no">No, keep playing</button>`;
  el("confirm-yes").onclick = () => { c.hidden = true; act(a, true); };
  el("confirm-no").onclick = () => { c.hidden = true; };
  el("confirm-no").focus();
}

function select(id) {
  G.sel = id; G.hot = null;
  mark(id ? [id] : [], "pw-sel");
  const acts = id && G.legal ? G.legal.actions.filter(a => a.elements[0] === id) : [];
  mark(acts.map(a => a.elements[a.elements.length - 1]), "pw-tgt");
  const firsts = G.legal && G.game.you.role === "seat" && !id ? [...new Set(G.legal.actions.map(a => a.elements[0]).filter(Boolean))] : [];
  mark(firsts, "pw-can");
  if (acts.length) offer(acts, "It may:");
  else if (G.legal && G.game.you.role === "seat") el("panel").textContent = prompt();
}

function offer(acts, title) {
  el("panel").innerHTML = `<div>${esc(title)}</div>` + acts.map(a =>
    `<button class="act" data-n="${a.n}" title="${esc(a.action)}">${esc(a.words && a.words !== a.action ? label(a) : a.action)}${pct(a.probability)}` +
    (a.explanation && a.explanation !== a.action ? `<small class="means">${esc(pastNotation(a.action, a.explanation))}</small>` : "") + `</button>`).join("");
  el("panel").querySelectorAll("button.act").forEach(b => {
    const a = G.legal.actions[b.dataset.n - 1];
    b.onclick = () => act(a);
    b.onmouseenter = () => { mark(a.elements.slice(1), "pw-tgt"); showOdds([a]); };
    b.onfocus = b.onmouseenter;
  });
  if (acts.length <= 4 && G.game.you.role === "seat") showOdds(acts);
}

/* A click picks a piece, then one of its targets: the last element an
 * action names, or one named between (a unit on a target square); a second
 * click on the same target does it. */
function boardClick(e) {
  if (G.dragged) { G.dragged = false; return; }
  if (!G.legal || G.at !== null) return;
  const ids = idsAt(e.target);
  const acts = G.legal.actions;
  if (G.sel) {
    /* a target the click is on or in (a square holding a unit), before a
     * unit that is only named on the way (the unit on a gun's target square) */
    const mine = acts.filter(a => a.elements[0] === G.sel);
    for (const id of ids) {
      const hits = mine.filter(a => a.elements.length > 1 && a.elements[a.elements.length - 1] === id);
      if (hits.length) return aim(id, hits);
    }
    for (const id of ids) {
      const hits = mine.filter(a => a.elements.indexOf(id) > 0);
      if (hits.length) return aim(id, hits);
    }
  }
  for (const id of ids) if (acts.some(a => a.elements[0] === id)) { select(id); return; }
  /* a place or piece named by actions that start elsewhere (e.g. a choice of target) */
  for (const id of ids) {
    const hits = acts.filter(a => a.elements.includes(id));
    if (hits.length) { if (G.hot !== id) select(null); return aim(id, hits, "Here:"); }
  }
  select(null);
}

function aim(id, hits, title) {
  if (hits.length === 1 && G.hot === id) { act(hits[0]); return; }
  G.hot = id;
  mark([id], "pw-tgt");
  offer(hits, title || (hits.length === 1 ? "Click again or here to do it:" : "Which one?"));
}

function boardHover(e) {
  if (!G.sel || !G.legal) return;
  const ids = idsAt(e.target);
  const mine = G.legal.actions.filter(a => a.elements[0] === G.sel);
  for (const id of ids) {
    const hits = mine.filter(a => a.elements.indexOf(id) > 0);
    if (hits.length) { showOdds(hits); return; }
  }
}

const oddsCache = {};
async function showOdds(acts) {
  const key = G.game.step + ":" + acts.map(a => a.n).join(",");
  G.oddsKey = key;
  const parts = await Promise.all(acts.map(async a => {
    const ck = G.game.updated + ":" + G.game.step + ":" + a.n;
    if (!oddsCache[ck]) oddsCache[ck] = await api(`/games/${gameId}/odds?n=${a.n}`);
    return [a, oddsCache[ck]];
  }));
  if (G.oddsKey !== key) return;
  el("odds").innerHTML = parts.map(([a, o]) => {
    if (o.error) return "";
    const what = esc(words(a)) + (words(a) !== a.action ? ` <small>(${esc(a.action)})</small>` : "");
    if (!o.chance) return `<div><b>${what}</b>: no chance involved.</div>`;
    return `<div class="oddsof"><b>Odds of ${what}</b><table>` + o.outcomes.map(x =>
      `<tr><td>${esc(x.percent)}</td><td>${x.text ? esc(x.text) : "<i>nothing happens</i>"}</td></tr>`).join("") + `</table></div>`;
  }).join("");
}

/* Sends an action; while the server cannot be reached, says so and sends it
 * again. An answer that the game moved on (the action got through before
 * the connection broke, or the other side acted) shows the game as it is. */
async function act(a, sure) {
  if (!G.legal) return;
  if (a.forgoes && !sure) return askForgo(a);
  const step = G.legal.step;
  G.legal = null;
  el("panel").textContent = "…";
  el("note").innerHTML = "";
  let r, tries = 0;
  for (;;) {
    r = await api(`/games/${gameId}/act`, {method: "POST", body: {step, n: a.n}});
    if (!r.offline) break;
    tries++;
    el("panel").innerHTML = `<p class="err">The connection to the server is lost: trying again to play ${esc(a.action)}…</p>`;
    await sleep(2000);
  }
  if (r.error) {
    if (!(tries && r.status === 409)) el("note").innerHTML = `<p class="err">${esc(r.error)}</p>`;
    receive(await apiRetry(`/games/${gameId}`), [], {again: true});
    return;
  }
  receive(r.game, r.steps || [], {mine: true});
}

async function post(what, body) {
  body.step = G.game.step;
  el("note").innerHTML = "";
  const r = await apiRetry(`/games/${gameId}/${what}`, {method: "POST", body});
  if (r.error) { el("note").innerHTML = `<p class="err">${esc(r.error)}</p>`; return; }
  if (r.game) receive(r.game, r.steps || [], {again: true});
}

async function hint() {
  el("hintout").textContent = "Thinking…";
  const h = await api(`/games/${gameId}/hint`);
  if (h.error) { el("hintout").innerHTML = `<span class="err">${esc(h.error)}</span>`; return; }
  el("hintout").innerHTML = `<b>Hint:</b> ${esc(h.best)}<ol>` + h.candidates.map(c =>
    `<li>${esc(c.action)} <small>(${c.value === null ? "not searched" : `worth ${c.value.toFixed(2)} to the rule of thumb`})</small></li>`).join("") + "</ol>";
  const best = G.legal && G.legal.actions.find(a => a.action === h.best);
  if (!best) return;
  document.querySelectorAll("#choicebtns button").forEach(b => b.classList.toggle("hinted", Number(b.dataset.n) === best.n));
  if (best.elements.length) { select(best.elements[0]); mark(best.elements.slice(1), "pw-tgt"); }
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
    const r = await apiRetry(`/games/${gameId}/batch`, {method: "POST", body: {step: b.step, text: ta.value}});
    if (r.error) { el("batchmsg").innerHTML = `<span class="err">${esc(r.error)}</span>`; return; }
    box.innerHTML = "";
    receive(r.game, r.steps || [], {again: true});
  };
}
