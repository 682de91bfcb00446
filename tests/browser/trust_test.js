/*
 * trust_test.js - the faults a wargamer would not forgive, each tried in
 * headless Chromium: the page never shows a position older than the newest
 * it received, whatever order replies and live updates arrive in (both held
 * back against each other); the game log keeps every chance result of a
 * computer's turn with its explanation, and what it changed stays outlined;
 * the buttons for actions with nothing to point at, in one place, with the
 * question before giving up a shot; a click on a unit in a target square;
 * the prompt and Hint; which seat is yours; the referee's results with their
 * meaning; a lost connection; a wrong link; the smaller faults; buttons in
 * the engine's words (Pocket Battles' wounds, strike back or hold, "End the
 * artillery phase"), the reveal after deployment in the log, and the end of
 * a game with why it ended. Prints PASS/FAIL lines.
 *
 *   node tests/browser/trust_test.js http://127.0.0.1:PORT OUTDIR [NAME...]
 * (NAMEs pick some of the tests: freeze log seats referee connection small
 *  words ending)
 */
"use strict";
const fs = require("fs");
const {check, fail, failed, sleep, launch, apiOf, steeredPage, shown, until, clickId} = require("./lib.js");
const base = process.argv[2], outdir = process.argv[3] || "build/screenshots";
const api = apiOf(base);

/* a game against the computer, made over the API; the page opens seat 1 */
async function vsComputer(browser, rules, level, seed, extra) {
  const d = await api("/games", Object.assign({rules, seed, seats: [{kind: "human", name: "you"}, {kind: "computer", level}]}, extra || {}));
  const ctx = await browser.createBrowserContext();
  const page = await steeredPage(ctx);
  page.gid = d.game.id; page.tok = d.links.seats[0].token;
  await page.goto(base + d.links.seats[0].url);
  await page.waitForSelector("#board svg");
  return page;
}

/* waits for the player's turn (or the end) and for the page to show it:
 * the server's step on the board, the legal actions offered */
async function settled(page, ms) {
  const end = Date.now() + ms;
  let g, s;
  while (Date.now() < end) {
    g = await api(`/games/${page.gid}`, null, page.tok);
    s = await shown(page);
    if (s.step === g.step && s.board === g.step && s.status === g.status &&
        (g.status !== "active" || (g.to_act === 1 && s.legal && s.legal.length))) return {ok: true, g, s};
    await sleep(150);
  }
  return {ok: false, g: {step: g.step, to_act: g.to_act, status: g.status}, s: Object.assign(s, {legal: !!s.legal})};
}

/* clicks what the selector names; false where the page has no such thing */
async function tap(page, sel) {
  const e = await page.$(sel);
  if (!e) return false;
  await e.click();
  return true;
}

/* plays the first legal action that asks no question, by its line in the notation list */
async function playListed(page) {
  const s = await shown(page);
  const a = s.legal && s.legal.find(x => !x.forgoes);
  if (!a) { if (process.env.DEBUG) console.log("nothing to play", JSON.stringify(s).slice(0, 300)); return null; }
  const ok = await page.evaluate(n => { const li = document.querySelector(`#list li[data-n="${n}"]`); if (li) li.click(); return !!li; }, a.n);
  return ok ? a : null;
}

/* 1. Replies and live updates held back against each other */
async function freeze(browser) {
  const page = await vsComputer(browser, "pocket-wargame", "easy", 5);
  const cases = [["the reply to the move held back 1.5 s (the computer's answer arrives first)", {"POST .*/act": 1500}, 0],
                 ["live updates held back 1.5 s (the reply arrives first)", {}, 1500],
                 ["both held back at random", {"POST .*/act": () => Math.random() * 1200, "GET .*/(legal|steps)": () => Math.random() * 400},
                  -1]];
  for (const [what, delay, ev] of cases) {
    page.delay = delay;
    let bad = null, n = 0;
    for (let i = 0; i < 4 && !bad; i++) {
      await page.evDelay(ev < 0 ? Math.floor(Math.random() * 1200) : ev);
      const st = await settled(page, 15000);
      if (!st.ok) { bad = `before acting: ${JSON.stringify(st)}`; break; }
      if (st.g.status !== "active") break;
      if (!(await playListed(page))) break;
      n++;
      await sleep(300);
      const after = await settled(page, 8000);
      if (!after.ok) bad = `after action ${n}: the server at ${JSON.stringify(after.g)}, the page at ${JSON.stringify(after.s)}`;
    }
    check(`the page shows the newest position: ${what} (${n} actions)`, !bad && n >= 3, bad || `${n} actions`);
  }
  page.delay = {}; await page.evDelay(0);
  await page.browserContext().close();
}

