"""What every part of the benchmark shares: paths, the environment tools run in, the profile of a
mode, running and timing processes, the generated documents, and the figures' formatting."""

import math
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
CORPUS = os.environ.get("FOLIO_CORPUS") or os.path.join(os.path.dirname(ROOT), "shared", "corpus")
# The folio binary measured: the release build, or --folio (set by scripts/bench).
FOLIO = os.path.join(ROOT, ".build", "release", "folio")
PERFORMANCE_MD = os.path.join(ROOT, "docs", "PERFORMANCE.md")
READING_MD = os.path.join(ROOT, "docs", "READING.md")
SWIFT_DIR = "/opt/swift/usr/bin"

# Debian packages for the tools measured against and the harness itself, which scripts/setup
# installs along with what building folio needs.
PACKAGES = ["mupdf-tools", "poppler-utils", "pdfgrep", "qpdf", "tmux", "time", "libsixel-bin", "chafa",
            "imagemagick", "texlive-latex-base"]

BEGIN_MARK = "<!-- BEGIN scripts/bench results: everything up to the END mark is rewritten by each full run -->"
END_MARK = "<!-- END scripts/bench results -->"

# Every tool sees the same UTF-8 locale, so case folding in grep and pdfgrep is like folio's.
ENV = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
# Over ssh folio would choose compact sixel (fewer greys, fewer bytes): the figures are of the
# exact encoding, wherever the benchmark runs.
ENV.pop("SSH_CONNECTION", None)

# The page the large documents repeat: a dense two-column paper, 14 pages, Type1 fonts.
REPEATED = "pdfjs-tracemonkey.pdf"

# Pages as images: a text page (about 100 grey levels), greyscale scans, a colour photograph.
IMAGE_DOCUMENTS = [("tracemonkey (text)", REPEATED),
                   ("haruko manga (12 JPEG scans, CBZ)", "idpf-haruko-manga.cbz"),
                   ("CMYK photograph", "pypdf-cmyk-image.pdf")]
# The width every tool renders and encodes at: about what a 120-column terminal shows.
IMAGE_WIDTH = 1200
# chafa sizes its output in cells and assumes cells 8 pixels wide when it is not on a terminal.
CHAFA_CELL_WIDTH = 8


class Profile:
    """What one mode measures."""

    def __init__(self, quick):
        self.quick = quick
        self.runs = 1 if quick else 3
        # (label, corpus file or generated page count, search word)
        if quick:
            self.documents = [("tracemonkey (corpus)", REPEATED, "trace"),
                              ("generated, 100 pages", 100, "trace")]
            self.scaling = [10, 100, 300]
            self.startup_sizes = [10, 300]
            self.startup_runs = 2
            self.flips = 20
            self.memory_sizes = [100]
            self.image_documents = IMAGE_DOCUMENTS[:1]
            self.image_flips = 10
            self.image_memory_pages = 30
        else:
            self.documents = [("tracemonkey (corpus)", REPEATED, "trace"),
                              ("debian-octave (corpus)", "debian-octave.pdf", "matrix"),
                              ("generated, 1,000 pages", 1000, "trace")]
            self.scaling = [100, 1000, 5000]
            self.startup_sizes = [10, 5000]
            self.startup_runs = 10
            self.flips = 200
            self.memory_sizes = [100, 5000]
            self.image_documents = IMAGE_DOCUMENTS
            self.image_flips = 100
            self.image_memory_pages = 5000
        self.flip_delay = 0.05
        # A page image takes a render (tens of ms) as well: flips ten times a second.
        self.image_flip_delay = 0.1


class BenchError(Exception):
    pass


# ------------------------------------------------------------------------------------------------
# Running things


def log(message):
    print("bench: " + message, file=sys.stderr, flush=True)


def run(argv, env=None):
    """Runs a helper command (not a measured one) and returns its stdout as text."""
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env or ENV)
    if result.returncode != 0:
        raise BenchError("%s failed (%d): %s" % (shlex.join(argv), result.returncode,
                                                 result.stderr.decode(errors="replace").strip()))
    return result.stdout.decode(errors="replace")


def output_of(argv):
    """The stdout of a command, ignoring its status and stderr (for version strings)."""
    try:
        result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=ENV)
    except OSError:
        return ""
    return result.stdout.decode(errors="replace")


class Sample:
    """One measured process: wall time and CPU time in seconds."""

    def __init__(self, wall, cpu, status):
        self.wall, self.cpu, self.status = wall, cpu, status


class Runs:
    """The timed runs of one tool, and its peak RSS in KiB, from one more run."""

    def __init__(self):
        self.samples = []
        self.rss = None


