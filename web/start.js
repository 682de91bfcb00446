/*
 * start.js - the start page: rule sets, scenarios and their briefings,
 * options, seats, making a game and its links (which one is yours), opening
 * a record, and the games on this server (which wait on you).
 */
"use strict";

/* tokens of the games made in this browser, so the list can offer to continue */
const myLinks = () => JSON.parse(localStorage.getItem("pw-links") || "{}");
function keepLinks(id, links) { const m = myLinks(); m[id] = links; localStorage.setItem("pw-links", JSON.stringify(m)); }
/* the seat link this browser's player plays in a game made here (the first
 * seat marked "you"), else none */
const mySeatLink = links => links && links.seats && links.seats.find(s => s.seat === links.you);

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
  const mine = kinds.indexOf("you");
  if (mine >= 0) d.links.you = mine + 1;
  keepLinks(d.game.id, d.links);
  const seatLink = p => d.links.seats.find(s => s.seat === p + 1);
  const others = kinds.map((k, i) => k === "friend" ? seatLink(i) : null).filter(Boolean);
  if (mine >= 0 && !others.length && !body.referee) { location.href = seatLink(mine).url; return; }
  el("links").innerHTML = "<p>Each link plays one seat: send it to that player only.</p>" +
    d.links.seats.map(s => `<p${s.seat === d.links.you ? ' class="yours"' : ""}>${esc(s.side)}` +
      `${s.seat === d.links.you ? " (yours: open it to play)" : kinds[s.seat - 1] === "friend" ? " (send it to your friend)" : ""}: ` +
      `<a class="seatlink" href="${esc(s.url)}">${esc(location.origin + s.url)}</a></p>`).join("") +
    (d.links.referee ? `<p>Referee: <a href="${esc(d.links.referee.url)}">${esc(location.origin + d.links.referee.url)}</a></p>` : "") +
    `<p>Watchers: <a href="${esc(d.links.spectator)}">${esc(location.origin + d.links.spectator)}</a></p>`;
  listGames();
}

async function uploadRecord() {
  const file = el("upload").files[0];
  if (!file) return;
  const d = await api("/games/import", {method: "POST", body: await file.text()});
  if (d.error) { el("links").innerHTML = `<p class="err">${esc(d.error)}</p>`; return; }
  d.links.you = d.links.seats[0].seat;
  keepLinks(d.game.id, d.links);
  location.href = d.links.seats[0].url;
}

/* the games on this server: rule set and scenario by title, when made and
 * last played, and which wait on this browser's player */
async function listGames() {
  const d = await api("/games?limit=50"), mine = myLinks();
  const title = (g, what) => {
    const r = rulesets.find(x => x.name === g.rules);
    if (what === "rules") return r ? r.title : g.rules;
    const s = r && r.scenarios.find(x => x.name === g.scenario);
    return s && s.title ? s.title : g.scenario;
  };
  const when = ms => new Date(ms).toLocaleString([], {dateStyle: "short", timeStyle: "short"});
  el("games").tBodies[0].innerHTML = (d.games || []).map(g => {
    const seat = mySeatLink(mine[g.id]);
    const waiting = seat && g.status === "active" && g.to_act === seat.seat;
    const acts = (seat && g.status === "active" ? `<a class="continue" href="${esc(seat.url)}">continue</a> ` : "") +
      `<a href="/?game=${esc(g.id)}">watch</a> <a href="/?game=${esc(g.id)}&replay=0">replay</a>`;
    return `<tr${waiting ? ' class="yourturn"' : ""}><td>${esc(title(g, "rules"))}</td><td>${esc(title(g, "scenario"))}</td>` +
      `<td>${g.seats.map(s => esc(s.side + ": " + (s.kind === "computer" ? "computer " + s.level : seat && s.seat === seat.seat ? "you" : "human"))).join(", ")}</td>` +
      `<td>${g.step}</td><td title="made ${esc(when(g.created))}">${esc(when(g.updated))}</td>` +
      `<td>${waiting ? "<b>your turn</b>" : esc(g.status === "finished" ? g.result : "active")}</td><td>${acts}</td></tr>`;
  }).join("");
}
