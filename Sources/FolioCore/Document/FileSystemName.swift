/// File names and paths as the file system has them (bytes), carried in Swift strings.
///
/// Linux file names are bytes, not text: a name written by an old program or unpacked from an
/// old archive may not be UTF-8. Decoding such a name the usual way replaces its bad bytes with
/// U+FFFD, and the path no longer names the file. Here every byte that is not part of valid
/// UTF-8 becomes a private-use scalar, U+F700 + byte (U+F780…U+F7FF), and turns back into that
/// byte when the path is handed to the system, so such a file can be listed, opened and named
/// in messages. (A name that really contains those private-use characters is misread; none is
/// known in the wild.)
public enum FileSystemName {
    /// The first scalar standing for a byte: U+F700 + 0x80 for byte 0x80.
    private static let escapeBase: UInt32 = 0xF700

    /// The name or path made of `bytes`.
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        // Fast path: most names are UTF-8.
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        var result = String.UnicodeScalarView()
        var rest = bytes[...]
        while let first = rest.first {
            let length = sequenceLength(startingWith: first)
            if length > 0, rest.count >= length,
                let sequence = String(validating: rest.prefix(length), as: UTF8.self)
            {
                result.append(contentsOf: sequence.unicodeScalars)
                rest = rest.dropFirst(length)
            } else {
                result.append(escaped(first))
                rest = rest.dropFirst()
            }
        }
        return String(result)
    }

    /// The bytes `name` stands for: UTF-8, with escaped bytes turned back into themselves.
    public static func bytes(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// `path` as a NUL-terminated C string for system calls and C libraries.
    public static func cString(_ path: String) -> [CChar] {
        bytes(path).map { CChar(bitPattern: $0) } + [0]
    }

    /// `name` for messages: each escaped byte shown as a C-style escape, `\xNN`.
    public static func displayed(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: { escapedByte($0) != nil }) else { return name }
        var result = ""
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func escaped(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    private static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        guard value >= escapeBase + 0x80, value <= escapeBase + 0xFF else { return nil }
        return UInt8(value - escapeBase)
    }

    /// How many bytes a UTF-8 sequence starting with `byte` has, or 0 when no sequence starts so.
    private static func sequenceLength(startingWith byte: UInt8) -> Int {
        switch byte {
        case 0x00...0x7F: 1
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 0
        }
    }
}
