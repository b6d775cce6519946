"""Compares the findings of `rgn tournament --check --diagnostics=json`
with a .expect file of tests/tournament/audit/ (tests/tournament_audit.sh).

Usage: audit_compare.py LABEL EXPECT STDOUT STDERR
STDOUT, STDERR: rgn's outputs. Every line of either that is a JSON object
with a "code" is a finding; when there is none, the "problems" of a JSON
document on standard output are. Only the audit's codes count (the codes
listed in tests/tournament/audit/README.md); others, such as validate's
missing-tag, are not compared. EXPECT: a line per finding, "CODE GAMES":
GAMES a game number, numbers joined by | (any one of them), or * (one or
more findings of that code, any game). Prints what is missing and what is
extra; exits 1 if anything is.
"""

import json
import sys

AUDIT_CODES = {
    "player-twice-in-round", "repeated-pairing", "missing-pairing",
    "missing-round", "malformed-round", "round-date-order",
    "result-tag-mismatch", "wrong-result", "unfinished-game",
    "duplicate-game", "same-player", "colour-sequence", "colour-difference",
}


def json_lines(path):
    """The findings of a file of JSON lines (a diagnostic a line)."""
    found = []
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.strip()
        if line.startswith("{"):
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict) and "code" in obj:
                found.append((obj["code"], obj.get("game")))
    return found


def json_document(path):
    """The problems of a whole JSON document, as --format json has them."""
    try:
        doc = json.load(open(path, encoding="utf-8", errors="replace"))
    except ValueError:
        return []
    return [(p.get("code"), p.get("game"))
            for t in doc.get("tournaments", []) if isinstance(doc, dict)
            for p in t.get("problems", [])]


def findings(stdout, stderr):
    """The diagnostics as JSON lines (on either stream); else the problems
    of a JSON document on standard output."""
    found = json_lines(stderr) + json_lines(stdout)
    if not found:
        found = json_document(stdout)
    return [f for f in found if f[0] in AUDIT_CODES]


def expected(path):
    lines = []
    for line in open(path):
        words = line.split()
        if words:
            games = None if words[1] == "*" else \
                [int(g) for g in words[1].split("|")]
            lines.append((words[0], games, line.strip()))
    return lines


def match(expect, found):
    """Each exact line takes one finding; a * line takes all the findings
    of its code that are left (at least one). Backtracks, the files being
    small."""
    exact = [e for e in expect if e[1] is not None]
    stars = [e for e in expect if e[1] is None]

    def assign(i, left):
        if i == len(exact):
            return left
        code, games, _ = exact[i]
        for k, (c, g) in enumerate(left):
            if c == code and g in games:
                rest = assign(i + 1, left[:k] + left[k + 1:])
                if rest is not None:
                    return rest
        return None

    left = assign(0, list(found))
    missing = []
    if left is None:
        # report the lines no finding can take, one by one
        left = list(found)
        for code, games, text in exact:
            hit = [k for k, (c, g) in enumerate(left)
                   if c == code and g in games]
            if hit:
                del left[hit[0]]
            else:
                missing.append(text)
    for code, _, text in stars:
        if not any(c == code for c, _ in left):
            missing.append(text)
        left = [(c, g) for c, g in left if c != code]
    return missing, left


def main(label, expect_path, stdout, stderr):
    missing, extra = match(expected(expect_path), findings(stdout, stderr))
    for text in missing:
        print("%s: missing finding: %s" % (label, text))
    for code, game in extra:
        print("%s: unexpected finding: %s %s" % (label, code, game))
    return 1 if missing or extra else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
