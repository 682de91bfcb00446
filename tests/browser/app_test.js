/*
 * app_test.js - the browser app in a real headless Chromium (puppeteer-core).
 * For each rule set: start a game from the start page with a friend's seat,
 * play turns in two browser contexts (one a seat) by clicking the board,
 * see the odds before an action with chance in it, see each move arrive live
 * in the other context, reload and go on, step a replay back and forth, and
 * check that what one seat may not see of the other's moves is neither in
 * its page nor in anything the server sent it. Saves a screenshot of each
 * battlefield in build/screenshots/. Prints PASS/FAIL lines.
 *
 *   node tests/browser/app_test.js http://127.0.0.1:PORT OUTDIR [computer|referee|deal|RULES...]
 */
"use strict";
const puppeteer = require("puppeteer-core");
const fs = require("fs");
const base = process.argv[2], outdir = process.argv[3] || "build/screenshots";
const {pass, fail, check, failed, sleep, clickId} = require("./lib.js");

/* a page that keeps every body the server sent it (fetch answers and live events) */
async function tracedPage(ctx) {
  const page = await ctx.newPage();
  await page.setViewport({width: 1280, height: 760});
  page.seen = [];
  page.on("response", async r => {
    if (!r.url().includes("/api/") || r.url().includes("/events")) return;
    try { page.seen.push(await r.text()); } catch (e) { /* a body already gone */ }
  });
  const cdp = await page.target().createCDPSession();
  await cdp.send("Network.enable");
  cdp.on("Network.eventSourceMessageReceived", m => page.seen.push(m.data));
  page.on("pageerror", e => fail("page script", e.message));
  return page;
}

const state = page => page.evaluate(() => ({
  step: G.game && G.game.step, status: G.game && G.game.status, at: G.at,
  legal: G.legal && G.legal.step === G.game.step ? G.legal.actions : null, log: G.steps.length,
}));

async function waitTurn(page, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const s = await state(page);
    if (s.status !== "active" || (s.legal && s.legal.length)) return s;
    await sleep(100);
  }
  return state(page);
}

/* one action by pointing: the acting piece, then its target (twice: the first
 * click shows the odds, the second commits). Returns what was done. */
async function playOne(page, rnd, info) {
  const s = await waitTurn(page, 20000);
  if (s.status !== "active" || !s.legal) return null;
  const pointed = s.legal.filter(a => a.elements.length >= 2);
  if (!pointed.length) {
    /* a choice with nothing on the board to point at: the panel's buttons */
    const a = s.legal[Math.floor(rnd() * s.legal.length)];
    await page.click(`#choices button.act[data-n="${a.n}"]`);
    if (a.forgoes) { await page.waitForSelector("#confirm-yes", {visible: true}); await page.click("#confirm-yes"); }
    return {a, step: s.step};
  }
  for (let tries = 0; tries < 6; tries++) {
    const a = pointed[Math.floor(rnd() * pointed.length)];
    const first = a.elements[0], last = a.elements[a.elements.length - 1];
    if (!(await clickId(page, first))) continue;
    /* the click may have aimed the piece selected before at a target of
     * its own (a second such click would act): clear it, as a player would */
    if (!(await page.evaluate(f => G.sel === f, first))) { await page.keyboard.press("Escape"); continue; }
    if (!(await clickId(page, last))) { await page.keyboard.press("Escape"); continue; }
    const hot = await page.evaluate(() => G.hot);
    if (!hot) { await page.keyboard.press("Escape"); continue; }
    /* the odds of what is about to be done, before committing */
    try {
      await page.waitForFunction(t => [...document.querySelectorAll("#odds b, #odds div")].some(b => b.textContent.includes(t)),
                                 {timeout: 8000}, a.action);
      const txt = await page.$eval("#odds", e => e.textContent);
      if (/Odds of/.test(txt)) info.odds.push(txt);
    } catch (e) { fail("odds shown", `none for ${a.action}`); }
    if (info.shoot) { await page.screenshot({path: info.shoot}); info.shoot = null; }
    /* several actions may share the target: the panel offers them */
    const btn = await page.$(`#panel button.act[data-n="${a.n}"]`);
    if (btn) await btn.click(); else await clickId(page, last);
    await page.waitForFunction(st => G.game.step > st, {timeout: 15000}, s.step);
    return {a, step: s.step};
  }
  return null;
}

