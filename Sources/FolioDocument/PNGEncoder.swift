internal import CMuPDF

/// PNG files from pixels, written by MuPDF's PNG writer (zlib, already linked for MuPDF), for
/// the image protocols that carry PNG: kitty's and iTerm2's.
public enum PNGEncoder {
    /// The most pixels an image written here is wide or high. Checked before the size is
    /// multiplied, so that no width × height overflows, and MuPDF's `int` row stride (a width
    /// times three) holds.
    public static let largestSide = 1 << 24

    /// The PNG of `width` × `height` pixels, `pixels` packed rows of RGB (3 bytes a pixel).
    /// A page whose every pixel is grey is written as a greyscale PNG, a third of the data to
    /// compress and send.
    public static func encode(width: Int, height: Int, rgb pixels: [UInt8]) throws(DocumentError) -> [UInt8] {
        guard (1...largestSide).contains(width), (1...largestSide).contains(height),
            pixels.count == width * height * 3
        else {
            throw .invalidRequest("cannot write a PNG of \(width)×\(height) pixels from \(pixels.count) bytes")
        }
        if isGrey(pixels) {
            let grey = stride(from: 0, to: pixels.count, by: 3).map { pixels[$0] }
            return try encode(width: width, height: height, components: 1, samples: grey)
        }
        return try encode(width: width, height: height, components: 3, samples: pixels)
    }

    /// Whether every pixel of `pixels` (packed RGB, 3 bytes a pixel) is grey: its three channels
    /// equal. Such an image is written as a greyscale PNG.
    public static func isGrey(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index] != buffer[index + 1] || buffer[index] != buffer[index + 2] { return false }
                index += 3
            }
            return true
        }
    }

    private static func encode(
        width: Int, height: Int, components: Int, samples: [UInt8]
    ) throws(DocumentError) -> [UInt8] {
        let context = try MuPDFContext.shared.get().clone()
        var png: UnsafeMutablePointer<UInt8>?
        var length = 0
        try MuPDFCall.check {
            folio_png_encode(
                context.pointer, samples, Int32(width), Int32(height), Int32(components), &png, &length, $0, $1)
        }
        defer { folio_png_free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }

    /// The PNG of `width` × `height` palette indices (`indices`, a byte a pixel, rows packed)
    /// into `palette` (RGB, 3 bytes an entry, at most 256 entries): 8-bit indexed colour, each
    /// row unfiltered (as the PNG specification recommends for palette images), compressed by
    /// MuPDF's deflate.
    public static func encode(
        width: Int, height: Int, palette: [UInt8], indices: [UInt8]
    ) throws(DocumentError) -> [UInt8] {
        guard (1...largestSide).contains(width), (1...largestSide).contains(height), indices.count == width * height,
            palette.count % 3 == 0, 1...256 ~= palette.count / 3
        else {
            throw .invalidRequest(
                "cannot write a palette PNG of \(width)×\(height) pixels from \(indices.count) indices"
                    + " and \(palette.count / 3) colours")
        }
        var rows = [UInt8](repeating: 0, count: (width + 1) * height)
        for row in 0..<height {
            rows[(row * (width + 1) + 1)..<((row + 1) * (width + 1))] = indices[(row * width)..<((row + 1) * width)]
        }
        let context = try MuPDFContext.shared.get().clone()
        var deflated: UnsafeMutablePointer<UInt8>?
        var length = 0
        try MuPDFCall.check {
            folio_deflate(context.pointer, rows, rows.count, &deflated, &length, $0, $1)
        }
        defer { folio_png_free(deflated) }
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        // Bit depth 8, colour type 3 (palette), deflate, adaptive filtering, no interlace.
        header += [8, 3, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        png += chunk("PLTE", palette)
        png += chunk("IDAT", Array(UnsafeBufferPointer(start: deflated, count: length)))
        png += chunk("IEND", [])
        return png
    }

    /// A PNG chunk: its length, type, data and the CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The CRC-32 PNG chunks carry (ISO 3309, polynomial 0xEDB88320 reflected), by table.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { byte in
        var value = UInt32(byte)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
