internal import CMuPDF

/// PNG files from pixels, written by MuPDF's PNG writer (zlib, already linked for MuPDF), for
/// the image protocols that carry PNG: kitty's and iTerm2's.
public enum PNGEncoder {
    /// The PNG of `width` × `height` pixels, `pixels` packed rows of RGB (3 bytes a pixel).
    /// A page whose every pixel is grey is written as a greyscale PNG, a third of the data to
    /// compress and send.
    public static func encode(width: Int, height: Int, rgb pixels: [UInt8]) throws(DocumentError) -> [UInt8] {
        guard width > 0, height > 0, pixels.count == width * height * 3 else {
            throw .invalidRequest("cannot write a PNG of \(width)×\(height) pixels from \(pixels.count) bytes")
        }
        if isGrey(pixels) {
            let grey = stride(from: 0, to: pixels.count, by: 3).map { pixels[$0] }
            return try encode(width: width, height: height, components: 1, samples: grey)
        }
        return try encode(width: width, height: height, components: 3, samples: pixels)
    }

    private static func isGrey(_ pixels: [UInt8]) -> Bool {
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
}