def timed(argv, statuses=(0,)):
    """Runs argv with its output thrown away and measures it. wait4 reports the CPU time of the
    process and of every child it waited for (the pipeline behind bash -c)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env=ENV)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in statuses:
        raise BenchError("%s exited with status %d" % (shlex.join(argv), process.returncode))
    return Sample(wall, usage.ru_utime + usage.ru_stime, process.returncode)


def peak_rss(argv, statuses=(0,)):
    """The peak RSS in KiB of one run of argv (for a pipeline, of its largest process).

    Measured by /usr/bin/time rather than by wait4 here: Linux carries a process's RSS high-water
    mark across fork and exec, so anything this script starts would report at least this
    script's own peak (tens of MB once it has read a tool's output); /usr/bin/time is small."""
    with tempfile.NamedTemporaryFile(mode="r") as report:
        result = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name] + argv, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        if result.returncode not in statuses:
            raise BenchError("%s exited with status %d" % (shlex.join(argv), result.returncode))
        return int(report.read().split()[-1])


def median(values):
    return statistics.median(values) if values else float("nan")


def percentile(values, p):
    """Nearest-rank percentile."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[max(math.ceil(p / 100 * len(ordered)) - 1, 0)]


def compare(tools, runs):
    """Runs each (label, argv, statuses) `runs` times, in turn, rotating the order every round,
    then once more each for its peak RSS. Returns label -> Runs."""
    results = {label: Runs() for label, _, _ in tools}
    for round_number in range(runs):
        shift = round_number % len(tools)
        for label, argv, statuses in tools[shift:] + tools[:shift]:
            results[label].samples.append(timed(argv, statuses))
    for label, argv, statuses in tools:
        results[label].rss = peak_rss(argv, statuses)
    return results


# ------------------------------------------------------------------------------------------------
# Setup, build, documents


def build(static_stdlib=False):
    """Builds the release binary, as scripts/run does; with static_stdlib, as scripts/package and
    scripts/install do (the Swift runtime linked in: a process starts in half the time)."""
    swift = shutil.which("swift") or os.path.join(SWIFT_DIR, "swift")
    flags = ["--static-swift-stdlib"] if static_stdlib else []
    log("building folio (swift build -c release %s)" % " ".join(flags))
    result = subprocess.run([swift, "build", "-c", "release"] + flags + ["--package-path", ROOT],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=ENV)
    if result.returncode != 0:
        sys.stderr.write(result.stdout.decode(errors="replace"))
        raise BenchError("swift build -c release failed")


def generate(pages, directory, repeated=REPEATED):
    """A PDF of `pages` pages: the corpus file `repeated` over and over, cut to length."""
    path = os.path.join(directory, "%s-%d.pdf" % (os.path.splitext(repeated)[0], pages))
    if os.path.exists(path):
        return path
    source = os.path.join(CORPUS, repeated)
    per_copy = int(run(["qpdf", "--show-npages", source]))
    whole, rest = divmod(pages, per_copy)
    selection = [source] * whole + ([source, "1-%d" % rest] if rest else [])
    run(["qpdf", "--empty", "--pages"] + selection + ["--", path])
    counted = int(run(["qpdf", "--show-npages", path]))
    if counted != pages:
        raise BenchError("generated %s has %d pages, not %d" % (path, counted, pages))
    return path


class Documents:
    """Corpus files by name and generated files by page count."""

    def __init__(self, directory):
        self.directory = directory

    def path(self, source):
        if isinstance(source, int):
            return generate(source, self.directory)
        path = os.path.join(CORPUS, source)
        if not os.path.exists(path):
            raise BenchError("corpus file missing: %s (set FOLIO_CORPUS)" % path)
        return path


# ------------------------------------------------------------------------------------------------
# Figures as the tables show them


def seconds(value):
    """A duration for a table: ms below a second, s above."""
    if value != value:
        return "–"
    if value >= 1:
        return "%.2f s" % value
    if value >= 0.1:
        return "%.0f ms" % (value * 1000)
    return "%.1f ms" % (value * 1000)


def ms(value):
    return "–" if value != value else ("%.1f ms" % value if value < 100 else "%.0f ms" % value)


def mib(kib):
    return "%.1f MiB" % (kib / 1024)


def megabytes(count):
    return "–" if count != count else "%.2f MB" % (count / 1e6)


def ratio(a, b):
    return a / b if b else float("nan")


def wall(results, label):
    return median([s.wall for s in results[label].samples])


def cpu(results, label):
    return median([s.cpu for s in results[label].samples])


def rss(results, label):
    return results[label].rss

