#!/usr/bin/python3
"""rgn_dask: run rgn over an archive on a Dask cluster and merge the results.

Usage:
    rgn_dask.py [--scheduler ADDR | --workers N] [--rgn PROGRAM]
                [--parts N | --size SIZE] [-o FILE] [--diagnostics-file FILE]
                [--db DB] [--timeout SECONDS]
                validate|list|select|import PATH... [-- RGN_OPTION...]

PATH is a file (plain, or compressed: .gz .zst .bz2 .xz .zip, which rgn
reads itself) or a folder (every file under it, in byte order of the
path). Each plain file is cut at game starts with `rgn ranges`, into N
parts or parts of about SIZE bytes (default --size 64M); a compressed file
is one piece. Each piece is one Dask task that runs the rgn program on a
worker (`rgn COMMAND --range START:END:LINE ... FILE`); the driver merges the
pieces' outputs in file-and-offset order, so that they are those of one
rgn run over the same paths:

    validate  the summary on standard output (or -o FILE), as
              `rgn validate --summary json` prints it: the sum of the
              pieces' summaries
    list      the records, as `rgn list --format json` prints them
    select    the records of the games selected, as
              `rgn select --format json` prints them (criteria after --)
    import    the database --db DB (default games.rgndb): one database per
              piece, merged in order with `rgn db merge`

and, for every command, the diagnostics as `--diagnostics=json` prints
them, on standard error or into --diagnostics-file FILE. Game numbers
count over all the inputs, as in one run: the driver adds to each piece's
numbers the games of the pieces before it. The exit status is rgn's: 0
every game valid, 1 some game invalid, 2 an error (a path missing, the
scheduler not answering or lost during the run, a worker that cannot read
a file or reads other bytes than the driver cut, rgn failing on a piece:
its standard error is shown, with the worker's address and host). Outputs
are written atomically: a temporary file beside the target, renamed over
it once complete; on an error, Ctrl-C, SIGTERM or SIGHUP nothing is
written (exit status 130 on Ctrl-C, 128 + the signal's number else).

The cluster: --scheduler ADDR (tcp://HOST:PORT, started with
`dask scheduler` and `dask worker ADDR` on each machine) or, without it, a
local cluster of --workers N processes (default: the cores) of one thread
each. The rgn program (--rgn, default `rgn` on the PATH) and the paths
must be the same on every machine; each task runs in the driver's current
folder, so that the file names in the outputs are spelt as given.

A task is a pure function of its arguments and the files' bytes: when a
worker dies, the scheduler runs its tasks again elsewhere and the result
is the same.

Each piece is checked to be the bytes the driver cut: a worker that sees
another copy of a file (a machine whose copy is older, or damaged) would
otherwise mix other games in. The worker reads its piece's bytes before
rgn does and returns a digest of them (BLAKE2b, 128 bits) with the file's
size; the driver reads the piece too, and a size or digest that differs
from its own is an error naming the worker, the file and the piece. The
cost is a second read of each piece on the worker (from the page cache,
which rgn's read then finds warm) and one read of the inputs on the
driver, while the workers run. Each side also checks that the file did
not change while it was read (size, modification time, inode, before and
after): the modification time is compared only on one machine, as copies
of the same bytes made by cp have other times.

Temporary folders: a piece's, on its worker (rgn-dask-XXXX in the
worker's TMPDIR), and the pieces' databases of import, beside --db
(.rgn-dask-XXXX). Each holds a lock file, locked (flock) while the
folder is in use, and is removed after. A worker killed (SIGKILL), or a
driver killed so, leaves its folder: a later run removes, before making
its own, the folders of those names of the same user whose lock nobody
holds; a folder without the lock file (made by something else, or by a
driver older than the lock) is left alone.

Where the driver differs from one rgn run, by choice:
  - an error on any piece (rgn's status 2: a damaged compressed file, an
    unknown option) ends the run with nothing written, where rgn would
    go on with the other files;
  - the options that do not merge across pieces (--games, --limit,
    --unique, --duplicates, --fuzzy, --split-*, --count) and those the
    driver sets (--format, --diagnostics, -o, --range, --jobs, --quiet,
    --db) are refused after --;
  - import: copies across pieces are noted (on standard error) by
    `rgn db merge`, numbered as one import numbers them; a copy within
    one piece is noted by the piece's import, its numbers counting within
    the piece, the note prefixed with the piece. The summary line
    (rgn_dask: DB: games stored, valid, invalid, already there, positions
    indexed) has the counts of one import: the merge's, with the copies
    within pieces among those already there;
  - select and import print no count of the games they read, which the
    numbers of the next pieces need: each of their pieces is also read by
    `rgn list --headers-only` (a parse, without replaying the moves).

Examples:
    rgn_dask.py validate archive/ --diagnostics-file problems.json
    rgn_dask.py --scheduler tcp://10.0.0.1:8786 --parts 64 \\
        select big.pgn -o tal.json -- --tag Player~tal
    rgn_dask.py import 2024-*.pgn.zst --db month.rgndb -- --variant chess
"""

