public import Foundation

/// The image a kitty command (`a=T`) or an iTerm2 inline image (`ESC ] 1337 ; File=…`) carries,
/// and the cells it asks the terminal to fit it to, decoded from Folio's output.
public struct SentImage: Sendable {
    /// The PNG sent.
    public var png: Data
    /// kitty's `c`, or iTerm2's `width`; nil when not given.
    public var columns: String?
    /// kitty's `r`, or iTerm2's `height`; nil when not given.
    public var rows: String?
    /// iTerm2's `preserveAspectRatio`; nil for kitty, or when not given.
    public var preserveAspectRatio: String?

    /// The image in `bytes`, written for `protocolName` (`kitty` or `iterm`); nil when the
    /// bytes hold no such image.
    public static func decode(_ bytes: [UInt8], protocolName: String) -> SentImage? {
        if protocolName == "kitty" {
            // `--image` ends each page with a newline after its commands.
            let commandBytes = bytes.last == 0x0A ? Array(bytes.dropLast()) : bytes
            guard let commands = KittyCommand.all(in: commandBytes), let first = commands.first,
                let png = Data(base64Encoded: Data(commands.flatMap(\.payload)))
            else { return nil }
            return SentImage(png: png, columns: first.keys["c"], rows: first.keys["r"])
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.range(of: "\u{1B}]1337;File="),
            let colon = text[start.upperBound...].firstIndex(of: ":"),
            let end = text[colon...].firstIndex(of: "\u{07}"),
            let png = Data(base64Encoded: String(text[text.index(after: colon)..<end]))
        else { return nil }
        var fields: [String: String] = [:]
        for field in text[start.upperBound..<colon].split(separator: ";") {
            let parts = field.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        return SentImage(
            png: png, columns: fields["width"], rows: fields["height"],
            preserveAspectRatio: fields["preserveAspectRatio"])
    }

    /// How the PNG compares with `mutool draw -h height` of page 1 of `file` (a page whose
    /// height fills the box): `"WxH"` of the PNG, of the cells it needs (mutool's width rounded
    /// up to whole cells of `cellWidth`, by the box's `height`), the PSNR (dB, or `inf`) of the
    /// PNG cut to mutool's size against mutool's render, and the darkest grey (0–255) of what
    /// lies right of that (255 when there is nothing).
    public func compared(
        withPageOf file: String, height: Int, cellWidth: Int, in directory: URL
    ) throws -> (size: String, cells: String, psnr: String, padding: String) {
        try png.write(to: directory.appendingPathComponent("sent.png"))
        let script = """
            cd '\(directory.path)' && mutool draw -F png -h \(height) -o ref.png '\(file)' 1 2>/dev/null && \
            W=$(identify -format '%w' ref.png) && H=$(identify -format '%h' ref.png) && \
            identify -format '%wx%h\\n' sent.png && \
            echo "$(( (W + \(cellWidth) - 1) / \(cellWidth) * \(cellWidth) ))x$H" && \
            convert sent.png -crop "${W}x${H}+0+0" +repage cut.png && \
            compare -metric PSNR ref.png cut.png null: 2>&1; echo; \
            SW=$(identify -format '%w' sent.png); \
            if [ "$SW" -gt "$W" ]; then \
            convert sent.png -crop "$((SW - W))x$H+$W+0" +repage -format '%[fx:minima.r*255]' info:; \
            else echo 255; fi
            """
        let result = try FolioProcess.shell(script)
        let lines = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count >= 4 else { return (result.output, result.stderr, "", "") }
        return (lines[0], lines[1], lines[2], lines[3])
    }
}
