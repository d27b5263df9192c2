/// Word spaces that a page shows but does not hold after punctuation. A PDF may set the words of a
/// line as glyphs moved apart (a `TJ` array with offsets, each word placed on its own) with no
/// space character between them; MuPDF puts a space back only where the gap is wider than about
/// 0.15 em, so a tight justified line reads `law.The` and `Internet,and`. After a full stop,
/// comma or other punctuation that ends a word, a gap of a tenth of the font size before the
/// next word is taken as a word space, as `pdftotext` takes it, measured above the line's own
/// spacing between glyphs, so that letter-spaced text (a tracked heading) stays whole. Between
/// two letters the gap is left to MuPDF: TeX's math italics leave gaps as wide after a letter
/// (the italic correction in `AbsTol`) where no space is meant. (Right-to-left lines get theirs
/// back in ``RightToLeft/logicalOrder(_:)``.)
public enum WordGaps {
    /// The gap, in font sizes above the line's usual gap between letters, that is a word space.
    public static let wordGapInEms = 0.1

    /// `line` with a space put before each word (a letter or digit) that stands a word gap from
    /// the punctuation ending the word before it with no space between. Vertical lines,
    /// lines with right-to-left letters and lines of wide (CJK) characters come back unchanged.
    public static func withRecoveredSpaces(_ line: TextLine) -> TextLine {
        guard !line.isVertical, line.chars.count > 1 else { return line }
        // The words that start right after punctuation, no space between: on most lines none,
        // and nothing more is looked at.
        var candidates: [Int] = []
        var last: Int?
        for (index, char) in line.chars.enumerated() where !isMark(char.scalar) {
            if let previous = last, isWordStart(char.scalar), endsClause(line.chars[previous].scalar) {
                candidates.append(index)
            }
            last = isSpace(char.scalar) ? nil : index
        }
        guard !candidates.isEmpty,
            !line.chars.contains(where: { RightToLeft.isStrong($0.scalar) || DisplayWidth.of($0.scalar) > 1 })
        else { return line }
        let direction = line.direction
        // The gaps between glyphs that follow one another with no space between them.
        var gaps: [Double] = []
        var gapBefore: [Int: (gap: Double, size: Double)] = [:]
        last = nil
        for (index, char) in line.chars.enumerated() {
            if isSpace(char.scalar) {
                last = nil
                continue
            }
            guard !isMark(char.scalar), char.box.width > 0 else { continue }
            if let previous = last {
                let gap =
                    direction.extent(of: char.box).lowerBound
                    - direction.extent(of: line.chars[previous].box).upperBound
                gaps.append(max(gap, 0))
                gapBefore[index] = (gap, max(char.size, line.chars[previous].size, 1))
            }
            last = index
        }
        let usual = median(gaps)
        let spaced = Set(
            candidates.filter { index in
                gapBefore[index].map { $0.gap > usual + wordGapInEms * $0.size } ?? false
            })
        guard !spaced.isEmpty else { return line }
        var recovered = line
        recovered.chars = []
        recovered.chars.reserveCapacity(line.chars.count + spaced.count)
        for (index, char) in line.chars.enumerated() {
            if spaced.contains(index), let previous = recovered.chars.last {
                recovered.chars.append(
                    TextChar(
                        scalar: " ",
                        box: TextRect(
                            x0: min(previous.box.x1, char.box.x0), y0: min(previous.box.y0, char.box.y0),
                            x1: max(previous.box.x1, char.box.x0), y1: max(previous.box.y1, char.box.y1)),
                        size: previous.size, baseline: previous.baseline, isMonospaced: previous.isMonospaced))
            }
            recovered.chars.append(char)
        }
        return recovered
    }

    /// Whether a word may start at `scalar`: a letter or a digit.
    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        case "\u{0}"..."\u{7F}": return false
        default: return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }

    /// Whether `scalar` is white space.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || (scalar.value > 0x20 && scalar.value < 0x7F ? false : scalar.properties.isWhitespace)
    }

    /// Whether `scalar` is a nonspacing mark (none below U+0300).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x300 && scalar.properties.generalCategory == .nonspacingMark
    }

    /// Whether `scalar` is punctuation that ends or closes (`.` `,` `;` `)` `”`), not one that
    /// opens or joins (`(` `“` `-`), nor an apostrophe.
    private static func endsClause(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", ",", ";", ":", "!", "?", ")", "]", "}", "\"": return true
        // An apostrophe is inside a word as often as after one (don't, o’clock).
        case "a"..."z", "A"..."Z", "0"..."9", " ", "'", "\u{2019}": return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .otherPunctuation, .closePunctuation, .finalPunctuation: return true
        default: return false
        }
    }

    /// The middle of `values` (the lower middle of an even count); 0 for none.
    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[(values.count - 1) / 2]
    }
}
