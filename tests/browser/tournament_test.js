// The page of rgn tournament --format html in headless Chromium.
//
// usage: node tournament_test.js RGN RGN-GEN SOURCE-DIR OUT-DIR
//
// Writes the page of a round robin (samples/rotary-club-2026.rgn: a
// crosstable) and of a Swiss (tests/tournament/chess-swiss.pgn: its
// rounds), then checks, with "rgn list --format json" as the oracle of
// each game's players, result and plies:
//   - every result link of the crosstable and the rounds names a game of
//     the row's player, at that game's last ply, and its text is the
//     row player's result in it; clicked, it opens that game at that ply
//     in the viewer (the fragment, the move shown, the players shown);
//   - a page opened at such a fragment shows that game;
//   - the page is well-formed XML and HTML (xmllint); the title and
//     language given; no console error, no request but the page itself;
//   - without JavaScript, the standings, the crosstable (or the rounds)
//     and the games with their moves are shown.
// Saves tournament.png and tournament-noscript.png in OUT-DIR.
'use strict';
const { chromium } = require('playwright-core');
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [rgn, , sourceDir, outDir] = process.argv.slice(2);
if (!rgn || !sourceDir || !outDir) {
  console.error('usage: node tournament_test.js RGN RGN-GEN SOURCE-DIR OUT-DIR');
  process.exit(2);
}
const CHROMIUM = '/usr/bin/chromium';
let failures = 0, checks = 0;

function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    console.error('FAIL: ' + what);
    if (failures > 40) throw new Error('too many failures');
  }
}

