/// What a regular expression may cost before it runs. Swift's `Regex` backtracks and cannot be
/// interrupted in the middle of a match, so a search cannot stop one that runs away; instead a
/// pattern is read before it is compiled:
///
/// - One that can take exponential time is refused: a group repeated without bound that itself
///   has a repetition inside (`(a+)+`, `(.*)*x`), or alternatives that can start with the same
///   character (`(a|aa)*b`; `(cat|dog)+` is fine: each try fails on its first character).
/// - The rest cost at most about a power of the length of the text: each open-ended repetition
///   (`*`, `+`, `{n,}`) or backreference can try every length, so `.*.*x` tries on the order of
///   n³ ways on n characters. Their number is the pattern's degree, and ``windowLength`` is the longest run
///   of text one match call is given, so that no call takes more than about ``stepBudget`` steps;
///   a longer line is matched in overlapping windows of that length.
struct RegexCost: Sendable {
    /// The most steps one match call should take: about a second of Swift's `Regex` on a busy
    /// machine (measured: `.*x` against 1,000 `a`s, about 500,000 steps, took 0.4 s).
    static let stepBudget = 4_000_000.0
    /// The longest `re:` pattern accepted (characters after `re:`).
    static let maximumLength = 1_000
    /// The most open-ended repetitions and backreferences a pattern may have.
    static let maximumDegree = 4
    /// The shortest window a pattern may need: one with a smaller window is refused.
    static let minimumWindow = 32

    /// The most characters of a line one match call sees.
    let windowLength: Int

    /// The cost of `body` (the pattern after `re:`), or why it is too costly to run.
    static func assess(_ body: String) -> Result<RegexCost, RegexCostError> {
        let length = body.count
        guard length <= maximumLength else { return .failure(.tooLong(length)) }
        var scanner = Scanner(Array(body.unicodeScalars))
        if let construct = scanner.scan() {
            return .failure(.exponential(construct))
        }
        let degree = scanner.degree
        guard degree <= maximumDegree else { return .failure(.tooManyRepetitions(degree)) }
        // About n^(d+1) / (d+1)! steps for n characters and d repetitions, times the pattern's
        // length for each try.
        var factorial = 1.0
        for factor in 1...(degree + 1) { factorial *= Double(factor) }
        let window = wholeRoot(of: stepBudget * factorial / Double(max(length, 1)), degree: degree + 1)
        guard window >= minimumWindow else { return .failure(.tooManyRepetitions(degree)) }
        return .success(RegexCost(windowLength: window))
    }

    /// Reads a pattern's syntax far enough to find its groups, alternatives, repetitions and
    /// backreferences (classes, escapes and quoted text are passed over).
    private struct Scanner {
        /// What is known of a group (or of the whole pattern) read so far.
        struct Group {
            var start: Int
            var hasRepetition = false
            var hasAlternatives = false
            /// Whether the group, or a group inside it, has alternatives that can start alike.
            var hasAmbiguousAlternatives = false
            /// How many open-ended repetitions it has inside.
            var openRepetitions = 0
            /// The first character of each alternative, lowercased; nil for an alternative that
            /// does not start with a plain character.
            var firstCharacters: [Unicode.Scalar?] = []
            var branchIsEmpty = true
        }

