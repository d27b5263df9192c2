"""Unit tests of the stand-in terminals' answers (terminal-answers.json) as foliokit.pty_terminal
gives them. Run by TraceEventTests (swift test), or with python3 -m unittest (see test_trace)."""

import base64
import os
import tempfile
import unittest

from foliokit import pty_terminal


class Answering(unittest.TestCase):
    def terminal(self, kind):
        terminal = pty_terminal.PtyTerminal.__new__(pty_terminal.PtyTerminal)
        terminal.kind, terminal.cell, terminal.columns, terminal.rows, terminal.files_read = kind, (10, 20), 120, 40, 0
        return terminal

    def test_every_kind_answers_da1_last_as_a_probe_expects(self):
        for kind in pty_terminal.KINDS:
            replies, rest = self.terminal(kind)._replies(b"\x1b[16t\x1b[c")
            self.assertTrue(replies.endswith(b"c"), kind)
            self.assertRegex(replies, rb"\x1b\[\?[0-9;]*c$", kind)
            self.assertEqual(rest, b"", kind)

    def test_sizes_are_filled_in(self):
        replies, _ = self.terminal("xterm")._replies(b"\x1b[16t\x1b[14t")
        self.assertEqual(replies, b"\x1b[6;20;10t\x1b[4;800;1200t")

    def test_a_query_split_across_reads_waits(self):
        replies, rest = self.terminal("xterm")._replies(b"\x1b[?1;1;0S\x1b[?2;")
        self.assertEqual((replies, rest), (b"\x1b[?1;0;1024S", b"\x1b[?2;"))

    def test_kitty_reads_the_temporary_file_and_the_remote_kitty_cannot(self):
        handle, path = tempfile.mkstemp(prefix="tty-graphics-protocol-test-")
        os.close(handle)
        query = b"\x1b_Gi=32,s=1,v=1,a=q,t=t,f=24;" + base64.b64encode(path.encode()) + b"\x1b\\"
        local = self.terminal("kitty")
        self.assertEqual(local._replies(query)[0], b"\x1b_Gi=32;OK\x1b\\")
        self.assertFalse(os.path.exists(path))
        self.assertEqual(local._replies(query)[0], b"\x1b_Gi=32;ENOENT\x1b\\")
        self.assertEqual(self.terminal("kitty-remote")._replies(query)[0], b"\x1b_Gi=32;ENOENT:file not found\x1b\\")
        self.assertEqual(self.terminal("xterm")._replies(query)[0], b"")


if __name__ == "__main__":
    unittest.main()
