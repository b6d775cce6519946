#!/usr/bin/env python3
"""The pieces of a file read with --range give the whole file's output.

Usage: range_pieces.py RGN TMPDIR FILE...

For each FILE, and for a file of tricky text built here (comments,
strings and ';' comments that hold '[Event' lines, games without tags or
results, blocks of tags without moves, syntax errors whose skipped text holds braces, escape lines,
CRLF and lone CR line ends, Latin-1 bytes, a byte order mark where files
were joined, several games on a line), cuts the file at random points
(and at the points 'rgn ranges' gives) and checks, against one run over
the whole file:
  - list --format json: the pieces' records, in order, are the whole's,
    and each game's offset lies in its piece;
  - validate --diagnostics=json: the pieces' diagnostics, in order, are
    the whole's (the Latin-1 warning, about the input, is given by every
    piece that has such a byte in its own games, at the first: the first
    piece's, kept as the Dask driver keeps it, is the whole's, in the same
    place);
  - validate --summary json: the pieces' counts add up to the whole's;
  - convert: the pieces' outputs, joined, are the whole's.
Game numbers count within a piece, so they are left out of the
comparison; everything else, offsets and lines included, must be equal.
"""
import json
import os
import random
import subprocess
import sys

rgn, tmp = sys.argv[1], sys.argv[2]
files = sys.argv[3:]
failures = 0
checks = 0

GAME = (b'[Event "E%d"]\n[Site "S"]\n[Date "2024.01.01"]\n[Round "%d"]\n'
        b'[White "W"]\n[Black "B"]\n[Result "1-0"]\n\n'
        b'1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n')


def tricky():
    parts = [b'\xef\xbb\xbf{a comment before the first game}\n']
    n = 0

    def game(extra_tags=b'', moves=b'1. d4 d5 2. c4 e6 1/2-1/2', head=True):
        nonlocal n
        n += 1
        tags = GAME.split(b'\n\n')[0] % (n, n) + b'\n' + extra_tags if head else b''
        return tags + b'\n' + moves + b'\n\n'

    parts.append(game())
    # a comment over several lines that holds tag lines after empty lines
    parts.append(game(moves=b'1. e4 {a long note\n\n[Event "not a game"]\n'
                      b'[Site "x"]\n\n1. d4 *\n} e5 1-0'))
    # ';' comments with braces and tags
    parts.append(game(moves=b'1. e4 ; { opens nothing\n[Event "y"] e5 ; [Event "z"]\n1-0'))
    # tag values with braces and tags inside
    parts.append(game(extra_tags=b'[Annotator "{"]\n[Remark "[Event \\"z\\"]"]\n'))
    parts.append(game(extra_tags=b'[Annotator "}"]\n'))
    # games without tags, several on a line
    parts.append(b'1. e4 e5 1-0 1. d4 d5 0-1\n1. c4 *\n\n')
    # a game without a result, then a game
    parts.append(game(moves=b'1. e4 e5 2. Nf3'))
    parts.append(game())
    # a syntax error: the skipped text holds a brace and tag-like lines
    parts.append(game(moves=b'1. e4 @@@ { 2. Nf3\n[Event "skipped"]\n1. e4 *'))
    parts.append(game(moves=b'1. e4 e5 )) { not a comment\n\n[Event "after"]\n*'))
    # an escape line with a brace
    parts.append(b'% an escape line { with a brace\n' + game())
    # an empty line inside a tag section
    parts.append(b'[Event "gap"]\n\n[Site "S"]\n[Result "*"]\n\n1. e4 *\n\n')
    # blocks of tags without moves (pairings), spaced tag sections and a
    # block that repeats a tag of an earlier block only
    parts.append(b'[Event "P"]\n[White "a"]\n\n[Event "P"]\n[White "b"]\n\n'
                 b'[Event "P"]\r\n\r\n[White "c"]\n\n[Site "S"]\n\n'
                 b'[Event "P"]\n{between}\n[Event "Q"]\n\n[Event "R"]\n\n1. e4 *\n\n')
    # variations over lines, a result inside one
    parts.append(game(moves=b'1. e4 (1. d4 d5\n(1... Nf6 2. c4\n0-1)\n) e5 1-0'))
    # a comment before a game's first tag
    parts.append(b'{ the next game }\n\n' + game())
    # CRLF and lone CR line ends
    parts.append(game().replace(b'\n', b'\r\n'))
    parts.append(game().replace(b'\n', b'\r'))
    # Latin-1 bytes in a tag and a comment; a byte order mark in the middle
    parts.append(game(extra_tags=b'[Annotator "Jos\xe9"]\n',
                      moves=b'1. e4 {tr\xe8s bien\n[Event "no"]} e5 1-0'))
    parts.append(b'\xef\xbb\xbf' + game())
    # a game without a result, then a tag spoilt at its line's end: the
    # game it begins begins at its '[' (fuzz_ranges found this)
    parts.append(game(moves=b'1. e4 ; a comment to the end of the line\n'))
    parts.append(b'[Event "no closing quote ' + b'x' * 40 + b'\n1. e4 *\n\n')
    parts.append(game(extra_tags=b'[FEN "8/8 then text" B]\n'))
    # an illegal move, a bad result, a missing roster
    parts.append(game(moves=b'1. e4 e5 2. Ke3 1-0'))
    parts.append(b'[Event "short"]\n\n1. e4 e5 0-1\n\n')
    # a line that begins with '[' inside a comment, right after a '}'
    parts.append(game(moves=b'1. e4 {x} {y\n[Event "in y"]\n} e5 1-0'))
    # an unclosed comment at the end
    parts.append(game(moves=b'1. e4 {never closed\n[Event "last"]\n1-0'))
    return b''.join(parts)


