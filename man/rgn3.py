#!/usr/bin/env python3
"""Writes the section-3 manual pages of librgn from its header, rgn.h.

usage: rgn3.py RGN_H VERSION OUTDIR

rgn.h is the one source: its opening comment becomes rgn(3), the
overview, and each part of it (a banner "/* ---- */" followed by
"/* Title */") a page of its own, rgn_variant(3), rgn_reader(3), ...,
whose NAME lists every function of the part (so that whatis and apropos
find them) and whose DESCRIPTION shows each declaration with the block
comment above it (or the comment after it on its line). Every function
also gets a page FUNCTION.3 that is a ".so" link to its part's page, so
that `man 3 FUNCTION` finds it. A declaration that comes with no
comment is written all the same; tests/man3.sh fails on it.

Python 3 and its standard library only (the build's one other tool).
"""
import os
import re
import sys

# The page of each part, by its banner's title; a part not named here
# gets the prefix its functions share most (rgn_games_open and
# rgn_games_next: rgn_games).
PAGES = {
    "Errors": "rgn_error",
    "Text for other formats": "rgn_text",
    "Variants (rule sets)": "rgn_variant",
    "Directions and orientations": "rgn_direction",
    "Moves": "rgn_move",
    "Positions": "rgn_position",
    "Move forms": "rgn_move_form",
    "Problems: what a diagnostic can say": "rgn_problem",
    "SAN": "rgn_san",
    "Reading RGN": "rgn_reader",
    "Validating": "rgn_validator",
    "Writing": "rgn_writer",
    "Selecting games": "rgn_select",
    "Listing games": "rgn_lister",
    "Diagrams": "rgn_diagram",
    "Solitaire tools (Rotationary)": "rgn_rotationary",
}
# titles that begin so (the rest names where the program documents it)
PAGE_PREFIXES = {
    "Tournaments": "rgn_tournaments",
    "The database": "rgn_db",
}

FUNCTION = re.compile(r"(?<!\(\*)(?<!\w)(rgn_[a-z0-9_]+)\s*\(")
BANNER = re.compile(r"^/\* -{10,} \*/$")
TITLE = re.compile(r"^/\* (.*?)\s*\*/$")


def comment_text(lines):
    """The text of a block comment, its "/*", " * " and "*/" taken off."""
    text = "\n".join(lines).strip()
    text = re.sub(r"^/\*+", "", text)
    text = re.sub(r"\*/$", "", text)
    out = []
    for line in text.split("\n"):
        line = re.sub(r"^\s*\* ?", "", line) if re.match(r"^\s*\*", line) else line
        out.append(line.rstrip())
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    if out and out[0].startswith(" "):
        out[0] = out[0][1:]  # "/* text": the space after the opener
    return out


class Group:
    """A block comment and the declarations it documents."""

    def __init__(self):
        self.comment = []  # text lines
        self.code = []  # lines, as shown
        self.functions = []  # names declared (static inline ones too)
        self.documented = set()  # those with a comment of their own


class Part:
    def __init__(self, title):
        self.title = title
        self.groups = []
        self.page = None


def statement(lines, i):
    """The declaration that begins at lines[i]: (its lines, the next index).
    It ends with ';' outside braces, or with the '}' that closes a static
    inline function's body."""
    depth = 0
    out = []
    inline = lines[i].startswith("static inline")
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        code = re.sub(r"/\*.*?\*/", "", line)
        code = re.sub(r"//.*", "", code)
        depth += code.count("{") - code.count("}")
        if depth == 0:
            if inline and "}" in code:
                break
            if not inline and code.rstrip().endswith(";"):
                break
            if code.startswith("#"):
                break
    return out, i


def shown(lines):
    """A static inline function is shown as its prototype."""
    if not lines[0].startswith("static inline"):
        return lines
    head = []
    for line in lines:
        if line.strip().startswith("{"):
            break
        head.append(line)
    head[-1] = head[-1].rstrip() + ";"
    return head


def parse(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    # the opening comment: the overview
    end = next(i for i, line in enumerate(lines) if "*/" in line)
    overview = comment_text(lines[: end + 1])
    parts = []
    part = None
    group = None
    i = end + 1
    while i < len(lines):
        line = lines[i]
        if BANNER.match(line) and i + 1 < len(lines) and TITLE.match(lines[i + 1]):
            part = Part(TITLE.match(lines[i + 1]).group(1))
            parts.append(part)
            group = None
            i += 2
            continue
        if not line.strip():
            group = None
            i += 1
            continue
        if part is None:  # the guard, the includes, the version
            i += 1
            continue
        if line.startswith("/*"):
            start = i
            while "*/" not in lines[i]:
                i += 1
            i += 1
            if group is None or group.code:
                group = Group()
                part.groups.append(group)
            elif group.comment:
                group.comment.append("")
            group.comment.extend(comment_text(lines[start:i]))
            continue
        if line.startswith("#") and not line.startswith("#define"):
            i += 1  # #if, #endif, #include
            continue
        if line.startswith("}") or line.startswith('extern "C"'):
            i += 1  # the end of extern "C" {
            continue
        decl, i = statement(lines, i)
        if group is None:
            group = Group()
            part.groups.append(group)
        group.code.extend(shown(decl))
        if "{" in "\n".join(decl) and not decl[0].startswith("static inline"):
            continue  # a struct's or enum's: its function pointers are no functions
        match = FUNCTION.search("\n".join(decl))
        if match and not decl[0].startswith("#"):
            name = match.group(1)
            group.functions.append(name)
            trailing = re.search(r";\s*/\*(.*)\*/\s*$", decl[-1])
            if group.comment or trailing:
                group.documented.add(name)
    return overview, parts


def page_names(parts):
    used = {"rgn"}
    for part in parts:
        name = PAGES.get(part.title)
        for prefix, page in PAGE_PREFIXES.items():
            if part.title.startswith(prefix):
                name = page
        if name is None:
            counts = {}
            for group in part.groups:
                for function in group.functions:
                    stem = "_".join(function.split("_")[:2])
                    counts[stem] = counts.get(stem, 0) + 1
            words = re.findall(r"[a-z0-9]+", part.title.lower())
            name = max(counts, key=lambda s: (counts[s], s)) if counts else (
                "rgn_" + "_".join(words))
        while name in used:
            name += "_" + str(len(used))
        used.add(name)
        part.page = name


def escape(text):
    """Text as groff reads it literally."""
    text = text.replace("\\", "\\e")
    text = text.replace("-", "\\-")
    # other than ASCII as groff's escapes, which need no preconv
    text = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text)
    if text.startswith(".") or text.startswith("'"):
        text = "\\&" + text
    return text


