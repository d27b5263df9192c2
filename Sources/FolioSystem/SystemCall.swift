import Glibc

/// The one place where an interrupted system call is tried again and a short write is
/// continued, so that no caller writes its own `EINTR` loop (after swift-system's
/// `valueOrErrno(retryOnInterrupt:)`).
public enum SystemCall {
    /// The result of `call`, a system call that returns -1 and sets `errno` when it fails;
    /// made again for as long as it fails with `EINTR` (a signal arrived while it waited).
    public static func retryingInterrupts<Value: SignedInteger & FixedWidthInteger>(
        _ call: () -> Value
    ) -> Result<Value, SystemError> {
        while true {
            let value = call()
            if value != -1 { return .success(value) }
            let failure = SystemError.last
            if failure.code != EINTR { return .failure(failure) }
        }
    }

    /// Writes all of `bytes` to `descriptor`, continuing after a short write and retrying
    /// after an interruption; fails with the first other error (such as `EPIPE` when the
    /// reader has gone, or `EAGAIN` on a non-blocking descriptor that is full).
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Result<Void, SystemError> {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = retryingInterrupts { write(descriptor, raw.baseAddress! + offset, raw.count - offset) }
                switch written {
                case .success(let count): offset += count
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(())
        }
    }

    /// Reads up to `buffer.count` bytes from `descriptor` into `buffer`, retrying after an
    /// interruption; returns how many were read (0 at the end of the file).
    public static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Result<Int, SystemError> {
        buffer.withUnsafeMutableBytes { raw in
            retryingInterrupts { Glibc.read(descriptor, raw.baseAddress, raw.count) }
        }
    }
}
