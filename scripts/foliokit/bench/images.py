"""Section 7: the image view: pages as sixel against mutool draw + img2sixel and + chafa, page
flips in the reader's image view, and its peak RSS."""

import os
import re
import shlex
import subprocess
import time

from foliokit import trace
from foliokit.bench import common
from foliokit.bench.common import CHAFA_CELL_WIDTH, ENV, IMAGE_WIDTH, BenchError, compare, log
from foliokit.bench.reader import Reader
from foliokit.tmux import Tmux


def rendered_then(path, command):
    """bash -c: mutool renders every page of path IMAGE_WIDTH pixels wide as PPM files in a
    temporary folder (the cheapest input for the next tool), then `command` runs on them."""
    script = ('d="$(mktemp -d)" && mutool draw -w %d -o "$d/page%%05d.ppm" "$1" 2>/dev/null && %s; '
              's=$?; rm -rf "$d"; exit $s' % (IMAGE_WIDTH, command))
    return ["bash", "-c", script, "render-then", path]


def sixel_images(data):
    """(width, height) of each sixel image in data, from its raster attributes ("Pan;Pad;Ph;Pv)."""
    return [(int(w), int(h)) for w, h in re.findall(rb'\x1bP[0-9;]*q"\d+;\d+;(\d+);(\d+)', data)]


def bench_sixel(profile, documents):
    rows = []
    for label, source in profile.image_documents:
        path = documents.path(source)
        log("pages as sixel: " + label)
        tools = [("folio", [common.FOLIO, "--sixel", "--width", str(IMAGE_WIDTH), path], (0,)),
                 ("mutool + img2sixel", rendered_then(path, 'img2sixel "$d"/page*.ppm'), (0,)),
                 # Off a terminal chafa takes its cells for squares (--font-ratio 1/1); at its
                 # default 1/2 it would squash every page to half its height.
                 ("mutool + chafa", rendered_then(path, 'chafa -f sixels --animate off --font-ratio 1/1 --size %dx '
                                                  '"$d"/page*.ppm' % (IMAGE_WIDTH // CHAFA_CELL_WIDTH)), (0,)),
                 ("mutool draw", rendered_then(path, "true"), (0,))]
        outputs = {}
        for name, argv, _ in tools[:3]:
            data = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV).stdout
            images = sixel_images(data)
            # Like for like: every tool sends every page, IMAGE_WIDTH pixels wide (chafa within a cell).
            if not images or any(abs(width - IMAGE_WIDTH) > CHAFA_CELL_WIDTH for width, _ in images):
                raise BenchError("%s made images of %s pixels from %s, not %d wide"
                                 % (name, images[:3], path, IMAGE_WIDTH))
            outputs[name] = {"bytes": len(data), "images": images}
        # And as tall as folio's (chafa within a cell).
        for name, output in outputs.items():
            if any(abs(height - folio_height) > CHAFA_CELL_WIDTH
                   for (_, height), (_, folio_height) in zip(output["images"], outputs["folio"]["images"])):
                raise BenchError("%s made images of %s pixels from %s, folio %s"
                                 % (name, output["images"][:3], path, outputs["folio"]["images"][:3]))
        counts = {len(o["images"]) for o in outputs.values()}
        if len(counts) != 1:
            raise BenchError("the tools made different numbers of images from %s: %s"
                             % (path, {n: len(o["images"]) for n, o in outputs.items()}))
        rows.append({"label": label, "pages": counts.pop(), "outputs": outputs,
                     "samples": compare(tools, profile.runs)})
    return rows


def image_reader(path, workdir, measure_memory=False):
    """The reader in its image view (sixel forced: tmux 3.3 drops the images, but folio renders,
    encodes and writes each one as it would for xterm), page 1's image on screen."""
    reader = Reader(common.FOLIO, path, workdir, measure_memory, arguments=["--graphics", "sixel"])
    reader.wait_for_page(1)
    reader.send("Tab")
    reader.wait_for_image(1)
    return reader


def diagnosis_in_tmux(workdir):
    """What `folio --graphics sixel --diagnose` says in the reader's tmux: the cell size and the
    image limit the image view works with there."""
    output = os.path.join(workdir, "diagnosis")
    command = "env TERM=tmux-256color %s --graphics sixel --diagnose > %s 2>&1" % (
        shlex.quote(common.FOLIO), shlex.quote(output))
    with Tmux("folio-bench-diagnose", command, 120, 40) as terminal:
        terminal.wait_until_ended(10)
    with open(output) as f:
        lines = [line.strip() for line in f.read().splitlines()]
    # The decision and its notes, not the list of queries that follows them.
    queries = [index for index, line in enumerate(lines) if line.startswith("Queries")]
    decision = lines[:queries[0]] if queries else lines
    return "; ".join(line for line in decision if line.startswith(("cell size", "largest image", "Image view")))


def bench_image_flips(profile, documents, workdir):
    pages = max(profile.startup_sizes)
    path = documents.path(pages)
    log("image view: %d Right keys on %d pages" % (profile.image_flips, pages))
    diagnosis = diagnosis_in_tmux(workdir)
    reader = image_reader(path, workdir)
    try:
        for _ in range(profile.image_flips):
            reader.send("Right")
            time.sleep(profile.image_flip_delay)
        reader.wait_for_image(profile.image_flips + 1)
    finally:
        reader.close()
    figures = image_flip_figures(reader.events, profile.image_flips)
    figures.update({"pages": pages, "flips": profile.image_flips, "diagnosis": diagnosis})
    return figures


def image_flip_figures(events, flips):
    """From a trace of `flips` Right keys in the image view: for each key, the time to the frame
    with the new page's image, its encode and write times and bytes, and what the first frame
    after the key showed."""
    keys = trace.keys_and_following(events, "Right")
    if len(keys) != flips:
        raise BenchError("sent %d Right keys, folio traced %d" % (flips, len(keys)))
    first_shows = {"image": 0, "text": 0, "neither": 0}
    to_image, waited, encode, write, sizes = [], [], [], [], []
    for key, following in keys:
        frames = [event for event in following if trace.is_frame(event)]
        if not frames:
            continue
        first = frames[0]
        first_shows["image" if first.image else "text" if first.loaded else "neither"] += 1
        drawn = next((frame for frame in frames if frame.page == first.page and frame.image), None)
        if drawn:
            to_image.append(drawn.ms - key.ms)
            # What the key waited for apart from this frame's own encoding and writing: the
            # render, when the prefetch had not done it yet.
            waited.append(drawn.ms - key.ms - drawn.image.encode - drawn.image.write)
            encode.append(drawn.image.encode)
            write.append(drawn.image.write)
            sizes.append(drawn.image.bytes)
    return {"to_image": to_image, "waited": waited, "encode": encode, "write": write, "bytes": sizes,
            "first_shows": first_shows}


def bench_image_memory(profile, documents, workdir):
    pages = profile.image_memory_pages
    path = documents.path(pages)
    log("image view memory: paging through all %d pages" % pages)
    started = time.monotonic()
    reader = image_reader(path, workdir, measure_memory=True)
    try:
        for page in range(2, pages + 1):
            reader.send("Right")
            reader.wait_for_image(page)
    finally:
        rss = reader.close()
    return {"pages": pages, "rss": rss, "seconds": time.monotonic() - started}
