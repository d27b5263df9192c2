"""PDF files written by hand: strings, fonts, streams and a file with its cross-reference table.

Object bodies and dictionary entries may be given as bytes or as str (encoded as Latin-1); what
comes back is bytes."""

import zlib


def _bytes(value):
    return value if isinstance(value, bytes) else value.encode("latin-1")


def _dictionary(*entries):
    """`<< entries >>`, leaving out the empty ones."""
    return b"<< " + b" ".join(_bytes(entry) for entry in entries if entry) + b" >>"


def literal_string(data):
    """A PDF literal string, `(...)`, for bytes: backslashes and parentheses escaped."""
    out = data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    return b"(" + out + b")"


def hex_string(data):
    """A PDF hex string, `<...>`: carries any bytes (ESC, BEL, C1 controls) exactly."""
    return b"<" + data.hex().upper().encode() + b">"


def utf16_text(text):
    """The bytes of a PDF text string in UTF-16BE, behind its byte order mark."""
    return b"\xfe\xff" + text.encode("utf-16-be")


def type1_font(base_font, entries=b""):
    """A font dictionary for one of the standard 14 fonts ("Helvetica", "Courier", ...) in
    WinAnsiEncoding; `entries` (such as "/ToUnicode 6 0 R") go at its end."""
    return _dictionary(b"/Type /Font /Subtype /Type1 /BaseFont /%s /Encoding /WinAnsiEncoding"
                       % _bytes(base_font), entries)


def stream(data, entries=b"", compress=False, level=-1):
    """A stream object: its dictionary (`entries`, then /Length) and the bytes of `data`. With
    `compress`, data is deflated with zlib at `level` and /Filter /FlateDecode comes first in the
    dictionary (a stream that needs /DecodeParms after its filter gives compressed data and both
    entries itself)."""
    filter_entry = b""
    if compress:
        data = zlib.compress(data, level)
        filter_entry = b"/Filter /FlateDecode"
    return _dictionary(filter_entry, entries, b"/Length %d" % len(data)) + b"\nstream\n" + data + b"\nendstream"


class Writer:
    """The objects of one PDF file, numbered from 1, and the file they make.

    Objects are added in order (`add`), or numbered first and written later (`reserve`, then
    `put`), so that objects can refer to each other."""

    def __init__(self, objects=(), version="1.7"):
        self.version = version
        self.objects = []  # object n is self.objects[n - 1]; None while reserved
        for body in objects:
            self.add(body)

    def reserve(self):
        """A number for an object whose body comes later, with `put`."""
        self.objects.append(None)
        return len(self.objects)

    def put(self, number, body):
        """The body of object `number` (a dictionary, an array, a stream...)."""
        self.objects[number - 1] = _bytes(body)

    def add(self, body):
        """Adds an object and returns its number."""
        number = self.reserve()
        self.put(number, body)
        return number

    def output(self, root, info=None):
        """The whole file: header, objects, cross-reference table and a trailer naming object
        `root` as the catalog and object `info`, if given, as the document information."""
        out = bytearray(b"%%PDF-%s\n%%\xe2\xe3\xcf\xd3\n" % _bytes(self.version))
        offsets = []
        for number, body in enumerate(self.objects, 1):
            if body is None:
                raise ValueError("PDF object %d was reserved but never written" % number)
            offsets.append(len(out))
            out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        trailer = b"/Size %d /Root %d 0 R" % (len(self.objects) + 1, root)
        if info:
            trailer += b" /Info %d 0 R" % info
        out += b"trailer\n<< %s >>\nstartxref\n%d\n%%%%EOF\n" % (trailer, xref)
        return bytes(out)

    def write(self, path, root, info=None):
        """Writes the file (see `output`) to path."""
        with open(path, "wb") as out:
            out.write(self.output(root, info))
