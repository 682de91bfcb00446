/*
 * layout_test.js - every rule set at every screen size (a phone upright
 * 390x844 and sideways 844x390, laptops 1280x800, a desktop 1920x1080):
 * nothing scrolls sideways, on a narrow screen the board takes the width
 * with the panel below, every control can be reached and pressed, the zoom
 * buttons cover nothing drawn, the status line is read whole (never cut
 * short with "…"), two fingers zoom and pan the board; the start page on a
 * phone. Saves
 * RULES-WxH.png for each in OUTDIR. Prints PASS/FAIL lines.
 *
 *   node tests/browser/layout_test.js http://127.0.0.1:PORT OUTDIR [RULES...]
 */
"use strict";
const fs = require("fs");
const {check, fail, failed, sleep, launch, apiOf, steeredPage, until} = require("./lib.js");
const base = process.argv[2], outdir = process.argv[3] || "build/screenshots";
const api = apiOf(base);
const sizes = [[390, 844], [844, 390], [1280, 800], [1920, 1080]];
const phone = w => w < 900;

/* a game against the computer some way in: the human seat plays random
 * actions over the API (pointing ones mostly), the computer answers */
async function midGame(rules, seed, moves) {
  const d = await api("/games", {rules, seed, seats: [{kind: "human"}, {kind: "computer", level: "easy"}]});
  const tok = d.links.seats[0].token;
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0, waited = 0; i < moves && waited < 100;) {
    const g = await api(`/games/${d.game.id}`, null, tok);
    if (g.status !== "active") break;
    if (g.to_act !== 1) { waited++; await sleep(100); continue; }
    const l = await api(`/games/${d.game.id}/legal`, null, tok);
    const pointed = l.actions.filter(a => a.elements.length >= 2), pool = rnd() < 0.9 && pointed.length ? pointed : l.actions;
    await api(`/games/${d.game.id}/act`, {step: l.step, n: pool[Math.floor(rnd() * pool.length)].n}, tok);
    i++;
  }
  for (let i = 0; i < 100; i++) {
    const g = await api(`/games/${d.game.id}`, null, tok);
    if (g.to_act === 1 || g.status !== "active") break;
    await sleep(100);
  }
  return d.links.seats[0].url;
}

/* each control: brought into view, its centre receives a click */
async function reachable(page) {
  return page.evaluate(() => {
    const sel = ["#choices button", "#hint", "#askundo", "#back", "#fwd", "#live", "#slider", "#keybtn", "#sidebtn",
                 "#soundbtn", "#zoomin", "#zoomout", "#zoomfit", "#list li", "#log li.step", "#logbox > summary", "#rulesbox > summary"];
    const bad = [];
    for (const s of sel) for (const e of document.querySelectorAll(s)) {
      if (e.closest("[hidden]") || getComputedStyle(e).display === "none") continue;
      e.scrollIntoView({block: "center", inline: "center"});
      const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      const at = document.elementFromPoint(x, y);
      if (r.width < 1 || x < 0 || x > innerWidth || y < 0 || y > innerHeight || !at || !(e === at || e.contains(at)))
        bad.push(`${s} ${e.textContent.trim().slice(0, 12)} at ${Math.round(x)},${Math.round(y)} under ${at ? at.tagName + "#" + at.id : "nothing"}`);
      if (s === "#list li" || s === "#log li.step") break;   /* one of a list is enough */
    }
    scrollTo(0, 0);
    return bad;
  });
}

/* the board's elements (places, pieces, cards) that the zoom buttons lie over */
async function underZoom(page) {
  return page.evaluate(() => {
    const z = document.getElementById("zoom").getBoundingClientRect(), pic = document.querySelector("#board svg");
    if (!pic || z.width < 1) return [];
    const p = pic.getBoundingClientRect(), hit = [];
    for (const e of pic.querySelectorAll("[id]")) {
      if (getComputedStyle(e).visibility === "hidden" || getComputedStyle(e).display === "none") continue;
      const r = e.getBoundingClientRect();
      /* what shows of it: inside the picture's box */
      const l = Math.max(r.left, p.left), rt = Math.min(r.right, p.right), t = Math.max(r.top, p.top), b = Math.min(r.bottom, p.bottom);
      if (rt - l < 1 || b - t < 1 || (r.width >= 0.9 * p.width && r.height >= 0.9 * p.height)) continue;   /* hidden, or the whole field */
      if (l < z.right && rt > z.left && t < z.bottom && b > z.top) hit.push(e.id);
    }
    return hit;
  });
}

/* the status line: shown whole (no text cut off) */
async function statusCut(page) {
  return page.$eval("#status", s => ({cut: s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1,
    text: s.textContent, w: s.clientWidth, sw: s.scrollWidth}));
}

