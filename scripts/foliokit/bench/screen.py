"""--screen-flips: what the screen shows between one page image and the next, in a real
terminal: xterm (-ti vt340, 256 colour registers; sixel), or kitty (--terminal kitty, software GL;
the kitty graphics protocol), on a virtual X display with folio's image view of the TraceMonkey
paper; after each key (12 flips, 3 zooms, 4 screenfuls scrolled continuously at fit page, 2
window resizes) the window is
grabbed with xwd as fast as it goes (about every 20-30 ms) for 300 ms. A grab whose text area is
mostly black (mean grey under 0.3: xterm's black background, or folio's green text on it) shows
no page: the empty area a repaint leaves until the next image arrives, or the text view. Per
binary (folio, and --baseline when given): grabs without a page, keys with such a grab, and the
time from key to the first grab with the new page on it (p50, p95) for the flips.

A terminal repaints its own window after a resize, before any program in it can. So the session is
run a second time with the reader stopped (SIGSTOP) over each resize, continued once it is
grabbed: what the terminal alone makes of that very screen. Its grabs after a resize, up to the
last without a page, then the 40 ms folio waits for a resize to settle and one grab more, are the
resize's allowance. With check, a grab without a
page is a failure after any key, and after a resize once its allowance is past."""

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

from foliokit.bench import common
from foliokit.bench.common import BenchError, CORPUS, log, median, percentile

DOCUMENT = "pdfjs-tracemonkey.pdf"
WATCH_SECONDS = 0.3
DARK = 0.3


def _start_x():
    """A virtual X display of its own: the server and the display's name."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1600x1200x24", "-nolisten",
                               "tcp", "-nocursor"], pass_fds=(write_end,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as handle:
        number = handle.readline().strip()
    if not number:
        server.kill()
        raise BenchError("Xvfb did not start")
    return server, ":" + number


def _window(env, title):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--name", title], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True).stdout.split()
        if found:
            return found[0]
        time.sleep(0.2)
    raise BenchError("the xterm window did not appear")


def _grab(env, window, path):
    with open(path, "wb") as handle:
        subprocess.run(["xwd", "-id", window, "-silent"], env=env, stdout=handle, stderr=subprocess.DEVNULL)


def _mean_grey(env, path):
    """The text area's mean grey, 0 (black) to 1: the window less its last rows (the status line)."""
    done = subprocess.run(["convert", "xwd:" + path, "-gravity", "North", "-crop", "100%x90%+0+0", "-colorspace",
                           "gray", "-format", "%[fx:mean]", "info:"], env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)
    try:
        return float(done.stdout.strip())
    except ValueError:
        return 0.0


