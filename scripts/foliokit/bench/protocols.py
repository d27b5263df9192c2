"""--protocols: what one page costs on the wire in each image protocol (bytes, time, PSNR against
mutool's render), beside img2sixel and chafa; then page flips in the image view on a
pseudo-terminal answering as each kind of terminal (foliokit.pty_terminal)."""

import base64
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from foliokit import trace
from foliokit.bench import common
from foliokit.bench.common import (CHAFA_CELL_WIDTH, CORPUS, ENV, IMAGE_WIDTH, REPEATED, BenchError, generate, log,
                                   median, ms, percentile, run, timed)
from foliokit.bench.images import image_flip_figures
from foliokit.pty_terminal import PtyTerminal


PROTOCOL_PAGES = [("`pdfjs-tracemonkey.pdf` p. 1 (text)", "pdfjs-tracemonkey.pdf", 1),
                  ("`pdfjs-tracemonkey.pdf` p. 4 (text)", "pdfjs-tracemonkey.pdf", 4),
                  ("`pdfjs-issue12963-scan-jbig2.pdf` p. 1 (scan)", "pdfjs-issue12963-scan-jbig2.pdf", 1),
                  ("`pypdf-cmyk-image.pdf` p. 1 (photo)", "pypdf-cmyk-image.pdf", 1)]
PROTOCOLS = [("sixel", ["--graphics", "sixel", "--compact-sixel", "off"]),
             ("compact sixel", ["--graphics", "sixel", "--compact-sixel", "on"]),
             ("kitty (PNG, base64)", ["--graphics", "kitty"]),
             ("iTerm2 (PNG, base64)", ["--graphics", "iterm"])]


def kitty_png(data):
    """The PNG carried by the base64 payloads of the kitty commands in data."""
    payloads = re.findall(rb"\x1b_G[^;\x1b]*;([^\x1b]*)\x1b\\", data)
    return base64.b64decode(b"".join(payloads))


def iterm_png(data):
    """The PNG an iTerm2 inline image in data carries."""
    match = re.search(rb"\x1b\]1337;File=[^:]*:([^\x07]*)\x07", data)
    if not match:
        raise BenchError("no iTerm2 image in folio's output")
    return base64.b64decode(match.group(1))


