public import FolioCore

/// What every frame drawn must be, whatever led to it: the checks key scripts make after
/// every step (the core's view and the session's terminal alike).
public enum FrameInvariants {
    /// How `frame`, drawn for a terminal of `screen`, breaks the rules; empty when it keeps
    /// them: it is of the terminal's size, no row is wider than the terminal, the cursor and the
    /// page image are on the screen (the image above the status line), and no cell holds a
    /// control character (C0, DEL, C1, so no ESC) or a line break.
    public static func violations(of frame: Frame, screen: ScreenSize) -> [String] {
        var found: [String] = []
        if frame.size != screen {
            found.append(
                "the frame is \(frame.size.rows)x\(frame.size.columns), the screen \(screen.rows)x\(screen.columns)")
        }
        if frame.rows.count != max(screen.rows, 0) {
            found.append("the frame has \(frame.rows.count) rows for a screen of \(screen.rows)")
        }
        for (index, row) in frame.rows.enumerated() {
            let text = row.map(\.text).joined()
            let width = DisplayWidth.of(text)
            if width > max(screen.columns, 0) {
                found.append(
                    "row \(index) is \(width) cells wide on a screen of \(screen.columns): \(text.debugDescription)")
            }
            if let scalar = text.unicodeScalars.first(where: isUnsafe) {
                found.append(
                    "row \(index) holds U+\(String(scalar.value, radix: 16, uppercase: true)): \(text.debugDescription)"
                )
            }
        }
        if let cursor = frame.cursor,
            !(0..<max(screen.rows, 0)).contains(cursor.row) || !(0..<max(screen.columns, 0)).contains(cursor.column)
        {
            found.append("the cursor is at \(cursor.row),\(cursor.column), off the screen")
        }
        let rowsAbove = max(screen.rows - 1, 0)
        let images = (frame.image.map { [$0] } ?? []) + frame.imagesBelow
        for image in images
        where image.screenRow < 0 || image.screenColumn < 0 || image.rows < 0 || image.columns < 0
            || image.screenRow + image.rows > rowsAbove || image.screenColumn + image.columns > screen.columns
            || image.sourceRow < 0 || image.sourceColumn < 0
        {
            found.append("the image placement \(image) is off the screen above the status line")
        }
        // Continuous scrolling: each image below the last, a seam between them.
        for (upper, lower) in zip(images, images.dropFirst())
        where lower.screenRow < upper.screenRow + upper.rows + 1 || lower.request == upper.request {
            found.append("the image placement \(lower) overlaps or repeats the one above it, \(upper)")
        }
        if frame.image == nil, !frame.imagesBelow.isEmpty {
            found.append("images below no image: \(frame.imagesBelow)")
        }
        return found
    }

    /// Whether `scalar` must never reach the terminal inside a cell.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        (0...0x1F).contains(scalar.value) || (0x7F...0x9F).contains(scalar.value)
    }
}