import argparse
import collections
import contextlib
import fcntl
import hashlib
import json
import logging
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile

# The first bytes of the compressed formats rgn reads (gzip, zstd, bzip2,
# xz, zip): such a file cannot be cut into ranges and is one piece.
COMPRESSED = (b"\x1f\x8b", b"\x28\xb5\x2f\xfd", b"BZh", b"\xfd7zXZ\x00",
              b"PK\x03\x04")

# What each command of the driver runs: rgn's command words, and the
# options that make its output mergeable.
COMMANDS = {
    "validate": (["validate"], ["--summary", "json"]),
    "list": (["list"], ["--format", "json"]),
    "select": (["select"], ["--format", "json"]),
    "import": (["db", "import"], []),
}

# Options the driver sets itself, and those whose meaning spans pieces
# (numbers over all inputs, copies across pieces, a limit): refused.
REFUSED = ("-o", "--output", "--format", "--to", "--columns", "--range",
           "--diagnostics", "--diagnostics-file", "--summary", "--db",
           "-q", "--quiet", "-j", "--jobs", "--games", "--limit", "--unique",
           "--duplicates", "--fuzzy", "--split-every", "--split-by",
           "--count", "--color", "--colour", "--no-color", "--no-colour")

# The game number of a JSON line: the first member "game" (first in a
# record, after file, line and column in a diagnostic). Inside a JSON
# string a quote is escaped, so '{"game":' or ',"game":' is a member.
GAME = re.compile(rb'([{,]"game":)([0-9]+)')


class Failure(Exception):
    """An error that ends the run with exit status 2 and this message."""


def run_piece(rgn, cwd, argv, path, span, db, count):
    """Runs rgn on one piece of one file and returns what it wrote.

    A task: a pure function of its arguments (and of the file's bytes), so
    that the scheduler may run it again after a worker died. span is
    "START:END:LINE", or None for the whole file; db says whether the
    command writes a database, whose bytes are returned; count, when the
    command prints no count of the games it read, is the rgn command that
    counts them (a parse of the piece, a record a game).

    The result also says which worker ran the piece and what it read: the
    file's size and a digest of the piece's bytes, which the driver
    compares with its own (a worker may see another copy of the file).
    A file this worker cannot read, or one that changed while rgn read
    it, is said by the result's "error" (else None)."""
    worker = worker_name()
    result = {"status": 2, "out": b"", "err": b"", "diagnostics": b"",
              "db": None, "games": None, "worker": worker, "size": None,
              "digest": None, "error": None}
    where = ([] if span is None else ["--range", span]) + ["--", path]
    try:
        with own_folder(tempfile.gettempdir(), "rgn-dask-") as tmp:
            # what the worker reads, before rgn reads it; compared after
            # it with the file's state, so that a file changed meanwhile
            # is not taken for the one the driver cut
            before, result["digest"] = piece_digest(os.path.join(cwd, path),
                                                    span)
            result["size"] = before[0]
            run_rgn(rgn, cwd, argv, where, tmp, db, count, result)
            if file_state(os.stat(os.path.join(cwd, path))) != before:
                result["error"] = f"{path} changed while the worker" \
                    f" {worker} read it; nothing written"
    except OSError as e:
        # the file missing or unreadable here (another machine's paths),
        # or no room for the temporary folder: said, naming the worker
        name = path if e.filename in (None, os.path.join(cwd, path)) \
            else e.filename
        result["error"] = f"the worker {worker} cannot read {name}:" \
            f" {e.strerror}; nothing written"
    return result


