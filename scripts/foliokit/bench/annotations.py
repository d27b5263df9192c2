"""--annotations: saving annotations into the corpus's 1,158-page manual through Folio's real save
pipeline (journal, MuPDF's incremental update, the safe replacement), against issue 22's target
(one highlight saved in <= 150 ms), and the bytes the file grows per annotation.

Folio has no batch command that writes annotations (they are made in the reader), so the figures
come from a harness in the test binary (AnnotationSaveBenchmark in Tests/FolioAppTests), which
times each change in its own process: from the change handed to the saver to the file renamed
and the journal marked, not a process start. The test binary is the debug build (`swift build
--build-tests`): Folio's Swift code runs unoptimised, MuPDF (Debian's library) optimised. Each run
records four highlights and a note on a fresh copy, as Folio saves them (the temporary file
starting empty, MuPDF copying the original bytes into it) and with the temporary file starting
as a copy of the original (the earlier way, which MuPDF then compares with the bytes it read)."""

import json
import os
import shutil
import subprocess
import sys
import tempfile

from foliokit.bench import common
from foliokit.bench.common import BenchError, log, median, ms, percentile

TARGET = 150


def build_tests():
    swift = shutil.which("swift") or os.path.join(common.SWIFT_DIR, "swift")
    log("building the tests (swift build --build-tests)")
    result = subprocess.run([swift, "build", "--build-tests", "--package-path", common.ROOT],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=common.ENV)
    if result.returncode != 0:
        sys.stderr.write(result.stdout.decode(errors="replace"))
        raise BenchError("swift build --build-tests failed")
    binary = os.path.join(common.ROOT, ".build", "debug", "FolioPackageTests.xctest")
    if not os.access(binary, os.X_OK):
        raise BenchError("no test binary at %s" % binary)
    return binary


def file_system(folder):
    """The type of the file system holding folder (fsync's cost depends on it)."""
    try:
        return subprocess.run(["df", "--output=fstype", folder], stdout=subprocess.PIPE,
                              universal_newlines=True, check=True).stdout.split()[-1]
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def bench_annotations(runs, destination):
    """Runs the harness, writes a Markdown table to destination ("-": stdout); returns 0 (a missed
    target is reported, not a failure)."""
    binary = build_tests()
    # The copies go beside the repository, on the disk a user's documents are on, not a tmpfs.
    folder = tempfile.mkdtemp(prefix="folio-save-bench-", dir=os.path.join(common.ROOT, ".build"))
    output = os.path.join(folder, "samples.json")
    try:
        env = dict(common.ENV, FOLIO_SAVE_BENCH=output, FOLIO_SAVE_BENCH_RUNS=str(runs),
                   FOLIO_SAVE_BENCH_FOLDER=folder)
        result = subprocess.run([binary, "--testing-library", "swift-testing", "--filter",
                                 "AnnotationSaveBenchmark"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                env=env)
        if result.returncode != 0 or not os.path.exists(output):
            sys.stderr.write(result.stdout.decode(errors="replace"))
            raise BenchError("the save benchmark's harness failed")
        with open(output) as samples_file:
            samples = json.load(samples_file)
        kind = file_system(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    table = report(samples, runs, kind)
    if destination == "-":
        print(table, end="")
    else:
        with open(destination, "w") as out:
            out.write(table)
    return 0


def report(samples, runs, kind):
    def pick(start, first, kind_name="highlight"):
        return [s for s in samples if s["start"] == start and s["kind"] == kind_name
                and (s["order"] == 1) == first]

    lines = ["| One change on `debian-octave.pdf` (1,158 pages, 4.5 MiB) | Median | p95 | Journal + apply "
             "(median) | Save (median) | Target | Met |",
             "|---|---|---|---|---|---|---|"]
    rows = [("first highlight after opening", "empty", True, "highlight"),
            ("a later highlight", "empty", False, "highlight"),
            ("a note", "empty", False, "note"),
            ("first highlight, temporary file starting as a copy", "copy", True, "highlight"),
            ("a later highlight, temporary file starting as a copy", "copy", False, "highlight")]
    for label, start, first, kind_name in rows:
        chosen = pick(start, first, kind_name)
        if not chosen:
            continue
        totals = [s["stageMilliseconds"] + s["saveMilliseconds"] for s in chosen]
        total = median(totals)
        target = start == "empty" and kind_name == "highlight"
        met = ("yes" if total <= TARGET else "no") if target else "–"
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            label, ms(total), ms(percentile(totals, 95)), ms(median([s["stageMilliseconds"] for s in chosen])),
            ms(median([s["saveMilliseconds"] for s in chosen])), "≤ %s" % ms(TARGET) if target else "–", met))
        log("annotations: %s: %s" % (label, ms(total)))
    growth = ["", "| Bytes the file grows | Median | Range |", "|---|---|---|"]
    for kind_name in ["highlight", "note"]:
        grown = [s["grewBy"] for s in samples if s["start"] == "empty" and s["kind"] == kind_name]
        if grown:
            growth.append("| a %s | %s | %s–%s |" % (kind_name, "{:,}".format(round(median(grown))),
                                                       "{:,}".format(min(grown)), "{:,}".format(max(grown))))
    facts = ("\n%d runs of four highlights and a note, each on a fresh copy on %s; the 1-minute load average was "
             "%.2f at the end (2 cores).\n" % (runs, kind, os.getloadavg()[0]))
    return "\n".join(lines + growth) + "\n" + facts