function run(args) {
  const r = spawnSync(args[0], args.slice(1), { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return r;
}

fs.mkdirSync(outDir, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rgn-tournament-'));
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));

// The games of an input as rgn list reads them, by their number.
function listGames(input) {
  const r = run([rgn, 'list', '--format', 'json', '--quiet', input]);
  const games = {};
  for (const line of r.stdout.split('\n').filter(Boolean)) {
    const g = JSON.parse(line);
    games[g.game] = g;
  }
  return games;
}

// The row player's result in a game, as the page writes it.
function resultOf(game, player) {
  const result = game.tags.Result;
  const white = game.tags.White === player;
  if (/^(forfeit|unplayed|walkover|default)$/i.test(game.tags.Termination || ''))
    return (result === '1-0') === white ? '+' : '-';
  if (result === '1/2-1/2') return '½';
  if (result === '1-0') return white ? '1' : '0';
  if (result === '0-1') return white ? '0' : '1';
  return '*';
}

async function goHash(tab, hash) {
  await tab.evaluate((h) => new Promise((resolve) => {
    if (location.hash === h) return resolve();
    window.addEventListener('hashchange', () => resolve(), { once: true });
    location.hash = h;
  }), hash);
}

async function shown(tab) {
  return tab.evaluate(() => ({
    hash: location.hash,
    title: (document.getElementById('game-title') || {}).textContent || '',
    current: [...document.querySelectorAll('#moves a.current')].map((a) => a.getAttribute('data-node')),
  }));
}

async function checkPage(browser, input, title, lang, table) {
  const page = path.join(work, path.basename(input) + '.html');
  const made = run([rgn, 'tournament', '--format', 'html', '--title', title, '--lang', lang, '-o', page, input]);
  check(made.status === 0 || made.status === 1, input + ': rgn tournament --format html exited ' + made.status + ': ' + made.stderr);
  for (const mode of [[], ['--html']]) {
    const lint = run(['xmllint', '--noout', ...mode, page]);
    check(lint.status === 0 && lint.stderr === '', input + ': the page is well-formed ' + (mode.length ? 'HTML' : 'XML') + ': ' + lint.stderr.slice(0, 300));
  }
  const games = listGames(input);
  const url = 'file://' + page;
  const errors = [];
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.route('**/*', (route) => (route.request().url().split('#')[0] === url ? route.continue() : (errors.push('request ' + route.request().url()), route.abort())));
  const tab = await context.newPage();
  tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  tab.on('pageerror', (e) => errors.push(String(e)));
  await tab.goto(url);
  await tab.waitForSelector('#moves');
  const head = await tab.evaluate(() => ({ title: document.title, lang: document.documentElement.lang }));
  // (the viewer puts the game shown before the page's title)
  check(head.title.endsWith(title) && head.lang === lang, input + ': title and language: ' + JSON.stringify(head));

  // every result link: row player, game, ply, text
  const links = await tab.evaluate((selector) => [...document.querySelectorAll(selector + ' tbody tr')].flatMap((tr) =>
    [...tr.querySelectorAll('td a[href^="#g"]')].map((a) => ({
      player: tr.querySelector('th').textContent, href: a.getAttribute('href'), text: a.textContent,
    }))), 'table.' + table);
  check(links.length > 0, input + ': the ' + table + ' has result links');
  for (const link of links) {
    const m = /^#g(\d+)p(\d+)$/.exec(link.href);
    check(m, input + ': a result link ' + link.href);
    if (!m) continue;
    const game = games[Number(m[1])];
    check(game, input + ': ' + link.href + ' names a game');
    if (!game) continue;
    check(game.tags.White === link.player || game.tags.Black === link.player,
      input + ': ' + link.href + ' is a game of ' + link.player + ' (' + game.tags.White + ' - ' + game.tags.Black + ')');
    check(Number(m[2]) === game.plies, input + ': ' + link.href + ' is at the game\'s last ply ' + game.plies);
    check(link.text === resultOf(game, link.player), input + ': ' + link.href + ' says ' + link.text + ' for ' + link.player);
  }
  // clicked (a few of each page: every link is the same code), it opens
  // the game at the ply
  for (const link of links.filter((l, i) => i % Math.ceil(links.length / 8) === 0)) {
    await tab.evaluate(() => window.scrollTo(0, 0));
    await Promise.all([
      tab.waitForFunction((h) => location.hash === h, link.href),
      tab.click(`table.${table} a[href="${link.href}"] >> nth=0`),
    ]);
    const m = /^#g(\d+)p(\d+)$/.exec(link.href);
    const game = games[Number(m[1])];
    const s = await shown(tab);
    check(s.title.includes(game.tags.White) && s.title.includes(game.tags.Black),
      input + ': ' + link.href + ' clicked shows ' + game.tags.White + ' - ' + game.tags.Black + ': ' + s.title);
    check(game.plies === 0 ? s.current.length === 0 : s.current.length === 1,
      input + ': ' + link.href + ' clicked shows its ply: ' + JSON.stringify(s.current));
  }
  // opened at a fragment
  const last = links[links.length - 1];
  const direct = await context.newPage();
  await direct.goto(url + last.href);
  await direct.waitForSelector('#moves');
  const opened = await shown(direct);
  const lastGame = games[Number(/^#g(\d+)/.exec(last.href)[1])];
  check(opened.title.includes(lastGame.tags.White), input + ': opened at ' + last.href + ' shows its game: ' + opened.title);
  await direct.close();
  check(errors.length === 0, input + ': no console error, no request: ' + errors.join('; '));
  if (table === 'crosstable')
    await tab.screenshot({ path: path.join(outDir, 'tournament.png'), fullPage: true });
  await context.close();
  return { url, games };
}

async function checkWithoutScript(url, table, input) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 800 } });
    await context.route('**/*', (route) => (route.request().url().split('#')[0] === url ? route.continue() : route.abort()));
    const bare = await context.newPage();
    await bare.goto(url);
    const read = await bare.evaluate((t) => {
      const visible = (e) => !!e && e.getClientRects().length > 0;
      return {
        standings: visible(document.querySelector('table.standings')),
        table: visible(document.querySelector('table.' + t)),
        records: [...document.querySelectorAll('.record')].filter(visible).length,
        moves: [...document.querySelectorAll('a.move')].filter(visible).length,
      };
    }, table);
    // the round robin has games with moves; the Swiss, results only
    check(read.standings && read.table && read.records > 0 && (table !== 'crosstable' || read.moves > 0),
      input + ': without JavaScript the standings, the ' + table + ' and the moves show: ' + JSON.stringify(read));
    if (table === 'crosstable')
      await bare.screenshot({ path: path.join(outDir, 'tournament-noscript.png'), fullPage: true });
    await context.close();
  } finally {
    await browser.close();
  }
}

(async () => {
  const roundRobin = path.join(sourceDir, 'samples', 'rotary-club-2026.rgn');
  const swiss = path.join(sourceDir, 'tests', 'tournament', 'chess-swiss.pgn');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  let pages;
  try {
    pages = [
      [await checkPage(browser, roundRobin, 'Rotary club 2026', 'nl', 'crosstable'), 'crosstable', roundRobin],
      [await checkPage(browser, swiss, 'Open', 'en-GB', 'rounds'), 'rounds', swiss],
    ];
  } finally {
    await browser.close();
  }
  for (const [page, table, input] of pages)
    await checkWithoutScript(page.url, table, input);
  console.log(`tournament page: ${checks - failures} passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
})().catch((e) => {
  console.error('FAIL: ' + (e.stack || e));
  process.exit(1);
});
