public import FolioCore

/// What the terminal said about itself, parsed from its replies to Folio's start-up queries.
public struct TerminalReplies: Sendable, Equatable {
    /// Primary device attributes (DA1), such as `[63, 1, 2, 4, 6]`; nil when the terminal never
    /// answered (then nothing else will come either).
    public var deviceAttributes: [Int]?
    /// Sixel colour registers (XTSMGRAPHICS item 1).
    public var colorRegisters: Int?
    /// The largest sixel image the terminal draws (XTSMGRAPHICS item 2), in pixels.
    public var maxImageSize: PixelSize?
    /// The text area in pixels (`CSI 14 t`).
    public var windowPixels: PixelSize?
    /// One character cell in pixels (`CSI 16 t`).
    public var cellPixels: PixelSize?

    public init() {}

    /// The queries, written in one go; DA1 comes last because every terminal answers it, and in
    /// order, so once its reply is in, nothing else is coming.
    public static let queries = "\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[14t\u{1B}[16t\u{1B}[c"

    /// Parses whatever arrived; unknown or malformed sequences are skipped.
    public static func parse(_ bytes: [UInt8]) -> TerminalReplies {
        var replies = TerminalReplies()
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var cursor = index + 2
            var isPrivate = false
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "?") {
                isPrivate = true
                cursor += 1
            }
            var parameters: [Int] = []
            var current: Int?
            while cursor < bytes.count, bytes[cursor] >= 0x30, bytes[cursor] <= 0x3F {
                let byte = bytes[cursor]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
                } else if byte == UInt8(ascii: ";") {
                    parameters.append(current ?? 0)
                    current = nil
                }
                cursor += 1
            }
            parameters.append(current ?? 0)
            guard cursor < bytes.count else { break }
            replies.absorb(final: bytes[cursor], parameters: parameters, isPrivate: isPrivate)
            index = cursor + 1
        }
        return replies
    }

    private mutating func absorb(final: UInt8, parameters: [Int], isPrivate: Bool) {
        switch (final, isPrivate) {
        case (UInt8(ascii: "c"), true):
            deviceAttributes = parameters
        case (UInt8(ascii: "S"), true) where parameters.count >= 3 && parameters[1] == 0:
            if parameters[0] == 1 {
                colorRegisters = parameters[2]
            } else if parameters[0] == 2, parameters.count >= 4 {
                maxImageSize = PixelSize(width: parameters[2], height: parameters[3])
            }
        case (UInt8(ascii: "t"), false) where parameters.count >= 3:
            let size = PixelSize(width: parameters[2], height: parameters[1])
            guard size.width > 0, size.height > 0 else { return }
            if parameters[0] == 4 {
                windowPixels = size
            } else if parameters[0] == 6 {
                cellPixels = size
            }
        default:
            break
        }
    }
}

/// A size in pixels.
public struct PixelSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// How the image view draws pages, and why.
public struct GraphicsSupport: Sendable, Equatable {
    public enum Method: Sendable, Equatable {
        /// Sixel images with this many colour registers.
        case sixel(colorRegisters: Int)
        /// Unicode upper half blocks (`▀`), two pixels per cell, in 24-bit or 256 colours.
        case halfBlocks(trueColor: Bool)
        /// No image view at all (`--graphics none`).
        case none
    }

    public var method: Method
    /// One cell in pixels, measured or assumed.
    public var cellPixels: PixelSize
    /// The largest image the terminal will draw; larger renders are scaled down.
    public var maxImageSize: PixelSize
    /// Why this method was chosen, and what was assumed — for `folio --diagnose` and the
    /// status line.
    public var explanation: [String]

    /// A common cell size, assumed when the terminal does not say.
    public static let assumedCell = PixelSize(width: 10, height: 20)
    /// xterm's default limit (`maxGraphicSize`), assumed when the terminal does not say.
    public static let assumedMaxImage = PixelSize(width: 1000, height: 1000)

    /// Decides from the replies, the ioctl's pixel size, the environment and the preference.
    ///
    /// - Parameters:
    ///   - ioctlPixels: `TIOCGWINSZ`'s `ws_xpixel`×`ws_ypixel` (zero when unknown).
    ///   - cells: the terminal's size in cells.
    public static func decide(
        replies: TerminalReplies, ioctlPixels: PixelSize, cells: (columns: Int, rows: Int),
        environment: [String: String], preference: GraphicsPreference
    ) -> GraphicsSupport {
        var notes: [String] = []
        let cell: PixelSize
        if let measured = replies.cellPixels {
            cell = measured
            notes.append("cell size \(measured.width)×\(measured.height) px (reported by the terminal)")
        } else if let window = replies.windowPixels ?? (ioctlPixels.width > 0 ? ioctlPixels : nil),
            cells.columns > 0, cells.rows > 0, window.width >= cells.columns, window.height >= cells.rows
        {
            cell = PixelSize(width: window.width / cells.columns, height: window.height / cells.rows)
            notes.append("cell size \(cell.width)×\(cell.height) px (window size / cells)")
        } else {
            cell = assumedCell
            notes.append("cell size unknown: assuming \(cell.width)×\(cell.height) px")
        }
        let maxImage = replies.maxImageSize ?? assumedMaxImage
        notes.append(
            replies.maxImageSize == nil
                ? "largest image unknown: assuming \(maxImage.width)×\(maxImage.height) px"
                : "largest image \(maxImage.width)×\(maxImage.height) px (reported by the terminal)")
        let trueColor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
        let saysSixel = replies.deviceAttributes?.contains(4) == true
        let registers = replies.colorRegisters ?? (saysSixel ? 256 : 0)
        let method: Method
        switch preference {
        case .none:
            method = .none
            notes.insert("image view off (--graphics none)", at: 0)
        case .sixel:
            // A terminal that says nothing of its registers but is said to do sixel is taken to
            // have 256, as img2sixel and chafa take it: every sixel terminal in use has 256 or more
            // (only a real VT340 had 16).
            method = .sixel(colorRegisters: max(replies.colorRegisters ?? 256, 16))
            notes.insert(
                replies.colorRegisters == nil
                    ? "sixel forced (--graphics sixel); colour registers not reported: assuming 256"
                    : "sixel forced (--graphics sixel)", at: 0)
        case .auto:
            if saysSixel {
                method = .sixel(colorRegisters: max(registers, 16))
                notes.insert("sixel: the terminal reports sixel graphics (device attribute 4)", at: 0)
            } else {
                method = .halfBlocks(trueColor: trueColor)
                let why: String
                if replies.deviceAttributes == nil {
                    why = "the terminal did not answer the device attributes query"
                } else if environment["TMUX"] != nil || environment["TERM"]?.hasPrefix("tmux") == true
                    || environment["TERM"]?.hasPrefix("screen") == true
                {
                    why = "running inside tmux, which (3.3) cannot pass sixel graphics through"
                } else {
                    why = "the terminal does not report sixel graphics"
                }
                notes.insert("half-block images (\(trueColor ? "24-bit" : "256") colours): \(why)", at: 0)
            }
        }
        return GraphicsSupport(method: method, cellPixels: cell, maxImageSize: maxImage, explanation: notes)
    }
}
