public import FolioCore

extension KeyTables {
    /// The default tables with `reader` as the reader's: for tests of a custom reader table.
    public static func with(reader: ReaderKeymap) -> KeyTables {
        var keys = KeyTables()
        keys.reader = reader
        return keys
    }
}
