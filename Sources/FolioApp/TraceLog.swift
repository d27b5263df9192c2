public import Glibc

/// Timestamps for measuring the reader from outside (`FOLIO_TRACE=FILE`): process start, first
/// frame, each key received and each frame flushed, in milliseconds since `main` began.
/// `scripts/bench` reads these to compute startup time and key-to-frame latency.
///
/// Events: `open pages=N`, `key NAME`, and `frame page=N` for every frame flushed, followed by
/// `first` on the first frame, by `image encode=MS write=MS bytes=N` when the frame drew the page
/// image (the time to encode it and to write it to the terminal), and by `loaded` on the first
/// frame that shows page N's text.
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
    public func record(_ event: String) {
        var line = Array("\(Self.format(Self.milliseconds(from: origin, to: Self.now()))) \(event)\n".utf8)
        _ = write(descriptor, &line, line.count)
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