/* 2. The game log after a computer's turn full of dice; 3 and 4 on the way */
async function logAndButtons(browser) {
  const page = await vsComputer(browser, "portable-wargame", "easy", 11);
  await settled(page, 10000);
  const title = await page.title();
  check("the tab's title says it is your turn", /your turn/i.test(title), title);
  /* 3: the actions with nothing to point at are buttons, End asks first */
  const s = await shown(page);
  const pointless = s.legal.filter(a => !a.elements.length);
  const btns = await page.$$eval("#choices button.act", b => b.map(x => x.dataset.n + ":" + x.textContent));
  check("every action with nothing to point at is a button in the fixed row", pointless.length > 0 &&
        pointless.every(a => btns.some(t => t.startsWith(a.n + ":"))), JSON.stringify({pointless: pointless.map(a => a.action), btns}));
  const end = pointless.find(a => a.forgoes);
  if (end) {
    await tap(page, `#choices button.act[data-n="${end.n}"]`);
    const asked = await until(page, () => !document.getElementById("confirm").hidden, 3000);
    const text = asked ? await page.$eval("#confirm", e => e.textContent) : "";
    await page.click("#confirm-no").catch(() => {});
    await sleep(500);
    check(`"${end.action}" while a gun can still fire asks first, as the terminal does, and No sends nothing`,
          asked && text.includes(end.forgoes) && (await shown(page)).step === s.step, JSON.stringify({asked, text, forgoes: end.forgoes}));
  } else fail("a question before giving up a shot", "no action here gives one up");
  /* 5: the prompt says what the choice is; Hint leaves the buttons */
  const prompt = await page.$eval("#panel", e => e.textContent);
  const g = await api(`/games/${page.gid}`, null, page.tok);
  check("the prompt says what the decision is (the engine's words)", prompt.includes(g.status_text) && !/click one of your pieces/.test(prompt), prompt);
  await page.click("#hint");
  await until(page, () => /Hint:/.test(document.getElementById("hintout").textContent), 10000);
  const after = await page.$$eval("#choices button.act", b => b.map(x => x.dataset.n + ":" + x.textContent));
  check("Hint leaves the choice's buttons where they were", btns.length > 0 && JSON.stringify(after) === JSON.stringify(btns), JSON.stringify({btns, after}));
  await page.keyboard.press("Escape");
  /* 4: the gun selected, a click on the enemy unit in the target square chooses it, a second fires */
  const shot = s.legal.find(a => a.elements.length > 2);
  let fired = false, offered = false;
  if (shot) {
    const [gun, unit] = shot.elements;
    await clickId(page, gun);
    await clickId(page, unit);
    offered = await page.evaluate(() => G.sel !== null && G.hot !== null && [...document.querySelectorAll("#panel button.act")].map(b => b.dataset.n));
    await clickId(page, unit);
    fired = await until(page, k => G.steps.length > k && G.steps[k].action !== undefined, 8000, s.step);
    const taken = fired && await page.evaluate(k => G.steps[k].action, s.step);
    fired = taken === shot.action;
    check(`with ${gun} selected, a click on ${unit} in the target square chooses it, a second click fires (${shot.action})`,
          offered && offered.includes(String(shot.n)) && fired, JSON.stringify({offered, taken}));
    /* the shot fired all the same, so that the computer's turn follows */
    if (!taken) await api(`/games/${page.gid}/act`, {step: s.step, n: shot.n}, page.tok);
  } else fail("a click on a target unit", "no shot with a unit on its target square");
  /* 2: once it is the player's turn again, every step since is in the log with its explanation */
  const t = await settled(page, 20000);
  await sleep(5000);   /* past the few seconds an own move's outline lasts */
  const steps = (await api(`/games/${page.gid}/steps?from=0`, null, page.tok)).steps;
  const chance = steps.filter(x => x.explanation);
  const log = await page.evaluate(() => [...document.querySelectorAll("#log li.step")].map(li => ({n: Number(li.dataset.n), chance: li.classList.contains("chance"), text: li.textContent})));
  /* the words of a result: its explanation, which may begin by repeating the notation shown beside it */
  const meaning = x => x.explanation.startsWith(x.action) ? x.explanation.slice(x.action.length).replace(/^[:,]\s*/, "") : x.explanation;
  const missing = chance.filter(x => !log.some(l => l.n === x.n && l.chance && l.text.includes(x.action) && l.text.includes(meaning(x))));
  const mine = steps.map(x => x.who).lastIndexOf(1);
  const since = steps.slice(mine + 1);
  const said = await page.$eval("#said", e => e.textContent);
  const saidMissing = since.filter(x => !said.includes(x.action) || (x.explanation && !said.includes(meaning(x))));
  check(`the game log keeps every chance result with its explanation, marked out (${chance.length} of ${steps.length} steps)`,
        t.ok && chance.length >= 3 && !missing.length && log.length === steps.length, JSON.stringify({ok: t.ok, missing: missing.slice(0, 3), log: log.length, steps: steps.length}));
  check(`the computer's whole turn is said in words since your last action (${since.length} steps)`,
        since.length >= 2 && !saidMissing.length && since.some(x => x.who === 2), JSON.stringify({since: since.map(x => x.action), said: said.slice(0, 300)}));
  const heads = await page.$$eval("#log li.turnhead", h => h.map(x => x.textContent));
  check("the log groups each side's turn under its name", heads.some(h => /Blue \(the computer\)/.test(h)) && heads.some(h => /\(you\)/.test(h)), JSON.stringify(heads));
  const outlined = await page.$$eval("#board .pw-chg", e => e.map(x => x.id));
  check("what the computer changed stays outlined on the board after its turn", outlined.length > 0, "nothing outlined");
  await page.screenshot({path: `${outdir}/game-log.png`});
  /* the steps list leads into the position after a step */
  const pick = chance[chance.length - 1];
  await tap(page, `#log li.step[data-n="${pick.n}"]`);
  const went = await until(page, k => G.at === k && Number(document.getElementById("board").dataset.step) === k, 8000, pick.n);
  check("a click on a step in the log shows the position after it", went, `step ${pick.n}`);
  await page.click("#live");
  const head = await until(page, () => /Since your last action/.test(document.getElementById("said").textContent) &&
                                       !/This step/.test(document.getElementById("said").textContent), 5000);
  check("after Live from a replay, the words box says the game as it is, not the step replayed", head,
        await page.$eval("#said", e => e.textContent.slice(0, 120)));
  /* a button of the fixed row does its action; one that gives up a shot asks, and Yes plays it */
  const u = await settled(page, 15000);
  const e = u.s.legal && (u.s.legal.find(x => x.forgoes) || u.s.legal.find(x => !x.elements.length));
  if (e) {
    await tap(page, `#choices button.act[data-n="${e.n}"]`);
    if (e.forgoes) await until(page, () => document.getElementById("confirm-yes"), 3000) && await tap(page, "#confirm-yes");
    const done = await until(page, k => G.steps.length > k && G.steps[k], 8000, u.g.step);
    const taken = done && await page.evaluate(k => G.steps[k].action, u.g.step);
    check(`the button "${e.action}"${e.forgoes ? ", answered yes," : ""} plays it`, taken === e.action, String(taken));
  } else fail("a button of the fixed row plays its action", "no such action at this point");
  await page.browserContext().close();
}

