import Glibc

/// A system call's failure: its error number (`errno`), put into words by the C library.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error number, such as `ENOENT`.
    public let code: Int32

    /// The failure with error number `code`.
    public init(_ code: Int32) {
        self.code = code
    }

    /// The failure the last system call on this thread reported (`errno`).
    public static var last: SystemError { SystemError(errno) }

    /// The C library's words for the error, such as "No such file or directory". The
    /// corresponding C function is `strerror`.
    public var description: String { String(cString: strerror(code)) }
}