        let scalars: [Unicode.Scalar]
        var position = 0
        var degree = 0
        var groups: [Group] = [Group(start: 0)]
        /// The group that just closed, which a quantifier after it repeats.
        var lastClosed: Group?

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        /// Scans the whole pattern; returns the text of the first construct that can take
        /// exponential time, or nil.
        mutating func scan() -> String? {
            while position < scalars.count {
                let scalar = scalars[position]
                let atomStart = position
                lastClosed = nil
                switch scalar {
                case "\\":
                    scanEscape()
                    noteAtom(first: nil)
                case "[":
                    skipClass()
                    noteAtom(first: nil)
                case "(":
                    if hasPrefix("(?#") {
                        skip(past: ")")
                        continue
                    }
                    groups.append(Group(start: position))
                    position += 1
                    skipGroupOptions()
                    continue
                case ")":
                    position += 1
                    guard groups.count > 1, var closed = groups.popLast() else { continue }
                    if closed.branchIsEmpty { closed.firstCharacters.append(nil) }
                    let firsts = closed.firstCharacters
                    closed.hasAmbiguousAlternatives =
                        closed.hasAmbiguousAlternatives
                        || (closed.hasAlternatives
                            && (firsts.contains { $0 == nil } || Set(firsts.compactMap { $0 }).count < firsts.count))
                    lastClosed = closed
                    noteAtom(first: nil)
                    groups[groups.count - 1].hasRepetition =
                        groups[groups.count - 1].hasRepetition || closed.hasRepetition
                    groups[groups.count - 1].hasAmbiguousAlternatives =
                        groups[groups.count - 1].hasAmbiguousAlternatives || closed.hasAmbiguousAlternatives
                    groups[groups.count - 1].openRepetitions += closed.openRepetitions
                case "|":
                    position += 1
                    groups[groups.count - 1].hasAlternatives = true
                    if groups[groups.count - 1].branchIsEmpty {
                        groups[groups.count - 1].firstCharacters.append(nil)
                    }
                    groups[groups.count - 1].branchIsEmpty = true
                    continue
                default:
                    position += 1
                    let isPlain = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    noteAtom(first: isPlain ? scalar.properties.lowercaseMapping.unicodeScalars.first : nil)
                }
                if let quantifier = scanQuantifier() {
                    if let construct = noteRepetition(quantifier, atomStart: atomStart) {
                        return construct
                    }
                }
            }
            return nil
        }

        /// A repetition after an atom: whether it is open-ended (or repeats many times).
        struct Quantifier {
            /// The most repetitions; nil for no limit.
            var most: Int?
        }

        /// Notes a repetition of the atom that starts at `atomStart`; returns its text when it
        /// can take exponential time.
        private mutating func noteRepetition(_ quantifier: Quantifier, atomStart: Int) -> String? {
            groups[groups.count - 1].hasRepetition = true
            guard let most = quantifier.most, most <= Self.fewRepetitions else {
                degree += 1
                groups[groups.count - 1].openRepetitions += 1
                guard let group = lastClosed, group.hasRepetition || group.hasAmbiguousAlternatives else { return nil }
                return String(String.UnicodeScalarView(scalars[group.start..<position]))
            }
            // A group repeated a few times multiplies the repetitions inside it.
            if let group = lastClosed, most > 1 {
                degree += group.openRepetitions * (most - 1)
                groups[groups.count - 1].openRepetitions += group.openRepetitions * (most - 1)
            }
            return nil
        }

        /// The most times a bounded repetition (`{2,5}`) may repeat a group before it counts as
        /// open-ended.
        static let fewRepetitions = 8

        /// Notes that the current alternative has an atom, starting with `first` when that is a
        /// plain character.
        private mutating func noteAtom(first: Unicode.Scalar?) {
            if groups[groups.count - 1].branchIsEmpty {
                groups[groups.count - 1].branchIsEmpty = false
                groups[groups.count - 1].firstCharacters.append(first)
            }
        }

        private func hasPrefix(_ text: String) -> Bool {
            let prefix = Array(text.unicodeScalars)
            return position + prefix.count <= scalars.count
                && scalars[position..<(position + prefix.count)].elementsEqual(prefix)
        }

        private mutating func skip(past end: Unicode.Scalar) {
            while position < scalars.count, scalars[position] != end { position += 1 }
            position += 1
        }

        /// Passes over `?:`, `?=`, `?<name>` and the like at the start of a group.
        private mutating func skipGroupOptions() {
            guard position < scalars.count, scalars[position] == "?" else { return }
            position += 1
            if position < scalars.count,
                scalars[position] == "<" || scalars[position] == "P" || scalars[position] == "'"
            {
                let isLookBehind =
                    position + 1 < scalars.count && (scalars[position + 1] == "=" || scalars[position + 1] == "!")
                if isLookBehind {
                    position += 2
                    return
                }
                let close: Unicode.Scalar = scalars[position] == "'" ? "'" : ">"
                skip(past: close)
                return
            }
            while position < scalars.count,
                ":=!>|^-".unicodeScalars.contains(scalars[position]) || scalars[position].properties.isAlphabetic
            {
                let scalar = scalars[position]
                position += 1
                if scalar == ":" || scalar == "=" || scalar == "!" || scalar == ">" || scalar == "|" { return }
            }
        }

