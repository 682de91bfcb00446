/*
 * board.js - the battlefield on screen: the engine's drawing for this role,
 * what changed outlined, fitted to the window (the key left out when the
 * picture would come out small, by the player's choice per rule set),
 * zoomed and panned with two fingers, the wheel or the + and - buttons,
 * and what a unit is (its drawing's title) on hover or a long press.
 */
"use strict";

function boardSetup() {
  const b = el("board");
  b.onclick = boardClick;
  b.onmouseover = e => { boardHover(e); unitInfo(e.target); };
  b.onmouseleave = () => unitInfo(null);
  el("keybtn").onclick = toggleKey;
  el("sidebtn").onclick = () => { document.body.classList.toggle("noside"); fitBoard(); };
  el("zoomin").onclick = () => zoomBy(1.5);
  el("zoomout").onclick = () => zoomBy(1 / 1.5);
  el("zoomfit").onclick = () => { G.zoom = null; fitBoard(); };
  b.addEventListener("wheel", e => { if (!e.ctrlKey && !e.metaKey) return; e.preventDefault(); zoomBy(e.deltaY < 0 ? 1.25 : 0.8, e); }, {passive: false});
  touchSetup(b);
  window.addEventListener("resize", fitBoard);
}

function drawBoard(svg, changed, step) {
  el("board-pic").innerHTML = svg || `<p>This rule set draws no picture.</p>`;
  el("board").dataset.step = step;
  const pic = el("board-pic").querySelector("svg");
  if (pic) pic.setAttribute("preserveAspectRatio", "xMidYMin meet");
  fitBoard();
  clearTimeout(G.chgTimer);
  const own = (changed || []).filter(id => !G.theirs.has(id));
  [...G.theirs, ...own].forEach(id => { const e = document.getElementById(id); if (e && el("board").contains(e)) e.classList.add("pw-chg"); });
  G.chgTimer = setTimeout(() => own.forEach(id => { const e = document.getElementById(id); if (e && !G.theirs.has(id)) e.classList.remove("pw-chg"); }), 4000);
}

/* ---- fitting the picture to the screen -------------------------------------------- */

/* The picture's key (its group of class pw-key) may be left out of view so
 * the battlefield fills the board: by the player's choice for this rule set
 * (the Key button), or, left to the page, when the whole picture would be
 * drawn below 0.7 of its size. Pieces of the key that the legal actions
 * name (units or coins still to place, a compass) stay in view. On a narrow
 * screen the board takes the width and the picture's height. */
const narrow = () => matchMedia("(max-width: 700px)").matches;
const keyName = () => "pw-key-" + (G.game ? G.game.rules : "");
const keyChoice = () => localStorage.getItem(keyName());   /* "on", "off" or null: the page decides */
function union(a, b) {
  if (!a) return b;
  const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
  return {x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y};
}

function fitBoard() {
  const pic = el("board-pic").querySelector("svg");
  if (!pic) return;
  if (!pic.dataset.full) pic.dataset.full = pic.getAttribute("viewBox");
  const full = pic.dataset.full.split(/[ ,]+/).map(Number);
  const key = pic.querySelector(".pw-key");
  const b = el("board"), box = el("board-pic");
  box.style.height = "";
  const scale = narrow() ? b.clientWidth / full[2] : Math.min(b.clientWidth / full[2], b.clientHeight / full[3]);
  const show = !key || (keyChoice() ? keyChoice() === "on" : scale >= 0.7);
  el("keybtn").hidden = !key;
  el("keybtn").classList.toggle("on", show);
  el("keybtn").setAttribute("aria-pressed", String(show));
  pic.classList.toggle("pw-keyoff", !show);
  pic.querySelectorAll(".pw-keep").forEach(e => e.classList.remove("pw-keep"));
  let r = {x: full[0], y: full[1], width: full[2], height: full[3]};
  if (!show) {
    let k = null;
    for (const c of pic.children) {
      if (c === key || !c.getBBox || /^(defs|title|style)$/i.test(c.tagName)) continue;
      const bb = c.getBBox();
      if (bb.width >= full[2] - 1 && bb.height >= full[3] - 1) continue;   /* the background */
      k = union(k, bb);
    }
    const named = new Set((G.legal ? G.legal.actions : []).flatMap(a => a.elements));
    key.querySelectorAll("[id]").forEach(e => { if (named.has(e.id)) { e.classList.add("pw-keep"); k = union(k, e.getBBox()); } });
    const pad = 6;
    if (k) r = {x: k.x - pad, y: k.y - pad, width: k.width + 2 * pad, height: k.height + 2 * pad};
  }
  if (narrow()) box.style.height = Math.min(b.clientWidth * r.height / r.width, innerHeight * 0.85) + "px";
  /* the zoom buttons go where the picture leaves room, so they cover
   * nothing: beside it when the board is wider than the picture, else below */
  b.classList.toggle("zoomside", !narrow() && b.clientWidth / b.clientHeight > r.width / r.height);
  G.fit = r;
  applyZoom();
}

/* ---- zoom and pan ----------------------------------------------------------------- */

