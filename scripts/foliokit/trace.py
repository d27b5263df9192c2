"""Folio's trace (FOLIO_TRACE=FILE), read: the one parser of the lines that
Sources/FolioApp/TraceLog.swift's TraceEvent writes. The bench reads traces through it, and the
real-terminal tests (scripts/foliokit/terminal.bash, test-kitty, test-konsole) through its
command line:

  trace.py images FILE                    frames that drew an image
  trace.py images-after-key FILE [PAGE]   frames that drew an image (of PAGE) after the last key
  trace.py image-bytes FILE [AFTER]       the most an image frame wrote, after the first AFTER
  trace.py images-missing FILE            replies that the terminal had no such image (ENOENT)
  trace.py step-bytes FILE                the most a frame wrote after the last key
  trace.py text-after-key FILE            exit 0 when a frame without an image followed the last key
  trace.py first-frame FILE               exit 0 when the first frame is out
  trace.py json FILE                      every event as JSON, one a line (TraceEventTests reads it)

A missing file is an empty trace. Each line is "MILLISECONDS EVENT":

  open pages=N | probed | reloaded pages=N | key NAME | image-missing id=N
  frame page=N [first] [image encode=MS write=MS bytes=N] [image-deleted bytes=N] [loaded]
"""

import json
import re
import sys
import time

FRAME = re.compile(r"frame page=(\d+)( first)?( image encode=([\d.]+) write=([\d.]+) bytes=(\d+))?"
                   r"( image-deleted bytes=(\d+))?( loaded)?")


class TraceError(Exception):
    pass


class Image:
    """What drawing a frame's image cost: encode and write in milliseconds, the bytes written."""

    def __init__(self, encode, write, bytes_written):
        self.encode, self.write, self.bytes = encode, write, bytes_written


class Event:
    """One trace line: `ms` since folio's main began, `kind` (open, probed, reloaded, key,
    frame, image-missing) and what the kind carries: `pages` (open, reloaded), `key` (the key's
    name), `id` (image-missing), and for a frame `page`, `first`, `image` (an Image or None),
    `deleted_bytes` (or None), `loaded`."""

    def __init__(self, ms, kind, **fields):
        self.ms, self.kind = ms, kind
        self.pages = fields.get("pages")
        self.key = fields.get("key")
        self.id = fields.get("id")
        self.page = fields.get("page")
        self.first = fields.get("first", False)
        self.image = fields.get("image")
        self.deleted_bytes = fields.get("deleted_bytes")
        self.loaded = fields.get("loaded", False)

    @property
    def written(self):
        """The bytes a frame wrote for images: the image's and a deletion's."""
        return (self.image.bytes if self.image else 0) + (self.deleted_bytes or 0)

    def as_dict(self):
        fields = {"ms": self.ms, "kind": self.kind}
        if self.kind in ("open", "reloaded"):
            fields["pages"] = self.pages
        elif self.kind == "key":
            fields["key"] = self.key
        elif self.kind == "image-missing":
            fields["id"] = self.id
        elif self.kind == "frame":
            fields.update(page=self.page, first=self.first, loaded=self.loaded, deleted_bytes=self.deleted_bytes,
                          image=None if not self.image else {"encode": self.image.encode,
                                                             "write": self.image.write, "bytes": self.image.bytes})
        return fields

    def __repr__(self):
        return "Event(%r)" % self.as_dict()


def parse_line(line):
    """The Event of one trace line (without its newline); TraceError when it is none."""
    milliseconds, _, text = line.partition(" ")
    try:
        ms = float(milliseconds)
    except ValueError:
        raise TraceError("not a trace line: %r" % line) from None
    name, _, rest = text.partition(" ")
    if name == "probed" and not rest:
        return Event(ms, "probed")
    if name in ("open", "reloaded"):
        match = re.fullmatch(r"pages=(\d+)", rest)
        if match:
            return Event(ms, name, pages=int(match.group(1)))
    if name == "key" and rest:
        return Event(ms, "key", key=rest)
    if name == "image-missing":
        match = re.fullmatch(r"id=(\d+)", rest)
        if match:
            return Event(ms, name, id=int(match.group(1)))
    if name == "frame":
        match = FRAME.fullmatch(text)
        if match:
            image = None
            if match.group(3):
                image = Image(float(match.group(4)), float(match.group(5)), int(match.group(6)))
            return Event(ms, "frame", page=int(match.group(1)), first=bool(match.group(2)), image=image,
                         deleted_bytes=int(match.group(8)) if match.group(7) else None,
                         loaded=bool(match.group(9)))
    raise TraceError("not a trace line: %r" % line)