        /// Passes over an escape; a backreference counts towards the degree.
        private mutating func scanEscape() {
            position += 1
            guard position < scalars.count else { return }
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "1"..."9":
                degree += 1
                while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
            case "k", "g":
                degree += 1
                skipBraced()
            case "p", "P", "x", "u", "N", "o":
                skipBraced()
            case "Q":
                while position < scalars.count, !hasPrefix("\\E") { position += 1 }
                position += 2
            default:
                break
            }
        }

        /// Passes over `{…}`, `<…>` or `'…'` right after an escape letter.
        private mutating func skipBraced() {
            guard position < scalars.count else { return }
            switch scalars[position] {
            case "{": skip(past: "}")
            case "<": skip(past: ">")
            case "'":
                position += 1
                skip(past: "'")
            default: break
            }
        }

        /// Passes over a character class, nested classes and escapes included.
        private mutating func skipClass() {
            var depth = 0
            while position < scalars.count {
                let scalar = scalars[position]
                if scalar == "\\" {
                    position += 2
                    continue
                }
                if scalar == "[" {
                    depth += 1
                    position += 1
                    // A `]` first in a class (after an optional `^`) is a character.
                    if position < scalars.count, scalars[position] == "^" { position += 1 }
                    if position < scalars.count, scalars[position] == "]" { position += 1 }
                    continue
                }
                position += 1
                if scalar == "]" {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }

        /// Reads a quantifier (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, `{,m}`, each optionally
        /// followed by `?` or `+`) at the position, if there is one.
        private mutating func scanQuantifier() -> Quantifier? {
            guard position < scalars.count else { return nil }
            var quantifier: Quantifier
            switch scalars[position] {
            case "*", "+":
                quantifier = Quantifier(most: nil)
                position += 1
            case "?":
                quantifier = Quantifier(most: 1)
                position += 1
            case "{":
                guard let bounds = scanBounds() else { return nil }
                quantifier = bounds
            default:
                return nil
            }
            if position < scalars.count, scalars[position] == "?" || scalars[position] == "+" { position += 1 }
            return quantifier
        }

        /// Reads `{n}`, `{n,}`, `{n,m}` or `{,m}`; nil (and the position unchanged) when the
        /// brace is a plain character.
        private mutating func scanBounds() -> Quantifier? {
            var index = position + 1
            var lower = ""
            var upper: String?
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                lower.unicodeScalars.append(scalars[index])
                index += 1
            }
            if index < scalars.count, scalars[index] == "," {
                index += 1
                var digits = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                    digits.unicodeScalars.append(scalars[index])
                    index += 1
                }
                upper = digits
            }
            guard index < scalars.count, scalars[index] == "}", !lower.isEmpty || upper?.isEmpty == false else {
                return nil
            }
            position = index + 1
            // `{n,}` has no limit; so, as far as cost goes, has a limit too large for an Int.
            let most = upper.map { $0.isEmpty ? nil : Int($0) } ?? Int(lower)
            return Quantifier(most: most)
        }
    }
}

/// Why a regular expression is too costly to run.
enum RegexCostError: Error, Sendable, Equatable {
    /// Longer than ``RegexCost/maximumLength`` characters.
    case tooLong(Int)
    /// A construct (quoted) that can take exponential time.
    case exponential(String)
    /// Too many open-ended repetitions and backreferences (how many).
    case tooManyRepetitions(Int)

    /// What a user reads.
    var message: String {
        switch self {
        case .tooLong(let length):
            "too long a regular expression (\(length) characters; at most \(RegexCost.maximumLength))"
        case .exponential(let construct):
            "too costly a regular expression: \(construct) repeats a group that repeats or has alternatives "
                + "that start alike (exponential time)"
        case .tooManyRepetitions(let count):
            "too costly a regular expression: \(count) open-ended repetitions or backreferences "
                + "(at most \(RegexCost.maximumDegree))"
        }
    }
}

/// The largest whole number whose `n`th power is at most `value` (at least 1, at most
/// `Int32.max`): Newton's method would need `pow`, which the standard library lacks.
private func wholeRoot(of value: Double, degree n: Int) -> Int {
    func power(_ base: Int) -> Double {
        var result = 1.0
        for _ in 0..<n { result *= Double(base) }
        return result
    }
    var low = 1
    var high = Int(Int32.max)
    while low < high {
        let middle = low + (high - low + 1) / 2
        if power(middle) <= value { low = middle } else { high = middle - 1 }
    }
    return low
}