def run_rgn(rgn, cwd, argv, where, tmp, db, count, result):
    """run_piece's rgn runs, in the temporary folder tmp, into result."""
    diagnostics = os.path.join(tmp, "diagnostics.json")
    shard = os.path.join(tmp, "piece.rgndb")
    full = [rgn] + argv + ["--jobs", "1", "--diagnostics=json",
                           "--diagnostics-file", diagnostics]
    if db:
        full += ["--db", shard]
    done = subprocess.run(full + where, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, check=False)
    result.update(status=done.returncode, out=done.stdout, err=done.stderr)
    if os.path.exists(diagnostics):
        with open(diagnostics, "rb") as f:
            result["diagnostics"] = f.read()
    if done.returncode not in (0, 1):
        return
    if db:
        with open(shard, "rb") as f:
            result["db"] = f.read()
    if count:
        counted = subprocess.run([rgn] + count + where, cwd=cwd,
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, check=False)
        if counted.returncode not in (0, 1):
            result.update(status=counted.returncode, err=counted.stderr)
        result["games"] = counted.stdout.count(b"\n")


def worker_name():
    """The Dask worker running this task, as its address and host."""
    try:
        from distributed import get_worker
        address = get_worker().address
    except (ImportError, ValueError):
        address = "(no Dask worker)"
    return f"{address} (host {socket.gethostname()})"


def file_state(st):
    """What says a file changed: its size, modification time and inode."""
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def piece_digest(path, span):
    """The file's state and a digest (BLAKE2b, 128 bits) of the bytes of
    the piece span ("START:END:LINE", or None: the whole file)."""
    with open(path, "rb") as f:
        state = file_state(os.fstat(f.fileno()))
        start, end = (0, state[0]) if span is None else \
            map(int, span.split(":")[:2])
        f.seek(start)
        digest = hashlib.blake2b(digest_size=16)
        left = end - start
        while left > 0:
            block = f.read(min(left, 1 << 20))
            if not block:
                break  # shorter than the piece: the digest differs
            digest.update(block)
            left -= len(block)
        return state, digest.hexdigest()


# The lock file of a temporary folder of the driver's making, locked (flock)
# while the folder is in use: a folder whose lock nobody holds is a leftover
# of a process killed (a worker by SIGKILL, the driver by the machine).
LOCK = "lock"


@contextlib.contextmanager
def own_folder(parent, prefix):
    """A temporary folder in parent named prefix..., locked while in use and
    removed after; the leftovers of earlier runs are removed first."""
    sweep(parent, prefix)
    folder = tempfile.mkdtemp(prefix=prefix, dir=parent)
    try:
        # locked under another name, then renamed: a sweep that finds the
        # lock file finds it locked, and one that finds none leaves the
        # folder alone (being made, or not of this driver's making)
        with open(os.path.join(folder, LOCK + ".new"), "wb") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            os.rename(os.path.join(folder, LOCK + ".new"),
                      os.path.join(folder, LOCK))
            yield folder
    finally:
        # a sweep between the unlocking and this removes it as well: no
        # harm, it is no longer in use
        shutil.rmtree(folder, ignore_errors=True)


