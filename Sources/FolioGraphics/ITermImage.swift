/// iTerm2's inline images (`ESC ] 1337 ; File= … : base64 BEL`), which iTerm2 and WezTerm show.
/// There are no ids and no crops: each redraw sends the visible part again.
public enum ITermImage {
    /// The sequence showing `png` at the cursor, scaled to exactly `columns` × `rows` cells.
    public static func encode(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        encode(png: png, fields: "width=\(columns);height=\(rows);preserveAspectRatio=0")
    }

    /// The sequence showing `png` at the cursor, scaled as large as fits `columns` × `rows`
    /// cells without changing its shape (`preserveAspectRatio=1`): drawn unscaled when it is
    /// exactly as large as those cells.
    public static func encode(png: [UInt8], fitting columns: Int, rows: Int) -> [UInt8] {
        encode(png: png, fields: "width=\(columns);height=\(rows);preserveAspectRatio=1")
    }

    /// The sequence showing `png` at the cursor at its own size (one image pixel a screen pixel).
    public static func encode(png: [UInt8]) -> [UInt8] {
        encode(png: png, fields: "width=auto;height=auto")
    }

    private static func encode(png: [UInt8], fields: String) -> [UInt8] {
        let header = "\u{1B}]1337;File=inline=1;size=\(png.count);\(fields):"
        return Array(header.utf8) + Base64.encode(png) + [0x07]
    }
}