def run(args):
    p = subprocess.run([rgn] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr


def records(out):
    """JSON lines without their game number."""
    rows = []
    for line in out.decode('utf-8', 'replace').splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        row.pop('game', None)
        rows.append(row)
    return rows


def once_per_file(pieces):
    """The pieces' diagnostics joined, the warning about the input (the
    Latin-1 warning) kept once, from the first piece that gives it."""
    joined, warned = [], False
    for rows in pieces:
        for row in rows:
            if row.get('game_offset') is None:
                if warned:
                    continue
                warned = True
            joined.append(row)
    return joined


def latin1_games(path):
    """The games of path with Latin-1 bytes in every seventh game's first
    tag and in a comment of every eleventh: a piece that reads past its end
    meets another piece's."""
    games = open(path, 'rb').read().split(b'\n[Event "')
    for i in range(1, len(games)):
        if i % 7 == 0:
            games[i] = b'Caf\xe9 ' + games[i]
        if i % 11 == 0:
            games[i] = games[i].replace(b'\n\n1.', b'\n\n{d\xe9j\xe0 vu} 1.', 1)
    out = os.path.join(tmp, 'latin1.pgn')
    with open(out, 'wb') as f:
        f.write(b'\n[Event "'.join(games))
    return out


def fail(what, path, cuts, a, b):
    global failures
    failures += 1
    print('FAIL %s: %s cut at %s' % (what, path, cuts))
    for x, y in zip(a, b):
        if x != y:
            print('  whole: %s\n  piece: %s' % (str(x)[:300], str(y)[:300]))
            break
    else:
        print('  whole has %d, pieces %d' % (len(a), len(b)))


def check(path, variant, cuts):
    global checks
    size = os.path.getsize(path)
    ranges = list(zip([0] + cuts, cuts + [size]))
    common = ['--variant', variant]
    # list
    _, whole, _ = run(['list', '--format', 'json'] + common + [path])
    pieces = []
    for a, b in ranges:
        rc, out, err = run(['list', '--format', 'json', '--range', '%d:%d' % (a, b)] + common + [path])
        if rc == 2:
            fail('list exit status 2: ' + err.decode()[:200], path, cuts, [], [])
            return
        got = records(out)
        outside = [r['offset'] for r in got if not a <= r['offset'] < b]
        if outside:
            fail('list --range %d:%d gives games at %s' % (a, b, outside), path, cuts, [], [])
        pieces += got
    checks += 1
    if records(whole) != pieces:
        fail('list', path, cuts, records(whole), pieces)
    # validate: diagnostics and summary
    rc_whole, out, err = run(['validate', '--diagnostics=json', '--summary', 'json'] + common + [path])
    whole_diags = records(err)
    whole_sum = json.loads(out)
    pieces, total, rcs = [], {}, []
    for a, b in ranges:
        rc, out, err = run(['validate', '--diagnostics=json', '--summary', 'json',
                            '--range', '%d:%d' % (a, b)] + common + [path])
        rcs.append(rc)
        pieces.append(records(err))
        for k, v in json.loads(out).items():
            total[k] = total.get(k, 0) + v
    diags = once_per_file(pieces)
    checks += 3
    if whole_diags != diags:
        fail('validate diagnostics', path, cuts, whole_diags, diags)
    if whole_sum != total:
        fail('validate summary %s != %s' % (whole_sum, total), path, cuts, [], [])
    if rc_whole != max(rcs):
        fail('validate status %d != %s' % (rc_whole, rcs), path, cuts, [], [])
    # convert
    _, whole, _ = run(['convert', '--quiet'] + common + [path])
    joined = b''
    for a, b in ranges:
        _, out, _ = run(['convert', '--quiet', '--range', '%d:%d' % (a, b)] + common + [path])
        joined += out
    checks += 1
    if whole != joined:
        fail('convert', path, cuts, whole.split(b'\n'), joined.split(b'\n'))


def main():
    global checks
    special = os.path.join(tmp, 'tricky.pgn')
    with open(special, 'wb') as f:
        f.write(tricky())
    inputs = files + [latin1_games(files[0])] if files else files
    rnd = random.Random(29)
    for path in [special] + inputs:
        size = os.path.getsize(path)
        data = open(path, 'rb').read()
        # every line start, and random bytes
        line_starts = [i + 1 for i, c in enumerate(data) if c in (10, 13)]
        for trial in range(12 if path == special else 4):
            k = rnd.randint(1, 6)
            if trial % 2:
                cuts = rnd.sample(line_starts, min(k, len(line_starts)))
            else:
                cuts = [rnd.randrange(size + 1) for _ in range(k)]
            cuts.sort()
            check(path, 'chess', cuts)
        # one piece per line start, for the tricky file: every place
        if path == special:
            check(path, 'chess', sorted(set(line_starts) - {size}))
        # the cut points of rgn ranges
        rc, out, _ = run(['ranges', '--parts', '5', path])
        got = [tuple(map(int, l.split(':'))) for l in out.decode().split()]
        cuts = [a for a, _ in got][1:]
        checks += 1
        if rc != 0 or got[0][0] != 0 or got[-1][1] != size or any(
                got[i][1] != got[i + 1][0] for i in range(len(got) - 1)):
            fail('ranges %s' % got, path, cuts, [], [])
        check(path, 'chess', cuts)
        # with --lines: START:END:LINE, and the line given to --range
        rc, out, _ = run(['ranges', '--parts', '5', '--lines', path])
        with_lines = [tuple(map(int, l.split(':'))) for l in out.decode().split()]
        checks += 1
        if rc != 0 or [r[:2] for r in with_lines] != got:
            fail('ranges --lines %s' % with_lines, path, cuts, [], [])
        for a, b, line in with_lines:
            want = data[:a].replace(b'\r\n', b'\n').replace(b'\r', b'\n').count(b'\n') + 1
            _, plain, _ = run(['list', '--format', 'json', '--range', '%d:%d' % (a, b), '--variant', 'chess', path])
            _, given, _ = run(['list', '--format', 'json', '--range', '%d:%d:%d' % (a, b, line), '--variant', 'chess', path])
            checks += 1
            if line != want or plain != given:
                fail('--range %d:%d:%d (line %d)' % (a, b, line, want), path, cuts, [plain], [given])
    print('range pieces: %d checks, %d failed' % (checks, failures))
    return 1 if failures else 0


sys.exit(main())
