/*
 * lib.js - what the browser tests share: PASS/FAIL lines, games made over
 * the API, and pages whose traffic the test can hold up or cut (a reply
 * answered late, live updates delivered late, the server out of reach) to
 * try the page against every order of arrival.
 */
"use strict";
const puppeteer = require("puppeteer-core");

let failures = 0;
const pass = name => console.log(`PASS ${name}`);
const fail = (name, why) => { failures++; console.log(`FAIL ${name}: ${why}`); };
const check = (name, ok, why) => (ok ? pass(name) : fail(name, why));
const failed = () => failures;
const sleep = ms => new Promise(r => setTimeout(r, ms));

async function launch() {
  return puppeteer.launch({executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]});
}

/* the API from the test's side */
function apiOf(base) {
  return async (path, body, tok) => {
    const o = {method: body ? "POST" : "GET", headers: {}};
    if (tok) o.headers.Authorization = "Bearer " + tok;
    if (body) { o.body = typeof body === "string" ? body : JSON.stringify(body); o.headers["Content-Type"] = "application/json"; }
    const r = await fetch(base + "/api" + path, o);
    return r.json();
  };
}

/* A page whose traffic the test steers: page.delay maps a pattern of the
 * request's method and address ("POST /act") to milliseconds its answer is
 * held back (the request itself reaches the server at once); page.evDelay(ms)
 * holds back every live update; page.offline refuses every API request. */
async function steeredPage(ctx, viewport) {
  const page = await ctx.newPage();
  await page.setViewport(viewport || {width: 1280, height: 800});
  page.delay = {};
  page.offline = false;
  page.errors = [];
  page.on("pageerror", e => page.errors.push(e.message));
  await page.evaluateOnNewDocument(() => {
    const ES = window.EventSource;
    window.__evDelay = 0;
    window.EventSource = function (url, opts) {
      const es = new ES(url, opts), add = es.addEventListener.bind(es);
      es.addEventListener = (type, f, o) => add(type, e => {
        const d = window.__evDelay;
        if (d) setTimeout(() => f(e), d); else f(e);
      }, o);
      return es;
    };
  });
  page.evDelay = ms => page.evaluate(ms => { window.__evDelay = ms; }, ms);
  await page.setRequestInterception(true);
  page.on("request", async req => {
    const url = req.url();
    if (page.offline && url.includes("/api/")) return req.abort("connectionrefused");
    const what = req.method() + " " + url;
    const rule = url.includes("/events") ? null : Object.keys(page.delay).find(k => new RegExp(k).test(what));
    if (!rule) return req.continue();
    try {
      const r = await fetch(url, {method: req.method(), headers: req.headers(), body: req.postData()});
      const body = await r.text();
      const ms = typeof page.delay[rule] === "function" ? page.delay[rule]() : page.delay[rule];
      await sleep(ms);
      await req.respond({status: r.status, contentType: r.headers.get("content-type") || "application/json", body});
    } catch (e) { req.abort("failed").catch(() => {}); }
  });
  return page;
}

/* what the page shows: its game, the step its board is drawn at, its legal actions */
const shown = page => page.evaluate(() => ({
  step: G.game && G.game.step, status: G.game && G.game.status, to_act: G.game && G.game.to_act,
  board: Number(document.getElementById("board").dataset.step),
  legal: G.legal && G.legal.step === G.game.step ? G.legal.actions : null,
}));

async function until(page, fn, ms, ...args) {
  try { await page.waitForFunction(fn, {timeout: ms, polling: 100}, ...args); return true; } catch (e) { return false; }
}

/* clicks a point of the board element with this id that the element itself
 * receives (another piece may lie over its centre); false if none */
async function clickId(page, id) {
  const pt = await page.evaluate(id => {
    const e = document.getElementById(id);
    if (!e) return null;
    const b = e.getBoundingClientRect();
    for (let i = 1; i <= 9; i++) for (let j = 1; j <= 9; j++) {
      const x = b.left + b.width * i / 10, y = b.top + b.height * j / 10;
      for (let n = document.elementFromPoint(x, y); n; n = n.parentNode) if (n === e) return {x, y};
    }
    return null;
  }, id);
  if (!pt) return false;
  await page.mouse.click(pt.x, pt.y);
  return true;
}

module.exports = {pass, fail, check, failed, sleep, launch, apiOf, steeredPage, shown, until, clickId};
