"""A terminal program driven through a private tmux server: keys in, the screen out."""

import os
import subprocess
import tempfile
import time
import uuid


class Tmux:
    """A tmux server of its own (a private socket, no user configuration) with one detached
    session that runs the shell command `command` in a terminal of `columns` x `rows` cells.

    `options` are global options, such as "status off", set before the session starts, so that
    the command sees the final terminal from its first frame. The server lives until `close` (or
    the end of a `with` block); the session ends when its command does."""

    def __init__(self, name, command, columns, rows, options=()):
        self.socket = "%s-%d-%s" % (name, os.getpid(), uuid.uuid4().hex[:8])
        with tempfile.NamedTemporaryFile("w", prefix="%s-" % name, suffix=".conf") as config:
            config.write("".join("set-option -g %s\n" % option for option in options))
            config.flush()
            # No pipes here: this command starts the server, which would hold them open.
            subprocess.run(self._argv("-f", config.name, "new-session", "-d", "-x", str(columns),
                                      "-y", str(rows), command),
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def _argv(self, *arguments):
        return ["tmux", "-L", self.socket] + list(arguments)

    def command(self, *arguments):
        """Runs one tmux command on this server and returns what it printed (stderr dropped)."""
        return subprocess.run(self._argv(*arguments), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL).stdout.decode("utf-8", "replace")

    def send_keys(self, *keys, literal=False):
        """Presses keys by their tmux names ("Right", "C-c", "q"), or types them as text with
        `literal`."""
        self.command("send-keys", *(["-l"] if literal else []), *keys)

    def type_line(self, line):
        """Types a line of text and presses Enter (a command for a shell in the session)."""
        self.send_keys(line, literal=True)
        self.send_keys("Enter")

    def screen(self):
        """The text on the screen now, one line per row."""
        return self.command("capture-pane", "-p")

    def display(self, format):
        """A tmux format ("#{pane_title}", "#{pane_pid}") expanded for the session's pane."""
        return self.command("display-message", "-p", format).strip()

    def alternate_on(self):
        """Whether the program has the alternate screen on."""
        return self.display("#{alternate_on}") == "1"

    def wait_for_screen(self, predicate, seconds, interval=0.05):
        """Polls the screen until predicate(screen) is true and returns that screen, or None after
        `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            screen = self.screen()
            if predicate(screen):
                return screen
            if time.monotonic() > deadline:
                return None
            time.sleep(interval)

    def running(self):
        """Whether the session is still there: its command has not ended."""
        return subprocess.run(self._argv("has-session"), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0

    def wait_until_ended(self, seconds, interval=0.05):
        """Waits up to `seconds` for the session's command to end; returns whether it did."""
        deadline = time.monotonic() + seconds
        while self.running():
            if time.monotonic() >= deadline:
                return False
            time.sleep(interval)
        return True

    def close(self):
        """Stops the server and whatever still runs in it."""
        self.command("kill-server")