function rng(seed) { let x = seed; return () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648); }

async function ruleSet(browser, rules, turns) {
  const info = {odds: [], hiddenIds: 0, ownSeen: 0};
  const ctxA = await browser.createBrowserContext(), ctxB = await browser.createBrowserContext();
  const a = await tracedPage(ctxA), b = await tracedPage(ctxB);
  await a.goto(base + "/", {waitUntil: "networkidle0"});
  await a.click(`#rulesets label[data-rules="${rules}"]`);
  await a.select("select[name=seat1]", "friend");
  await a.click("#play");
  await a.waitForSelector("a.seatlink");
  const links = await a.$$eval("a.seatlink", l => l.map(x => x.getAttribute("href")));
  check(`${rules}: start page gives both seats' links`, links.length === 2, JSON.stringify(links));
  await a.goto(base + links[0]);
  await b.goto(base + links[1]);
  await a.waitForSelector("#board svg"); await b.waitForSelector("#board svg");
  const rnd = rng(rules.length * 7919);
  let played = 0, live = 0, hiddenChecked = 0, hiddenLeak = null, shot = false;
  for (let i = 0; i < turns; i++) {
    const sa = await state(a), sb = await state(b);
    if (sa.status !== "active") break;
    const [me, other] = sa.legal ? [a, b] : sb.legal ? [b, a] : [null, null];
    if (!me) { await sleep(150); continue; }
    const mark = other.seen.length;
    const did = await playOne(me, rnd, info);
    if (!did) break;
    played++;
    /* the other context sees the move arrive by itself */
    try {
      await other.waitForFunction(n => G.steps.length > n && G.game.step > n, {timeout: 10000}, did.step);
      live++;
    } catch (e) { fail(`${rules}: live update`, `step ${did.step + 1} did not reach the other seat`); }
    /* what only the actor may see after its move (the ids in its picture that
     * the public picture lacks, and its notation where the other saw it
     * otherwise) must be neither in the other's page nor in what it was sent since */
    const gid = await other.evaluate(() => gameId);
    /* both pages showing the latest position (chance may have followed the move) */
    let pub = null;
    for (let t = 0; t < 50; t++) {
      pub = await (await fetch(`${base}/api/games/${gid}`)).json();
      const shown = await Promise.all([me, other].map(pg => pg.$eval("#board", e => Number(e.dataset.step))));
      if (shown.every(k => k === pub.step)) break;
      await sleep(100);
    }
    const own = await me.evaluate(() => [...document.querySelectorAll("#board [id]")].filter(e => {
      const o = e.closest("[data-owner]");
      return o && Number(o.dataset.owner) === G.game.you.seat;
    }).map(e => e.id));
    const hiddenIds = (own || []).filter(id => !pub.svg.includes(`id="${id}"`));
    /* bodies about the position after the move (a late answer about an earlier
     * position may rightly show what was public then) */
    const fresh = other.seen.slice(mark).filter(t => {
      try { const j = JSON.parse(t), k = j.game ? j.game.step : j.step; return k === undefined || k > did.step; }
      catch (e) { return true; }
    });
    for (const id of hiddenIds) {
      if (await other.evaluate(id => !!document.getElementById(id), id)) hiddenLeak = `${id} drawn`;
      const re = new RegExp(`id=\\\\?"${id}\\\\?"`);
      if (fresh.some(t => re.test(t))) { hiddenLeak = `${id} sent over the network`; if (process.env.DEBUG) { const t = fresh.find(t => re.test(t)); const i = t.search(re); console.log("LEAK", did.a.action, did.step, t.slice(0, 400), "...", t.slice(i - 100, i + 100)); } }
      if (me.seen.some(t => re.test(t))) info.ownSeen++;   /* the same check finds it on the actor's side */
    }
    if (hiddenIds.length) { hiddenChecked++; info.hiddenIds += hiddenIds.length; }
    const seenAs = await other.evaluate(n => G.steps[n] && G.steps[n].action, did.step);
    if (seenAs && !seenAs.includes(did.a.action) && process.env.DEBUG) {
      const mine = await me.evaluate(n => G.steps.slice(n - 2, n + 3).map(s => s && s.n + ":" + s.who + ":" + s.action), did.step);
      const theirs = await other.evaluate(n => G.steps.slice(n - 2, n + 3).map(s => s && s.n + ":" + s.who + ":" + s.action), did.step);
      console.log("SEEN", JSON.stringify({did: did.a.action, step: did.step, seenAs, mine, theirs}));
    }
    if (seenAs && !seenAs.includes(did.a.action)) {
      /* the notation itself was hidden (a coin placed unseen) */
      hiddenChecked++;
      if ((await other.content()).includes(did.a.action)) hiddenLeak = `"${did.a.action}" in the page`;
      if (fresh.some(t => t.includes(`"${did.a.action}"`))) hiddenLeak = `"${did.a.action}" sent over the network`;
    }
    if (!shot && played >= Math.min(turns / 2, 8)) {
      /* mid-game, at the next action: a piece selected, its target and odds shown */
      info.shoot = `${outdir}/${rules}.png`;
      shot = true;
    }
    if (i === Math.floor(turns / 2)) {
      /* reload and go on */
      const before = await state(a);
      await a.reload();
      await a.waitForSelector("#board svg");
      await a.waitForFunction(() => G.game && G.steps.length === G.game.step, {timeout: 10000});
      const after = await state(a);
      check(`${rules}: reload keeps the game`, after.step >= before.step && after.log === after.step, JSON.stringify([before, after]));
    }
  }
  check(`${rules}: played by clicking the board`, played >= Math.min(turns, 6), `${played} actions`);
  check(`${rules}: moves arrive live in the other context`, live === played, `${live} of ${played}`);
  check(`${rules}: odds before an action with chance`, info.odds.length > 0, "no action with odds met");
  if (hiddenChecked) check(`${rules}: the other seat's hidden moves stay hidden (${hiddenChecked} steps, ${info.hiddenIds} pieces)`, !hiddenLeak, hiddenLeak);
  if (info.hiddenIds) check(`${rules}: the hidden pieces are found in the actor's own traffic`, info.ownSeen > 0, "the check finds nothing even there");
  if (!hiddenChecked) pass(`${rules}: nothing was hidden in these steps (the rule set hides nothing here)`);
  if (!shot || info.shoot) await a.screenshot({path: `${outdir}/${rules}.png`});
  await phone(a, rules);

  /* replay: back, back, forward, the slider */
  const now = (await state(a)).step;
  const svgAt = () => a.$eval("#board", e => e.innerHTML.length + ":" + e.innerHTML.slice(-4000));
  const liveSvg = await svgAt();
  await a.click("#back");
  await a.waitForFunction(k => G.at === k - 1 && /Replay, step/.test(document.getElementById("status").textContent), {timeout: 8000}, now);
  await a.click("#back");
  await a.waitForFunction(k => G.at === k - 2 && document.getElementById("status").textContent.includes(`step ${k - 2}:`), {timeout: 8000}, now);
  const back2 = await svgAt();
  await a.click("#fwd");
  await a.waitForFunction(k => G.at === k - 1 && document.getElementById("status").textContent.includes(`step ${k - 1}:`), {timeout: 8000}, now);
  await a.$eval("#slider", e => { e.value = 0; e.dispatchEvent(new Event("input")); });
  await a.waitForFunction(() => G.at === 0 && document.getElementById("status").textContent.includes("step 0:"), {timeout: 8000});
  const first = await svgAt();
  await a.click("#live");
  await a.waitForFunction(() => G.at === null && !document.body.classList.contains("replaying"));
  check(`${rules}: replay steps back and forward`, back2 !== liveSvg || first !== liveSvg, "the board never changed while replaying");
  await ctxA.close(); await ctxB.close();
}

