public import Glibc

/// One thing `FOLIO_TRACE` records. Each is written as one line, "MILLISECONDS EVENT", where
/// EVENT is ``text``; `scripts/foliokit/trace.py` is the one reader of these lines (the bench
/// and the real-terminal tests go through it), and `TraceEventTests` checks that it reads back
/// every case as written here.
public enum TraceEvent: Sendable, Equatable {
    /// `open pages=N`: the document is open and its pages counted.
    case opened(pages: Int)
    /// `probed`: the terminal has answered the graphics probe (or the probe gave up).
    case probed
    /// `reloaded pages=N`: the document changed on disk and was opened again.
    case reloaded(pages: Int)
    /// `key NAME`: a key was read, named as the help screen names it (``Key/displayName``).
    case key(String)
    /// `frame page=N [first] [image …] [image-deleted …] [loaded]`: a frame was flushed.
    case frame(FrameTrace)
    /// `image-missing id=N`: the terminal answered that it has no image `N` (kitty: `ENOENT`,
    /// so the page is sent again).
    case imageMissing(id: Int)

    /// The event as the trace writes it, after the timestamp.
    public var text: String {
        switch self {
        case .opened(let pages): "open pages=\(pages)"
        case .probed: "probed"
        case .reloaded(let pages): "reloaded pages=\(pages)"
        case .key(let name): "key \(name)"
        case .frame(let frame): frame.text
        case .imageMissing(let id): "image-missing id=\(id)"
        }
    }
}

/// What the trace says of one frame flushed.
public struct FrameTrace: Sendable, Equatable {
    /// The page shown, from 1.
    public var page: Int
    /// Whether it is the session's first frame.
    public var first: Bool
    /// What drawing the page image cost, when the frame drew it.
    public var image: ImageCost?
    /// The bytes written to delete an image that went (kitty), when the frame deleted one.
    public var deletedImageBytes: Int?
    /// Whether this is the first frame that shows the page's text.
    public var loaded: Bool

    /// What drawing an image cost: encoding it and writing it to the terminal, in
    /// milliseconds, and the bytes written.
    public struct ImageCost: Sendable, Equatable {
        public var encode: Double
        public var write: Double
        public var bytes: Int

        public init(encode: Double, write: Double, bytes: Int) {
            self.encode = encode
            self.write = write
            self.bytes = bytes
        }
    }

    public init(
        page: Int, first: Bool = false, image: ImageCost? = nil, deletedImageBytes: Int? = nil, loaded: Bool = false
    ) {
        self.page = page
        self.first = first
        self.image = image
        self.deletedImageBytes = deletedImageBytes
        self.loaded = loaded
    }

    /// `frame page=N`, then the marks that apply, in this order: `first`,
    /// `image encode=MS write=MS bytes=N`, `image-deleted bytes=N`, `loaded`.
    var text: String {
        var text = "frame page=\(page)"
        if first {
            text += " first"
        }
        if let image {
            text += " image encode=\(TraceLog.format(image.encode)) write=\(TraceLog.format(image.write))"
            text += " bytes=\(image.bytes)"
        }
        if let deletedImageBytes {
            text += " image-deleted bytes=\(deletedImageBytes)"
        }
        if loaded {
            text += " loaded"
        }
        return text
    }
}

/// Timestamps for measuring the reader from outside (`FOLIO_TRACE=FILE`): each ``TraceEvent``
/// with the milliseconds since `main` began. `scripts/bench` reads these to compute startup time
/// and key-to-frame latency, the real-terminal tests to wait for frames and images.
public final class TraceLog: @unchecked Sendable {
    private let descriptor: Int32
    private let origin: timespec

    /// Opens the file named by `FOLIO_TRACE`, or returns nil when tracing is off.
    public init?(origin: timespec) {
        guard let path = getenv("FOLIO_TRACE") else { return nil }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        self.origin = origin
    }

    deinit {
        close(descriptor)
    }

    /// The current monotonic time.
    public static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time
    }

    /// Appends "MILLISECONDS EVENT" as one line.
    public func record(_ event: TraceEvent) {
        var line = Array(Self.line(event, at: Self.milliseconds(from: origin, to: Self.now())).utf8)
        _ = write(descriptor, &line, line.count)
    }

    /// The trace's line for `event` at `milliseconds`, its newline included.
    public static func line(_ event: TraceEvent, at milliseconds: Double) -> String {
        "\(format(milliseconds)) \(event.text)\n"
    }

    /// The time from `start` to `end` in milliseconds.
    public static func milliseconds(from start: timespec, to end: timespec) -> Double {
        Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
    }

    /// Milliseconds with three decimals, as the trace writes them.
    public static func format(_ milliseconds: Double) -> String {
        let thousandths = Int((milliseconds * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
