"""Sections 1, 2 and 6: the batch modes (--text, --search, --info) against mutool, pdftotext and
pdfgrep, and how they scale with the page count."""

import re
import subprocess

from foliokit.bench import common
from foliokit.bench.common import ENV, BenchError, compare, log


def check_text(folio, path):
    """folio --text and mutool draw -F txt on the same pages; returns (pages, pages that differ)."""
    pages = subprocess.run([folio, "--text", path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           env=ENV).stdout.split(b"\f")
    mutool = subprocess.run(["mutool", "draw", "-F", "txt", "-o", "-", path], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=ENV).stdout.split(b"\f\n")
    if len(pages) != len(mutool):
        raise BenchError("folio --text and mutool disagree on the page count of %s (%d, %d)"
                         % (path, len(pages) - 1, len(mutool) - 1))
    return len(pages) - 1, sum(a != b for a, b in zip(pages, mutool))


def count_lines(argv):
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV)
    return result.stdout.count(b"\n")


def folio_search_lines(argv, word):
    """Splits folio --search's output into the lines holding the word itself, as grep finds them,
    and the lines of matches split over a line break (the line a match starts on, `PAGE:`, when
    the word is not on it whole, and the line it runs on into, `PAGE-`)."""
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV)
    own = across = 0
    # Lines end at "\n" only, as grep's do (splitlines would also cut at form feeds and U+2028).
    for line in result.stdout.decode("utf-8", "replace").split("\n")[:-1]:
        match = re.match(r"(\d+)([:-])(.*)", line)
        if match and match.group(2) == ":" and word.lower() in match.group(3).lower():
            own += 1
        else:
            across += 1
    return own, across


def mutool_grep(path, word):
    script = 'mutool draw -F txt -o - "$1" 2>/dev/null | grep -i -- "$2"'
    return ["bash", "-c", script, "mutool-grep", path, word]


def bench_text(profile, documents, folios):
    rows = []
    for label, source, _ in profile.documents:
        path = documents.path(source)
        log("text extraction: " + label)
        pages, differing = check_text(common.FOLIO, path)
        tools = [(name, [binary, "--text", path], (0,)) for name, binary in folios]
        tools += [("mutool", ["mutool", "draw", "-F", "txt", "-o", "-", path], (0,)),
                  ("pdftotext", ["pdftotext", path, "-"], (0,))]
        rows.append({"label": label, "pages": pages, "differing": differing,
                     "samples": compare(tools, profile.runs)})
    return rows


def bench_search(profile, documents, folios):
    rows = []
    for label, source, word in profile.documents:
        path = documents.path(source)
        log("search: " + label)
        tools = [(name, [binary, "--search", word, path], (0,)) for name, binary in folios]
        tools += [("pdfgrep", ["pdfgrep", "-i", "--", word, path], (0,)),
                  ("mutool | grep", mutool_grep(path, word), (0,))]
        hits = {name: count_lines(argv) for name, argv, _ in tools if name != "folio"}
        hits["folio"], across = folio_search_lines(dict((n, a) for n, a, _ in tools)["folio"], word)
        # The same text and the same smart-case rule find the same lines holding the word. folio
        # also finds the word split over a line break ("trac-" / "ing"), which grep cannot: those
        # lines are counted apart. (mutool drops characters outside the page box and folio keeps
        # them, so a stray line either way is possible.)
        if abs(hits["folio"] - hits["mutool | grep"]) > max(2, hits["folio"] // 100):
            raise BenchError("folio found %d lines holding '%s', mutool | grep %d, in %s"
                             % (hits["folio"], word, hits["mutool | grep"], path))
        rows.append({"label": label, "word": word, "hits": hits, "across": across,
                     "samples": compare(tools, profile.runs)})
    return rows


def bench_scaling(profile, documents, folios):
    rows = []
    for pages in profile.scaling:
        path = documents.path(pages)
        log("scaling: %d pages" % pages)
        tools = []
        for name, binary in folios:
            tools += [((name, "info"), [binary, "--info", path], (0,)),
                      ((name, "search"), [binary, "--search", "trace", path], (0,)),
                      ((name, "text"), [binary, "--text", path], (0,))]
        rows.append({"pages": pages, "samples": compare(tools, profile.runs)})
    return rows
