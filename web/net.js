/*
 * net.js - the page's way to the server: JSON requests with the seat's
 * token, and what the page says while the server cannot be reached (the
 * bar's connection line). Shared by the start page and the game view.
 */
"use strict";
const q = new URLSearchParams(location.search);
const gameId = q.get("game"), token = q.get("token");
const el = id => document.getElementById(id);
const esc = s => String(s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
const sleep = ms => new Promise(r => setTimeout(r, ms));

/* A reply's JSON; a refusal as {error, status}; a request that never reached
 * the server (or whose answer was lost) as {error, offline: true}. */
async function api(path, opts) {
  const o = Object.assign({headers: {}}, opts || {});
  if (token) o.headers.Authorization = "Bearer " + token;
  if (o.body && typeof o.body !== "string") { o.body = JSON.stringify(o.body); o.headers["Content-Type"] = "application/json"; }
  let r;
  try { r = await fetch("/api" + path, o); }
  catch (e) { connection(false); return {error: "the connection to the server is lost", offline: true}; }
  connection(true);
  const j = await r.json().catch(() => ({error: "the server's answer was not JSON (" + r.status + ")"}));
  if (!r.ok && !j.error) j.error = "HTTP " + r.status;
  if (!r.ok) j.status = r.status;
  return j;
}

/* The same request again every 2 s while the server cannot be reached. */
async function apiRetry(path, opts) {
  for (;;) {
    const r = await api(path, opts);
    if (!r.offline) return r;
    await sleep(2000);
  }
}

/* the bar's line while the server is out of reach (a request failed or the
 * live stream broke), gone once it answers again */
function connection(ok) {
  const c = el("conn");
  if (!c || c.hidden === ok) return;
  c.hidden = ok;
  c.textContent = ok ? "" : "Connection to the server lost: trying again…";
}
