"""What rgn convert --to json writes, checked against the other formats of
the same input, each read by its own simple route (tests/json_roundtrip.sh).

Usage: json_roundtrip.py JSON XML FEN COORD RGN LAN
    JSON   rgn convert --to json --json-fen
    XML    rgn convert --to xml
    FEN    rgn convert --to fen
    COORD  rgn convert --to coord
    RGN    rgn convert (canonical RGN)
    LAN    rgn convert --to lan
all of the same input. Prints each difference; exits 1 if there is one.
"""
import json
import re
import sys
import xml.etree.ElementTree as ET

RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
problems = []


def problem(game, text):
    problems.append("game %s: %s" % (game, text))


def walk(line):
    """The plies of a line and of its variations, in the order RGN writes
    them: a ply, then the variations that replace it."""
    for ply in line:
        if "san" in ply:
            yield ply
        for variation in ply.get("variations", []):
            yield from walk(variation)


def movetext_games(path):
    """The moves of each game of an RGN file, in the order written
    (variations included): tags, comments, NAGs, move numbers and
    parentheses left out; a game ends at its result."""
    text = open(path, encoding="utf-8").read()
    games, moves, depth, i, line_start = [], [], 0, 0, True
    while i < len(text):
        c = text[i]
        if c == "{":
            i = text.index("}", i) + 1
            line_start = False
            continue
        if c == ";" or (c == "[" and line_start):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if c == "\n":
            line_start = True
            i += 1
            continue
        if c in " \t\r":
            i += 1
            continue
        line_start = False
        if c in "()":
            depth += 1 if c == "(" else -1
            i += 1
            continue
        token = re.match(r"[^\s(){};]+", text[i:]).group(0)
        i += len(token)
        if token.startswith("$") or re.fullmatch(r"\d+\.+", token):
            continue
        if token in RESULTS and depth == 0:
            games.append(moves)
            moves = []
            continue
        moves.append(token)
    return games


CLOCK = re.compile(r"\[%clk\s+(\d+):(\d+):(\d+(?:\.\d+)?)\s*\]")
EVAL = re.compile(r"\[%eval\s+([^\]\s]+)\s*\]")


def commands_out(texts):
    """Comments joined, [%clk] and [%eval] commands taken out, without
    white space: what is left to compare."""
    joined = " ".join(texts)
    joined = CLOCK.sub("", joined, count=1)
    joined = EVAL.sub("", joined, count=1)
    return re.sub(r"\s+", "", joined)


def eval_value(text):
    if text.startswith("#"):
        return {"mate": int(text[1:])}
    return float(text)


def check_ply(number, ply, move):
    """A JSON ply against its XML <move>."""
    where = "ply %d %s" % (ply["ply"], ply["san"])
    if move.get("san") != ply["san"] or move.get("lan") != ply["lan"]:
        problem(number, "%s: XML has %s %s" % (where, move.get("san"),
                                                move.get("lan")))
    if int(move.get("ply")) != ply["ply"]:
        problem(number, "%s: XML ply %s" % (where, move.get("ply")))
    nags = [int(n.get("value")) for n in move.findall("nag")]
    if nags != ply.get("nags", []):
        problem(number, "%s: NAGs %s, XML %s" % (where, ply.get("nags"), nags))
    comments = [c.text or "" for c in move.findall("comment")]
    joined = " ".join(comments)
    clock = CLOCK.search(joined)
    if clock:
        h, m, s = clock.groups()
        seconds = int(h) * 3600 + int(m) * 60 + float(s)
        if abs(ply.get("clock", -1) - seconds) > 1e-9:
            problem(number, "%s: clock %s, comment %s" %
                    (where, ply.get("clock"), clock.group(0)))
    elif "clock" in ply:
        problem(number, "%s: a clock without [%%clk]" % where)
    evaluation = EVAL.search(joined)
    if evaluation:
        if ply.get("eval") != eval_value(evaluation.group(1)):
            problem(number, "%s: eval %s, comment %s" %
                    (where, ply.get("eval"), evaluation.group(0)))
    elif "eval" in ply:
        problem(number, "%s: an eval without [%%eval]" % where)
    if commands_out(comments) != commands_out(ply.get("comments", [])):
        problem(number, "%s: comments %s, XML %s" %
                (where, ply.get("comments"), comments))


inputs = {}


def check_origin(number, origin, tagged):
    """The byte at the game's offset in its file begins its first tag (or
    its movetext when it has no tag), and offsets grow along a file."""
    path, offset = origin
    if path is None or offset is None:
        problem(number, "no file or offset")
        return
    if path not in inputs:
        inputs[path] = [open(path, "rb").read(), -1]
    data, last = inputs[path]
    first = data[offset:offset + 1]
    if tagged and first != b"[" or first in (b"", b" ", b"\n", b"{"):
        problem(number, "offset %d holds %r" % (offset, first))
    if offset <= last:
        problem(number, "offset %d after %d" % (offset, last))
    inputs[path][1] = offset