/* 6. The seat that is yours */
async function seats(browser) {
  const ctx = await browser.createBrowserContext();
  const p = await steeredPage(ctx);
  await p.goto(base + "/", {waitUntil: "networkidle0"});
  await p.click('#rulesets label[data-rules="pocket-battles"]');
  await p.select("select[name=seat0]", "friend");
  await p.select("select[name=seat1]", "you");
  await p.click("#play");
  await p.waitForSelector("a.seatlink");
  const links = await p.$$eval("#links p", ps => ps.map(x => ({text: x.textContent, yours: x.classList.contains("yours"), href: (x.querySelector("a") || {}).href})));
  const yours = links.filter(l => l.yours);
  check("the links page says which link is yours", yours.length === 1 && /yours/.test(yours[0].text) && yours[0].text.startsWith("Orcs") !== yours[0].text.startsWith("Elves"),
        JSON.stringify(links));
  const sides = (await api("/rules/pocket-battles")).scenarios;
  await p.goto(base + "/", {waitUntil: "networkidle0"});
  await p.waitForSelector("a.continue");
  const cont = await p.$eval("a.continue", a => a.href);
  const gid = new URL(cont).searchParams.get("game");
  const g = await api(`/games/${gid}`);
  const row = await p.$eval("a.continue", a => ({text: a.closest("tr").textContent, marked: a.closest("tr").classList.contains("yourturn")}));
  const mySeat = yours.length && yours[0].text.startsWith("Orcs") ? 2 : 1;
  check(`the games list marks a game waiting on you (${g.to_act === mySeat ? "it is" : "it is not"} your turn) and names the rule set`,
        row.marked === (g.to_act === mySeat) && /your turn/.test(row.text) === (g.to_act === mySeat) && /Pocket Battles/.test(row.text), JSON.stringify(row));
  check("continue opens your own seat, not the friend's", yours.length === 1 && cont === yours[0].href, JSON.stringify({cont, yours}));
  await p.screenshot({path: `${outdir}/start-games.png`, fullPage: true});
  await ctx.close();
  return sides;
}