def parse(text):
    """The events of a whole trace's text (a last line without its newline is still being
    written, and left out)."""
    lines = text.split("\n")[:-1]
    return [parse_line(line) for line in lines if line]


def read(path):
    """The events of the trace file at path (none when it does not exist yet)."""
    try:
        with open(path, "rb") as f:
            return parse(f.read().decode())
    except FileNotFoundError:
        return []


class TraceFile:
    """The trace of one folio run, read as it grows: `events` holds every Event so far. A wait
    that times out raises `error`."""

    def __init__(self, path, error=TraceError):
        self.trace = path
        self.error = error
        self.offset = 0
        self.events = []

    def read_events(self):
        """Appends the events written since the last call to self.events."""
        try:
            with open(self.trace, "rb") as f:
                f.seek(self.offset)
                data = f.read()
        except FileNotFoundError:
            return
        end = data.rfind(b"\n") + 1
        self.offset += end
        self.events += parse(data[:end].decode())

    def wait_for(self, predicate, what, timeout=20):
        """Polls the trace until an event satisfies predicate and returns it; raises
        self.error after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        checked = 0
        while True:
            self.read_events()
            for event in self.events[checked:]:
                if predicate(event):
                    return event
            checked = len(self.events)
            if time.monotonic() > deadline:
                raise self.error("timed out waiting for %s (last trace lines: %s)" % (what, self.events[-5:]))
            time.sleep(0.001)

    def wait_for_page(self, page, timeout=20):
        """The first frame showing page's text."""
        return self.wait_for(lambda event: is_loaded_frame(event, page), "page %d's text" % page, timeout)

    def wait_for_image(self, page, timeout=20):
        """The first frame drawing page's image."""
        return self.wait_for(lambda event: is_image_frame(event, page), "page %d's image" % page, timeout)


def is_frame(event, page=None):
    return event.kind == "frame" and (page is None or event.page == page)


def is_loaded_frame(event, page=None):
    """A frame that is the first to show its page's text (page's, when given)."""
    return is_frame(event, page) and event.loaded


def is_image_frame(event, page=None):
    """A frame that drew its page's image (page's, when given)."""
    return is_frame(event, page) and event.image is not None


def after_last_key(events):
    """The events after the last key (all of them when there is none)."""
    keys = [index for index, event in enumerate(events) if event.kind == "key"]
    return events[keys[-1] + 1:] if keys else events


def keys_and_following(events, name):
    """For each key `name`: (its event, the events up to the next such key)."""
    keys = [index for index, event in enumerate(events) if event.kind == "key" and event.key == name]
    ends = keys[1:] + [len(events)]
    return [(events[index], events[index + 1:end]) for index, end in zip(keys, ends)]


def main(argv):
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    command, events = argv[0], read(argv[1])
    extra = int(argv[2]) if len(argv) > 2 else None
    images = [event for event in events if is_image_frame(event)]
    if command == "images":
        print(len(images))
    elif command == "images-after-key":
        print(sum(is_image_frame(event, extra) for event in after_last_key(events)))
    elif command == "image-bytes":
        print(max((event.image.bytes for event in images[extra or 0:]), default=0))
    elif command == "images-missing":
        print(sum(event.kind == "image-missing" for event in events))
    elif command == "step-bytes":
        print(max((event.written for event in after_last_key(events) if is_frame(event)), default=0))
    elif command == "text-after-key":
        return 0 if any(is_frame(e) and e.image is None for e in after_last_key(events)) else 1
    elif command == "first-frame":
        return 0 if any(is_frame(event) and event.first for event in events) else 1
    elif command == "json":
        for event in events:
            print(json.dumps(event.as_dict()))
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except TraceError as error:
        sys.stderr.write("trace.py: %s\n" % error)
        sys.exit(1)
