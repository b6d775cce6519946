// The HTML game viewer (rgn convert --to html) in headless Chromium.
//
// usage: node viewer_test.js RGN RGN-GEN SOURCE-DIR OUT-DIR
//
// Writes a page of the sample games, one invalid game and a game whose
// text tries to break out of its script block, then checks through the
// page itself, against rgn's other commands as the oracle:
//   - every ply of every valid game's main line, stepped to with the
//     Right arrow and opened by its fragment (#gGpN), shows the position
//     string that "rgn fen --game G --ply N" prints, and the board that
//     "rgn diagram --format svg --game G --ply N" draws (pieces, fins,
//     places, last move); flipped as "rgn diagram --flip" draws it;
//   - every move of every variation, clicked, shows the position that
//     "rgn fen" prints for a game of the moves leading to it, read from
//     the move list as RGN reads variations;
//   - Home, End, Left; the fragment follows the moves and a link opens
//     at its move;
//   - the invalid game is shown up to its error, with the diagnostic;
//   - the Copy button puts the position string on the clipboard;
//   - comments and tags are shown as text, never as markup;
//   - no console errors, no request but the page itself, no URL in the
//     page but the SVG namespace; buttons are labelled, keyboard focus is
//     visible, the page fits a phone's width;
//   - a page of 100 generated games opens at a fragment's game and ply
//     (its load time is printed, not judged: a shared machine's clock
//     is no verdict);
//   - a club's page (--title, --lang, a chess game with [%clk] and
//     [%eval] comments and nested variations): its title and language;
//     every move's link lands on its move; a link in the page's preface
//     (put there by the test: the CLI has no option for it) opens its
//     game and ply; clocks beside the moves and an evaluation bar, not
//     the commands' text; chess figures, not letters; Down, Up,
//     Shift+Right, Shift+Left and Escape into and out of variations;
//     the filter box (typing, Enter, Escape); a dark background under
//     prefers-color-scheme: dark; no controls in print, the board, tags
//     and moves kept; without JavaScript, every game's tags and moves
//     (each move a link to its fragment) and no viewer; a Rotary Chess
//     board at a phone's width.
// Saves screenshots (viewer.png, viewer-phone.png, viewer-chess.png,
// viewer-rotary-chess-phone.png) in OUT-DIR.
'use strict';
const { chromium } = require('playwright-core');
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [rgn, rgnGen, sourceDir, outDir] = process.argv.slice(2);
if (!rgn || !rgnGen || !sourceDir || !outDir) {
  console.error('usage: node viewer_test.js RGN RGN-GEN SOURCE-DIR OUT-DIR');
  process.exit(2);
}
const CHROMIUM = '/usr/bin/chromium';
const SVG_NS = 'http://www.w3.org/2000/svg';
let failures = 0, checks = 0;

function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    console.error('FAIL: ' + what);
    if (failures > 40) throw new Error('too many failures');
  }
}