/* 7. The referee's results with what each means */
async function referee(browser) {
  const d = await api("/games", {rules: "portable-wargame", seed: 3, referee: true, seats: [{kind: "human"}, {kind: "computer", level: "easy"}]});
  const tok = d.links.seats[0].token;
  const g = await api(`/games/${d.game.id}`, null, tok);
  const l = await api(`/games/${d.game.id}/legal`, null, tok);
  const shot = l.actions.find(a => a.elements.length > 2);
  await api(`/games/${d.game.id}/act`, {step: g.step, n: shot.n}, tok);
  const ctx = await browser.createBrowserContext();
  const q = await steeredPage(ctx);
  await q.goto(base + d.links.referee.url);
  await q.waitForSelector("#panel button.act", {timeout: 15000});
  const offered = await q.$$eval("#panel button.act", b => b.map(x => ({text: x.textContent, means: (x.querySelector(".means") || {}).textContent || ""})));
  const title = await q.$eval("#panel div", e => e.textContent);
  check("the referee sees what each result would mean before entering it", offered.length > 1 && offered.every(o => o.means.length > 0) &&
        new Set(offered.map(o => o.means)).size > 1, JSON.stringify(offered.slice(0, 3)));
  check("... and what the roll is for (the score needed, the modifiers)", title.length > 40, title);
  await q.screenshot({path: `${outdir}/referee-meanings.png`});
  await ctx.close();
}

/* 8. The server out of reach while acting */
async function connection(browser) {
  const page = await vsComputer(browser, "pocket-wargame", "easy", 9);
  await settled(page, 10000);
  const before = (await shown(page)).step;
  page.offline = true;
  const a = await playListed(page);
  const said = await until(page, () => /connection/i.test(document.getElementById("panel").textContent + " " + document.getElementById("conn").textContent) &&
                                        !document.getElementById("conn").hidden, 6000);
  check("with the server out of reach, an action says the connection is lost", !!a && said,
        await page.evaluate(() => document.getElementById("panel").textContent));
  await sleep(1500);
  page.offline = false;
  const back = await settled(page, 15000);
  const conn = await page.$eval("#conn", e => e.hidden);
  check("... and is sent again and the page recovers once the server answers", back.ok && back.g.step > before && conn &&
        (await api(`/games/${page.gid}/steps?from=${before}`, null, page.tok)).steps[0].action === a.action, JSON.stringify({back, conn}));
  check("... with no error in the page's script", !page.errors.length, page.errors.join("; "));
  /* undo (the computer agrees): the words box keeps nothing of the steps taken back */
  const was = await api(`/games/${page.gid}/steps?from=0`, null, page.tok);
  const k = (await shown(page)).step;
  await page.click("#askundo");
  await until(page, k => G.game.step < k, 10000, k);
  await sleep(500);
  const now = (await shown(page)).step;
  const gone = was.steps.filter(x => x.n > now).map(x => x.action);
  const words = await page.$eval("#said", e => e.textContent);
  check("after an accepted undo the words box says nothing of the steps taken back", now < k && gone.length && !gone.some(a => words.includes(a)),
        JSON.stringify({now, k, gone, words: words.slice(0, 200)}));
  await page.browserContext().close();
}