async function ruleSet(browser, rules, seed, moves) {
  const url = await midGame(rules, seed, moves);
  const ctx = await browser.createBrowserContext();
  const page = await steeredPage(ctx);
  await page.goto(base + url);
  await page.waitForSelector("#board svg");
  await page.waitForFunction(() => G.legal || (G.game && G.game.status !== "active"), {timeout: 15000});
  for (const [w, h] of sizes) {
    const touch = phone(w);
    await page.setViewport({width: w, height: h, deviceScaleFactor: touch ? 2 : 1, isMobile: touch, hasTouch: touch});
    await sleep(500);
    const m = await page.evaluate(w => {
      const b = document.getElementById("board").getBoundingClientRect(), s = document.getElementById("side").getBoundingClientRect();
      return {sideways: Math.max(document.documentElement.scrollWidth, innerWidth) > w + 1, boardW: b.width, boardH: b.height, below: s.top >= b.bottom - 1, vw: w};
    }, w);
    const size = `${w}x${h}`;
    await page.screenshot({path: `${outdir}/${rules}-${size}.png`});
    check(`${rules} at ${size}: nothing scrolls sideways`, !m.sideways, JSON.stringify(m));
    if (w < 700) check(`${rules} at ${size}: the board takes the width, the panel below it`, m.boardW >= 0.95 * m.vw && m.below && m.boardH > 150, JSON.stringify(m));
    const under = await underZoom(page);
    check(`${rules} at ${size}: the zoom buttons cover nothing on the board`, !under.length, under.slice(0, 6).join(" "));
    const st = await statusCut(page);
    check(`${rules} at ${size}: the status line is read whole, nothing cut off`, !st.cut && st.text.length > 0, JSON.stringify(st));
    const bad = await reachable(page);
    check(`${rules} at ${size}: every control can be reached and pressed`, !bad.length, bad.slice(0, 4).join("; "));
    if (touch) {
      /* two fingers moving apart zoom in, then drag: the view narrows and moves; the fit button shows it all again */
      const vb = () => page.$eval("#board svg", s => s.getAttribute("viewBox").split(/[ ,]+/).map(Number));
      const before = await vb();
      const r = await page.$eval("#board", e => { e.scrollIntoView(); const b = e.getBoundingClientRect(); return {x: b.left + b.width / 2, y: b.top + b.height / 2}; });
      const cdp = await page.target().createCDPSession();
      const touchAt = (type, pts) => cdp.send("Input.dispatchTouchEvent", {type, touchPoints: pts.map((p, i) => ({x: p[0], y: p[1], id: i}))});
      await touchAt("touchStart", [[r.x - 20, r.y], [r.x + 20, r.y]]);
      for (let i = 1; i <= 5; i++) await touchAt("touchMove", [[r.x - 20 - 15 * i, r.y], [r.x + 20 + 15 * i, r.y]]);
      await touchAt("touchEnd", []);
      const zoomed = await vb();
      await touchAt("touchStart", [[r.x, r.y]]);
      for (let i = 1; i <= 5; i++) await touchAt("touchMove", [[r.x + 10 * i, r.y + 6 * i]]);
      await touchAt("touchEnd", []);
      const panned = await vb();
      await page.screenshot({path: `${outdir}/${rules}-${size}-zoomed.png`});
      await page.click("#zoomfit");
      const fit = await vb();
      /* a finger held on a unit says what it is */
      const unit = await page.evaluate(() => {
        /* a unit in view whose centre the finger would touch */
        for (const u of document.querySelectorAll("#board .pw-unit")) {
          const t = [...u.children].find(c => c.tagName.toLowerCase() === "title");
          const r = u.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
          const at = document.elementFromPoint(x, y);
          if (t && at && u.contains(at) && y > 0 && y < innerHeight) return {x, y, title: t.textContent};
        }
        return null;
      });
      if (unit) {
        await touchAt("touchStart", [[unit.x, unit.y]]);
        await until(page, t => !document.getElementById("info").hidden && document.getElementById("info").textContent === t, 2000, unit.title);
        const said = await page.$eval("#info", e => e.hidden ? "" : e.textContent);
        await touchAt("touchEnd", []);
        check(`${rules} at ${size}: a finger held on a unit says what it is`, said === unit.title, JSON.stringify({said, unit}));
      }
      check(`${rules} at ${size}: two fingers zoom the board in and one pans it`,
            zoomed[2] < before[2] * 0.8 && (panned[0] !== zoomed[0] || panned[1] !== zoomed[1]) && Math.abs(fit[2] - before[2]) < before[2] * 0.02,
            JSON.stringify({before, zoomed, panned, fit}));
    }
  }
  check(`${rules}: no error in the page's script`, !page.errors.length, page.errors.join("; "));
  await ctx.close();
}

async function startPage(browser) {
  const ctx = await browser.createBrowserContext();
  const page = await steeredPage(ctx, {width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true});
  await page.goto(base + "/", {waitUntil: "networkidle0"});
  /* a game with a friend: the links to send, then the games list */
  await page.select("select[name=seat1]", "friend");
  await page.$eval("#play", b => b.click());
  await page.waitForSelector("a.seatlink");
  await sleep(300);
  /* against the phone's width: a phone's browser zooms out to show a page wider than itself */
  const wide = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, innerWidth) - 390);
  await page.screenshot({path: `${outdir}/start-390x844.png`, fullPage: true});
  check("the start page on a phone, its links and games list, does not scroll sideways", wide <= 1, `${wide} px too wide`);
  await ctx.close();
}

(async () => {
  fs.mkdirSync(outdir, {recursive: true});
  const only = process.argv.slice(4);
  const browser = await launch();
  try {
    try { await startPage(browser); } catch (e) { fail("start page", e.stack.split("\n").slice(0, 3).join(" ")); }
    for (const [rules, seed, moves] of [["pocket-wargame", 21, 14], ["portable-wargame", 22, 6], ["pocket-battles", 23, 14]]) {
      if (only.length && !only.includes(rules)) continue;
      try { await ruleSet(browser, rules, seed, moves); } catch (e) { fail(rules, e.stack.split("\n").slice(0, 3).join(" ")); }
    }
  } finally { await browser.close(); }
  process.exit(failed() ? 1 : 0);
})();