def sweep(parent, prefix):
    """Removes the leftovers in parent of own_folder(parent, prefix): the
    folders named prefix..., of this user, holding a lock file nobody holds.
    Anything else is left alone, and a folder that cannot be removed is no
    error (another run may remove it at the same time)."""
    try:
        names = [n for n in os.listdir(parent) if n.startswith(prefix)]
    except OSError:
        return
    for name in names:
        folder = os.path.join(parent, name)
        try:
            st = os.lstat(folder)
            if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
                continue
            fd = os.open(os.path.join(folder, LOCK),
                         os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            continue  # no lock file: not known to be a leftover
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            # renamed first: an rgn its worker left running (a worker
            # killed leaves its rgn) can then write no new file into it,
            # which would keep it from being removed; the new name has
            # the prefix, so that a later sweep finishes the work
            gone = folder + "-gone"
            os.rename(folder, gone)
            shutil.rmtree(gone, ignore_errors=True)
        except OSError:
            pass  # locked (in use), or being removed by another sweep
        finally:
            os.close(fd)


def files_of(paths):
    """The files the paths name, a folder standing for every file under
    it in byte order of the path; a missing path is an error."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            found = []
            for top, dirs, names in os.walk(path):
                dirs.sort()
                found += [os.path.join(top, n) for n in names]
            files += sorted(found, key=os.fsencode)
        elif os.path.exists(path):
            files.append(path)
        else:
            raise Failure(f"{path}: no such file or folder")
    return files


def is_compressed(path):
    with open(path, "rb") as f:
        head = f.read(6)
    # a zstd skippable frame (pzstd's files begin with one): 0x184D2A5?
    skippable = head[1:4] == b"\x2a\x4d\x18" and head[0] & 0xF0 == 0x50
    return skippable or any(head.startswith(m) for m in COMPRESSED)


def pieces_of(rgn, path, cut):
    """The ranges of one file, as `rgn ranges` cuts it (START:END:LINE),
    or [None]: the file whole, when it is compressed or one range covers
    it."""
    if is_compressed(path):
        return [None]
    # --lines: each range with the line it starts on, so that a piece far
    # into a big file need not count the lines before it
    done = subprocess.run([rgn, "ranges", "--lines"] + cut + ["--", path],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          check=False)
    if done.returncode != 0:
        raise Failure(f"rgn ranges {path} failed:\n"
                      + done.stderr.decode(errors="replace"))
    spans = done.stdout.decode().split()
    return spans if len(spans) > 1 else [None]


def renumber(lines, base):
    """JSON lines with base added to their game numbers (null stays)."""
    if base == 0:
        return lines
    return GAME.sub(lambda m: m.group(1) + b"%d" % (int(m.group(2)) + base),
                    lines)


LATIN1 = re.compile(rb'"game":null,.*"code":"latin-1"')


def once_per_file(lines, path, warned):
    """The diagnostics less the warning about text read as Latin-1 when
    an earlier piece of the same file gave it: one rgn run gives it once
    a file, at the first such byte, and each piece that meets such text
    gives it for its own first (the earliest piece's is the file's)."""
    if not LATIN1.search(lines):
        return lines
    kept = []
    for line in lines.splitlines(keepends=True):
        if LATIN1.search(line):
            if path in warned:
                continue
            warned.add(path)
        kept.append(line)
    return b"".join(kept)


def games_of(command, result):
    """How many games a piece read, for the numbers of the next pieces."""
    if command == "validate":
        return json.loads(result["out"])["games"]  # checked by merge()
    if command == "list":
        return result["out"].count(b"\n")
    return result["games"]


def counter(options):
    """The command that counts a piece's games, for select and import,
    which print no count: list's records without replaying the moves,
    read with the input options given (a line a game)."""
    count = ["list", "--headers-only", "--format", "json", "--jobs", "1",
             "--quiet"]
    keep = ("--from", "--variant", "--force-variant")
    for i, option in enumerate(options):
        if option.split("=")[0] in keep:
            count.append(option)
            if "=" not in option and i + 1 < len(options):
                count.append(options[i + 1])
    return count


class Output:
    """An output written only when the run succeeds: into a temporary
    file beside the target path, synced and renamed over it by commit()
    (an existing file keeps its mode); without a path, into a temporary
    file copied to standard output or error by commit(). discard() (on an
    error or Ctrl-C) leaves the target as it was."""

    def __init__(self, path, stream):
        self.path, self.stream = path, stream
        if path is None or (os.path.exists(path)
                            and not os.path.isfile(path)):
            # standard output, or a device or pipe (/dev/null): nothing
            # to rename over, the bytes are copied once all is well
            self.file = tempfile.TemporaryFile()
            self.path = None
            if path is not None:
                self.stream = open(path, "wb")
            return
        folder = os.path.dirname(os.path.abspath(path))
        fd, self.temp = tempfile.mkstemp(
            dir=folder, prefix="." + os.path.basename(path) + ".")
        self.file = os.fdopen(fd, "wb")

    def write(self, data):
        self.file.write(data)

    def commit(self):
        self.file.flush()
        if self.path is None:
            self.file.seek(0)
            self.stream.flush()
            shutil.copyfileobj(self.file, getattr(self.stream, "buffer",
                                                  self.stream))
            self.stream.flush()
            self.file.close()
            return
        os.fsync(self.file.fileno())
        try:
            mode = os.stat(self.path).st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.fchmod(self.file.fileno(), mode)
        self.file.close()
        os.rename(self.temp, self.path)

    def discard(self):
        if not self.file.closed:
            self.file.close()
            if self.path is not None:
                os.unlink(self.temp)


@contextlib.contextmanager
def connect(args):
    """A Dask client: of the scheduler named, or of a local cluster."""
    # imported here: the Dask modules take a while to load, and --help and
    # wrong arguments need none of them
    from distributed import Client, LocalCluster
    # Dask's own log of a lost connection is pages of tracebacks; the
    # driver says in one line what went wrong. Dask's configuration gives
    # some loggers a stderr handler of their own ("distributed", and
    # "tornado", whose "tornado.application" tells of the lost scheduler):
    # every logger with a handler gets one that drops what it logs. Some
    # of it is logged under other modules' names (asyncio's), reaching the
    # root logger, which the driver does not use otherwise: dropped too.
    for name in list(logging.root.manager.loggerDict):
        log = logging.getLogger(name)
        if log.handlers:
            log.handlers = [logging.NullHandler()]
            log.propagate = False
    logging.getLogger().addHandler(logging.NullHandler())
    if args.scheduler:
        try:
            client = Client(args.scheduler, timeout=args.timeout)
        except (OSError, TimeoutError) as e:
            raise Failure(f"the scheduler {args.scheduler} does not answer"
                          f" within {args.timeout:g} s ({e})") from None
        with client:
            yield client
        return
    with LocalCluster(n_workers=args.workers or os.cpu_count(),
                      threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, \
            Client(cluster) as client:
        yield client


def merge(args, client, tasks, states):
    """Submits the tasks, then writes their outputs in order as they
    arrive; returns rgn's exit status for the whole run. states holds
    each file's state when it was cut (file_state)."""
    from distributed import as_completed
    command = args.command
    argv = COMMANDS[command][0] + args.options
    db = command == "import"
    count = counter(args.options) if command in ("select", "import") else None
    # a file named twice is read twice, as rgn does, by one task
    uses = collections.Counter(tasks)
    futures = {client.submit(run_piece, args.rgn, os.getcwd(), argv, path,
                             span, db, count, pure=True): (path, span)
               for path, span in uses}
    with contextlib.ExitStack() as stack:
        output = Output(None if db else args.output, sys.stdout)
        stack.callback(output.discard)
        diagnostics = Output(args.diagnostics_file, sys.stderr)
        stack.callback(diagnostics.discard)
        notes = Output(None, sys.stderr)  # import's, of copies not stored
        stack.callback(notes.discard)
        if db:
            shards = stack.enter_context(own_folder(
                os.path.dirname(os.path.abspath(args.db)), ".rgn-dask-"))
        done = {}
        following = 0  # the next piece to write
        base = 0       # the games of the pieces written
        status = 0
        summary = None
        within = 0      # import: the copies within pieces, not stored
        warned = set()  # the files whose Latin-1 warning is written
        for future in as_completed(futures):
            try:
                done[futures[future]] = future.result()
            except Exception as e:  # a task that failed on every try
                # the scheduler gone, the client cancels every task, or
                # the result's connection closes before it knows (a task
                # returns its own errors: it raises none of these)
                if client.status != "running" or \
                        isinstance(e, (OSError, TimeoutError)) or \
                        type(e).__name__ == "CancelledError":
                    raise Failure(f"the scheduler {scheduler_of(args)} was"
                                  " lost during the run; nothing written") \
                        from None
                raise Failure(f"a task failed: {e!r}") from None
            future.release()
            while following < len(tasks) and tasks[following] in done:
                path, span = tasks[following]
                result = done[tasks[following]]
                uses[tasks[following]] -= 1
                if uses[tasks[following]] == 0:
                    del done[tasks[following]]
                where = f"rgn {' '.join(argv)}" + \
                    (f" --range {span}" if span else "") + f" {path}"
                if result["error"]:
                    raise Failure(result["error"])
                if result["status"] not in (0, 1):
                    raise Failure(f"{where} failed on the worker"
                                  f" {result['worker']} with status"
                                  f" {result['status']}:\n"
                                  + result["err"].decode(errors="replace"))
                check_piece(path, span, result, states[path])
                status = max(status, result["status"])
                diagnostics.write(renumber(
                    once_per_file(result["diagnostics"], path, warned), base))
                if command == "validate":
                    try:
                        piece = json.loads(result["out"])
                        summary = piece if summary is None else {
                            k: summary[k] + piece[k] for k in summary}
                    except (ValueError, KeyError, TypeError):
                        raise Failure(f"{where} printed no summary:\n"
                                      + result["err"].decode(
                                          errors="replace")) from None
                elif db:
                    with open(os.path.join(shards, f"{following}.rgndb"),
                              "wb") as f:
                        f.write(result["db"])
                    notes.write(copies_within(result["err"], path, span))
                    within += import_counts(result["err"], where)[3]
                else:
                    output.write(renumber(result["out"], base))
                base += games_of(command, result)
                following += 1
        if summary is not None:
            output.write(json.dumps(summary, separators=(",", ":")).encode()
                         + b"\n")
        if db:
            status = max(status, merge_shards(args, shards, len(tasks),
                                              within, notes))
        for o in (output, diagnostics, notes):
            o.commit()
        return status


def scheduler_of(args):
    return args.scheduler or "of the local cluster"


def check_piece(path, span, result, state):
    """That the worker read the bytes the driver cut: the file's size and
    the digest of the piece's bytes, read again here, are the worker's,
    and the file here is as it was when it was cut."""
    where = f"{path}, bytes {':'.join(span.split(':')[:2])}" if span else path
    try:
        mine, digest = piece_digest(path, span)
    except OSError as e:
        raise Failure(f"{path}: {e.strerror}") from None
    if mine != state:
        raise Failure(f"{path} changed during the run; nothing written")
    if result["size"] != mine[0] or result["digest"] != digest:
        size = "" if result["size"] == mine[0] else \
            f" ({result['size']} bytes where the driver sees {mine[0]})"
        raise Failure(f"{where}: the worker {result['worker']} read other"
                      f" bytes than the driver cut{size}: another copy of"
                      " the file? (the paths must name the same file on"
                      " every machine); nothing written")


# The summary line of rgn db import and merge.
STORED = re.compile(rb"^rgn db (?:import|merge): .*: ([0-9]+) games? stored"
                    rb" \(([0-9]+) valid, ([0-9]+) invalid\), ([0-9]+)"
                    rb" already there, ([0-9]+) positions indexed$",
                    re.MULTILINE)


def import_counts(err, where):
    """The counts of rgn db import's or merge's summary line in err: games
    stored, valid, invalid, already there, positions indexed."""
    found = STORED.search(err)
    if not found:
        raise Failure(f"{where} printed no summary:\n"
                      + err.decode(errors="replace"))
    return [int(n) for n in found.groups()]


def copies_within(err, path, span):
    """The notes of a piece's import of the copies it did not store, said
    to be the piece's: their numbers count within it (game N of the
    piece, game M of its database)."""
    notes = [line for line in err.splitlines(keepends=True)
             if line.startswith(b"rgn db import: ")
             and line.endswith(b": not stored again\n")]
    where = f"{path}, bytes {span}" if span else path
    return b"".join(f"rgn_dask: in the piece {where}: ".encode() + line
                    for line in notes)


def run_stoppable(argv):
    """subprocess.run of argv, its outputs captured; when the driver is
    stopped meanwhile (Ctrl-C, SIGTERM), the child is asked to stop with
    SIGTERM, as rgn then removes its temporary files (subprocess.run
    would kill it with SIGKILL and leave them), and waited for."""
    child = subprocess.Popen(argv, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    try:
        out, err = child.communicate()
    except BaseException:
        child.terminate()
        try:
            child.wait(timeout=30)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        raise
    return subprocess.CompletedProcess(argv, child.returncode, out, err)


def merge_shards(args, folder, count, within, notes):
    """rgn db merge of the pieces' databases into --db, in order; its
    notes (copies across pieces, numbered as one import numbers them) go
    with the pieces' notes, and then the summary one import prints: the
    merge's counts, the copies within pieces (within) among those already
    there."""
    names = [os.path.join(folder, f"{i}.rgndb") for i in range(count)]
    done = run_stoppable([args.rgn, "db", "merge", "--db", args.db, "--"]
                         + names)
    if done.returncode not in (0, 1):
        raise Failure("rgn db merge failed:\n"
                      + done.stderr.decode(errors="replace"))
    stored, valid, invalid, there, positions = import_counts(
        done.stderr, "rgn db merge")
    # the merge's notes of copies, without its summary line
    notes.write(b"".join(line for line in
                         done.stderr.splitlines(keepends=True)
                         if not STORED.match(line)))
    there += within
    games = "game" if stored == 1 else "games"
    notes.write(f"rgn_dask: {args.db}: {stored} {games} stored ({valid}"
                f" valid, {invalid} invalid), {there} already there,"
                f" {positions} positions indexed\n".encode())
    return done.returncode


# rgn's short options, as its parser takes them: flags, and those taking
# a value (the rest of the word, or the next word).
SHORT_FLAGS, SHORT_VALUES = "hnq", "jo"


def refused_option(word):
    """The refused option a word given to rgn spells as rgn reads it
    (--name, --name=VALUE, -o, -oFILE, a bundle such as -qj2), or None."""
    if word.startswith("--"):
        name = word.split("=")[0]
        return name if name in REFUSED else None
    if not word.startswith("-") or word == "-":
        return None
    for letter in word[1:]:
        if "-" + letter in REFUSED:
            return "-" + letter
        if letter in SHORT_VALUES:
            return None  # the rest of the word is its value
        if letter not in SHORT_FLAGS:
            return None  # no option of rgn's: rgn says so
    return None


def count(text):
    """--parts: a whole number from 1 to rgn's largest count."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is no count of at"
                                         " least 1")
    if int(text) > 1 << 40:
        raise argparse.ArgumentTypeError(f"'{text}' is too large (at most"
                                         f" {1 << 40})")
    return int(text)


def arguments(argv):
    """The driver's options, the command, the paths and, after '--', the
    options given to rgn."""
    rgn_options = []
    if "--" in argv:
        cut = argv.index("--")
        argv, rgn_options = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(
        prog="rgn_dask.py", description=__doc__.split("\n")[0],
        usage="%(prog)s [OPTION...] validate|list|select|import PATH..."
        " [-- RGN_OPTION...]",
        epilog="rgn_dask.py --help shows this; the module's docstring"
        " says more (python3 -m pydoc contrib/dask/rgn_dask.py).")
    parser.add_argument("--scheduler", metavar="ADDR",
                        help="the Dask scheduler (tcp://HOST:PORT); without"
                        " it, a local cluster")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="the local cluster's worker processes (default:"
                        " the cores)")
    parser.add_argument("--timeout", type=float, default=5, metavar="SECONDS",
                        help="how long to wait for the scheduler (default 5)")
    parser.add_argument("--rgn", default="rgn", metavar="PROGRAM",
                        help="the rgn program, at the same path on every"
                        " machine (default: rgn on the PATH)")
    cut = parser.add_mutually_exclusive_group()
    cut.add_argument("--parts", type=count, metavar="N",
                     help="cut each plain file into N parts")
    cut.add_argument("--size", metavar="SIZE",
                     help="cut each plain file into parts of about SIZE"
                     " bytes (K, M, G: default 64M)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="the summary (validate) or the records (list,"
                        " select), written atomically")
    parser.add_argument("--diagnostics-file", metavar="FILE",
                        help="the diagnostics, written atomically (default:"
                        " standard error)")
    parser.add_argument("--db", default="games.rgndb", metavar="DB",
                        help="the database import writes (default"
                        " games.rgndb)")
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("paths", nargs="+", metavar="PATH")
    args = parser.parse_args(argv)
    args.options = rgn_options
    for option in rgn_options:
        if option == "--":
            break  # what follows are files
        name = refused_option(option)
        if name:
            spelt = "" if name == option.split("=")[0] else f" ({name})"
            parser.error(f"{option}{spelt}: the driver sets it, or it does"
                         " not merge across pieces")
    args.options = rgn_options + COMMANDS[args.command][1]
    return args


class Terminated(BaseException):
    """SIGTERM or SIGHUP: the run ends as on Ctrl-C, nothing written."""


def terminated(signum, frame):
    raise Terminated(signum)


def main(argv):
    args = arguments(argv)
    cut = ["--parts", str(args.parts)] if args.parts else \
        ["--size", args.size or "64M"]
    # raised as an exception, so that the outputs' temporary files and the
    # shards' folder are removed on the way out, as on Ctrl-C
    signal.signal(signal.SIGTERM, terminated)
    signal.signal(signal.SIGHUP, terminated)
    try:
        files = files_of(args.paths)
        # each file's state when cut: the pieces are checked against it
        states = {}
        for path in files:
            states[path] = file_state(os.stat(path))
        tasks = [(path, span) for path in files
                 for span in pieces_of(args.rgn, path, cut)]
        with connect(args) as client:
            return merge(args, client, tasks, states)
    except Failure as e:
        print(f"rgn_dask: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rgn_dask: interrupted; nothing written", file=sys.stderr)
        return 130
    except Terminated as e:
        print(f"rgn_dask: stopped by {signal.Signals(e.args[0]).name};"
              " nothing written", file=sys.stderr)
        return 128 + e.args[0]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