function run(args, input) {
  const r = spawnSync(args[0], args.slice(1), { encoding: 'utf8', input, maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return r;
}

fs.mkdirSync(outDir, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rgn-viewer-'));
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));

// --- The inputs and the page -------------------------------------------
const samples = path.join(sourceDir, 'samples');
const inputs = fs.readdirSync(samples).filter((f) => f.endsWith('.rgn')).sort()
  .map((f) => path.join(samples, f));
const invalid = path.join(samples, 'bad', 'illegal-blocked-path.rgn');
const hostileComment = '</script><script>window.pwned = 1</script> <img src="http://example.com/x.png" onerror="window.pwned = 2"> & <!-- ]]>';
const hostile = path.join(work, 'hostile.rgn');
fs.writeFileSync(hostile,
  '[Event "<b>bold</b> & </script>"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n' +
  '[White "White"]\n[Black "Black"]\n[Result "*"]\n\n' +
  '1. e4 {' + hostileComment + '} e6 *\n');
inputs.push(invalid, hostile);
const page = path.join(outDir, 'viewer.html');
const made = run([rgn, 'convert', '--quiet', '--to', 'html', '--keep-invalid', '-o', page, ...inputs]);
check(made.status === 1, 'convert exits 1 (an invalid game), not ' + made.status + ': ' + made.stderr);
const html = fs.readFileSync(page, 'utf8');

// A club's page: a chess game with lichess's clock and evaluation
// comments and nested variations, and the club championship.
const clubGame = path.join(work, 'blitz.pgn');
fs.writeFileSync(clubGame,
  '[Event "Club blitz"]\n[Site "Leiden NED"]\n[Date "2026.03.01"]\n[Round "1"]\n' +
  '[White "Carlsen, Magnus"]\n[Black "Nakamura, Hikaru"]\n[Result "1-0"]\n\n' +
  '1. e4 { [%clk 0:03:00] [%eval 0.35] } 1... e5 { [%eval 0.3] [%clk 0:02:58] } ' +
  '2. Nf3 { [%eval 0.4] } (2. Nc3 Nf6 (2... Nc6 3. f4) 3. f4) 2... Nc6 { [%eval #-3] a slip } ' +
  '3. Bb5 { [%clk 1:02:03.4] } 1-0\n');
const clubPage = path.join(outDir, 'viewer-club.html');
const clubMade = run([rgn, 'convert', '--quiet', '--to', 'html', '--title', 'Leiden <Club> & Co', '--lang', 'nl-NL',
  '-o', clubPage, clubGame, path.join(samples, 'club-championship.rgn')]);
check(clubMade.status === 0, 'convert of the club page: ' + clubMade.stderr);
const rotaryPage = path.join(outDir, 'viewer-rotary-chess.html');
check(run([rgn, 'convert', '--quiet', '--to', 'html', '-o', rotaryPage,
  path.join(samples, 'rotary-chess-mongoose.rgn')]).status === 0, 'convert of a Rotary Chess game');
for (const file of [clubPage, rotaryPage]) {
  for (const mode of [[], ['--html']]) {
    const lint = run(['xmllint', '--noout', ...mode, file]);
    check(lint.status === 0 && lint.stderr === '', 'xmllint --noout ' + mode.join(' ') + ' ' + file + ': ' + lint.stderr.slice(0, 500));
  }
}

// Offline checks of the markup; and of a page of the samples alone (the
// hostile game's text holds a URL), that it holds no URL but the SVG
// namespace and nothing that loads a file.
const plain = path.join(work, 'samples.html');
run([rgn, 'convert', '--quiet', '--to', 'html', '-o', plain, ...inputs.slice(0, -2)]);
for (const mode of [[], ['--html']]) {
  for (const file of [page, plain]) {
    const lint = run(['xmllint', '--noout', ...mode, file]);
    check(lint.status === 0 && lint.stderr === '', 'xmllint --noout ' + mode.join(' ') + ' ' + file + ': ' + lint.stderr.slice(0, 500));
  }
}
const plainHtml = fs.readFileSync(plain, 'utf8');
const urls = plainHtml.match(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\]*/gi) || [];
check(urls.length > 0 && urls.every((u) => u === SVG_NS), 'no URL but the SVG namespace: ' + urls.filter((u) => u !== SVG_NS).slice(0, 3));
check(!/<script[^>]*\ssrc=|<link\b|@import|url\(|<img\b|<iframe\b/i.test(plainHtml), 'no external script, style sheet, image or url()');
check(html.length > plainHtml.length && !html.includes(hostileComment), 'the hostile comment is escaped in the page');

// --- The oracle: rgn fen and rgn diagram -------------------------------
function fen(files, game, ply) {
  const r = run([rgn, 'fen', '--quiet', '--game', String(game), '--ply', String(ply), ...files]);
  const line = r.stdout.trim();
  return line && line !== '-' ? line : null; // '-' (or nothing): no such position
}

function diagram(game, ply, flip) {
  const r = run([rgn, 'diagram', '--quiet', '--format', 'svg', '--game', String(game), '--ply', String(ply),
    ...(flip ? ['--flip'] : []), ...inputs]);
  return r.stdout.startsWith('<?xml') ? r.stdout : null;
}

// A game of the given SAN moves from the given tags' start, as RGN text.
function gameText(tags, sans) {
  const keep = tags.filter(([name]) => ['Variant', 'SetUp', 'FEN'].includes(name));
  return keep.map(([n, v]) => '[' + n + ' "' + v.replace(/[\\"]/g, '\\$&') + '"]\n').join('') + '\n' +
    sans.join(' ') + ' *\n';
}

function fenOfLine(tags, sans) {
  const file = path.join(work, 'line.rgn');
  // the result that the line's end allows (after a mate, the winner's)
  for (const result of ['*', '1-0', '0-1', '1/2-1/2']) {
    fs.writeFileSync(file, gameText(tags, sans).replace(/\*\n$/, result + '\n'));
    const found = fen([file], 1, sans.length);
    if (found) return found;
  }
  return null;
}

function countGames(files) {
  const r = run([rgn, 'validate', ...files]);
  return Number(/(\d+) games?:/.exec(r.stderr)[1]);
}

// --- Through the page ---------------------------------------------------
const consoleErrors = [], requests = [];

// What the board in the page shows, and what an SVG of rgn diagram shows,
// in the same terms: each piece's square, letter, side, orientation, fins
// and centre; the last move's squares.
const readBoard = (root) => {
  const num = (v) => Number(v || 0);
  const offset = (el) => {
    let x = 0, y = 0;
    for (let e = el; e && e.tagName !== 'svg'; e = e.parentNode) {
      const m = /translate\(([-\d.]+)[ ,]([-\d.]+)\)/.exec(e.getAttribute && e.getAttribute('transform') || '');
      if (m) { x += Number(m[1]); y += Number(m[2]); }
    }
    return [x, y];
  };
  const pieces = [...root.querySelectorAll('g.piece')].map((g) => {
    // a disc, or a pyramid (Rotationary) placed by its points' centre
    const c = g.querySelector('circle') || g.querySelector('.pyramid'), [dx, dy] = offset(c);
    const xy = (c.getAttribute('points') || '').trim().split(/[ ,]+/).map(Number);
    const mean = (k) => xy.filter((_, i) => i % 2 === k).reduce((a, b) => a + b, 0) / (xy.length / 2);
    const cx = c.tagName === 'circle' ? num(c.getAttribute('cx')) : mean(0);
    const cy = c.tagName === 'circle' ? num(c.getAttribute('cy')) : mean(1);
    return {
      square: g.getAttribute('data-square'), piece: g.getAttribute('data-piece'),
      side: g.getAttribute('class'), orientation: g.getAttribute('data-orientation'),
      fins: [...g.querySelectorAll('.fin')].map((f) => f.getAttribute('data-direction')).sort().join(' '),
      x: cx + dx, y: cy + dy,
    };
  }).sort((a, b) => (a.square < b.square ? -1 : a.square > b.square ? 1 : 0));
  const marks = [...root.querySelectorAll('g.last-move rect')].map((r) => {
    const [dx, dy] = offset(r);
    return [num(r.getAttribute('x')) + dx, num(r.getAttribute('y')) + dy];
  }).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const rotation = root.querySelectorAll('g.rotation path').length;
  return { pieces, marks, rotation };
};

// '' when the boards agree, else what differs.
function boardDifference(a, b) {
  const near = (x, y) => Math.abs(x - y) <= 0.03;
  if (a.pieces.length !== b.pieces.length) return `${a.pieces.length} pieces, not ${b.pieces.length}`;
  if (a.rotation !== b.rotation) return `rotation mark ${a.rotation}, not ${b.rotation}`;
  for (let i = 0; i < a.pieces.length; i++) {
    const p = a.pieces[i], q = b.pieces[i];
    if (p.square !== q.square || p.piece !== q.piece || p.side !== q.side || p.orientation !== q.orientation ||
        p.fins !== q.fins || !near(p.x, q.x) || !near(p.y, q.y)) return JSON.stringify(p) + ', not ' + JSON.stringify(q);
  }
  if (a.marks.length !== b.marks.length ||
      !a.marks.every((m, i) => near(m[0], b.marks[i][0]) && near(m[1], b.marks[i][1])))
    return `last move ${JSON.stringify(a.marks)}, not ${JSON.stringify(b.marks)}`;
  return '';
}

async function pageBoard(tab) {
  return tab.evaluate(`(${readBoard})(document.querySelector('#board svg'))`);
}

async function referenceBoard(tab, svg) {
  return tab.evaluate(([text, reader]) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return (0, eval)('(' + reader + ')')(doc.documentElement);
  }, [svg, String(readBoard)]);
}

async function state(tab) {
  return tab.evaluate(() => ({
    fen: document.getElementById('fen').value,
    hash: location.hash,
    current: [...document.querySelectorAll('#moves a.current')].map((a) => a.getAttribute('data-node')),
    error: document.getElementById('error').hidden ? null : document.getElementById('error').textContent,
    next: document.getElementById('next').disabled,
  }));
}

// The moves of the game shown, read from the move list as RGN reads
// them: each with the SANs of the moves that lead to it.
async function movesWithPaths(tab) {
  const tokens = await tab.evaluate(() => {
    const out = [];
    const walk = (el) => {
      for (const child of el.children) {
        if (child.classList.contains('move')) {
          // "12. Nf3", "12... Nf6" or "Nf6": the SAN after the number
          out.push({ node: child.getAttribute('data-node'), san: child.textContent.replace(/^\d+\.(\.\.)? /, '') });
        } else if (child.classList.contains('variation')) {
          out.push('(');
          walk(child);
          out.push(')');
        }
      }
    };
    walk(document.querySelector('#moves .line'));
    return out;
  });
  const moves = [], stack = [];
  let line = [], depth = 0;
  for (const t of tokens) {
    if (t === '(') { stack.push(line); line = line.slice(0, -1); depth++; }
    else if (t === ')') { line = stack.pop(); depth--; }
    else { line = line.concat(t.san); moves.push({ node: t.node, path: line, depth }); }
  }
  return moves;
}

async function tags(tab) {
  return tab.evaluate(() => [...document.querySelectorAll('#game-tags tr')]
    .map((tr) => [tr.querySelector('th').textContent, tr.querySelector('td').textContent]));
}

// Sets the fragment and waits until the page has handled it (its own
// hashchange listener, added first, runs before this one).
async function goHash(tab, hash) {
  await tab.evaluate((h) => new Promise((resolve) => {
    if (location.hash === h) return resolve();
    window.addEventListener('hashchange', () => resolve(), { once: true });
    location.hash = h;
  }), hash);
}

// The SAN of the move shown (its link's text without its number).
const san = (state) => (state.san || '').replace(/^\d+\.(\.\.)? /, '');

// The node shown, the hash and what the evaluation bar says.
// Waits for the hash, then (at most 5 s, the checks after it judge) for
// the game whose title begins with white: the hash changes first, and the
// game is drawn by the hashchange event that follows it (a check of the
// title at once failed under load).
async function gameShown(tab, hash, white) {
  await tab.waitForFunction((h) => location.hash === h, hash);
  await tab.waitForFunction((w) => document.getElementById('game-title').textContent.startsWith(w),
    white, { timeout: 5000 }).catch(() => {});
}

async function clubState(tab) {
  return tab.evaluate(() => ({
    hash: location.hash,
    current: [...document.querySelectorAll('#moves a.current')].map((a) => a.getAttribute('data-node')),
    san: (document.querySelector('#moves a.current') || {}).textContent,
    bar: document.getElementById('eval-bar').hidden ? null : document.getElementById('eval-white').style.height,
    evalText: document.getElementById('eval-text').textContent,
    game: document.getElementById('game-title').textContent,
  }));
}

async function clubChecks(browser, tab, clubUrl, rotaryUrl) {
  await tab.goto(clubUrl + '#g1p0');
  const head = await tab.evaluate(() => ({
    lang: document.documentElement.lang, title: document.title,
    h1: document.querySelector('h1').textContent,
  }));
  check(head.lang === 'nl-NL', '--lang names the page\'s language: ' + head.lang);
  check(head.h1 === 'Leiden <Club> & Co' && head.title.endsWith('Leiden <Club> & Co'),
    '--title is the heading and the title, as text: ' + JSON.stringify(head));

  // Every move's link lands on its move, in every game.
  const games = await tab.$$eval('#game-list a', (as) => as.map((a) => a.getAttribute('href')));
  let links = 0;
  for (const game of games) {
    await goHash(tab, game);
    const hrefs = await tab.$$eval('#moves a.move', (as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('data-node')]));
    for (const [href, node] of hrefs) {
      await goHash(tab, game);
      await goHash(tab, href);
      const now = await clubState(tab);
      links++;
      check(now.current.length === 1 && now.current[0] === node && now.hash === href,
        `the link ${href} lands on its move ${node}: ${JSON.stringify(now)}`);
    }
  }
  check(links > 80, `every move's link is followed (${links})`);

  // A link in the preface (put there as the tournament page puts its
  // crosstable) opens its game at its ply; so does a fresh load.
  await goHash(tab, '#g1p0');
  await tab.evaluate(() => {
    const a = document.createElement('a');
    a.href = '#g2p7';
    a.id = 'preface-link';
    a.textContent = 'round 4';
    document.getElementById('preface').appendChild(a);
  });
  await tab.click('#preface-link');
  await gameShown(tab, '#g2p7', 'Visser');
  let now = await clubState(tab);
  check(now.game === 'Visser, Anna \u2013 de Graaf, Ruben' && now.hash === '#g2p7' && san(now) === 'Ace4' &&
    now.current.length === 1,
    'a link in the preface opens game 2 at ply 7: ' + JSON.stringify(now));
  await tab.goto('about:blank');
  await tab.goto(clubUrl + '#g1p3');
  now = await clubState(tab);
  check(san(now) === 'Nf3' && now.current.length === 1, '#g1p3 opens the blitz game at 2. Nf3: ' + JSON.stringify(now));
  await tab.goto(clubUrl + '#g2');
  now = await clubState(tab);
  check(now.game.startsWith('Visser') && now.hash === '#g2p0', '#g2 opens game 2 at its start: ' + JSON.stringify(now));

  // Clocks beside the moves, the evaluation bar beside the board; the
  // commands' text nowhere.
  await goHash(tab, '#g1p1');
  const moves = await tab.evaluate(() => ({
    clocks: [...document.querySelectorAll('#moves .clock')].map((c) => c.textContent),
    comments: [...document.querySelectorAll('#moves .comment')].map((c) => c.textContent),
    text: document.body.innerText,
    figures: [...document.querySelectorAll('#board g.piece text')].map((t) => t.textContent),
  }));
  check(moves.clocks.join(' ') === '0:03:00 0:02:58 1:02:03.4', 'the clocks are shown: ' + moves.clocks.join(' '));
  check(moves.comments.join('|') === 'a slip', 'the rest of a comment stays: ' + moves.comments.join('|'));
  check(!/\[%/.test(moves.text), 'no [%clk] or [%eval] text in the page');
  check(moves.figures.length === 32 && moves.figures.every((f) => /^[\u265a-\u265f]\ufe0e$/.test(f)),
    'chess pieces are drawn as chess figures: ' + moves.figures.slice(0, 4).join(' '));
  now = await clubState(tab);
  const share = (pawns) => Number((100 / (1 + Math.exp(-0.368 * pawns))).toFixed(1));
  check(parseFloat(now.bar) === share(0.35) && now.evalText === 'Evaluation: +0.35', 'the bar after 1. e4: ' + JSON.stringify(now));
  await goHash(tab, '#g1p4');
  now = await clubState(tab);
  check(parseFloat(now.bar) === 0 && now.evalText === 'Evaluation: #-3', 'the bar after a mate for Black: ' + JSON.stringify(now));
  await goHash(tab, '#g1p0');
  now = await clubState(tab);
  check(parseFloat(now.bar) === 50, 'the bar at the start is even: ' + now.bar);
  await goHash(tab, '#g2p0');
  check((await clubState(tab)).bar === null, 'no bar for a game without evaluations');

  // Keys into and out of variations.
  const keyed = async (key) => { await tab.keyboard.press(key); return clubState(tab); };
  await goHash(tab, '#g1p3'); // 2. Nf3, whose alternative is 2. Nc3
  now = await keyed('ArrowDown');
  check(san(now) === 'Nc3' && /^#g1n\d+$/.test(now.hash), 'Down enters the variation 2. Nc3: ' + JSON.stringify(now));
  now = await keyed('ArrowRight');
  check(san(now) === 'Nf6', 'Right goes on in the variation: ' + now.san);
  now = await keyed('ArrowDown');
  check(san(now) === 'Nc6', 'Down enters the nested variation 2... Nc6: ' + now.san);
  now = await keyed('ArrowUp');
  check(san(now) === 'Nf6', 'Up leaves the nested variation for 2... Nf6: ' + now.san);
  now = await keyed('Escape');
  check(san(now) === 'Nf3' && now.hash === '#g1p3', 'Escape leaves the variation for the main line: ' + JSON.stringify(now));
  await goHash(tab, '#g1p2'); // 1... e5: the next move has an alternative
  now = await keyed('Shift+ArrowRight');
  check(san(now) === 'Nc3', 'Shift+Right enters the variation of the next move: ' + now.san);
  now = await keyed('Shift+ArrowLeft');
  check(san(now) === 'Nf3' && now.hash === '#g1p3', 'Shift+Left leaves it: ' + JSON.stringify(now));
  await tab.click('#enter');
  check(san(await clubState(tab)) === 'Nc3', 'the button enters the variation');
  await tab.click('#leave');
  check((await clubState(tab)).hash === '#g1p3', 'the button leaves it');

  // The filter box: by player, event and result; Enter opens the first
  // game shown, Escape clears.
  const visible = () => tab.$$eval('#game-list li', (lis) => lis.filter((li) => !li.hidden).map((li) => li.value));
  await tab.keyboard.press('/');
  check(await tab.evaluate(() => document.activeElement.id === 'filter'), '/ focuses the filter');
  await tab.keyboard.type('nakamura');
  check((await visible()).join(' ') === '1', 'the filter keeps the games of a player: ' + (await visible()));
  await tab.fill('#filter', 'leiden club 0-1');
  check((await visible()).join(' ') === '2', 'the filter keeps the games of an event and result: ' + (await visible()));
  await tab.keyboard.press('Enter');
  await gameShown(tab, '#g2p0', 'Visser');
  check((await clubState(tab)).game.startsWith('Visser'), 'Enter in the filter opens the first game shown');
  await tab.focus('#filter');
  await tab.keyboard.press('Escape');
  check((await visible()).length === games.length, 'Escape in the filter shows every game again');

  // A dark scheme, and print without controls.
  const background = () => tab.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const luminance = (rgb) => { const [r, g, b] = rgb.match(/\d+/g).map(Number); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
  await tab.emulateMedia({ colorScheme: 'dark' });
  const dark = await background();
  check(luminance(dark) < 0.2, 'prefers-color-scheme: dark gives a dark background: ' + dark);
  await tab.emulateMedia({ colorScheme: 'light' });
  check(luminance(await background()) > 0.8, 'the light scheme has a light background');
  await goHash(tab, '#g1p3');
  await tab.emulateMedia({ media: 'print' });
  const printed = await tab.evaluate(() => {
    const shown = (q) => { const e = document.querySelector(q); return !!e && e.getClientRects().length > 0; };
    return { controls: shown('.controls'), next: shown('#next'), filter: shown('#filter'), fen: shown('#fen'),
      board: shown('#board svg'), tags: shown('#game-tags'), moves: shown('#moves a.move') };
  });
  check(!printed.controls && !printed.next && !printed.filter && !printed.fen, 'print hides the controls: ' + JSON.stringify(printed));
  check(printed.board && printed.tags && printed.moves, 'print keeps the board, the tags and the moves: ' + JSON.stringify(printed));
  await tab.emulateMedia({ media: 'screen' });

  // The screenshot of a chess game.
  await goHash(tab, '#g1p3');
  await tab.screenshot({ path: path.join(outDir, 'viewer-chess.png') });

  // Without JavaScript: every game's tags and moves, and no viewer.
  const noScript = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await noScript.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 800 } });
    await context.route('**/*', (route) => (route.request().url().split('#')[0] === clubUrl ? route.continue() : route.abort()));
    const bare = await context.newPage();
    await bare.goto(clubUrl + '#g1p3');
    const read = await bare.evaluate(() => {
      const shown = (e) => !!e && e.getClientRects().length > 0;
      return {
        viewer: shown(document.querySelector('.page')),
        records: [...document.querySelectorAll('.record')].filter(shown).length,
        moves: [...document.querySelectorAll('.record a.move')].map((a) => a.textContent.replace(/^\d+\.(\.\.)? /, '')),
        hrefs: [...document.querySelectorAll('.record a.move')].every((a) => a.getAttribute('href') === '#' + a.id),
        tags: [...document.querySelectorAll('.record table.tags th')].length,
        target: (document.querySelector(':target') || {}).textContent,
        text: document.body.innerText,
      };
    });
    check(!read.viewer && read.records === games.length, 'without JavaScript the games are shown, not the viewer: ' + JSON.stringify(read).slice(0, 200));
    check(read.moves.slice(0, 6).join(' ') === 'e4 e5 Nf3 Nc3 Nf6 Nc6' && read.moves.length > 60 && read.hrefs,
      'without JavaScript the moves are links to their fragments: ' + read.moves.slice(0, 8).join(' '));
    check(read.tags >= 21 && read.text.includes('Carlsen, Magnus') && read.text.includes('0:02:58'),
      'without JavaScript the tags and clocks are shown');
    check(read.target === '2. Nf3', 'without JavaScript #g1p3 points at 2. Nf3: ' + read.target);
    await bare.screenshot({ path: path.join(outDir, 'viewer-noscript.png') });
    await context.close();
  } finally {
    await noScript.close();
  }

  // Rotary Chess (12 by 12) at a phone's width: the board fills it.
  await tab.setViewportSize({ width: 390, height: 844 });
  await tab.goto(rotaryUrl + '#g1p9');
  const phone = await tab.evaluate(() => ({
    wide: document.documentElement.scrollWidth,
    board: document.querySelector('#board svg').getBoundingClientRect().width,
  }));
  check(phone.wide <= 390 && phone.board >= 340, 'a Rotary Chess board fills a phone\'s width: ' + JSON.stringify(phone));
  await tab.evaluate(() => document.getElementById('board').scrollIntoView());
  await tab.screenshot({ path: path.join(outDir, 'viewer-rotary-chess-phone.png') });
  await tab.setViewportSize({ width: 1200, height: 900 });
}

