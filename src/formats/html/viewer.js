(function () {
  'use strict';
  // Every position, piece and picture comes from rgn: this script only
  // puts them in place. Node fields: parent, SAN, move number, side,
  // position string, pieces, from, to, rotation.
  var NAGS = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '\u25a1',
    10: '=', 13: '\u221e', 14: '\u2a72', 15: '\u2a71', 16: '\u00b1', 17: '\u2213',
    18: '+\u2212', 19: '\u2212+', 22: '\u2a00', 23: '\u2a00', 32: '\u27f3', 33: '\u27f3',
    36: '\u2192', 37: '\u2192', 40: '\u2191', 41: '\u2191', 132: '\u21c6', 133: '\u21c6',
    138: '\u2295', 139: '\u2295', 140: '\u2206', 145: 'RR', 146: 'N' };
  var DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  var ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
  var pictures = JSON.parse(document.getElementById('rgn-pictures').textContent);
  var games = [];
  var blocks = document.querySelectorAll('script.rgn-game');
  for (var b = 0; b < blocks.length; b++) games.push(prepare(JSON.parse(blocks[b].textContent)));
  var state = { game: null, node: 0, flip: false, moveLinks: [] };
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

  function buildTags(game) {
    var table = $('game-tags');
    var body = element('tbody');
    var names = ROSTER.slice();
    game.tags.forEach(function (t) { if (names.indexOf(t[0]) < 0) names.push(t[0]); });
    names.forEach(function (name) {
      var value = tag(game, name);
      if (!value) return;
      var tr = element('tr');
      tr.appendChild(element('th', null, name));
      tr.appendChild(element('td', null, value));
      body.appendChild(tr);
    });
    table.replaceChild(body, table.tBodies[0]);
  }

  function buildMoves(game) {
    var box = $('moves');
    box.textContent = '';
    var root = element('div', 'line');
    var stack = [root];
    var needNumber = true, last = null;
    state.moveLinks = [];
    game.text.forEach(function (t) {
      var parent = stack[stack.length - 1];
      if (typeof t === 'number') {
        // the number and its move kept on one line
        var item = element('span', 'item');
        var label = moveLabel(game, t, needNumber);
        if (label) item.appendChild(element('span', 'number', label));
        var a = element('a', 'move', game.nodes[t][1]);
        a.href = '#' + fragment(game, t);
        a.setAttribute('data-node', t);
        item.appendChild(a);
        parent.appendChild(item);
        parent.appendChild(document.createTextNode(' '));
        state.moveLinks[t] = last = a;
        needNumber = false;
      } else if (t === '(') {
        var v = element('span', 'variation', '(');
        parent.appendChild(v);
        stack.push(v);
        needNumber = true;
        last = null;
      } else if (t === ')') {
        parent.appendChild(document.createTextNode(')'));
        stack.pop();
        stack[stack.length - 1].appendChild(document.createTextNode(' '));
        needNumber = true;
        last = null;
      } else if (t.c !== undefined) {
        parent.appendChild(element('span', 'comment', t.c));
        parent.appendChild(document.createTextNode(' '));
        needNumber = true;
      } else if (t.g !== undefined) {
        var glyph = element('span', 'nag', NAGS[t.g] || ' $' + t.g);
        glyph.title = '$' + t.g;
        if (last) last.appendChild(glyph);
        else parent.appendChild(glyph);
      }
    });
    root.appendChild(element('span', 'result', game.result));
    box.appendChild(root);
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
      buildTags(game);
      buildMoves(game);
      var white = tag(game, 'White') || '?', black = tag(game, 'Black') || '?';
      $('game-title').textContent = white + ' \u2013 ' + black;
      document.title = white + ' \u2013 ' + black + (tag(game, 'Event') ? ' (' + tag(game, 'Event') + ')' : '');
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
    $('fen').value = game.nodes.length ? game.nodes[node][4] : '';
    $('status').textContent = game.nodes.length ? describe(game, node) : 'No position';
    var first = node === 0, end = !game.children[node] || !game.children[node].length;
    $('first').disabled = $('previous').disabled = first;
    $('next').disabled = $('last').disabled = end;
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
    show(game, node);
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
  ['first', 'previous', 'next', 'last'].forEach(function (id) {
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
  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
    var keys = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last' };
    if (keys[event.key]) { step(keys[event.key]); event.preventDefault(); }
    else if (event.key === 'f' || event.key === 'F') $('flip').click();
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
  if (window.performance && performance.mark) performance.mark('rgn-ready');
})();
