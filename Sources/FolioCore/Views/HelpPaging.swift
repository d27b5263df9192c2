/// A help screen taller than the terminal, shown a screenful at a time: which lines are on
/// screen, and the note on the last row that says where the screen is and how to move.
enum HelpPaging {
    /// How a help key moves the help screen: by lines, or by screens.
    enum Move {
        case lines(Int)
        case screens(Int)
    }

    /// The first line shown after `move` from `top`, with `count` lines in `rows` rows (the
    /// last row holding the note).
    static func top(after move: Move, from top: Int, count: Int, rows: Int) -> Int {
        let page = max(rows - 1, 1)
        let step: Int
        switch move {
        case .lines(let lines): step = lines
        case .screens(let screens): step = screens * max(page - 1, 1)
        }
        return min(max(top + step, 0), max(count - page, 0))
    }

    /// The lines to draw in `rows` rows from line `top`: all of them when they fit; otherwise a
    /// screenful and a note naming the keys that move (`down`, `up`: their display names).
    static func visible(
        _ lines: [(text: String, style: CellStyle)], top: Int, rows: Int, down: String, up: String
    ) -> [(text: String, style: CellStyle)] {
        guard lines.count > rows, rows > 1 else { return Array(lines.prefix(max(rows, 0))) }
        let page = rows - 1
        let first = min(max(top, 0), max(lines.count - page, 0))
        let last = min(first + page, lines.count)
        var moves: [String] = []
        if last < lines.count { moves.append("\(down) more") }
        if first > 0 { moves.append("\(up) back") }
        let note = "… lines \(first + 1)–\(last) of \(lines.count): " + moves.joined(separator: ", ")
        return Array(lines[first..<last]) + [(note, .dim)]
    }
}
