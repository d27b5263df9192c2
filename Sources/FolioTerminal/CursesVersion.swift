internal import CNcursesw

/// The ncurses library Folio draws with.
public enum CursesVersion {
    /// The library's own name for its version, such as "ncurses 6.4.20221231". The
    /// corresponding C function is `curses_version`.
    public static var string: String { String(cString: curses_version()) }
}
