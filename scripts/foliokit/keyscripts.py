"""Random key scripts in bulk (`scripts/torture --keys N`): the key-script fuzz tests of the test
binary, run in batches of subprocesses so that a trap in one script loses nothing but that
script, and every failure reported with its seed and the shortest script that still fails.

The tests read their run from the environment (Tests/FolioTestSupport/KeyScriptRun.swift):
FOLIO_KEY_SCRIPTS (how many), FOLIO_KEY_SEED (the first seed; script i has seed SEED + i),
FOLIO_KEY_LENGTH (steps per script), FOLIO_KEY_TRACE (each seed on stderr before it runs),
FOLIO_KEY_DUMP (write the first script's text instead of running it) and FOLIO_KEY_SCRIPT (replay
the script in this file alone). A broken invariant is shrunk in the test process and printed
after "FAILED seed S"; a trap ends the process, so its script is shrunk here, one process per
candidate (delta debugging over the steps).
"""

import concurrent.futures
import os
import re
import subprocess
import tempfile
import time

# (name, the test's name for --filter, scripts per batch, share of --keys N)
PATHS = [
    ("reader core", "KeyScriptFuzzTests/readerScriptsKeepTheInvariants", 2000, 1.0),
    ("browser core", "KeyScriptFuzzTests/browserScriptsKeepTheInvariants", 1000, 0.1),
    ("session", "SessionKeyScriptFuzzTests/sessionScriptsKeepTheInvariants", 25, 0.01),
]
BATCH_TIMEOUT = 1800  # seconds one batch may take before it counts as a hang
SCRIPT_TIMEOUT = 120  # seconds one replayed script may take


def run_tests(binary, test, environment, timeout):
    """Runs `test` of the test binary with `environment` added; returns (exit status or None
    for a timeout, stderr)."""
    env = dict(os.environ, **environment)
    try:
        done = subprocess.run([binary, "--testing-library", "swift-testing", "--filter", test], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        return None, (expired.stderr or b"").decode("utf-8", "replace")
    return done.returncode, done.stderr.decode("utf-8", "replace")


def replay_fails(binary, test, text, state_home):
    """Whether the script `text` fails (a broken invariant, a trap or a hang) when replayed alone."""
    with tempfile.NamedTemporaryFile("w", prefix="folio-key-script-", suffix=".txt", delete=False) as file:
        file.write(text)
    try:
        status, _ = run_tests(binary, test, {"FOLIO_KEY_SCRIPT": file.name, "XDG_STATE_HOME": state_home},
                              SCRIPT_TIMEOUT)
        return status != 0
    finally:
        os.unlink(file.name)


def shrink(binary, test, text, state_home):
    """The shortest script found whose steps are some of `text`'s, in order, that still fails:
    ddmin over the steps, each candidate in a process of its own."""
    head, *steps = text.strip("\n").split("\n")

    def fails(candidate):
        return replay_fails(binary, test, "\n".join([head] + candidate) + "\n", state_home)

    chunks = 2
    while len(steps) >= 2:
        size = -(-len(steps) // chunks)
        for start in range(0, len(steps), size):
            candidate = steps[:start] + steps[start + size:]
            if fails(candidate):
                steps = candidate
                chunks = max(chunks - 1, 2)
                break
        else:
            if chunks >= len(steps):
                break
            chunks = min(chunks * 2, len(steps))
    return "\n".join([head] + steps) + "\n"


def script_text(binary, test, seed, length, state_home):
    """The text of the script with `seed`, as the test generates it."""
    with tempfile.NamedTemporaryFile("r", prefix="folio-key-dump-", suffix=".txt", delete=False) as file:
        path = file.name
    try:
        run_tests(binary, test, {"FOLIO_KEY_SCRIPTS": "1", "FOLIO_KEY_SEED": str(seed),
                                 "FOLIO_KEY_LENGTH": str(length), "FOLIO_KEY_DUMP": path,
                                 "XDG_STATE_HOME": state_home}, SCRIPT_TIMEOUT)
        return open(path, encoding="utf-8").read()
    finally:
        os.unlink(path)


def run_batch(binary, path, first, count, length, state_home):
    """Runs scripts `first` .. `first + count - 1` of `path`; returns the failures found, each
    (seed, what happened, shortest script). After a trap the rest of the batch runs on."""
    name, test = path[0], path[1]
    failures = []
    while count > 0:
        status, stderr = run_tests(binary, test, {
            "FOLIO_KEY_SCRIPTS": str(count), "FOLIO_KEY_SEED": str(first), "FOLIO_KEY_LENGTH": str(length),
            "FOLIO_KEY_TRACE": "1", "XDG_STATE_HOME": state_home}, BATCH_TIMEOUT)
        if status == 0:
            return failures
        broken = re.search(r"^FAILED seed (\d+) at step .*?\n((?:.+\n)+)", stderr, re.M)
        started = re.findall(r"^script (\d+)$", stderr, re.M)
        if broken:
            seed = int(broken.group(1))
            what = broken.group(0).split("\n", 1)[0]
            failures.append((seed, "%s: %s" % (name, what), broken.group(2)))
        elif started:
            seed = int(started[-1])
            what = "%s: %s" % (name, "hang" if status is None else "signal %d (a trap)" % -status if status < 0
                                  else "exit status %d" % status)
            text = script_text(binary, test, seed, length, state_home)
            failures.append((seed, what, shrink(binary, test, text, state_home)))
        else:
            failures.append((first, "%s: the test binary failed before any script (status %s)\n%s"
                             % (name, status, stderr[-2000:]), ""))
            return failures
        done = seed + 1 - first
        first, count = seed + 1, count - done
    return failures


def run(binary, scripts, seed, length, state_home, jobs=2):
    """Runs `scripts` reader-core scripts and the other paths' shares of them from `seed`, in
    batches on `jobs` processes at a time; prints a summary line per path and every failure;
    returns (summary rows, failures)."""
    started = time.monotonic()
    work = []
    totals = []
    for path in PATHS:
        total = max(int(scripts * path[3]), 1)
        totals.append((path[0], total))
        for first in range(0, total, path[2]):
            work.append((path, seed + first, min(path[2], total - first)))
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for found in pool.map(lambda job: run_batch(binary, job[0], job[1], job[2], length, state_home), work):
            for failure in found:
                print("FAIL key script seed %d, %s\nshortest failing script:\n%s" % failure, flush=True)
            failures += found
    elapsed = time.monotonic() - started
    rows = [(name, total, seed, seed + total - 1, length) for name, total in totals]
    for row in rows:
        print("torture: key scripts, %s: %d scripts, seeds %d-%d, %d steps each" % row, flush=True)
    print("torture: %d key scripts, %d failures, %.0f s" % (sum(row[1] for row in rows), len(failures), elapsed),
          flush=True)
    return rows, failures, elapsed