/* G.zoom: {k, cx, cy}, the magnification and the centre of the view in the
 * picture's units; null shows the whole fitted picture. */
function applyZoom() {
  const pic = el("board-pic").querySelector("svg"), r = G.fit;
  if (!pic || !r) return;
  el("board").classList.toggle("zoomed", !!G.zoom);
  if (!G.zoom) { pic.setAttribute("viewBox", `${r.x} ${r.y} ${r.width} ${r.height}`); return; }
  const z = G.zoom, w = r.width / z.k, h = r.height / z.k;
  z.cx = Math.max(r.x + w / 2, Math.min(r.x + r.width - w / 2, z.cx));
  z.cy = Math.max(r.y + h / 2, Math.min(r.y + r.height - h / 2, z.cy));
  pic.setAttribute("viewBox", `${z.cx - w / 2} ${z.cy - h / 2} ${w} ${h}`);
}

/* the picture's point under a screen point */
function picPoint(x, y) {
  const pic = el("board-pic").querySelector("svg"), m = pic && pic.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  return {x: p.x, y: p.y};
}

function zoomBy(f, at) {
  const r = G.fit;
  if (!r) return;
  const z = G.zoom || {k: 1, cx: r.x + r.width / 2, cy: r.y + r.height / 2};
  const p = at && picPoint(at.clientX, at.clientY);
  const k = Math.max(1, Math.min(6, z.k * f));
  if (p) { z.cx = p.x + (z.cx - p.x) * z.k / k; z.cy = p.y + (z.cy - p.y) * z.k / k; }
  z.k = k;
  G.zoom = k > 1.001 ? z : null;
  applyZoom();
}

/* fingers: two pinch and pan, one pans a zoomed picture (a drag is no
 * click), one held still half a second says what the unit under it is */
function touchSetup(b) {
  const pts = new Map();
  let start = null, press = 0;
  b.addEventListener("pointerdown", e => {
    if (e.pointerType === "mouse") return;
    if (e.isPrimary) { pts.clear(); G.dragged = false; }   /* a new gesture: its end swallows at most its own click */
    pts.set(e.pointerId, {x: e.clientX, y: e.clientY});
    start = {pts: new Map([...pts].map(([k, v]) => [k, Object.assign({}, v)])), zoom: Object.assign({}, G.zoom || {k: 1, cx: G.fit.x + G.fit.width / 2, cy: G.fit.y + G.fit.height / 2}), moved: false};
    clearTimeout(press);
    const target = e.target;
    if (pts.size === 1) press = setTimeout(() => { if (!start || !start.moved) { unitInfo(target); G.dragged = true; } }, 450);
  });
  b.addEventListener("pointermove", e => {
    if (!pts.has(e.pointerId) || !start) return;
    pts.set(e.pointerId, {x: e.clientX, y: e.clientY});
    const now = [...pts.values()], then = [...pts.keys()].map(k => start.pts.get(k)).filter(Boolean);
    if (now.length !== then.length) return;
    const mid = l => ({x: l.reduce((s, p) => s + p.x, 0) / l.length, y: l.reduce((s, p) => s + p.y, 0) / l.length});
    const dist = l => l.length > 1 ? Math.hypot(l[0].x - l[1].x, l[0].y - l[1].y) : 1;
    const m0 = mid(then), m1 = mid(now);
    if (!start.moved && Math.hypot(m1.x - m0.x, m1.y - m0.y) < 8 && Math.abs(dist(now) - dist(then)) < 8) return;
    start.moved = true; clearTimeout(press);
    const k = Math.max(1, Math.min(6, start.zoom.k * dist(now) / dist(then)));
    const pxPerUnit = el("board").clientWidth / (G.fit.width / k);
    G.zoom = {k, cx: start.zoom.cx - (m1.x - m0.x) / pxPerUnit, cy: start.zoom.cy - (m1.y - m0.y) / pxPerUnit};
    if (k <= 1.001 && now.length === 1) G.zoom = null;
    G.dragged = true;
    applyZoom();
  });
  const up = e => { pts.delete(e.pointerId); if (!pts.size) start = null; };
  b.addEventListener("pointerup", () => clearTimeout(press));
  /* the browser's own long press (it may cancel the pointer first) */
  b.addEventListener("contextmenu", e => { if (!unitInfo(e.target)) return; e.preventDefault(); G.dragged = true; });
  b.addEventListener("pointerup", up);
  b.addEventListener("pointercancel", up);
}

/* ---- what a unit is --------------------------------------------------------------- */

function unitInfo(node) {
  let t = null;
  for (let n = node; n && n !== el("board"); n = n.parentNode) {
    const title = n.id && [...n.children].find(c => c.tagName.toLowerCase() === "title");
    if (title) { t = title.textContent; break; }
  }
  el("info").hidden = !t;
  el("info").textContent = t || "";
  return !!t;
}

function toggleKey() {
  const shown = el("keybtn").classList.contains("on");
  localStorage.setItem(keyName(), shown ? "off" : "on");
  fitBoard();
}
