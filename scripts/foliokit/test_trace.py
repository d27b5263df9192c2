"""Unit tests of foliokit.trace (the queries the terminal tests ask of a trace) and of the
bench's figures read from a trace. Run by TraceEventTests (swift test), or alone:
python3 -m unittest discover -s scripts/foliokit -t scripts -p 'test_*.py'."""

import os
import subprocess
import sys
import tempfile
import unittest

from foliokit import trace
from foliokit.bench.images import image_flip_figures
from foliokit.bench.reader import flip_latencies
from foliokit.bench.common import BenchError

# A session: page 1's first frame, its text, Tab to the image, two flips (the second frame of
# each shows the image, the second after the terminal said it had lost the first's), and a
# deletion of the image when the view went back to text.
SESSION = """\
10.000 open pages=3
12.000 probed
15.000 frame page=1 first
20.000 frame page=1 loaded
30.000 key Tab
35.000 frame page=1 image encode=2.000 write=1.000 bytes=5000
40.000 key Right
41.000 frame page=2 loaded
45.000 image-missing id=7
52.000 frame page=2 image encode=3.000 write=2.000 bytes=6000
60.000 key Right
62.000 frame page=3 image encode=4.000 write=1.000 bytes=7000 loaded
70.000 key Tab
71.000 frame page=3 image-deleted bytes=40
"""


class TraceQueries(unittest.TestCase):
    def setUp(self):
        handle, self.path = tempfile.mkstemp(prefix="folio-trace-test-")
        with os.fdopen(handle, "w") as f:
            f.write(SESSION)

    def tearDown(self):
        os.remove(self.path)

    def query(self, *arguments):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trace.py")
        result = subprocess.run([sys.executable, script, arguments[0], self.path] + list(arguments[1:]),
                                capture_output=True, text=True)
        return result.returncode, result.stdout.strip()

    def test_counts_image_frames(self):
        self.assertEqual(self.query("images"), (0, "3"))

    def test_images_after_the_last_key(self):
        # After the last key (Tab back to text) only a deletion: no image.
        self.assertEqual(self.query("images-after-key"), (0, "0"))
        self.assertEqual(self.query("images-after-key", "3"), (0, "0"))

    def test_largest_image_after_the_first_ones(self):
        self.assertEqual(self.query("image-bytes"), (0, "7000"))
        self.assertEqual(self.query("image-bytes", "2"), (0, "7000"))
        self.assertEqual(self.query("image-bytes", "3"), (0, "0"))

    def test_bytes_a_frame_wrote_after_the_last_key(self):
        self.assertEqual(self.query("step-bytes"), (0, "40"))

    def test_counts_the_images_the_terminal_said_it_had_lost(self):
        self.assertEqual(self.query("images-missing"), (0, "1"))

    def test_text_after_the_last_key_and_the_first_frame(self):
        self.assertEqual(self.query("text-after-key")[0], 0)
        self.assertEqual(self.query("first-frame")[0], 0)

    def test_a_missing_trace_is_empty(self):
        os.remove(self.path)
        self.assertEqual(self.query("images"), (0, "0"))
        self.assertEqual(self.query("first-frame")[0], 1)
        open(self.path, "w").close()


class Parsing(unittest.TestCase):
    def test_a_line_being_written_waits(self):
        self.assertEqual([e.kind for e in trace.parse("1.0 probed\n2.0 frame pa")], ["probed"])

    def test_unknown_lines_are_errors(self):
        for line in ["frame page=1", "1.0 frame page=x", "1.0 frame page=1 loaded first", "1.0 open", "1.0 key"]:
            with self.assertRaises(trace.TraceError, msg=line):
                trace.parse_line(line)

    def test_after_the_last_key(self):
        events = trace.parse(SESSION)
        self.assertEqual([e.ms for e in trace.after_last_key(events)], [71.0])
        self.assertEqual(trace.after_last_key(events[:4]), events[:4])


class BenchFigures(unittest.TestCase):
    def test_flip_latencies(self):
        figures = flip_latencies(trace.parse(SESSION), 2)
        # Key to the next frame; key to the frame with the page's text (page 2's came at 41 ms).
        self.assertEqual(figures, {"to_frame": [1.0, 2.0], "to_text": [1.0, 2.0]})
        with self.assertRaises(BenchError):
            flip_latencies(trace.parse(SESSION), 3)

    def test_image_flip_figures(self):
        figures = image_flip_figures(trace.parse(SESSION), 2)
        self.assertEqual(figures["to_image"], [12.0, 2.0])
        self.assertEqual(figures["waited"], [7.0, -3.0])
        self.assertEqual(figures["bytes"], [6000, 7000])
        self.assertEqual(figures["first_shows"], {"image": 1, "text": 1, "neither": 0})


if __name__ == "__main__":
    unittest.main()
