/// Base64 (RFC 4648, with padding), as the kitty and iTerm2 image protocols carry their data.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64: four characters for every three bytes, `=` padding the last group.
    public static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output += [
                alphabet[Int(group >> 18 & 63)], alphabet[Int(group >> 12 & 63)], alphabet[Int(group >> 6 & 63)],
                alphabet[Int(group & 63)],
            ]
            index += 3
        }
        let remaining = bytes.count - index
        if remaining > 0 {
            let group = UInt32(bytes[index]) << 16 | (remaining == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output += [alphabet[Int(group >> 18 & 63)], alphabet[Int(group >> 12 & 63)]]
            output += remaining == 2 ? [alphabet[Int(group >> 6 & 63)], UInt8(ascii: "=")] : [61, 61]
        }
        return output
    }
}
