"""Sections 3, 4 and 5: the reader in tmux, timed through its FOLIO_TRACE (read by
foliokit.trace): start-up, page flips, and peak RSS while paging through a whole document."""

import os
import re
import shlex
import time

from foliokit import trace
from foliokit.bench.common import BenchError, log
from foliokit.tmux import Tmux


class Reader(trace.TraceFile):
    """folio reading one document in a private tmux server, timed through FOLIO_TRACE."""

    count = 0

    def __init__(self, binary, path, workdir, measure_memory=False, arguments=()):
        Reader.count += 1
        trace.TraceFile.__init__(self, os.path.join(workdir, "trace-%d" % Reader.count), BenchError)
        self.rss_file = os.path.join(workdir, "rss-%d" % Reader.count) if measure_memory else None
        # A state folder of its own: folio would otherwise open the document where the last run
        # left it.
        state = os.path.join(workdir, "state-%d" % Reader.count)
        command = "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 FOLIO_TRACE=%s XDG_STATE_HOME=%s " % (
            shlex.quote(self.trace), shlex.quote(state))
        if self.rss_file:
            command += "/usr/bin/time -v -o %s " % shlex.quote(self.rss_file)
        command += shlex.join([binary] + list(arguments) + [path])
        self.terminal = Tmux("folio-bench", command, 120, 40, options=["status off"])

    def send(self, *keys):
        self.terminal.send_keys(*keys)

    def close(self):
        """Quits folio with q and returns its peak RSS in KiB (or None)."""
        try:
            self.send("q")
            self.terminal.wait_until_ended(10, interval=0.01)
        finally:
            self.terminal.close()
        self.read_events()
        if not self.rss_file:
            return None
        with open(self.rss_file) as f:
            match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", f.read())
        if not match:
            raise BenchError("no peak RSS in " + self.rss_file)
        return int(match.group(1))


def bench_startup(profile, documents, workdir, folios):
    rows = []
    for pages in profile.startup_sizes:
        path = documents.path(pages)
        log("startup: %d pages" % pages)
        runs = {name: {"open": [], "first": [], "loaded": [], "rss": []} for name, _ in folios}
        for _ in range(profile.startup_runs):
            for name, binary in folios:
                reader = Reader(binary, path, workdir, measure_memory=True)
                try:
                    loaded = reader.wait_for_page(1).ms
                finally:
                    rss = reader.close()
                run = runs[name]
                run["loaded"].append(loaded)
                run["rss"].append(rss)
                run["open"].append(next(e.ms for e in reader.events if e.kind == "open"))
                run["first"].append(next(e.ms for e in reader.events if e.kind == "frame"))
        rows.append({"pages": pages, "runs": runs})
    return rows


def bench_flips(profile, documents, workdir, folios):
    pages = max(profile.startup_sizes)
    path = documents.path(pages)
    results = {}
    for name, binary in folios:
        log("page flips: %d Right keys on %d pages (%s)" % (profile.flips, pages, name))
        reader = Reader(binary, path, workdir)
        try:
            reader.wait_for_page(1)
            for _ in range(profile.flips):
                reader.send("Right")
                time.sleep(profile.flip_delay)
            reader.wait_for_page(profile.flips + 1)
        finally:
            reader.close()
        results[name] = flip_latencies(reader.events, profile.flips)
    return {"pages": pages, "flips": profile.flips, "results": results}


def flip_latencies(events, flips):
    """For each Right key: the time to the next frame, and to the frame that first shows the new
    page's text (missing when another key came first)."""
    to_frame, to_text = [], []
    keys = trace.keys_and_following(events, "Right")
    if len(keys) != flips:
        raise BenchError("sent %d Right keys, folio traced %d" % (flips, len(keys)))
    for key, following in keys:
        frames = [event for event in following if trace.is_frame(event)]
        if not frames:
            continue
        to_frame.append(frames[0].ms - key.ms)
        shown = [frame.ms for frame in frames if frame.page == frames[0].page and frame.loaded]
        if shown:
            to_text.append(shown[0] - key.ms)
    return {"to_frame": to_frame, "to_text": to_text}


def bench_memory(profile, documents, workdir, folios):
    rows = []
    for pages in profile.memory_sizes:
        path = documents.path(pages)
        for name, binary in folios:
            log("memory: paging through all %d pages in the reader (%s)" % (pages, name))
            started = time.monotonic()
            reader = Reader(binary, path, workdir, measure_memory=True)
            try:
                reader.wait_for_page(1)
                for page in range(2, pages + 1):
                    reader.send("Right")
                    reader.wait_for_page(page)
            finally:
                rss = reader.close()
            rows.append({"name": name, "pages": pages, "rss": rss, "seconds": time.monotonic() - started})
    return rows