def _differs(env, first, second):
    """Whether two grabs differ by more than a few pixels (the status line aside)."""
    done = subprocess.run(["compare", "-metric", "AE", "-fuzz", "10%", "xwd:" + first, "xwd:" + second, "null:"],
                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        return float(done.stderr.split()[0]) > 2000
    except (ValueError, IndexError):
        return True


RESIZES = [("110x44", "resize"), ("100x40", "resize")]

def _environment(workdir, display):
    env = dict(common.ENV, DISPLAY=display, XENVIRONMENT=os.path.join(workdir, "none"),
               XAPPLRESDIR=os.path.join(workdir, "none"))
    for name in ("TMUX", "COLORTERM"):
        env.pop(name, None)
    return env


def _terminal_argv(terminal_name, workdir, env, title, command):
    if terminal_name == "kitty":
        env.update(LIBGL_ALWAYS_SOFTWARE="1", KITTY_CONFIG_DIRECTORY=os.path.join(workdir, "none"))
        return ["kitty", "--config", "NONE", "-o", "font_family=DejaVu Sans Mono", "-o", "font_size=10",
                "-o", "background=#000000", "-o", "foreground=#00ff00", "-o", "remember_window_size=no",
                "-o", "initial_window_width=100c", "-o", "initial_window_height=40c", "-o", "window_padding_width=0",
                "-T", title] + command
    return ["xterm", "-geometry", "100x40+0+0", "-b", "0", "-bw", "0", "-ti", "vt340", "-bg", "black", "-fg",
            "green", "-xrm", "XTerm*decTerminalID: vt340", "-xrm", "XTerm*numColorRegisters: 256",
            "-xrm", "XTerm*maxGraphicSize: 4096x4096", "-fa", "DejaVu Sans Mono", "-fs", "10", "-T", title,
            "-e"] + command


def _grabs_after(env, window, action, folder, index):
    """Grabs of `window` for WATCH_SECONDS after `action`: [(seconds after it, path)]."""
    started = time.monotonic()
    action()
    grabs = []
    while time.monotonic() - started < WATCH_SECONDS:
        path = os.path.join(folder, "%02d-%02d.xwd" % (index, len(grabs)))
        _grab(env, window, path)
        grabs.append((time.monotonic() - started, path))
    return grabs


def _resize(env, window, size):
    columns, rows = size.split("x")
    return lambda: subprocess.run(["xdotool", "windowsize", "--usehints", window, columns, rows], env=env)


def _folio_pid(folio):
    """The process id of the reader under test (the newest process running `folio`)."""
    found = subprocess.run(["pgrep", "-n", "-f", "^" + re.escape(folio) + " --page 1 "], stdout=subprocess.PIPE,
                           text=True)
    if not found.stdout.strip():
        raise BenchError("the reader's process was not found")
    return int(found.stdout.split()[0])


def _session(folio, label, workdir, display, terminal_name, frozen=False):
    """The grabs after each key for one binary: (kind, the grab before, [(seconds after the key,
    path)]); when `frozen`, the reader is stopped over each resize and its grabs."""
    env = _environment(workdir, display)
    state = os.path.join(workdir, "state-" + label)
    os.makedirs(state, exist_ok=True)
    title = "folio-screen-" + label
    command = ["env", "XDG_STATE_HOME=" + state, folio, "--page", "1", os.path.join(CORPUS, DOCUMENT)]
    if terminal_name == "kitty":
        env.update(LIBGL_ALWAYS_SOFTWARE="1", KITTY_CONFIG_DIRECTORY=os.path.join(workdir, "none"))
    argv = _terminal_argv(terminal_name, workdir, env, title, command)
    terminal = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = _window(env, title)
        time.sleep(2)
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env)
        keys = [("Tab", "key")] + [("Right", "flip")] * 12 + [("plus", "zoom"), ("minus", "zoom"), ("z", "zoom")]
        # Continuous scrolling at fit page: pages and seams stacked, a screenful at a time.
        keys += [("s", "key")] + [("space", "scroll")] * 3 + [("b", "scroll")]
        keys += RESIZES
        results = []
        folder = os.path.join(workdir, label)
        os.makedirs(folder, exist_ok=True)
        for index, (key, kind) in enumerate(keys):
            before = os.path.join(folder, "%02d-before.xwd" % index)
            _grab(env, window, before)
            if kind == "resize":
                action = _resize(env, window, key)
            else:
                action = lambda key=key: subprocess.run(["xdotool", "key", key], env=env)
            stopped = _folio_pid(folio) if frozen and kind == "resize" else None
            if stopped:
                os.kill(stopped, signal.SIGSTOP)
            try:
                grabs = _grabs_after(env, window, action, folder, index)
            finally:
                if stopped:
                    os.kill(stopped, signal.SIGCONT)
            # Settle before the next key: the page and its neighbours rendered.
            time.sleep(1.5)
            if kind != "key":
                results.append((kind, before, grabs))
        subprocess.run(["xdotool", "key", "q"], env=env)
        terminal.wait(timeout=10)
        return env, results
    finally:
        if terminal.poll() is None:
            terminal.kill()


# How long the reader waits for a resize to settle (CursesTerminal.resizeSettleTime).
RESIZE_SETTLE = 0.04


def _allowances(env, frozen):
    """For each resize of the frozen session: the last grab without a page after it, and the
    allowance, how long after it a grab without a page is the terminal's own doing: that grab,
    then RESIZE_SETTLE and one grab more (both 0 when the terminal alone showed a page
    throughout)."""
    gaps = [later - earlier for _, _, grabs in frozen for (earlier, _), (later, _) in zip(grabs, grabs[1:])]
    gap = median(gaps) if gaps else 0.0
    allowances = []
    for kind, _, grabs in frozen:
        if kind == "resize":
            dark = [seconds for seconds, path in grabs if _mean_grey(env, path) < DARK]
            allowances.append((max(dark), max(dark) + RESIZE_SETTLE + gap) if dark else (0.0, 0.0))
    return allowances


