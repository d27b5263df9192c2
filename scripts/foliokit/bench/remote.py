"""--remote: the round trip of `folio --remote`, the way an editor's forward search makes it: a
reader runs in tmux on a corpus document; each request is a whole `folio --remote` process
(start, find the reader's socket, send one line, read the one-line reply), timed from outside,
median and p95 of the runs, against the target of issue 23 (`page` <= 10 ms). Beside it
`folio --version`, the floor a process start sets, and a `goto` (which moves the reader, so its
reply waits for the reader's loop), and a forward search on a document pdflatex typesets."""

import os
import shutil
import subprocess
import tempfile
import time

from foliokit.bench import common
from foliokit.bench.common import BenchError, CORPUS, log, median, ms, percentile, timed
from foliokit.tmux import Tmux

DOCUMENT = "pdfjs-tracemonkey.pdf"
TARGET_MS = 10

LATEX = r"""\documentclass{article}
\begin{document}
The first page of a small document typeset for the benchmark.
\newpage
\input{chapter}
\end{document}
"""
CHAPTER = "The chapter's one paragraph, on the second page.\n"


def _wait_for_reader(folio_env, deadline=20):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        done = subprocess.run([common.FOLIO, "--remote", "page"], env=folio_env, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        if done.returncode == 0:
            return
        time.sleep(0.1)
    raise BenchError("the reader in tmux never answered folio --remote page")


def _time(argv, env, runs):
    saved = common.ENV
    common.ENV = env
    try:
        timed(argv)  # one run not counted: the binary in the page cache
        return [timed(argv).wall * 1000 for _ in range(runs)]
    finally:
        common.ENV = saved


def bench_remote(runs, destination):
    """Times the requests and writes a Markdown table to destination ("-": stdout). Returns 0; a
    missed target is reported in the table and the log, not as a failure."""
    workdir = tempfile.mkdtemp(prefix="folio-bench-remote-")
    try:
        runtime = os.path.join(workdir, "run")
        os.mkdir(runtime, 0o700)
        env = dict(common.ENV, XDG_RUNTIME_DIR=runtime, XDG_STATE_HOME=os.path.join(workdir, "state"),
                   XDG_CONFIG_HOME=os.path.join(workdir, "config"))
        with open(os.path.join(workdir, "main.tex"), "w") as main:
            main.write(LATEX)
        with open(os.path.join(workdir, "chapter.tex"), "w") as chapter:
            chapter.write(CHAPTER)
        subprocess.run(["pdflatex", "-synctex=1", "-interaction=nonstopmode", "main.tex"], cwd=workdir, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rows = []
        shell_env = " ".join("%s='%s'" % (name, env[name]) for name in
                             ("XDG_RUNTIME_DIR", "XDG_STATE_HOME", "XDG_CONFIG_HOME"))
        for label, document, requests in [
            (DOCUMENT, os.path.join(CORPUS, DOCUMENT),
             [("page", ["--remote", "page"], TARGET_MS), ("goto 5", ["--remote", "goto", "5"], None)]),
            ("a pdflatex document", os.path.join(workdir, "main.pdf"),
             [("forward search", ["--synctex-forward", "1:0:%s" % os.path.join(workdir, "chapter.tex"),
                                  os.path.join(workdir, "main.pdf")], None)]),
        ]:
            command = "cd '%s' && env %s TERM=tmux-256color LANG=C.UTF-8 '%s' --no-config '%s'" % (
                workdir, shell_env, common.FOLIO, document)
            with Tmux("folio-bench-remote", command, 100, 30, options=["status off"]) as tmux:
                _wait_for_reader(env)
                for name, arguments, target in requests:
                    samples = _time([common.FOLIO] + arguments, env, runs)
                    p50, p95 = median(samples), percentile(samples, 95)
                    met = "–" if target is None else ("yes" if p95 <= target else "no")
                    rows.append((name, label, p50, p95, target, met))
                    log("remote: %s: p50 %s, p95 %s" % (name, ms(p50), ms(p95)))
                tmux.send_keys("q")
        start = _time([common.FOLIO, "--version"], common.ENV, runs)
        lines = ["| Request (a whole `folio` process) | Reader on | p50 | p95 | Target | Met |",
                 "|---|---|---|---|---|---|",
                 "| `folio --version` (a process start) | – | %s | %s | – | – |" % (
                     ms(median(start)), ms(percentile(start, 95)))]
        for name, label, p50, p95, target, met in rows:
            lines.append("| `%s` | %s | %s | %s | %s | %s |" % (
                name, label, ms(p50), ms(p95), "–" if target is None else "≤ %s (p95)" % ms(target), met))
        table = "\n".join(lines) + "\n\n%d runs each; the 1-minute load average was %.2f at the end (2 cores).\n" % (
            runs, os.getloadavg()[0])
        if destination == "-":
            print(table, end="")
        else:
            with open(destination, "w") as output:
                output.write(table)
        return 0
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
