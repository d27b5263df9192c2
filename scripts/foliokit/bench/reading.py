"""--reading: the reading benchmark (foliokit.reading), written to docs/READING.md."""

import os
import shutil
import subprocess
import sys
import tempfile

from foliokit import reading
from foliokit.bench import common
from foliokit.bench.common import CORPUS, ENV, BenchError, log


def bench_reading(destination):
    """The reading benchmark (see --reading), written to `destination`."""
    def run(command):
        result = subprocess.run(command, capture_output=True, env=ENV)
        if result.returncode != 0:
            raise BenchError("%s failed: %s" % (" ".join(command), result.stderr.decode(errors="replace")[:300]))
        return result.stdout.decode("utf-8", errors="replace")

    workdir = tempfile.mkdtemp(prefix="folio-reading-")
    try:
        section, targets = reading.report(common.FOLIO, workdir, CORPUS, run)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    text = "# Folio reading quality\n\n" + section
    if destination == "-":
        sys.stdout.write(text)
    else:
        with open(destination, "w") as f:
            f.write(text)
        log("wrote " + os.path.relpath(destination))
    missed = [name for name, met in targets if not met]
    log("%d of %d reading targets met%s" % (len(targets) - len(missed), len(targets),
                                             "" if not missed else "; missed: " + "; ".join(missed)))
    return 0
