"""--preview: folio --preview, the previewer for file managers and fzf, on the corpus's longest
document: a text preview and an image preview in each protocol, wall time of the whole process
(median of the runs), against the targets of issue 25 (text <= 50 ms, image <= 150 ms); beside it
the CPU time, and `folio --version` as the floor a process start sets, since on a loaded machine
wall time measures the machine."""

import os

from foliokit.bench import common
from foliokit.bench.common import CORPUS, log, median, ms, timed

# The corpus's longest readable document: 1,158 pages (the GNU Octave manual).
DOCUMENT = "debian-octave.pdf"
# The first page, a page in the middle and the last: a previewer must not read the pages before.
PAGES = [1, 579, 1158]
# A preview pane of a 160-column terminal, and the cell size of a 10-point font.
BOX = ["--size", "80x40", "--cell-size", "10x20"]
# (label, arguments, target in milliseconds)
FORMS = [("text", ["--graphics", "none"], 50),
         ("sixel", ["--graphics", "sixel", "--compact-sixel", "off"], 150),
         ("kitty", ["--graphics", "kitty"], 150),
         ("kitty placeholders", ["--graphics", "kitty-placeholders"], 150),
         ("iTerm2", ["--graphics", "iterm"], 150)]


def bench_preview(runs, destination):
    """Times each form on each page and writes a Markdown table to destination ("-": stdout).
    Returns 0; a missed target is reported in the table and the log, not as a failure."""
    path = os.path.join(CORPUS, DOCUMENT)
    # Outside tmux, as a file manager in a plain terminal runs it.
    common.ENV.pop("TMUX", None)
    lines = ["| Preview (`--size 80x40`, 10×20 px cells) | Page | Median wall time | CPU time | Target | Met |",
             "|---|---|---|---|---|---|"]
    missed = []
    start = [timed([common.FOLIO, "--version"]) for _ in range(runs)]
    lines.append("| `folio --version` (a process start) | – | %s | %s | – | – |" % (
        ms(median([sample.wall for sample in start]) * 1000), ms(median([sample.cpu for sample in start]) * 1000)))
    for label, arguments, target in FORMS:
        for page in PAGES:
            argv = [common.FOLIO, "--preview", path, "--pages", str(page)] + BOX + arguments
            # One run first, not counted: the document's pages in the page cache, as a file
            # manager finds them when the cursor comes back.
            timed(argv)
            samples = [timed(argv) for _ in range(runs)]
            wall = median([sample.wall for sample in samples]) * 1000
            cpu = median([sample.cpu for sample in samples]) * 1000
            met = "yes" if wall <= target else "no"
            if met == "no":
                missed.append("%s p. %d: %s" % (label, page, ms(wall)))
            lines.append("| %s | %d of 1,158 | %s | %s | ≤ %s | %s |" % (label, page, ms(wall), ms(cpu), ms(target),
                                                                  met))
            log("preview: %s, page %d: %s" % (label, page, ms(wall)))
    table = "\n".join(lines) + "\n\nThe 1-minute load average was %.2f at the end (2 cores).\n" % os.getloadavg()[0]
    if destination == "-":
        print(table, end="")
    else:
        with open(destination, "w") as output:
            output.write(table)
    log("preview: %d of %d targets met%s" % (len(PAGES) * len(FORMS) - len(missed), len(PAGES) * len(FORMS),
                                             "" if not missed else "; missed: " + "; ".join(missed)))
    return 0
