/// kitty's Unicode placeholders: an image shown as text, U+10EEEE in each cell with the image id
/// as the foreground colour and combining diacritics numbering the cell's row and column. To tmux
/// these are ordinary characters, so the image scrolls, clips and hides with the pane (kitty ≥
/// 0.28, Ghostty).
public enum KittyPlaceholder {
    /// The placeholder character.
    public static let character: Unicode.Scalar = "\u{10EEEE}"

    /// The diacritics that number rows and columns, 0 first: kitty's `rowcolumn-diacritics.txt`
    /// (the combining marks of class 230 without decomposition in Unicode 6.0, less those that
    /// normalisation may fuse), in its order. An image can be addressed up to this many rows and
    /// columns.
    public static let diacritics: [UInt32] = ranges.flatMap { Array($0) }

    private static let ranges: [ClosedRange<UInt32>] = [
        0x0305...0x0305, 0x030D...0x030E, 0x0310...0x0310, 0x0312...0x0312, 0x033D...0x033F, 0x0346...0x0346,
        0x034A...0x034C, 0x0350...0x0352, 0x0357...0x0357, 0x035B...0x035B, 0x0363...0x036F, 0x0483...0x0487,
        0x0592...0x0595, 0x0597...0x0599, 0x059C...0x05A1, 0x05A8...0x05A9, 0x05AB...0x05AC, 0x05AF...0x05AF,
        0x05C4...0x05C4, 0x0610...0x0617, 0x0657...0x065B, 0x065D...0x065E, 0x06D6...0x06DC, 0x06DF...0x06E2,
        0x06E4...0x06E4, 0x06E7...0x06E8, 0x06EB...0x06EC, 0x0730...0x0730, 0x0732...0x0733, 0x0735...0x0736,
        0x073A...0x073A, 0x073D...0x073D, 0x073F...0x0741, 0x0743...0x0743, 0x0745...0x0745, 0x0747...0x0747,
        0x0749...0x074A, 0x07EB...0x07F1, 0x07F3...0x07F3, 0x0816...0x0819, 0x081B...0x0823, 0x0825...0x0827,
        0x0829...0x082D, 0x0951...0x0951, 0x0953...0x0954, 0x0F82...0x0F83, 0x0F86...0x0F87, 0x135D...0x135F,
        0x17DD...0x17DD, 0x193A...0x193A, 0x1A17...0x1A17, 0x1A75...0x1A7C, 0x1B6B...0x1B6B, 0x1B6D...0x1B73,
        0x1CD0...0x1CD2, 0x1CDA...0x1CDB, 0x1CE0...0x1CE0, 0x1DC0...0x1DC1, 0x1DC3...0x1DC9, 0x1DCB...0x1DCC,
        0x1DD1...0x1DE6, 0x1DFE...0x1DFE, 0x20D0...0x20D1, 0x20D4...0x20D7, 0x20DB...0x20DC, 0x20E1...0x20E1,
        0x20E7...0x20E7, 0x20E9...0x20E9, 0x20F0...0x20F0, 0x2CEF...0x2CF1, 0x2DE0...0x2DFF, 0xA66F...0xA66F,
        0xA67C...0xA67D, 0xA6F0...0xA6F1, 0xA8E0...0xA8F1, 0xAAB0...0xAAB0, 0xAAB2...0xAAB3, 0xAAB7...0xAAB8,
        0xAABE...0xAABF, 0xAAC1...0xAAC1, 0xFE20...0xFE26, 0x10A0F...0x10A0F, 0x10A38...0x10A38,
        0x1D185...0x1D189, 0x1D1AA...0x1D1AD, 0x1D242...0x1D244,
    ]

    /// Creates a virtual placement of image `id` over `columns` × `rows` cells (`U=1`), which the
    /// placeholder cells then show; quietly, as the placeholders carry the image to the screen.
    public static func virtualPlacement(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}_Ga=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2\u{1B}\\".utf8)
    }

    /// The placeholder cells showing `columns` columns of image `id` (below 256: its id is the
    /// 256-colour foreground, which tmux passes on unchanged), from cell column `firstColumn` of
    /// image row `row`: the first cell numbers its row and column, each later one continues from
    /// the one to its left. Empty when the row or column is beyond what the diacritics number.
    public static func row(id: UInt32, row: Int, firstColumn: Int, columns: Int) -> [UInt8] {
        guard row >= 0, row < diacritics.count, firstColumn >= 0, firstColumn < diacritics.count, columns > 0
        else { return [] }
        let visible = min(columns, diacritics.count - firstColumn)
        var text = "\u{1B}[38;5;\(id)m"
        text.unicodeScalars.append(character)
        text.unicodeScalars.append(Unicode.Scalar(diacritics[row])!)
        text.unicodeScalars.append(Unicode.Scalar(diacritics[firstColumn])!)
        text.unicodeScalars.append(contentsOf: repeatElement(character, count: visible - 1))
        text += "\u{1B}[39m"
        return Array(text.utf8)
    }
}