def _figures(env, results, allowances):
    """Grabs without a page and flip timings; a resize's grabs without a page within its
    allowance (in order, from _allowances) are counted, but not as failures."""
    dark_grabs = 0
    total = 0
    dark_keys = 0
    dark_kinds = []
    failed_kinds = []
    arrivals = []
    resizes = iter(allowances)
    for kind, before, grabs in results:
        allowance = next(resizes, (0.0, 0.0))[1] if kind == "resize" else 0.0
        dark_here = []
        arrived = None
        for seconds, path in grabs:
            total += 1
            if _mean_grey(env, path) < DARK:
                dark_here.append(seconds)
            elif arrived is None and kind == "flip" and _differs(env, before, path):
                arrived = seconds
        dark_grabs += len(dark_here)
        dark_keys += 1 if dark_here else 0
        if dark_here:
            dark_kinds.append(kind)
            if any(seconds > allowance for seconds in dark_here):
                failed_kinds.append(kind)
        if kind == "flip" and arrived is not None:
            arrivals.append(arrived)
    return {"grabs": total, "dark": dark_grabs, "dark keys": dark_keys, "keys": len(results),
            "p50": median(arrivals) if arrivals else None, "p95": percentile(arrivals, 95) if arrivals else None,
            "flips seen": len(arrivals), "dark kinds": dark_kinds, "failed kinds": failed_kinds,
            "allowances": allowances}


def bench_screen_flips(folios, destination, terminal_name="xterm", check=False):
    for tool in ("Xvfb", terminal_name, "xdotool", "xwd", "convert", "compare"):
        if shutil.which(tool) is None:
            raise BenchError("--screen-flips needs %s (scripts/setup --test %s xvfb xdotool x11-apps)"
                             % (tool, terminal_name))
    workdir = tempfile.mkdtemp(prefix="folio-screen-")
    server, display = _start_x()
    rows = []
    try:
        for label, folio in folios:
            log("screen flips: %s in %s" % (label, terminal_name))
            env, results = _session(folio, label, workdir, display, terminal_name)
            log("screen flips: %s in %s, stopped over the resizes" % (label, terminal_name))
            env, frozen = _session(folio, label + "-stopped", workdir, display, terminal_name, frozen=True)
            rows.append((label, _figures(env, results, _allowances(env, frozen))))
    finally:
        server.kill()
        shutil.rmtree(workdir, ignore_errors=True)
    lines = ["| binary | grabs without a page | keys with one (which) | flips: key to new page on screen, p50 / p95 |",
             "| --- | --- | --- | --- |"]
    for label, figures in rows:
        timing = "%s / %s ms (%d of 12 flips seen change)" % (
            "%.0f" % (figures["p50"] * 1000) if figures["p50"] is not None else "-",
            "%.0f" % (figures["p95"] * 1000) if figures["p95"] is not None else "-", figures["flips seen"])
        kinds = ", ".join("%d %s" % (figures["dark kinds"].count(kind), kind)
                          for kind in ("flip", "zoom", "scroll", "resize") if kind in figures["dark kinds"])
        lines.append("| %s | %d of %d | %d of %d%s | %s |" % (label, figures["dark"], figures["grabs"],
                                                            figures["dark keys"], figures["keys"],
                                                            " (%s)" % kinds if kinds else "", timing))
    lines.append("")
    for label, figures in rows:
        lines.append("%s: after the resizes, %s alone (the reader stopped) shows no page up to %s ms; allowed: %s ms."
                     % (label, terminal_name,
                        " and ".join("%.0f" % (alone * 1000) for alone, _ in figures["allowances"]),
                        " and ".join("%.0f" % (allowed * 1000) for _, allowed in figures["allowances"])))
    text = "\n".join(lines) + "\n"
    if destination == "-":
        print(text, end="")
    else:
        with open(destination, "w") as handle:
            handle.write(text)
    if check:
        failed = [(label, figures["failed kinds"]) for label, figures in rows]
        failed = [(label, kinds) for label, kinds in failed if kinds]
        for label, kinds in failed:
            log("check: %s in %s showed no page after %s" % (label, terminal_name, ", ".join(kinds)))
        print("screen-flips check (%s): %s" % (terminal_name, "FAIL" if failed else "PASS"))
        return 1 if failed else 0
    return 0
