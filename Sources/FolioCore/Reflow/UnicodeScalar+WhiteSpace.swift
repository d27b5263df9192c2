extension Unicode.Scalar {
    /// Unicode's White_Space property, as `properties.isWhitespace` answers it, without the table
    /// lookup for ASCII: layout asks this of every character of a page.
    var isWhiteSpace: Bool {
        if value < 0x80 {
            return value == 0x20 || (0x09...0x0D).contains(value)
        }
        return properties.isWhitespace
    }
}
