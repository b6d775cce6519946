(function () {
  'use strict';
  // Every position, piece and picture comes from rgn: this script only
  // puts them in place. Node fields: parent, SAN, move number, side,
  // position string, pieces, from, to, rotation. Each game's tags and
  // moves are in the page as markup (its section, id "gG"): the viewer
  // shows them, moving the game's moves into its own box.
  var DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  var pictures = JSON.parse(document.getElementById('rgn-pictures').textContent);
  var games = [];
  var blocks = document.querySelectorAll('script.rgn-game');
  for (var b = 0; b < blocks.length; b++) games.push(prepare(JSON.parse(blocks[b].textContent)));
  // Each game's section (its tags and moves as markup, for a reader
  // without script), by number: a <noscript> after the game's block,
  // which a browser that runs this script reads as text.
  var records = {};
  var sections = document.querySelectorAll('#records > noscript');
  for (var r = 0; r < sections.length && r < games.length; r++) records[games[r].number] = sections[r];
  var state = { game: null, node: 0, flip: false, moveLinks: [] };
  var pageTitle = document.title;
  var $ = function (id) { return document.getElementById(id); };

  function element(name, className, text) {
    var e = document.createElement(name);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function tag(game, name) {
    for (var i = 0; i < game.tags.length; i++) if (game.tags[i][0] === name) return game.tags[i][1];
    return '';
  }

  // Children of each node (the line's own continuation first) and the
  // main line (the moves outside every variation).
  function prepare(game) {
    game.children = game.nodes.map(function () { return []; });
    game.nodes.forEach(function (node, i) { if (node[0] >= 0) game.children[node[0]].push(i); });
    game.main = game.nodes.length ? [0] : [];
    game.ply = {};
    game.ply[0] = 0;
    var depth = 0;
    game.text.forEach(function (t) {
      if (t === '(') depth++;
      else if (t === ')') depth--;
      else if (typeof t === 'number' && depth === 0) { game.ply[t] = game.main.length; game.main.push(t); }
    });
    game.variantInfo = game.variant >= 0 ? pictures.variants[game.variant] : null;
    return game;
  }

  function fragment(game, node) {
    return 'g' + game.number + (node in game.ply ? 'p' + game.ply[node] : 'n' + node);
  }

  function moveLabel(game, node, always) {
    var n = game.nodes[node];
    if (!game.variantInfo || game.variantInfo.players === 1) return n[2] + '. ';
    if (n[3] === 0) return n[2] + '. ';
    return always ? n[2] + '... ' : '';
  }

  function describe(game, node) {
    if (node === 0) return 'Start position';
    var n = game.nodes[node];
    var where = node in game.ply ? 'ply ' + game.ply[node] : 'variation';
    return 'After ' + moveLabel(game, node, true) + n[1] + ' (' + where + ')';
  }

  function buildList() {
    var list = $('game-list');
    games.forEach(function (game) {
      var li = element('li');
      li.value = game.number; // as rgn fen --game counts, invalid games left out or not
      var a = element('a', null, (tag(game, 'White') || '?') + ' \u2013 ' + (tag(game, 'Black') || '?'));
      a.href = '#g' + game.number + 'p0';
      a.id = 'game-link-' + game.number;
      li.appendChild(a);
      var roster = [tag(game, 'Event'), tag(game, 'Site'), tag(game, 'Date'),
        tag(game, 'Round') ? 'round ' + tag(game, 'Round') : '', game.error ? 'invalid' : tag(game, 'Result')];
      li.appendChild(element('small', null, roster.filter(function (s) { return s && s !== '?'; }).join(', ')));
      list.appendChild(li);
    });
  }

  // The game's tags and moves, from its section's markup: the ids of its
  // move links (for a reader without script) taken off, so that the
  // browser does not scroll to a link for the viewer's fragments.
  function adopt(game) {
    var box = element('div');
    box.innerHTML = records[game.number].textContent;
    var table = box.querySelector('table.tags');
    table.id = 'game-tags';
    var old = $('game-tags');
    old.parentNode.replaceChild(table, old);
    var line = box.querySelector('.moves-text > .line');
    var moves = $('moves');
    moves.textContent = '';
    moves.appendChild(line);
    state.moveLinks = [];
    var links = line.querySelectorAll('a.move');
    for (var i = 0; i < links.length; i++) {
      links[i].removeAttribute('id');
      state.moveLinks[Number(links[i].getAttribute('data-node'))] = links[i];
    }
    game.evals = {};
    var evals = line.querySelectorAll('.eval[data-node]');
    for (var e = 0; e < evals.length; e++) {
      var node = evals[e].getAttribute('data-node');
      if (!(node in game.evals)) game.evals[node] = evals[e].getAttribute('data-eval');
    }
  }

  // The evaluation of the position shown (or the last one before it) as
  // White's share of the bar: pawns through a logistic curve, a mate all
  // or nothing.
  function drawEval() {
    var game = state.game, bar = $('eval-bar'), text = $('eval-text');
    var any = game.evals && Object.keys(game.evals).length > 0;
    bar.hidden = !any;
    text.textContent = '';
    if (!any) return;
    var node = state.node, value = null;
    while (node >= 0 && value === null) {
      if (node in game.evals) value = game.evals[node];
      else node = game.nodes[node][0];
    }
    var share = 50, shown = '0.00';
    if (value !== null && value.charAt(0) === '#') {
      var mate = Number(value.slice(1));
      share = mate > 0 ? 100 : mate < 0 ? 0 : 50;
      shown = value;
    } else if (value !== null) {
      var pawns = Number(value);
      share = 100 / (1 + Math.exp(-0.368 * pawns));
      shown = (pawns > 0 ? '+' : '') + pawns.toFixed(2);
    }
    $('eval-white').style.height = share.toFixed(1) + '%';
    bar.setAttribute('aria-label', 'Evaluation ' + shown);
    text.textContent = 'Evaluation: ' + shown;
  }

  function placed(template, x, y) {
    return '<g transform="translate(' + x + ' ' + y + ')">' + template + '<\/g>';
  }

  function drawBoard() {
    var game = state.game, info = game.variantInfo, board = $('board');
    board.textContent = '';
    if (!info || !game.nodes.length) return;
    var flip = state.flip ? 1 : 0, centers = info.centers[flip];
    board.innerHTML = info.board[flip];
    var node = game.nodes[state.node], pieces = node[5], parts = [];
    for (var i = 0, point = 0; i < pieces.length; point++) {
      var c = pieces.charAt(i), kind = -1;
      if (c === '~') {
        kind = 64 + 64 * DIGITS.indexOf(pieces.charAt(i + 1)) + DIGITS.indexOf(pieces.charAt(i + 2));
        i += 3;
      } else {
        if (c !== '.') kind = DIGITS.indexOf(c);
        i++;
      }
      if (kind >= 0) {
        var piece = pictures.kinds[kind][1 + flip].replace('<g ', '<g data-square="' + info.squares[point] + '" ');
        parts.push(placed(piece, centers[2 * point], centers[2 * point + 1]));
      }
    }
    board.querySelector('g.pieces').innerHTML = parts.join('');
    if (node[6] >= 0) {
      var marks = [placed(info.mark[flip], centers[2 * node[6]], centers[2 * node[6] + 1])];
      if (node[7] !== node[6]) marks.push(placed(info.mark[flip], centers[2 * node[7]], centers[2 * node[7] + 1]));
      board.querySelector('g.last-move').innerHTML = marks.join('');
      if (node[8]) board.querySelector('g.rotation').innerHTML = placed(info.rotation[flip], centers[2 * node[6]], centers[2 * node[6] + 1]);
    }
    board.setAttribute('aria-label', info.name + ' board, ' + describe(game, state.node).toLowerCase() +
      (state.flip ? ', Black at the bottom' : ''));
  }

  function lineEnd(game, node) {
    while (game.children[node] && game.children[node].length) node = game.children[node][0];
    return node;
  }

  function show(game, node, keepHash) {
    var changed = state.game !== game;
    state.game = game;
    if (!game.nodes.length) node = 0;
    else if (!(node >= 0 && node < game.nodes.length)) node = 0;
    if (changed) {
      adopt(game);
      var white = tag(game, 'White') || '?', black = tag(game, 'Black') || '?';
      $('game-title').textContent = white + ' \u2013 ' + black;
      document.title = white + ' \u2013 ' + black + (tag(game, 'Event') ? ' (' + tag(game, 'Event') + ')' : '') +
        ' \u2013 ' + pageTitle;
      var info = game.variantInfo;
      $('board-side').classList.toggle('large', !!info && (info.files > 8 || info.ranks > 8));
      var error = $('error');
      error.textContent = game.error || '';
      error.hidden = !game.error;
      var links = document.querySelectorAll('#game-list a');
      for (var i = 0; i < links.length; i++) links[i].removeAttribute('aria-current');
      $('game-link-' + game.number).setAttribute('aria-current', 'true');
    }
    var old = state.moveLinks[state.node];
    if (old) { old.classList.remove('current'); old.removeAttribute('aria-current'); }
    state.node = node;
    var link = state.moveLinks[node];
    if (link) {
      link.classList.add('current');
      link.setAttribute('aria-current', 'step');
      if (link.scrollIntoView) link.scrollIntoView({ block: 'nearest' });
    }
    drawBoard();
    drawEval();
    $('fen').value = game.nodes.length ? game.nodes[node][4] : '';
    $('status').textContent = game.nodes.length ? describe(game, node) : 'No position';
    var first = node === 0, end = !game.children[node] || !game.children[node].length;
    $('first').disabled = $('previous').disabled = first;
    $('next').disabled = $('last').disabled = end;
    $('enter').disabled = into(game, node) < 0;
    $('leave').disabled = outOf(game, node) < 0;
    if (!keepHash) {
      var hash = '#' + fragment(game, node);
      if (location.hash !== hash) history.replaceState(null, '', hash);
    }
  }

  function step(where) {
    var game = state.game, node = state.node;
    if (!game || !game.nodes.length) return;
    if (where === 'first') node = 0;
    else if (where === 'previous') node = game.nodes[node][0] >= 0 ? game.nodes[node][0] : node;
    else if (where === 'next') node = game.children[node].length ? game.children[node][0] : node;
    else if (where === 'last') node = lineEnd(game, node);
    else if (where === 'enter') node = into(game, node);
    else if (where === 'leave') node = outOf(game, node);
    if (node < 0) return false;
    show(game, node);
    return true;
  }

  // Into a variation: the first alternative to the move shown (the next
  // one when several), else the first alternative to the next move.
  function into(game, node) {
    if (!game.nodes.length) return -1;
    var parent = game.nodes[node][0];
    if (parent >= 0) {
      var siblings = game.children[parent], i = siblings.indexOf(node);
      if (i + 1 < siblings.length) return siblings[i + 1];
    }
    return game.children[node].length > 1 ? game.children[node][1] : -1;
  }

  // Out of the variation the move shown is in: to the move it is an
  // alternative to, on the line it leaves.
  function outOf(game, node) {
    if (!game.nodes.length) return -1;
    for (var n = node; game.nodes[n][0] >= 0; n = game.nodes[n][0]) {
      var first = game.children[game.nodes[n][0]][0];
      if (first !== n) return first;
    }
    return -1;
  }

  // "#g3p41": game 3 after ply 41 of its main line; "#g3n57": node 57.
  function fromHash() {
    var m = /^#g(\d+)(?:([pn])(\d+))?$/.exec(location.hash);
    var game = null, node = 0;
    if (m) {
      for (var i = 0; i < games.length; i++) if (String(games[i].number) === m[1]) game = games[i];
      if (game && m[2] === 'p') node = game.main[Number(m[3])];
      else if (game && m[2] === 'n') node = Number(m[3]);
    }
    if (!game) { game = games[0]; node = 0; }
    if (node === undefined || !(node < game.nodes.length)) node = 0;
    show(game, node, false);
  }

  // A link followed (from the preface, say): the viewer brought into view
  // when it is out of sight.
  function followHash() {
    fromHash();
    if (!/^#g\d/.test(location.hash)) return;
    var box = $('game').getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight - 100) $('game').scrollIntoView({ block: 'start' });
  }

  // The games whose list entry (players, event, site, date, round,
  // result) holds every word typed.
  function filterGames() {
    var words = $('filter').value.toLowerCase().split(/\s+/).filter(Boolean);
    var items = $('game-list').children, shown = 0;
    for (var i = 0; i < items.length; i++) {
      var text = items[i].textContent.toLowerCase();
      var match = words.every(function (w) { return text.indexOf(w) >= 0; });
      items[i].hidden = !match;
      if (match) shown++;
    }
    $('count').textContent = words.length ? shown + ' of ' + items.length + ' games' : '';
  }

  function firstShownGame() {
    var items = $('game-list').children;
    for (var i = 0; i < items.length; i++) if (!items[i].hidden) return items[i].querySelector('a');
    return null;
  }

  function copyPosition() {
    var input = $('fen'), done = function () { $('status').textContent = 'Position copied'; };
    var fallback = function () {
      input.focus();
      input.select();
      try { if (document.execCommand('copy')) done(); } catch (e) { /* selected: copy by hand */ }
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(input.value).then(done, fallback);
    else fallback();
  }

  if (!games.length) return;
  buildList();
  ['first', 'previous', 'next', 'last', 'enter', 'leave'].forEach(function (id) {
    $(id).addEventListener('click', function () { step(id); });
  });
  $('flip').addEventListener('click', function () {
    state.flip = !state.flip;
    $('flip').setAttribute('aria-pressed', String(state.flip));
    drawBoard();
  });
  $('copy').addEventListener('click', copyPosition);
  // a move clicked is shown at once (its link, copied, opens it too)
  $('moves').addEventListener('click', function (event) {
    var link = event.target.closest ? event.target.closest('a.move') : null;
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    show(state.game, Number(link.getAttribute('data-node')));
  });
  $('fen').addEventListener('focus', function () { this.select(); });
  $('filter').addEventListener('input', filterGames);
  $('filter').addEventListener('keydown', function (event) {
    if (event.key === 'Enter') {
      var first = firstShownGame();
      if (first) { location.hash = first.getAttribute('href'); first.focus(); }
      event.preventDefault();
    } else if (event.key === 'Escape') {
      if (this.value) { this.value = ''; filterGames(); } else this.blur();
      event.preventDefault();
    }
  });
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
    var keys = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last',
      ArrowDown: 'enter', ArrowUp: 'leave', Escape: 'leave' };
    var shifted = { ArrowRight: 'enter', ArrowLeft: 'leave' };
    var where = event.shiftKey ? shifted[event.key] : keys[event.key];
    if (where) {
      // Up and Down scroll the page as usual where there is no variation
      if (step(where) || !/^Arrow(Up|Down)$/.test(event.key)) event.preventDefault();
    } else if (event.key === 'f' || event.key === 'F') $('flip').click();
    else if (event.key === '/') { $('filter').focus(); event.preventDefault(); }
  });
  window.addEventListener('hashchange', followHash);
  followHash();
  if (window.performance && performance.mark) performance.mark('rgn-ready');
})();