(async () => {
  if (!fs.existsSync(CHROMIUM)) {
    console.error('FAIL: ' + CHROMIUM + ' is missing (Debian package chromium)');
    process.exit(1);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rgn-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1200, height: 900 },
  });
  try {
    const url = 'file://' + page, bigUrl = 'file://' + path.join(outDir, 'viewer-100.html');
    const clubUrl = 'file://' + clubPage, rotaryUrl = 'file://' + rotaryPage;
    await browser.route('**/*', (route) => {
      const u = route.request().url();
      if ([url, bigUrl, clubUrl, rotaryUrl].includes(u.split('#')[0])) return route.continue();
      requests.push(u);
      return route.abort();
    });
    const tab = await browser.newPage();
    tab.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') consoleErrors.push(m.text()); });
    tab.on('pageerror', (e) => consoleErrors.push(String(e)));
    await tab.goto(url + '#g1p0');

    const gameCount = countGames(inputs);
    const listed = await tab.$$eval('#game-list a', (as) => as.map((a) => a.getAttribute('href')));
    check(listed.length === gameCount, 'the list shows ' + gameCount + ' games, not ' + listed.length);

    let variationMoves = 0, plies = 0;
    for (let g = 1; g <= gameCount; g++) {
      const files = inputs;
      await goHash(tab, '#g' + g + 'p0');
      const shown = await state(tab);
      const start = fen(files, g, 0);
      if (start === null) continue; // invalid: checked below
      check(shown.fen === start, `game ${g} ply 0: ${shown.fen} != ${start}`);
      // every ply by the Right arrow, then by its fragment
      const expected = [start];
      for (let n = 1; ; n++) {
        const want = fen(files, g, n);
        await tab.keyboard.press('ArrowRight');
        const now = await state(tab);
        if (want === null) {
          check(now.fen === expected[n - 1] && now.next, `game ${g}: the page has no ply ${n}`);
          break;
        }
        expected.push(want);
        plies++;
        check(now.fen === want, `game ${g} ply ${n} (Right arrow): ${now.fen} != ${want}`);
        check(now.hash === `#g${g}p${n}`, `game ${g} ply ${n}: fragment ${now.hash}`);
        check(now.current.length === 1, `game ${g} ply ${n}: one current move, not ${now.current.length}`);
      }
      const last = expected.length - 1;
      for (let n = 0; n <= last; n++) {
        await goHash(tab, `#g${g}p${n}`);
        const now = await state(tab);
        check(now.fen === expected[n], `game ${g} ply ${n} (#g${g}p${n}): ${now.fen} != ${expected[n]}`);
        const ref = diagram(g, n, false);
        check(ref !== null, `rgn diagram --game ${g} --ply ${n}`);
        const differs = ref && boardDifference(await pageBoard(tab), await referenceBoard(tab, ref));
        check(ref !== null && !differs, `game ${g} ply ${n}: the board is not rgn diagram's: ${differs}`);
      }
      // flipped, at the last ply and at the start
      await tab.click('#flip');
      for (const n of [last, 0]) {
        await goHash(tab, `#g${g}p${n}`);
        const ref = diagram(g, n, true);
        const differs = ref && boardDifference(await pageBoard(tab), await referenceBoard(tab, ref));
        check(ref !== null && !differs, `game ${g} ply ${n} flipped: the board is not rgn diagram --flip's: ${differs}`);
      }
      await tab.click('#flip');
      // Home, End, Left
      await tab.keyboard.press('End');
      check((await state(tab)).fen === expected[last], `game ${g}: End shows the last position`);
      await tab.keyboard.press('ArrowLeft');
      if (last > 0) check((await state(tab)).fen === expected[last - 1], `game ${g}: Left steps back`);
      await tab.keyboard.press('Home');
      check((await state(tab)).fen === expected[0], `game ${g}: Home shows the start`);
      // every move of every variation, clicked
      const gameTags = await tags(tab);
      for (const move of await movesWithPaths(tab)) {
        if (move.depth === 0) continue;
        variationMoves++;
        await tab.click(`#moves a.move[data-node="${move.node}"]`);
        const now = await state(tab);
        const want = fenOfLine(gameTags, move.path);
        check(want !== null && now.fen === want,
          `game ${g} variation ${move.path.join(' ')}: ${now.fen} != ${want}`);
        check(now.current.length === 1 && now.current[0] === move.node, `game ${g} variation move ${move.node} is current`);
        // its fragment opens it again
        await goHash(tab, '#g' + g + 'p0');
        await goHash(tab, now.hash);
        check((await state(tab)).fen === want, `game ${g}: ${now.hash} opens the variation move`);
        // Left goes back along the variation
        await tab.keyboard.press('ArrowLeft');
        const back = fenOfLine(gameTags, move.path.slice(0, -1));
        check((await state(tab)).fen === back, `game ${g}: Left from ${move.path.join(' ')}`);
      }
    }
    check(plies > 300, `the main lines' plies are checked (${plies})`);
    check(variationMoves >= 10, `variation moves are checked (${variationMoves})`);

    // A link opens at its move: a fresh load with a fragment.
    const deep = fen(inputs, 1, 41);
    await tab.goto('about:blank');
    await tab.goto(url + '#g1p41');
    check((await state(tab)).fen === deep, '#g1p41 opens game 1 at ply 41');

    // The invalid game: its moves up to the error, and the diagnostic.
    const invalidGame = countGames(inputs.slice(0, -2)) + 1; // the bad file's first game
    const validate = run([rgn, 'validate', invalid]);
    const message = /error: (.*)/.exec(validate.stderr)[1];
    await goHash(tab, `#g${invalidGame}p0`);
    const bad = await state(tab);
    check(bad.error !== null && bad.error.includes(message), `the invalid game shows "${message}": ${bad.error}`);
    const badMoves = await movesWithPaths(tab);
    check(badMoves.map((m) => m.path.slice(-1)[0]).join(' ') === 'e4 e6', 'the invalid game shows e4 e6, the moves before its error');
    await tab.keyboard.press('End');
    check((await state(tab)).fen === fenOfLine([], ['e4', 'e6']), 'the invalid game is shown up to its error');

    // The hostile game: text stays text.
    await goHash(tab, `#g${gameCount}p1`);
    const hostileShown = await tab.evaluate(() => ({
      comment: document.querySelector('#moves .comment').textContent,
      event: document.querySelector('#game-tags td').textContent,
      images: document.querySelectorAll('#moves img, #game-tags img, #moves script').length,
      pwned: window.pwned,
      blocks: document.querySelectorAll('script.rgn-game').length,
    }));
    check(hostileShown.comment === hostileComment, 'a comment is shown as its text: ' + hostileShown.comment);
    check(hostileShown.event === '<b>bold</b> & </script>', 'a tag is shown as its text: ' + hostileShown.event);
    check(hostileShown.images === 0 && hostileShown.pwned === undefined, 'no markup from the game runs');
    check(hostileShown.blocks === gameCount, 'one script block per game');

    // The position string is copied by its button.
    await browser.grantPermissions(['clipboard-read', 'clipboard-write']);
    await goHash(tab, '#g1p3');
    await tab.click('#copy');
    await tab.waitForFunction(() => document.getElementById('status').textContent === 'Position copied');
    const copied = await tab.evaluate(() => navigator.clipboard.readText());
    check(copied === fen(inputs, 1, 3), 'Copy puts the position string on the clipboard: ' + copied);

    // Accessible: labelled buttons, visible focus.
    const unlabelled = await tab.$$eval('button', (bs) => bs.filter((b) => !(b.getAttribute('aria-label') || b.textContent.trim())).length);
    check(unlabelled === 0, 'every button has a label');
    await tab.focus('#next');
    await tab.keyboard.press('Tab');
    await tab.keyboard.press('Shift+Tab');
    const focus = await tab.evaluate(() => {
      const e = document.activeElement, s = getComputedStyle(e);
      return { id: e.id, outline: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    check(focus.id === 'next' && focus.outline !== 'none' && focus.width >= 2, 'keyboard focus is visible: ' + JSON.stringify(focus));

    // The screenshot: the club championship game after 28... Sf2>E+ (ply 56)
    await goHash(tab, '#g1p56');
    await tab.screenshot({ path: path.join(outDir, 'viewer.png'), fullPage: true });
    // A phone: nothing wider than the screen.
    await tab.setViewportSize({ width: 390, height: 844 });
    const wide = await tab.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 390, `the page fits 390 pixels (${wide})`);
    await tab.screenshot({ path: path.join(outDir, 'viewer-phone.png') });
    await tab.setViewportSize({ width: 1200, height: 900 });

    // 100 generated games: the page opens at the fragment's game and
    // ply. Its load time is printed for the record only: the suite's
    // verdicts do not depend on a shared machine's clock.
    const big = path.join(outDir, 'viewer-100.html');
    const gen = run([rgnGen, '--seed', '7', '--games', '100']);
    fs.writeFileSync(path.join(work, 'hundred.rgn'), gen.stdout);
    const bigMade = run([rgn, 'convert', '--quiet', '--to', 'html', '-o', big, path.join(work, 'hundred.rgn')]);
    check(bigMade.status === 0, 'convert of 100 games');
    await tab.goto('about:blank');
    await tab.goto(bigUrl + '#g100p30');
    const ready = await tab.evaluate(() => performance.getEntriesByName('rgn-ready')[0].startTime);
    check((await state(tab)).fen === fen([path.join(work, 'hundred.rgn')], 100, 30), 'the 100-game page opens at #g100p30');
    console.log(`100 games (${gen.stderr.trim()}): ${fs.statSync(big).size} bytes, ready after ${Math.round(ready)} ms`);

    await clubChecks(browser, tab, clubUrl, rotaryUrl);
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  check(consoleErrors.length === 0, 'no console errors: ' + consoleErrors.slice(0, 5).join(' | '));
  check(requests.length === 0, 'no requests but the page: ' + requests.slice(0, 5).join(' '));
  console.log(`${checks} checks, ${failures} failed`);
  process.exit(failures ? 1 : 0);
})().catch((e) => {
  console.error('FAIL: ' + (e && e.stack || e));
  process.exit(1);
});
