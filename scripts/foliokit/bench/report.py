"""The report: the machine, the targets and each section's table, as Markdown, and writing it
into docs/PERFORMANCE.md between the BEGIN and END marks (everything else there is kept)."""

import datetime
import os
import platform
import re
import shutil
import sys

from foliokit.bench import common
from foliokit.bench.common import (BEGIN_MARK, CHAFA_CELL_WIDTH, END_MARK, IMAGE_WIDTH, ROOT, SWIFT_DIR, cpu, log,
                                   median, megabytes, mib, ms, output_of, percentile, ratio, rss, seconds, wall)


def memory_row(results, name, pages):
    return next(r for r in results["memory"] if r["name"] == name and r["pages"] == pages)


def machine_facts(loads, baseline):
    cpu_model = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu_model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        memory = int(f.readline().split()[1]) / 1024 / 1024
    system = "unknown"
    if os.path.exists("/etc/os-release"):
        with open("/etc/os-release") as f:
            system = re.search(r'PRETTY_NAME="([^"]*)"', f.read()).group(1)
    swift = shutil.which("swift") or os.path.join(SWIFT_DIR, "swift")
    commit = output_of(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"]).strip()
    if output_of(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"]).strip():
        commit += " (with uncommitted changes)"

    def first_line(text):
        return text.strip().splitlines()[0] if text.strip() else "not found"

    facts = [
        ("Date", datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")),
        ("Commit", commit),
        ("CPU", "%s, %d cores" % (cpu_model, os.cpu_count())),
        ("Memory", "%.0f GiB" % memory),
        ("System", "%s, Linux %s" % (system, platform.release())),
        ("folio", first_line(output_of([common.FOLIO, "--version"]))),
        ("Swift", first_line(output_of([swift, "--version"]))),
        ("mutool", first_line(output_of(["mutool", "-v"]))),
        ("pdftotext", first_line(output_of(["pdftotext", "-v"]))),
        ("pdfgrep", first_line(output_of(["pdfgrep", "--version"]))),
        ("img2sixel, chafa", "%s, %s" % (first_line(output_of(["img2sixel", "--version"])),
                                         first_line(output_of(["chafa", "--version"])))),
        ("qpdf, tmux", "%s, %s" % (first_line(output_of(["qpdf", "--version"])),
                                   first_line(output_of(["tmux", "-V"])))),
        ("Load average", "1-minute: %.2f before the run, %.2f after it, at most %.2f between sections"
         % (loads[0], os.getloadavg()[0], max(loads))),
    ]
    if baseline:
        facts.insert(6, ("Baseline", "%s (%s)" % (baseline, first_line(output_of([baseline, "--version"])))))
    return facts


def report(profile, results, facts, baseline):
    out = []
    add = out.append
    runs = profile.runs
    mode = "`scripts/bench --quick` (smoke mode: small documents, 1 run)" if profile.quick else "`scripts/bench`"
    add("Written by %s. Batch figures are medians of %d run%s per tool, the tools run in turn; "
        "reader figures come from folio's own `FOLIO_TRACE` timestamps." % (mode, runs, "s" if runs > 1 else ""))
    add("")
    add("| Machine | |")
    add("|---|---|")
    for key, value in facts:
        add("| %s | %s |" % (key, value.replace("|", "\\|")))
    add("")

    targets = evaluate_targets(profile, results)
    add("### Targets")
    add("")
    add("| # | Target | Measured | Met |")
    add("|---|---|---|---|")
    for number, target, measured, met in targets:
        add("| %s | %s | %s | %s |" % (number, target, measured, met))
    add("")

    add("### 1. Text extraction, whole document")
    add("")
    add("| Document | Pages | folio --text | mutool draw -F txt | pdftotext | folio ÷ mutool | folio ÷ pdftotext "
        "| folio CPU | peak RSS folio / mutool / pdftotext |")
    add("|---|---|---|---|---|---|---|---|---|")
    for row in results["text"]:
        s = row["samples"]
        add("| %s | %d | %s | %s | %s | %.2f× | %.2f× | %s | %s / %s / %s |" % (
            row["label"], row["pages"], seconds(wall(s, "folio")), seconds(wall(s, "mutool")),
            seconds(wall(s, "pdftotext")), ratio(wall(s, "folio"), wall(s, "mutool")),
            ratio(wall(s, "folio"), wall(s, "pdftotext")), seconds(cpu(s, "folio")),
            mib(rss(s, "folio")), mib(rss(s, "mutool")), mib(rss(s, "pdftotext"))))
    notes = ["%s: %d of %d pages" % (r["label"], r["differing"], r["pages"]) for r in results["text"] if r["differing"]]
    add("")
    add("Wall-clock time of the whole process, output to /dev/null. \"folio CPU\" is user + system time "
        "over all threads: folio extracts pages on every core, so it can exceed the wall time. Before "
        "timing, folio's text is compared with mutool's page by page: %s." % (
            "pages that differ — " + "; ".join(notes) + " (mutool drops characters outside the page "
            "box, folio keeps them)" if notes else "identical"))
    add("")

    add("### 2. Search, whole document")
    add("")
    add("| Document | Word | Lines found folio / pdfgrep / mutool\\|grep | folio, across a break "
        "| folio --search | pdfgrep -i | mutool draw \\| grep -i | folio ÷ pdfgrep | folio ÷ mutool\\|grep "
        "| folio CPU |")
    add("|---|---|---|---|---|---|---|---|---|---|")
    for row in results["search"]:
        s, hits = row["samples"], row["hits"]
        add("| %s | %s | %d / %d / %d | %d | %s | %s | %s | %.2f× | %.2f× | %s |" % (
            row["label"], row["word"], hits["folio"], hits["pdfgrep"], hits["mutool | grep"], row.get("across", 0),
            seconds(wall(s, "folio")), seconds(wall(s, "pdfgrep")), seconds(wall(s, "mutool | grep")),
            ratio(wall(s, "folio"), wall(s, "pdfgrep")), ratio(wall(s, "folio"), wall(s, "mutool | grep")),
            seconds(cpu(s, "folio"))))
    add("")
    add("A lowercase word is matched ignoring case by all three (folio's smart case, `-i`). The lines "
        "compared are folio's lines holding the word whole, which must be mutool | grep's; folio also "
        "finds the word split over a line break, counted apart (the line it starts on and the one it "
        "ends on). pdfgrep reads the text through Poppler, which breaks lines differently, so it finds "
        "a different number.")
    add("")

    add("### 3. Startup in the reader")
    add("")
    add("| Document | Pages | open | first frame | first frame with the page's text | peak RSS |")
    add("|---|---|---|---|---|---|")
    for row in results["startup"]:
        run = row["runs"]["folio"]
        add("| generated | %d | %s | %s | %s | %s |" % (
            row["pages"], ms(median(run["open"])), ms(median(run["first"])), ms(median(run["loaded"])),
            mib(median(run["rss"]))))
    add("")
    add("Milliseconds from the start of `main` (median of %d launches in a 120×40 tmux), as folio's "
        "`FOLIO_TRACE` records them: `open` when the document is open and its pages counted, "
        "`first frame` when the first screen is flushed (it says \"Loading page 1…\"), and the "
        "frame after page 1's text arrived. Process start-up before `main` (exec, dynamic linking: "
        "about 5 ms) is not included. Peak RSS of the whole launch." % profile.startup_runs)
    add("")

    flips = results["flips"]
    add("### 4. Page flips in the reader")
    add("")
    add("| Document | Flips | key → frame p50 | p95 | max | key → frame with the page's text p50 | p95 | max |")
    add("|---|---|---|---|---|---|---|---|")
    result = flips["results"]["folio"]
    add("| generated, %d pages | %d | %s | %s | %s | %s (%d of %d) | %s | %s |" % (
        flips["pages"], flips["flips"], ms(percentile(result["to_frame"], 50)),
        ms(percentile(result["to_frame"], 95)), ms(max(result["to_frame"], default=float("nan"))),
        ms(percentile(result["to_text"], 50)), len(result["to_text"]), flips["flips"],
        ms(percentile(result["to_text"], 95)), ms(max(result["to_text"], default=float("nan")))))
    add("")
    add("Right pressed %d times through `tmux send-keys`, %d ms apart, in the reflowed text view; "
        "times from folio reading the key to the frame being flushed (ncurses `wrefresh`). The page "
        "loader prefetches two pages either side, so the next page's text is usually there already."
        % (flips["flips"], profile.flip_delay * 1000))
    add("")

    add("### 5. Memory")
    add("")
    add("| What | Pages | Peak RSS |")
    add("|---|---|---|")
    for row in results["memory"]:
        if row["name"] == "folio":
            add("| reader, paging through every page (one Right at a time, %.0f s in all) | %d | %s |"
                % (row["seconds"], row["pages"], mib(row["rss"])))
    for row in results["scaling"]:
        add("| `folio --text` | %d | %s |" % (row["pages"], mib(rss(row["samples"], ("folio", "text")))))
    add("")
    add("Maximum resident set size, as `/usr/bin/time` reports it.")
    add("")

    add("### 6. Scaling with the page count")
    add("")
    add("| Pages | --info | --search trace | --text | --search per page | --text per page | --text CPU per page |")
    add("|---|---|---|---|---|---|---|")
    for row in results["scaling"]:
        s, pages = row["samples"], row["pages"]
        add("| %d | %s | %s | %s | %.2f ms | %.2f ms | %.2f ms |" % (
            pages, seconds(wall(s, ("folio", "info"))), seconds(wall(s, ("folio", "search"))),
            seconds(wall(s, ("folio", "text"))), wall(s, ("folio", "search")) * 1000 / pages,
            wall(s, ("folio", "text")) * 1000 / pages, cpu(s, ("folio", "text")) * 1000 / pages))
    add("")
    add("Documents made of the same 14-page paper repeated, so every page costs about the same; "
        "`--info` opens the document and counts its pages. CPU time per page (all threads) shows "
        "the work done apart from how many cores were free for it.")
    add("")

    if baseline:
        add("### Before and after")
        add("")
        add("The baseline binary measured side by side with this build, in the same runs as above.")
        add("")
        add(before_after(profile, results))

    add("### 7. The image view")
    add("")
    add("**Pages as sixel, whole document, %d pixels wide.**" % IMAGE_WIDTH)
    add("")
    add("| Document | Pages | folio --sixel | mutool draw + img2sixel | mutool draw + chafa | mutool draw alone "
        "| folio ÷ img2sixel pipeline | folio ÷ chafa pipeline | output folio / img2sixel / chafa "
        "| peak RSS folio / img2sixel / chafa |")
    add("|---|---|---|---|---|---|---|---|---|---|")
    for row in results["sixel"]:
        s, outputs = row["samples"], row["outputs"]
        add("| %s | %d | %s | %s | %s | %s | %.2f× | %.2f× | %s / %s / %s | %s / %s / %s |" % (
            row["label"], row["pages"], seconds(wall(s, "folio")), seconds(wall(s, "mutool + img2sixel")),
            seconds(wall(s, "mutool + chafa")), seconds(wall(s, "mutool draw")),
            ratio(wall(s, "folio"), wall(s, "mutool + img2sixel")), ratio(wall(s, "folio"), wall(s, "mutool + chafa")),
            megabytes(outputs["folio"]["bytes"]), megabytes(outputs["mutool + img2sixel"]["bytes"]),
            megabytes(outputs["mutool + chafa"]["bytes"]),
            mib(rss(s, "folio")), mib(rss(s, "mutool + img2sixel")), mib(rss(s, "mutool + chafa"))))
    add("")
    add("folio renders and encodes in one process, pages on every core. The others are the pipeline a "
        "script would use: `mutool draw -w %d` writes every page as PPM (the cheapest input to read) to "
        "a temporary folder, then `img2sixel` (libsixel, its defaults) or `chafa -f sixels --font-ratio 1/1 --size %dx` "
        "encodes them all in one process; \"mutool draw alone\" is that first step by itself. Every tool "
        "sends every page %d pixels wide (checked in the sixel raster attributes). Output sizes differ "
        "with the palette: folio keeps every colour a page has exactly when it has at most 256 (a text "
        "page has about 100 grey levels), img2sixel and chafa quantise. Peak RSS of the pipelines is "
        "the largest process in them." % (IMAGE_WIDTH, IMAGE_WIDTH // CHAFA_CELL_WIDTH, IMAGE_WIDTH))
    add("")
    flips = results["image_flips"]
    shows = flips["first_shows"]
    add("**Page flips in the image view** (generated, %d pages; %d Right keys, %d ms apart)."
        % (flips["pages"], flips["flips"], profile.image_flip_delay * 1000))
    add("")
    add("| Figure | p50 | p95 | max |")
    add("|---|---|---|---|")
    for label, key in (("key → frame with the new page's image", "to_image"),
                       ("of which: encoding the visible part as sixel", "encode"),
                       ("of which: writing it to the terminal (tmux)", "write"),
                       ("the rest: waiting for the render, curses", "waited")):
        values = flips[key]
        add("| %s | %s | %s | %s |" % (label, ms(percentile(values, 50)), ms(percentile(values, 95)),
                                       ms(max(values, default=float("nan")))))
    add("| sixel bytes a frame | %s | %s | %s |" % (
        megabytes(percentile(flips["bytes"], 50)), megabytes(percentile(flips["bytes"], 95)),
        megabytes(max(flips["bytes"], default=float("nan")))))
    add("")
    add("The reader runs in a 120×40 tmux with `--graphics sixel`: tmux 3.3 throws sixel away, but "
        "folio renders, encodes and writes every image as it would for a sixel terminal (there, `folio "
        "--graphics sixel --diagnose` says: %s). The trace records, for each frame that drew an "
        "image, the time spent encoding it and writing it. The first frame after each key showed the "
        "new page's image %d times, its text %d times (the image followed), neither %d times. How long "
        "a terminal then takes to decode and paint the image is the terminal's own cost: xterm is "
        "slower than tmux here, and over ssh the bytes a frame matter most."
        % (flips["diagnosis"], shows["image"], shows["text"], shows["neither"]))
    add("")
    memory = results["image_memory"]
    add("**Memory in the image view**: peak RSS %s while paging through all %d pages, waiting each "
        "time for the page's image (%.0f s in all)." % (mib(memory["rss"]), memory["pages"], memory["seconds"]))
    add("")
    return "\n".join(out) + "\n", targets


def before_after(profile, results):
    rows = ["| Figure | Baseline | Now | Now ÷ baseline |", "|---|---|---|---|"]

    def row(figure, before, after, format_value):
        rows.append("| %s | %s | %s | %.2f× |" % (figure, format_value(before), format_value(after), ratio(after, before)))

    for r in results["text"]:
        row("`--text`, %s" % r["label"], wall(r["samples"], "baseline"), wall(r["samples"], "folio"), seconds)
    for r in results["search"]:
        row("`--search %s`, %s" % (r["word"], r["label"]), wall(r["samples"], "baseline"),
            wall(r["samples"], "folio"), seconds)
    for r in results["scaling"]:
        for mode in ("info", "search", "text"):
            row("`--%s`, %d pages" % (mode, r["pages"]), wall(r["samples"], ("baseline", mode)),
                wall(r["samples"], ("folio", mode)), seconds)
    for r in results["startup"]:
        for key, what in (("first", "first frame"), ("loaded", "first frame with text")):
            row("reader %s, %d pages" % (what, r["pages"]), median(r["runs"]["baseline"][key]),
                median(r["runs"]["folio"][key]), ms)
    flips = results["flips"]["results"]
    for p in (50, 95):
        row("page flip, key → frame with text p%d" % p, percentile(flips["baseline"]["to_text"], p),
            percentile(flips["folio"]["to_text"], p), ms)
    for pages in profile.memory_sizes:
        row("reader peak RSS, all %d pages" % pages, memory_row(results, "baseline", pages)["rss"],
            memory_row(results, "folio", pages)["rss"], mib)
    return "\n".join(rows) + "\n"


def evaluate_targets(profile, results):
    def yes(condition):
        return "yes" if condition else "**no**"

    targets = []
    text = [(r["label"], ratio(wall(r["samples"], "folio"), wall(r["samples"], "mutool")),
             ratio(wall(r["samples"], "folio"), wall(r["samples"], "pdftotext"))) for r in results["text"]]
    worst = max(text, key=lambda t: t[1])
    targets.append(("1", "text: folio ≤ 1.05× mutool", "worst %.2f× (%s)" % (worst[1], worst[0]),
                    yes(all(t[1] <= 1.05 for t in text))))
    worst = max(text, key=lambda t: t[2])
    targets.append(("1", "text: faster than pdftotext", "worst %.2f× (%s)" % (worst[2], worst[0]),
                    yes(all(t[2] < 1 for t in text))))
    search = [(r["label"], ratio(wall(r["samples"], "folio"), wall(r["samples"], "pdfgrep")))
              for r in results["search"]]
    worst = max(search, key=lambda t: t[1])
    targets.append(("2", "search: folio ≤ 0.5× pdfgrep", "worst %.2f× (%s)" % (worst[1], worst[0]),
                    yes(all(t[1] <= 0.5 for t in search))))

    startup = [(r["pages"], r["runs"]["folio"]) for r in results["startup"]]
    targets.append(("3", "startup: first frame ≤ 30 ms", " and ".join(
        "%s at %d pages" % (ms(median(run["first"])), pages) for pages, run in startup),
        yes(all(median(run["first"]) <= 30 for _, run in startup))))
    (small_pages, small), (large_pages, large) = startup[0], startup[-1]

    def flat(key):
        return median(large[key]) <= 1.25 * median(small[key]) + 1

    targets.append(("3", "startup: no growth with page count (≤ 1.25× + 1 ms from %d to %d pages)"
                    % (small_pages, large_pages),
                    "first frame %s → %s; with text %s → %s" % (
                        ms(median(small["first"])), ms(median(large["first"])),
                        ms(median(small["loaded"])), ms(median(large["loaded"]))),
                    yes(flat("first") and flat("loaded"))))

    flips = results["flips"]["results"]["folio"]
    p95 = percentile(flips["to_text"], 95)
    targets.append(("4", "flip: key → page text on screen p95 ≤ 5 ms", "p95 %s (p50 %s)" % (
        ms(p95), ms(percentile(flips["to_text"], 50))),
        yes(p95 <= 5 and len(flips["to_text"]) == results["flips"]["flips"])))

    memory = [r for r in results["memory"] if r["name"] == "folio"]
    targets.append(("5", "memory: reader peak RSS ≤ 150 MB over %d pages" % memory[-1]["pages"],
                    mib(memory[-1]["rss"]), yes(max(r["rss"] for r in memory) <= 150e6 / 1024)))
    if len(memory) > 1:
        targets.append(("5", "memory: independent of page count (≤ 1.25× from %d to %d pages)"
                         % (memory[0]["pages"], memory[-1]["pages"]),
                         "%s → %s" % (mib(memory[0]["rss"]), mib(memory[-1]["rss"])),
                         yes(memory[-1]["rss"] <= 1.25 * memory[0]["rss"])))

    image_memory = results["image_memory"]
    targets.append(("5", "memory: image view peak RSS ≤ 150 MB over %d pages" % image_memory["pages"],
                    mib(image_memory["rss"]), yes(image_memory["rss"] <= 150e6 / 1024)))

    scaling = results["scaling"]
    first, last = scaling[0], scaling[-1]
    info_first, info_last = wall(first["samples"], ("folio", "info")), wall(last["samples"], ("folio", "info"))
    targets.append(("6", "scaling: open (--info) flat (≤ 1.25× + 1 ms from %d to %d pages)"
                    % (first["pages"], last["pages"]),
                    "%s → %s" % (seconds(info_first), seconds(info_last)),
                    yes(info_last <= 1.25 * info_first + 0.001)))
    for mode in ("search", "text"):
        # The cost of each added page over the lower and the upper step: equal (±25%) means linear.
        costs = [(wall(b["samples"], ("folio", mode)) - wall(a["samples"], ("folio", mode)))
                 / (b["pages"] - a["pages"]) * 1000 for a, b in zip(scaling, scaling[1:])]
        linear = min(costs) > 0 and max(costs) <= 1.25 * min(costs)
        targets.append(("6", "scaling: --%s linear (cost per added page equal within 25%%)" % mode,
                        " → ".join("%.2f ms/page" % c for c in costs), yes(linear)))

    image_flips = results["image_flips"]
    waited = percentile(image_flips["waited"], 95)
    targets.append(("7", "image flip: the image follows the key by its own encode and write, no render "
                    "wait (the rest ≤ 5 ms at p95)",
                    "key → image p95 %s = encode + write + %s" % (ms(percentile(image_flips["to_image"], 95)),
                                                                   ms(waited)),
                    yes(waited <= 5 and len(image_flips["to_image"]) == image_flips["flips"])))
    shows = image_flips["first_shows"]
    targets.append(("7", "image flip: never a blank page (the first frame shows the image or the text)",
                    "image %d, text %d, neither %d" % (shows["image"], shows["text"], shows["neither"]),
                    yes(shows["neither"] == 0)))
    sixel = [(r["label"], ratio(wall(r["samples"], "folio"), wall(r["samples"], "mutool + img2sixel")))
             for r in results["sixel"]]
    worst = max(sixel, key=lambda t: t[1])
    targets.append(("7", "pages as sixel: faster than mutool draw + img2sixel", "worst %.2f× (%s)" % (worst[1], worst[0]),
                    yes(all(t[1] < 1 for t in sixel))))
    return targets


def write_results(section, destination):
    if destination == "-":
        sys.stdout.write(section)
        return
    block = BEGIN_MARK + "\n" + section + END_MARK + "\n"
    if os.path.exists(destination):
        with open(destination) as f:
            text = f.read()
        if BEGIN_MARK in text and END_MARK in text:
            before = text[:text.index(BEGIN_MARK)]
            after = text[text.index(END_MARK) + len(END_MARK):].lstrip("\n")
            text = before + block + ("\n" + after if after else "")
        else:
            text = text.rstrip("\n") + "\n\n" + block
    else:
        text = "# Folio performance\n\n" + block
    with open(destination, "w") as f:
        f.write(text)
    log("wrote " + os.path.relpath(destination))