/* 9. A wrong link, the favicon, long games' step numbers, the status, the games list */
async function small(browser) {
  const ctx = await browser.createBrowserContext();
  const p = await steeredPage(ctx);
  await p.goto(base + "/?game=000000000000&token=feed");
  const said = await until(p, () => !document.getElementById("nogame").hidden && document.querySelector('#nogame a[href="/"]'), 6000);
  const buttons = await p.$$eval("#hint, #askundo, #resign", b => b.filter(x => x.offsetParent !== null).length);
  check("a wrong game id says what is wrong, links to the start page and offers no buttons", said && buttons === 0,
        JSON.stringify({said, buttons, text: await p.$eval("#nogame", e => e.textContent).catch(() => "")}));
  const fav = await fetch(base + "/favicon.ico");
  check("/favicon.ico is served", fav.status === 200 && /icon/.test(fav.headers.get("content-type") || ""), `${fav.status} ${fav.headers.get("content-type")}`);
  /* a game of more than 100 steps (two human seats, played over the API) */
  const d = await api("/games", {rules: "portable-wargame", seed: 4, seats: [{kind: "human"}, {kind: "human"}]});
  const tok = {}; d.links.seats.forEach(s => { tok[s.seat] = s.token; });
  let x = 7;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 400; i++) {
    const g = await api(`/games/${d.game.id}`);
    if (g.status !== "active" || g.step > 110) break;
    const l = await api(`/games/${d.game.id}/legal`, null, tok[g.to_act]);
    const pointed = l.actions.filter(a => a.elements.length >= 2), pool = rnd() < 0.85 && pointed.length ? pointed : l.actions;
    await api(`/games/${d.game.id}/act`, {step: l.step, n: pool[Math.floor(rnd() * pool.length)].n}, tok[g.to_act]);
  }
  await p.goto(base + d.links.seats[0].url);
  await p.waitForSelector("#log li");
  const clipped = await p.$$eval("#log li.step .n", n => n.filter(e => Number(e.textContent) >= 100 && e.scrollWidth > e.clientWidth + 1).length);
  const big = await p.$$eval("#log li.step .n", n => n.filter(e => Number(e.textContent) >= 100).length);
  check(`step numbers of 100 and more show whole in the log (${big} of them)`, big > 0 && clipped === 0, `${clipped} clipped`);
  const status = await p.$eval("#status", e => e.textContent);
  check("the status bar says the turn out of how many", /turn \d+ of \d+/i.test(status), status);
  const info = await p.evaluate(() => {
    const u = document.querySelector("#board .pw-unit");
    u.dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
    const box = document.getElementById("info");
    return {title: u.querySelector("title").textContent, info: box ? box.textContent : null};
  });
  check("hovering a unit says what it is", info.info && info.info === info.title, JSON.stringify(info));
  const summary = (await api("/rules/portable-wargame")).summary;
  const ref = await p.evaluate(() => (document.getElementById("ruleref") || {}).textContent || "");
  check("the game view has the rule set's rules in short and the scenario's briefing", ref.includes(summary) && ref.length > summary.length + 50, ref.slice(0, 200));
  /* the Key shown in The Portable Wargame, then a Pocket Battles game on a laptop: the page decides there */
  await p.setViewport({width: 1280, height: 800});
  await p.click("#keybtn");   /* the player's choice, made here: shown */
  if (!(await p.$eval("#keybtn", b => b.classList.contains("on")))) await p.click("#keybtn");
  const pb = await api("/games", {rules: "pocket-battles", seed: 2, seats: [{kind: "human"}, {kind: "computer", level: "easy"}]});
  await p.goto(base + pb.links.seats[0].url);
  await p.waitForSelector("#board svg");
  await sleep(500);
  const keyOn = await p.$eval("#keybtn", b => b.classList.contains("on"));
  check("the Key shown in one rule set is not carried into another's (Pocket Battles at 1280x800 leaves it out)", !keyOn, "the key is shown");
  await ctx.close();
}