/* a phone held sideways and laptop screens: the battlefield fills its box
 * beside the panel, nothing scrolls, and the pieces' text is drawn at a
 * legible size (4.2 px on a phone's dense screen, 8.4 device pixels; 8 px on
 * a laptop's). On a phone Pocket Wargame measures 4.5-5.9 px, depending on
 * how many coins share a card when the other seat's move arrives (a coin's
 * value was drawn at 0.42 of its radius until a CI run met 4.1 px; it is
 * 0.5 now). */
async function phone(page, rules) {
  for (const [w, h] of [[844, 390], [740, 360], [1280, 720], [1366, 768]]) {
    const small = h < 500, what = small ? "on a phone held sideways" : "on a laptop";
    await page.setViewport({width: w, height: h, deviceScaleFactor: small ? 2 : 1});
    await page.waitForFunction(() => document.querySelector("#board svg"));
    await sleep(300);
    const m = await page.evaluate(() => {
      const b = document.getElementById("board"), pic = b.querySelector("svg");
      const vb = pic.viewBox.baseVal, r = pic.getBoundingClientRect();
      const scale = Math.min(r.width / vb.width, r.height / vb.height);
      /* the type of the pieces on the board: units' text */
      const sizes = [...pic.querySelectorAll(".pw-unit text")].map(t => Number(t.getAttribute("font-size")) || 0).filter(x => x);
      sizes.sort((x, y) => x - y);
      return {scroll: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth ||
                      b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1,
              used: (r.width * r.height) ? Math.max(vb.width * scale / b.clientWidth, vb.height * scale / b.clientHeight) : 0,
              text: sizes.length ? sizes[Math.floor(sizes.length / 2)] * scale : null};
    });
    check(`${rules}: ${what} (${w}x${h}) the board fits without scrolling`, !m.scroll, JSON.stringify(m));
    check(`${rules}: ... (${w}x${h}) and fills its box (${(m.used * 100).toFixed(0)}%), the pieces' text ${m.text ? m.text.toFixed(1) + " px" : "-"}`,
          m.used > 0.95 && (m.text === null || m.text >= (small ? 4.2 : 8)), JSON.stringify(m));
    /* the steps list: the current step in view, and no line cut at the top */
    const log = await page.evaluate(() => {
      const l = document.getElementById("log"), now = l.querySelector(".now");
      if (!now || l.scrollHeight <= l.clientHeight) return null;
      const top = l.getBoundingClientRect().top, r = now.getBoundingClientRect();
      const edges = [...l.children].map(li => li.getBoundingClientRect().top - top);
      return {inView: r.top >= top - 1 && r.bottom <= top + l.clientHeight + 1,
              cut: Math.min(...edges.map(e => Math.abs(e)))};
    });
    if (log) check(`${rules}: ${what} (${w}x${h}) the steps list shows the current step, no line cut at its top`,
                   log.inView && log.cut <= 1, JSON.stringify(log));
    if (w === 844) await page.screenshot({path: `${outdir}/${rules}-phone.png`});
    if (w === 1280) await page.screenshot({path: `${outdir}/${rules}-1280x720.png`});
  }
  await page.setViewport({width: 1280, height: 760});
}

