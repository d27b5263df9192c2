"""A program on a pseudo-terminal held by this process, which answers the program's queries as a
graphics terminal of a chosen kind would: kitty on this machine (the graphics protocol, reading
temporary files as kitty does, then deleting them), kitty on another machine (no file of this
one to read: images come through its input), xterm with sixel, or WezTerm (iTerm2 images): the
kinds of scripts/foliokit/terminal-answers.json.

It stands in for a real terminal where only the program's side is measured (the bench's image
flips: key to frame written, per protocol): nothing is drawn, the bytes are counted."""

import base64
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import termios
import threading
import time

# What each kind of terminal answers, query by query (a query it does not answer is left out):
# the data file the Swift tests' stand-ins read too.
ANSWERS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "terminal-answers.json")
with open(ANSWERS_FILE) as answers_file:
    ANSWERS = json.load(answers_file)
KINDS = ANSWERS["kinds"]



def fill(template, values):
    """template with each {name} replaced by values[name]."""
    for name, value in values.items():
        template = template.replace("{%s}" % name, str(value))
    return template


KITTY_COMMAND = re.compile(rb"\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\")


class PtyTerminal:
    """Runs argv (with env) on a pseudo-terminal of columns x rows cells of cell pixels, as a
    terminal of `kind` (a kind of terminal-answers.json). `send` types keys; `close` ends it."""

    # How much of the program's output `output` keeps.
    OUTPUT_KEPT = 1 << 16

    def __init__(self, argv, env, kind, columns=120, rows=40, cell=(10, 20)):
        if kind not in KINDS:
            raise ValueError("no such terminal kind: " + kind)
        self.kind = kind
        self.cell = cell
        self.columns, self.rows = columns, rows
        self.received = 0
        # The first bytes the program wrote (what `folio --diagnose` prints, say).
        self.output = bytearray()
        self.files_read = 0
        self._lock = threading.Lock()
        size = struct.pack("HHHH", rows, columns, columns * cell[0], rows * cell[1])
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, size)
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self._running = True
        self._thread = threading.Thread(target=self._answer, daemon=True)
        self._thread.start()

    def send(self, data):
        """Writes data (bytes or str) as typed keys."""
        os.write(self.fd, data.encode() if isinstance(data, str) else data)

    def close(self, keys=b"q", timeout=10):
        """Types keys (folio quits on q), waits up to timeout seconds for the program to end
        (then kills it) and returns its exit status."""
        if keys:
            self.send(keys)
        deadline = time.monotonic() + timeout
        status = None
        while status is None:
            pid, code = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                status = os.waitstatus_to_exitcode(code)
            elif time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                status = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
            else:
                time.sleep(0.01)
        self._running = False
        self._thread.join(2)
        os.close(self.fd)
        return status

    def _answer(self):
        pending = b""
        while self._running:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.05)
                if not ready:
                    continue
                data = os.read(self.fd, 1 << 16)
            except OSError:
                return
            if not data:
                return
            with self._lock:
                self.received += len(data)
                if len(self.output) < self.OUTPUT_KEPT:
                    self.output += data[:self.OUTPUT_KEPT - len(self.output)]
            pending += data
            replies, pending = self._replies(pending)
            if replies:
                os.write(self.fd, replies)

    def _replies(self, pending):
        """The answers to the queries in pending, and what is left of it (a query not finished)."""
        replies = b""
        width, height = self.cell
        sizes = {"cell_width": width, "cell_height": height, "window_width": self.columns * width,
                 "window_height": self.rows * height}
        answers = {query.encode(): fill(reply, sizes).encode() for query, reply in KINDS[self.kind]["answers"].items()}
        index = 0
        while True:
            escape = pending.find(b"\x1b", index)
            if escape < 0:
                return replies, b""
            rest = pending[escape:escape + 16]
            query = next((q for q in answers if rest.startswith(q)), None)
            if query:
                replies += answers[query]
                index = escape + len(query)
            elif rest.startswith(b"\x1b_G"):
                match = KITTY_COMMAND.match(pending, escape)
                if not match:
                    if pending.find(b"\x1b\\", escape) < 0:
                        return replies, pending[escape:]
                    index = escape + 1
                    continue
                if "kitty_graphics" in KINDS[self.kind]:
                    replies += self._kitty(match)
                index = match.end()
            elif len(pending) - escape < 8 and any(q.startswith(rest) for q in answers):
                return replies, pending[escape:]
            else:
                index = escape + 1

    def _kitty(self, match):
        """The answer to one kitty graphics command, as KINDS[self.kind]["kitty_graphics"] says."""
        keys = dict(pair.split(b"=", 1) for pair in match.group(1).split(b",") if b"=" in pair)
        medium = keys.get(b"t", b"d")
        handling = KINDS[self.kind]["kitty_graphics"]["file" if medium == b"t" else "direct"]
        reply = "ok"
        if handling == "read":
            # A temporary file, read and then deleted as kitty does.
            path = base64.b64decode(match.group(2) or b"").decode("utf-8", "replace")
            try:
                with open(path, "rb") as image:
                    image.read()
                os.remove(path)
                self.files_read += 1
            except OSError:
                reply = "unreadable"
        elif handling in ("not found", "silent"):
            reply = None if handling == "silent" else handling
        if keys.get(b"a") != b"q" or reply is None:
            return b""
        return fill(ANSWERS["kitty_replies"][reply], {"id": keys.get(b"i", b"0").decode()}).encode()