/* an action on a button as the page should label it: the engine's words, a capital first */
const labelOf = a => (a.words || a.action).charAt(0).toUpperCase() + (a.words || a.action).slice(1);

/* every button the page offers for the legal actions: the fixed row, and
 * the panel's offers after clicking each piece the actions start from;
 * n -> the button's text */
async function buttonTexts(page) {
  const s = await shown(page), texts = {};
  const row = await page.$$eval("#choices button.act", b => b.map(x => [x.dataset.n, x.textContent]));
  for (const [n, x] of row) texts[n] = x;
  for (const first of new Set(s.legal.map(a => a.elements[0]).filter(Boolean))) {
    await page.evaluate(id => select(id), first);
    const offered = await page.$$eval("#panel button.act", b => b.map(x => [x.dataset.n, x.firstChild.textContent]));
    for (const [n, x] of offered) texts[n] = x;
  }
  await page.evaluate(() => select(null));
  return texts;
}

/* Pocket Battles against the computer, played over the API (the page
 * open beside) until seat 1 has had to decide how a hit wounds it and
 * whether to strike back: the buttons say it in words; and the log said
 * the reveal of every stack. */
async function words(browser) {
  const d = await api("/games", {rules: "pocket-battles", seed: 5, seats: [{kind: "human", name: "you"}, {kind: "computer", level: "easy"}]});
  const gid = d.game.id, tok = d.links.seats[0].token;
  const ctx = await browser.createBrowserContext();
  const page = await steeredPage(ctx);
  await page.goto(base + d.links.seats[0].url);
  await page.waitForSelector("#board svg");
  let x = 5;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  const kinds = {wound: /^wound /, "strike-back": /^(back|hold)$/}, seen = {};
  for (let i = 0, waited = 0; i < 600 && waited < 300 && Object.keys(seen).length < 2;) {
    const g = await api(`/games/${gid}`, null, tok);
    if (g.status !== "active") break;
    if (g.to_act !== 1) { waited++; await sleep(100); continue; }
    const l = await api(`/games/${gid}/legal`, null, tok);
    const kind = Object.keys(kinds).find(k => !seen[k] && l.actions.some(a => kinds[k].test(a.action)));
    if (kind) {
      await until(page, k => G.legal && G.legal.step === k, 10000, l.step);
      const texts = await buttonTexts(page);
      const choice = l.actions.filter(a => kinds[kind].test(a.action));
      const wrong = choice.filter(a => texts[a.n] !== labelOf(a) || texts[a.n] === a.action || !a.words || a.words === a.action);
      /* as the player sees them: the row, or the panel once the unit is clicked */
      if (choice[0].elements.length) await page.evaluate(id => select(id), choice[0].elements[0]);
      await page.screenshot({path: `${outdir}/words-pocket-battles-${kind}.png`});
      await page.evaluate(() => select(null));
      check(`Pocket Battles' ${kind} choices are buttons in words ` +
            `(${choice.slice(0, 2).map(a => `"${a.action}" reads "${texts[a.n]}"`).join(", ")})`,
            choice.length && !wrong.length, JSON.stringify(wrong.map(a => ({action: a.action, words: a.words, shown: texts[a.n]}))));
      seen[kind] = true;
    }
    const fight = l.actions.filter(a => /charge|fight|target|^back$/.test(a.action));
    const pool = fight.length && rnd() < 0.8 ? fight : l.actions.filter(a => a.action !== "concede");
    await api(`/games/${gid}/act`, {step: l.step, n: pool[Math.floor(rnd() * pool.length)].n}, tok);
    i++;
  }
  for (const k of Object.keys(kinds)) if (!seen[k]) fail(`Pocket Battles' ${k} choices are buttons in words`, "the game never came to one");
  /* the reveal: the step that placed the last stack says so in the log */
  const steps = (await api(`/games/${gid}/steps?from=0`, null, tok)).steps;
  const reveal = steps.find(s => typeof s.explanation === "string" && /every stack is revealed/.test(s.explanation));
  await page.evaluate(() => document.getElementById("logbox") && (document.getElementById("logbox").open = true));
  const logText = await page.$eval("#log", e => e.textContent);
  check("the reveal of every stack after deployment is said in the game log", reveal && typeof reveal.who === "number" &&
        logText.includes("every stack is revealed"), JSON.stringify({reveal, inLog: logText.includes("revealed")}));
  check("words: no error in the page's script", !page.errors.length, page.errors.join("; "));
  await ctx.close();
}