def paragraphs(lines):
    """Blank-line separated paragraphs of comment text, as groff: a
    paragraph of indented lines (a list, a table, an example) is kept as
    written; code indented by four spaces or more is an example."""
    out = []
    para = []
    for line in lines + [""]:
        if line.strip():
            para.append(line)
            continue
        if not para:
            continue
        indented = [l for l in para if l.startswith(" ") or l.lstrip().startswith("- ")]
        if all(l.startswith("    ") for l in para):
            out.append(".PP")
            out.append(".EX")
            out.extend("    " + escape(l[4:]) for l in para)
            out.append(".EE")
        elif indented:
            out.append(".PP")
            out.append(".nf")
            out.extend(escape(l) for l in para)
            out.append(".fi")
        else:
            out.append(".PP")
            out.extend(escape(l.strip()) for l in para)
        para = []
    return out


def header(name, version, title):
    return [
        '.\\" Generated from rgn.h by man/rgn3.py; edit rgn.h, not this page.',
        '.TH %s 3 "" "rgn %s" "Library Functions Manual"' % (escape(name.upper()), version),
        ".nh",  # names of functions are neither hyphenated
        ".ad l",  # nor spread out
        ".SH NAME",
        title,
        ".SH SYNOPSIS",
        ".nf",
        ".B #include <rgn.h>",
        ".PP",
        ".B cc ... $(pkg\\-config \\-\\-cflags \\-\\-libs rgn)",
        ".fi",
    ]


def part_page(part, version):
    functions = [f for g in part.groups for f in g.functions]
    names = [part.page] + [f for f in functions if f != part.page]
    what = part.title  # "Positions": "positions", but "SAN" stays
    if what[1:2].islower():
        what = what[0].lower() + what[1:]
    title = "%s \\- %s (librgn)" % (", ".join(escape(n) for n in names), escape(what))
    out = header(part.page, version, title)
    out.append(".SH DESCRIPTION")
    for group in part.groups:
        out.append(".PP")
        out.append(".EX")
        out.extend(escape(l) for l in group.code)
        out.append(".EE")
        if group.comment:
            out.append(".RS")
            out.extend(paragraphs(group.comment))
            out.append(".RE")
    out.append(".SH SEE ALSO")
    out.append(".BR rgn (3)")
    return out


def overview_page(overview, parts, version):
    out = header("rgn", version, "rgn \\- librgn, the library of game records of rgn(1)")
    out.append(".SH DESCRIPTION")
    out.extend(paragraphs(overview))
    out.append(".SH THE PARTS")
    out.append(".PP")
    out.append("Each part of rgn.h has its page; a function's name is also")
    out.append("the name of the page that documents it")
    out.append("(\\fBman 3 rgn_position_play\\fR).")
    for part in parts:
        out.append(".TP")
        out.append(".BR %s (3)" % escape(part.page))
        out.append(escape(part.title))
    out.append(".SH SEE ALSO")
    out.append(".BR rgn (1),")
    out.append(".BR rgn (5)")
    return out


def write(path, lines):
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: rgn3.py RGN_H VERSION OUTDIR")
    header_path, version, outdir = sys.argv[1:]
    overview, parts = parse(header_path)
    page_names(parts)
    os.makedirs(outdir, exist_ok=True)
    # a page, or a link, from an older header goes
    for old in os.listdir(outdir):
        if old.endswith(".3"):
            os.remove(os.path.join(outdir, old))
    write(os.path.join(outdir, "rgn.3"), overview_page(overview, parts, version))
    for part in parts:
        write(os.path.join(outdir, part.page + ".3"), part_page(part, version))
        for group in part.groups:
            for function in group.functions:
                if function != part.page:
                    write(os.path.join(outdir, function + ".3"), [".so man3/%s.3" % part.page])
    # said, not refused: tests/man3.sh judges the exported ones
    for part in parts:
        for group in part.groups:
            for function in group.functions:
                if function not in group.documented:
                    print("rgn3.py: %s: no comment" % function, file=sys.stderr)


if __name__ == "__main__":
    main()
