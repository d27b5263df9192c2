"""Run first by the real-terminal tests' runners (scripts/foliokit/terminal.bash): it asks the
terminal for its device attributes (DA1) and waits, up to 30 s, for the answer. A terminal just
started on a busy machine (kitty drawing with software GL) may not read its input for longer
than folio's probe waits (250 ms); a user starts folio in a terminal that is up, so the test
does too. Any later bytes of the answer are drained before folio runs. With the argument `tmux`
(inside tmux, passthrough on) the query is passed through to the terminal outside."""

import os
import re
import select
import sys
import termios
import time
import tty

query = b"\x1bPtmux;\x1b\x1b[c\x1b\\" if sys.argv[1:] == ["tmux"] else b"\x1b[c"
tty_fd = os.open("/dev/tty", os.O_RDWR)
saved = termios.tcgetattr(tty_fd)
tty.setraw(tty_fd)
try:
    os.write(tty_fd, query)
    answer, deadline = b"", time.monotonic() + 30
    while not re.search(rb"\x1b\[\?[0-9;]*c", answer) and time.monotonic() < deadline:
        if select.select([tty_fd], [], [], 0.1)[0]:
            answer += os.read(tty_fd, 64)
    while select.select([tty_fd], [], [], 0.2)[0]:
        os.read(tty_fd, 64)
finally:
    termios.tcsetattr(tty_fd, termios.TCSANOW, saved)