def xml_moves(element):
    """The <move> elements under a game, in document order."""
    return element.iter("move")


def main(paths):
    json_path, xml_path, fen_path, coord_path, rgn_path, lan_path = paths
    games = [json.loads(line) for line in open(json_path, encoding="utf-8")]
    xml_games = ET.parse(xml_path).getroot().findall("game")
    positions = {}
    for line in open(fen_path, encoding="utf-8"):
        game, ply, fen = line.rstrip("\n").split(" ", 2)
        if int(ply) > 0:
            positions.setdefault(int(game), []).append(fen)
    coords = open(coord_path, encoding="utf-8").read().splitlines()
    sans = movetext_games(rgn_path)
    lans = movetext_games(lan_path)
    counts = {len(games), len(xml_games), len(coords), len(sans), len(lans)}
    if len(counts) != 1:
        problems.append("games: JSON %d, XML %d, coord %d, RGN %d, LAN %d" %
                        (len(games), len(xml_games), len(coords), len(sans),
                         len(lans)))
        return
    for i, game in enumerate(games):
        number = game["game"]
        main_line = [p for p in game["moves"] if "san" in p]
        # the main line: plies and positions as --to fen counts them
        fens = [p["fen"] for p in main_line]
        if fens != positions.get(number, []):
            problem(number, "%d plies, --to fen has %d (or other positions)" %
                    (len(fens), len(positions.get(number, []))))
        # coordinates and the start as --to coord writes them
        words = coords[i].split(" ")
        start = None
        if words[0].startswith("["):
            start = coords[i][1:coords[i].index("]")]
            words = coords[i][len(start) + 3:].split(" ")
        if start != game.get("start"):
            problem(number, "start %s, coord %s" % (game.get("start"), start))
        if [p["coord"] for p in main_line] != words[:-1]:
            problem(number, "coordinates differ from --to coord")
        if words[-1] != game["result"]:
            problem(number, "result %s, coord %s" % (game["result"], words[-1]))
        # every move, variations included, as canonical RGN and LAN
        plies = list(walk(game["moves"]))
        if [p["san"] for p in plies] != sans[i]:
            problem(number, "SAN differs from --to rgn: %s / %s" %
                    ([p["san"] for p in plies], sans[i]))
        if [p["lan"] for p in plies] != lans[i]:
            problem(number, "LAN differs from --to lan")
        # number, tags, result, NAGs, comments, clocks and evals as in XML
        element = xml_games[i]
        if int(element.get("number")) != number:
            problem(number, "XML number %s" % element.get("number"))
        tags = [(t.get("name"), t.get("value")) for t in element.findall("tag")]
        first, later, seen = [], [], set()
        for name, value in tags:
            (later if name in seen else first).append([name, value])
            seen.add(name)
        json_tags = [[n, v] for n, v in game["tags"].items()]
        added = [["Variant", game["variant"]]]  # the writer's, for XML
        if json_tags != first and json_tags + added != first:
            problem(number, "tags %s, XML %s" % (json_tags, first))
        if game.get("more_tags", []) != later:
            problem(number, "more_tags %s, XML %s" %
                    (game.get("more_tags"), later))
        # where it was read: as in XML, and in the input itself its first
        # tag, or (without tags) a move, never a space or a comment
        origin = (game.get("file"), game.get("offset"))
        if origin != (element.get("file"), int(element.get("offset", -1))):
            problem(number, "origin %s, XML %s" %
                    (origin, (element.get("file"), element.get("offset"))))
        check_origin(number, origin, bool(game["tags"]))
        if element.findtext("result") != game["result"]:
            problem(number, "result %s, XML %s" %
                    (game["result"], element.findtext("result")))
        before = [c.text or "" for c in element.findall("comment")]
        if before != game.get("comments", []):
            problem(number, "comments before the first move differ")
        moves = list(xml_moves(element))
        if len(moves) != len(plies):
            problem(number, "%d plies, XML %d moves" % (len(plies), len(moves)))
            continue
        for ply, move in zip(plies, moves):
            check_ply(number, ply, move)
        # a variation's first comments: in XML before its first move
        for variation in element.iter("variation"):
            lead = []
            for child in variation:
                if child.tag != "comment":
                    break
                lead.append(child.text or "")
            if lead and not any(p.get("comments_before") == lead
                                for p in walk(game["moves"])):
                problem(number, "a variation's first comments %s lost" % lead)


main(sys.argv[1:])
for line in problems[:20]:
    print(line)
sys.exit(1 if problems else 0)