/* A game of two seats played over the API to its end, "end" whenever it
 * may be (the quickest way to the turn limit); the first page's buttons
 * before, and the game-over panel after. */
async function ending(browser) {
  for (const [rules, seed] of [["portable-wargame", 3], ["pocket-wargame", 4]]) {
    const d = await api("/games", {rules, seed, seats: [{kind: "human"}, {kind: "human"}]});
    const gid = d.game.id, toks = d.links.seats.map(s => s.token);
    const ctx = await browser.createBrowserContext();
    const page = await steeredPage(ctx);
    let g = await api(`/games/${gid}`, null, toks[0]);
    /* the buttons at the first decision of seat 1 */
    for (let i = 0; i < 400 && g.status === "active"; i++) {
      const tok = toks[g.to_act - 1], l = await api(`/games/${gid}/legal`, null, tok);
      if (g.to_act === 1 && l.actions.some(a => !a.elements.length)) break;
      await api(`/games/${gid}/act`, {step: l.step, n: (l.actions.find(a => a.action === "end") || l.actions[0]).n}, tok);
      g = await api(`/games/${gid}`, null, toks[0]);
    }
    await page.goto(base + d.links.seats[0].url);
    await page.waitForSelector("#board svg");
    await until(page, () => G.legal && G.legal.step === G.game.step, 10000);
    const s = await shown(page), row = await page.$$eval("#choices button.act", b => b.map(x => [x.dataset.n, x.textContent]));
    const plain = s.legal.filter(a => !a.elements.length);
    check(`${rules}: the buttons with nothing to point at say what they do (${row.map(r => `"${r[1]}"`).join(", ")})`,
          plain.length && plain.every(a => row.some(([n, x]) => Number(n) === a.n && x === labelOf(a))) &&
          !row.some(([, x]) => /^(End|Done)$/.test(x)), JSON.stringify({plain: plain.map(a => [a.action, a.words]), row}));
    for (let i = 0; i < 3000 && g.status === "active"; i++) {
      const tok = toks[g.to_act - 1], l = await api(`/games/${gid}/legal`, null, tok);
      if (!l.actions || !l.actions.length) { await sleep(50); g = await api(`/games/${gid}`, null, toks[0]); continue; }
      const a = l.actions.find(a => a.action === "end") || l.actions.find(a => a.action === "ready") || l.actions[0];
      const r = await api(`/games/${gid}/act`, {step: l.step, n: a.n}, tok);
      g = r.game || await api(`/games/${gid}`, null, toks[0]);
    }
    await until(page, () => G.game && G.game.status === "finished", 10000);
    await sleep(300);
    const over = await page.$eval("#over", e => e.hidden ? "" : e.textContent);
    const bar = await page.$eval("#status", e => e.textContent);
    await page.screenshot({path: `${outdir}/ending-${rules}.png`});
    check(`${rules}: the end of the game says in one line why it ended ("${g.ending}")`,
          g.status === "finished" && g.ending && g.ending.startsWith(g.result) && g.ending.length > g.result.length + 10 &&
          over.includes(g.ending) && bar.includes(g.ending), JSON.stringify({result: g.result, ending: g.ending, over: over.slice(0, 200), bar}));
    await ctx.close();
  }
}

(async () => {
  fs.mkdirSync(outdir, {recursive: true});
  const only = process.argv.slice(4);
  const browser = await launch();
  const tests = {freeze, log: logAndButtons, seats, referee, connection, small, words, ending};
  try {
    for (const [name, t] of Object.entries(tests)) {
      if (only.length && !only.includes(name)) continue;
      try { await t(browser); } catch (e) { fail(name, e.stack.split("\n").slice(0, 3).join(" ")); }
    }
  } finally { await browser.close(); }
  process.exit(failed() ? 1 : 0);
})();