def psnr(reference, candidate):
    """ImageMagick's PSNR of candidate against reference, in dB (inf when identical)."""
    result = subprocess.run(["compare", "-metric", "PSNR", reference, candidate, "null:"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    if result.returncode > 1:
        raise BenchError("compare failed: " + result.stderr.decode(errors="replace"))
    text = result.stderr.decode().strip()
    return float("inf") if text == "inf" else float(text)


# The same pages through img2sixel and chafa, from mutool's PPM of the page ("PPM").
OTHER_ENCODERS = [("img2sixel", ["img2sixel", "PPM"]),
                  ("chafa (sixel)", ["chafa", "-f", "sixels", "--animate", "off", "--font-ratio", "1/1",
                                     "--size", "%dx" % (IMAGE_WIDTH // CHAFA_CELL_WIDTH), "PPM"]),
                  ("chafa (kitty)", ["chafa", "-f", "kitty", "--animate", "off", "--font-ratio", "1/1",
                                     "--size", "%dx" % (IMAGE_WIDTH // CHAFA_CELL_WIDTH), "PPM"])]

# Page flips in the image view for each protocol: folio on a pseudo-terminal that answers its
# probe as each kind of terminal would (scripts/foliokit/pty_terminal.py), 120x40 cells of
# 10x20 px, so pages go out 1,200 px wide; nothing is drawn, so the figures are folio's side
# alone: key to frame written.
PROTOCOL_TERMINALS = [("kitty on this machine (temporary files)", "kitty"),
                      ("kitty over ssh (base64)", "kitty-remote"),
                      ("xterm (sixel)", "xterm"),
                      ("WezTerm (iTerm2 images)", "wezterm")]
PROTOCOL_FLIP_DOCUMENTS = [("tracemonkey repeated, 56 pages (text)", REPEATED, 56),
                           ("the JBIG2 scan repeated, 48 pages (scans)", "pdfjs-issue12963-scan-jbig2.pdf", 48)]
PROTOCOL_FLIPS = 40

class PtyReader(trace.TraceFile):
    """folio reading one document on a PtyTerminal of `kind`, timed through FOLIO_TRACE."""

    KEYS = {"Tab": b"\t", "Right": b"\x1b[C"}

    def __init__(self, path, workdir, kind, name, arguments=()):
        trace.TraceFile.__init__(self, os.path.join(workdir, "trace-" + name), BenchError)
        env = dict(ENV, TERM="xterm-256color", FOLIO_TRACE=self.trace,
                   XDG_STATE_HOME=os.path.join(workdir, "state-" + name),
                   XDG_CONFIG_HOME=os.path.join(workdir, "no-config"))
        for variable in ("TMUX", "TMUX_PANE", "STY", "TERM_PROGRAM", "COLORTERM", "NO_COLOR"):
            env.pop(variable, None)
        self.terminal = PtyTerminal([common.FOLIO] + list(arguments) + [path], env, kind)

    def send(self, *keys):
        for key in keys:
            self.terminal.send(self.KEYS[key])

    def close(self, keys=b"q"):
        status = self.terminal.close(keys)
        self.read_events()
        if status != 0:
            raise BenchError("folio exited with status %s on the %s terminal" % (status, self.terminal.kind))


def bench_protocol_flips(workdir):
    """For each document and terminal: what folio --diagnose chooses there, and the figures of
    PROTOCOL_FLIPS Right keys in the image view, 100 ms apart."""
    rows = []
    for label, source, pages in PROTOCOL_FLIP_DOCUMENTS:
        path = generate(pages, workdir, source)
        for terminal, kind in PROTOCOL_TERMINALS:
            log("protocols: %d flips, %s, %s" % (PROTOCOL_FLIPS, label, terminal))
            diagnosis = PtyReader(path, workdir, kind, "diagnose-" + kind, ["--diagnose"])
            diagnosis.close(keys=b"")
            # The line after the queries, which the pseudo-terminal echoes before it.
            output = diagnosis.terminal.output.decode(errors="replace")
            choice = output[output.find("Image view:"):].splitlines()[0] if "Image view:" in output else "?"
            reader = PtyReader(path, workdir, kind, "%s-%d" % (kind, pages))
            try:
                reader.wait_for_page(1)
                reader.send("Tab")
                reader.wait_for_image(1)
                for _ in range(PROTOCOL_FLIPS):
                    reader.send("Right")
                    time.sleep(0.1)
                reader.wait_for_image(PROTOCOL_FLIPS + 1)
            finally:
                reader.close()
            figures = image_flip_figures(reader.events, PROTOCOL_FLIPS)
            rows.append({"document": label, "terminal": terminal, "choice": choice.partition(": ")[2],
                         "figures": figures})
    return rows


def protocol_flip_table(rows):
    """The Markdown lines of bench_protocol_flips' figures."""
    lines = ["| Pages | Terminal | folio chose | key → image p50 / p95 | encode p50 | write p50 "
             "| bytes a frame p50 | first frame: image / text / neither |",
             "|---|---|---|---|---|---|---|---|"]
    for row in rows:
        figures, shows = row["figures"], row["figures"]["first_shows"]
        lines.append("| %s | %s | %s | %s / %s | %s | %s | %s | %d / %d / %d |" % (
            row["document"], row["terminal"], row["choice"], ms(percentile(figures["to_image"], 50)),
            ms(percentile(figures["to_image"], 95)), ms(percentile(figures["encode"], 50)),
            ms(percentile(figures["write"], 50)), "{:,}".format(int(percentile(figures["bytes"], 50))),
            shows["image"], shows["text"], shows["neither"]))
    lines.append("")
    lines.append("%d Right keys 100 ms apart in the image view, folio on a pseudo-terminal that answers its "
                 "probe as the terminal named (scripts/foliokit/pty_terminal.py; 120×40 cells of 10×20 px, "
                 "so pages go out 1,200 px wide) and draws nothing: key → image is folio's own side, from "
                 "the key read to the frame with the new page's image written (FOLIO_TRACE), of which "
                 "encoding and writing are the parts given." % PROTOCOL_FLIPS)
    return lines


def bench_protocols(runs, destination):
    """Bytes, encode time and PSNR of one page in each protocol (see --protocols)."""
    workdir = tempfile.mkdtemp(prefix="folio-protocols-")
    rows = []
    try:
        for label, name, page in PROTOCOL_PAGES:
            log("protocols: " + label)
            path = os.path.join(CORPUS, name)
            reference = os.path.join(workdir, "reference.png")
            run(["mutool", "draw", "-F", "png", "-w", str(IMAGE_WIDTH), "-o", reference, path, str(page)])
            base = [common.FOLIO, "--image", "--width", str(IMAGE_WIDTH), "--pages", str(page)]
            ppm = os.path.join(workdir, "render.ppm")
            commands = [(protocol, base + arguments + [path]) for protocol, arguments in PROTOCOLS]
            commands.append(("mutool", ["mutool", "draw", "-w", str(IMAGE_WIDTH), "-o", ppm, path, str(page)]))
            timings = {protocol: [] for protocol, _ in commands}
            for round_number in range(runs):
                shift = round_number % len(commands)
                for protocol, argv in commands[shift:] + commands[:shift]:
                    timings[protocol].append(timed(argv).wall)
            render = median(timings["mutool"])
            # The same page through the other encoders, from mutool's PPM, timed alone.
            others = []
            for tool, argv in OTHER_ENCODERS:
                argv = [part.replace("PPM", ppm) for part in argv]
                data = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV,
                                      check=True).stdout
                quality = float("nan")
                # chafa fits whole cells, so its image is resampled to a slightly different height:
                # no pixel-for-pixel PSNR.
                if tool == "img2sixel":
                    sixel = os.path.join(workdir, "other.six")
                    image = os.path.join(workdir, "other.png")
                    with open(sixel, "wb") as f:
                        f.write(data)
                    run(["sixel2png", "-i", sixel, "-o", image])
                    quality = psnr(reference, image)
                wall = median([timed(argv).wall for _ in range(runs)])
                others.append({"bytes": len(data), "wall": wall, "psnr": quality})
            cells = []
            for protocol, arguments in PROTOCOLS:
                data = subprocess.run(base + arguments + [path], stdout=subprocess.PIPE, env=ENV, check=True).stdout
                image = os.path.join(workdir, "image.png")
                if "sixel" in protocol:
                    sixel = os.path.join(workdir, "image.six")
                    with open(sixel, "wb") as f:
                        f.write(data)
                    run(["sixel2png", "-i", sixel, "-o", image])
                else:
                    with open(image, "wb") as f:
                        f.write(kitty_png(data) if protocol.startswith("kitty") else iterm_png(data))
                cells.append({"bytes": len(data), "wall": median(timings[protocol]), "psnr": psnr(reference, image)})
            rows.append((label, render, cells, others))
        flips = bench_protocol_flips(workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    names = [protocol for protocol, _ in PROTOCOLS] + [tool for tool, _ in OTHER_ENCODERS]
    lines = ["| Page | mutool draw | " + " | ".join(names) + " |", "|---|---|" + "---|" * len(names)]
    for label, render, cells, others in rows:
        sixel_bytes = cells[0]["bytes"]
        texts = []
        for index, cell in enumerate(cells + others):
            share = "" if index == 0 else " (%.2f×)" % (cell["bytes"] / sixel_bytes)
            quality = ("lossless" if math.isinf(cell["psnr"]) else "—" if math.isnan(cell["psnr"])
                       else "%.1f dB" % cell["psnr"])
            texts.append("%s%s, %s, %s" % ("{:,}".format(cell["bytes"]), share, ms(cell["wall"] * 1000), quality))
        lines.append("| %s | %s | %s |" % (label, ms(render * 1000), " | ".join(texts)))
    lines.append("")
    lines.append("Each cell: bytes (against folio's sixel), wall time, PSNR against mutool's render. For folio, "
                 "the whole `folio --image --width %d` run (start-up, render, encode, write); for img2sixel and "
                 "chafa, encoding mutool's PPM of the page alone (`--size %dx --font-ratio 1/1`: off a terminal "
                 "chafa's cells are %d px square; it fits whole cells, so its image is resampled and has no "
                 "pixel-for-pixel PSNR)."
                 % (IMAGE_WIDTH, IMAGE_WIDTH // CHAFA_CELL_WIDTH, CHAFA_CELL_WIDTH))
    lines.append("")
    lines += protocol_flip_table(flips)
    text = "\n".join(lines) + "\n"
    if destination == "-":
        sys.stdout.write(text)
    else:
        with open(destination, "w") as f:
            f.write(text)
        log("wrote " + os.path.relpath(destination))
    return 0