async function twoClicks(browser) {
  /* make run, open the address: Play, and the board is there to act on */
  const ctx = await browser.createBrowserContext();
  const p = await tracedPage(ctx);
  await p.goto(base + "/", {waitUntil: "networkidle0"});
  await p.screenshot({path: `${outdir}/start.png`, fullPage: true});
  await p.click("#play");
  await p.waitForSelector("#board svg", {timeout: 10000});
  const s = await waitTurn(p, 20000);
  const comp = await p.evaluate(() => G.game.seats.some(s => s.kind === "computer"));
  check("a game against the computer in one click from the start page", comp && s.status === "active" && s.legal && s.legal.length > 0,
        JSON.stringify({comp, s: s.status, legal: s.legal && s.legal.length}));
  /* the one click meets the opponent the docs recommend (docs/ai.md) */
  const level = await p.evaluate(() => (G.game.seats.find(s => s.kind === "computer") || {}).level);
  check("the start page's computer opponent is normal", level === "normal", String(level));
  /* undo by agreement (the computer agrees at once), resign, the game-over
   * screen, the record downloaded and opened again from the start page */
  const info = {odds: []};
  const did = await playOne(p, rng(5), info);
  await p.waitForFunction(k => G.steps.length > k, {timeout: 10000}, did.step);
  await waitTurn(p, 20000);
  const before = (await state(p)).step;
  await p.click("#askundo");
  await p.waitForFunction(k => G.game.step < k, {timeout: 10000}, before);
  const after = await state(p);
  check("undo takes back the last action (the computer agrees)", after.step <= did.step, JSON.stringify({did: did.step, before, after: after.step}));
  p.once("dialog", d => d.accept());
  await p.click("#resign");
  await p.waitForSelector("#over:not([hidden])", {timeout: 10000});
  const over = await p.$eval("#over", e => e.textContent);
  check("resigning shows the game-over screen with the result", /Game over\..*resigns/.test(over), over);
  /* the losses as the engine counts them (the game's JSON), each side's every count on the panel */
  const gid = await p.evaluate(() => gameId);
  const pub = await (await fetch(`${base}/api/games/${gid}`)).json();
  const rows = await p.$$eval("#over table.losses tr", r => r.map(x => x.textContent));
  const want = (pub.losses && pub.losses.sides || []).map(sd => [sd.side, ...sd.counts.map(c => `${c.what}: ${c.lost} of ${c.start} lost`)]);
  await p.screenshot({path: `${outdir}/game-over.png`});
  check("the game-over panel gives each side's losses from the engine's counts",
        want.length === 2 && rows.length === want.length && want.every((w, i) => w.length > 1 && w.every(t => rows[i].includes(t))),
        JSON.stringify({want, rows}));
  const href = await p.$eval("#record", e => e.hidden ? null : e.href);
  const rec = href ? await (await fetch(href)).text() : "";
  check("the record downloads as .pwr text", /\[Rules "/.test(rec) || /^\[/.test(rec), rec.slice(0, 80));
  fs.writeFileSync(`${outdir}/game.pwr`, rec);
  await p.goto(base + "/", {waitUntil: "networkidle0"});
  const input = await p.$("#upload");
  await input.uploadFile(`${outdir}/game.pwr`);
  await p.waitForSelector("#board svg", {timeout: 10000});
  const up = await state(p);
  check("an uploaded record goes on as a new game", up.status === "active" && up.step === after.step && up.log === up.step,
        JSON.stringify({up, after: after.step}));
  await ctx.close();
}

async function referee(browser) {
  /* the referee's page offers each chance result with its probability and enters it */
  const ctx = await browser.createBrowserContext();
  const p = await tracedPage(ctx);
  await p.goto(base + "/", {waitUntil: "networkidle0"});
  await p.click('#rulesets label[data-rules="portable-wargame"]');
  await p.click("input[name=referee]");
  await p.click("#play");
  await p.waitForSelector("#links a");
  const links = await p.$$eval("#links a", l => l.map(x => [x.parentNode.textContent.split(":")[0], x.getAttribute("href")]));
  const seat = links.find(l => l[0] !== "Referee" && l[0] !== "Watchers"), ref = links.find(l => l[0] === "Referee");
  const ctxR = await browser.createBrowserContext();
  const q = await tracedPage(ctxR);
  p.on("dialog", d => { console.log("DIALOG", d.message()); d.dismiss(); });
  await q.goto(base + ref[1]);
  await p.goto(base + seat[1]);
  await p.waitForSelector("#board svg");
  /* the seat acts until a chance point comes */
  for (let i = 0; i < 6; i++) {
    const s = await waitTurn(p, 3000);
    if (!s.legal) break;
    await playOne(p, rng(11 + i), {odds: []});
  }
  await q.waitForSelector("#panel button.act", {timeout: 10000});
  const offered = await q.$$eval("#panel button.act", b => b.map(x => x.firstChild.textContent));
  check("the referee is offered the chance results with their odds", offered.length > 1 && offered.every(t => /%\)$/.test(t)), JSON.stringify(offered));
  const k = await q.evaluate(() => G.game.step);
  await q.click("#panel button.act");
  await q.waitForFunction(k => G.game.step > k, {timeout: 10000}, k);
  const who = await q.evaluate(k => G.steps[k].who, k);
  check("the referee's entry is marked in the record", who === "entered", String(who));
  await ctx.close(); await ctxR.close();
}

async function refereeDeal(browser) {
  /* a referee game of Pocket Wargame: the referee enters the whole deal at once */
  const ctx = await browser.createBrowserContext();
  const p = await tracedPage(ctx);
  await p.goto(base + "/", {waitUntil: "networkidle0"});
  await p.click('#rulesets label[data-rules="pocket-wargame"]');
  await p.select("select[name=seat1]", "friend");
  await p.click("input[name=referee]");
  await p.click("#play");
  await p.waitForSelector("#links a");
  const ref = await p.$$eval("#links a", l => l.map(x => [x.parentNode.textContent.split(":")[0], x.getAttribute("href")]).find(x => x[0] === "Referee"));
  await p.goto(base + ref[1]);
  await p.waitForSelector("#batch .palette button", {timeout: 10000});
  const entries = await p.$$eval("#batch .palette button", b => b.map(x => x.dataset.e));
  const head = await p.$eval("#batch b", e => e.textContent);
  check("the referee is offered the whole deal at once", entries.length === 54 && /next 54 results/.test(head), JSON.stringify({head, n: entries.length}));
  /* a card twice: refused, nothing entered */
  await p.type("#batchtext", `${entries[5]} ${entries[5]}`);
  await p.click("#batchgo");
  await p.waitForFunction(() => /entry 2/.test(document.getElementById("batchmsg").textContent), {timeout: 8000});
  check("a card entered twice is refused and nothing is entered", (await state(p)).step === 0, await p.$eval("#batchmsg", e => e.textContent));
  /* the deal, from the last card offered to the first, partly by the picker buttons */
  const deal = entries.slice().reverse();
  await p.$eval("#batchtext", e => { e.value = ""; });
  for (const c of deal.slice(0, 3)) await p.click(`#batch .palette button[data-e="${c}"]`);
  await p.type("#batchtext", deal.slice(3).join(", ").replace(/^/, ", "));
  await p.click("#batchgo");
  await p.waitForFunction(() => G.game.step >= 54 && G.steps.length >= 54, {timeout: 15000});
  const who = await p.evaluate(() => G.steps.slice(0, 54).every(s => s.who === "entered"));
  check("the deal is recorded as 54 entered steps", who, "some step is not marked entered");
  await p.waitForFunction(() => Number(document.getElementById("board").dataset.step) >= 54, {timeout: 8000});
  const shown = await p.evaluate(() => ["p-a1", "p-b1", "p-i6"].map(id => [...document.querySelectorAll(`#${id} text`)].map(t => t.textContent)));
  check("the board shows the dealt cards where they fell (a1, b1, i6)",
        shown[0].includes(deal[0]) && shown[1].includes(deal[1]) && shown[2].includes(deal[53]),
        JSON.stringify({want: [deal[0], deal[1], deal[53]], shown}));
  await p.screenshot({path: `${outdir}/referee-deal.png`});
  await ctx.close();
}

(async () => {
  fs.mkdirSync(outdir, {recursive: true});
  const browser = await puppeteer.launch({executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]});
  try {
    /* names on the command line pick some: computer, referee, deal, or rule sets */
    const only = process.argv.slice(4), want = n => !only.length || only.includes(n);
    if (want("computer")) try { await twoClicks(browser); } catch (e) { fail("computer game", e.stack.split("\n").slice(0, 3).join(" ")); }
    if (want("referee")) try { await referee(browser); } catch (e) { fail("referee", e.stack.split("\n").slice(0, 3).join(" ")); }
    if (want("deal")) try { await refereeDeal(browser); } catch (e) { fail("referee deal", e.stack.split("\n").slice(0, 3).join(" ")); }
    if (!process.env.ONLY) for (const [rules, turns] of [["portable-wargame", 12], ["pocket-battles", 40], ["pocket-wargame", 40]]) {
      if (!want(rules)) continue;
      try { await ruleSet(browser, rules, turns); } catch (e) { fail(rules, e.stack.split("\n").slice(0, 3).join(" ")); }
    }
  } finally { await browser.close(); }
  process.exit(failed() ? 1 : 0);
})();
