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
    /// The most steps one match call should take: about three seconds of Swift's `Regex` at
    /// worst on a busy machine (measured: `.*x` against 1,000 `a`s, about 500,000 steps, took
    /// 0.4 s); a search checks its deadline between calls.
    static let stepBudget = 4_000_000.0
    /// The longest `re:` pattern accepted (characters after `re:`).
    static let maximumLength = 1_000
    /// The most open-ended repetitions and backreferences a pattern may have.
    static let maximumDegree = 4
    /// The shortest window a pattern may need: one with a smaller window is refused.
    static let minimumWindow = 32
    /// The most ways (as a power of two) a pattern's bounded repetitions and optional parts may
    /// choose between at one place: `((a?){8}){8}` has 2^64, each tried when a match fails.
    static let maximumChoiceBits = 20.0

    /// The most characters of a line one match call sees.
    let windowLength: Int

    /// The cost of `body` (the pattern after `re:`), or why it is too costly to run.
    static func assess(_ body: String) -> Result<RegexCost, RegexCostError> {
        let length = body.count
        guard length <= maximumLength else { return .failure(.tooLong(length)) }
        var scanner = Scanner(Array(body.unicodeScalars))
        let error = scanner.scan()
        // Extended syntax first: it is why the rest of the reading may be wrong.
        if scanner.isExtended {
            return .failure(.extendedSyntax)
        }
        if let error {
            return .failure(error)
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
            /// How many open-ended repetitions it has inside (at most ``Scanner/degreeCap``).
            var openRepetitions = 0
            /// How many ways its optional parts, bounded repetitions and alike-starting
            /// alternatives choose between, as a power of two.
            var choiceBits = 0.0
            /// The first character of each alternative, lowercased; nil for an alternative that
            /// does not start with a plain character.
            var firstCharacters: [Unicode.Scalar?] = []
            var branchIsEmpty = true
        }

        let scalars: [Unicode.Scalar]
        var position = 0
        /// The open-ended repetitions and backreferences (at most ``degreeCap``).
        var degree = 0
        /// Whether the pattern turns on extended syntax (`(?x)`), where spaces and `#` comments
        /// between an atom and its quantifier are ignored: this reading would miss quantifiers.
        var isExtended = false
        var groups: [Group] = [Group(start: 0)]
        /// The group that just closed, which a quantifier after it repeats.
        var lastClosed: Group?

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        /// Scans the whole pattern; returns what makes it too costly (the first construct that
        /// can take exponential time, or has too many ways to choose), or nil.
        mutating func scan() -> RegexCostError? {
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
                    let startAlike =
                        closed.hasAlternatives
                        && (firsts.contains { $0 == nil } || Set(firsts.compactMap { $0 }).count < firsts.count)
                    closed.hasAmbiguousAlternatives = closed.hasAmbiguousAlternatives || startAlike
                    if startAlike {
                        closed.choiceBits += Self.bits(ofWays: firsts.count)
                    }
                    lastClosed = closed
                    noteAtom(first: nil)
                    groups[groups.count - 1].hasRepetition =
                        groups[groups.count - 1].hasRepetition || closed.hasRepetition
                    groups[groups.count - 1].hasAmbiguousAlternatives =
                        groups[groups.count - 1].hasAmbiguousAlternatives || closed.hasAmbiguousAlternatives
                    groups[groups.count - 1].openRepetitions = Self.capped(
                        groups[groups.count - 1].openRepetitions, plus: closed.openRepetitions)
                    groups[groups.count - 1].choiceBits += closed.choiceBits
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
                        return .exponential(construct)
                    }
                }
                if groups[groups.count - 1].choiceBits > RegexCost.maximumChoiceBits {
                    let start = groups[groups.count - 1].start
                    return .tooManyChoices(String(String.UnicodeScalarView(scalars[start..<position])))
                }
            }
            return nil
        }

        /// A repetition after an atom: whether it is open-ended (or repeats many times).
        struct Quantifier {
            /// The fewest repetitions.
            var least: Int
            /// The most repetitions; nil for no limit.
            var most: Int?
        }

        /// The most ``degree`` counts to: one past the most a pattern may have, so that sums and
        /// products of repetitions nested deep never overflow.
        static let degreeCap = RegexCost.maximumDegree + 1

        /// How many bits choosing between `ways` ways takes (log2, rounded up).
        static func bits(ofWays ways: Int) -> Double {
            ways > 1 ? Double(Int.bitWidth - (ways - 1).leadingZeroBitCount) : 0
        }

        /// `count` plus `more`, at most ``degreeCap``.
        static func capped(_ count: Int, plus more: Int) -> Int {
            min(count, degreeCap) + min(more, degreeCap) >= degreeCap ? degreeCap : count + more
        }

        /// Notes a repetition of the atom that starts at `atomStart`; returns its text when it
        /// can take exponential time.
        private mutating func noteRepetition(_ quantifier: Quantifier, atomStart: Int) -> String? {
            groups[groups.count - 1].hasRepetition = true
            guard let most = quantifier.most, most <= Self.fewRepetitions else {
                degree = Self.capped(degree, plus: 1)
                groups[groups.count - 1].openRepetitions = Self.capped(
                    groups[groups.count - 1].openRepetitions, plus: 1)
                guard let group = lastClosed, group.hasRepetition || group.hasAmbiguousAlternatives else { return nil }
                return String(String.UnicodeScalarView(scalars[group.start..<position]))
            }
            // A bounded repetition chooses how many times (`a{1,8}`: 8 ways, `a?`: 2), and a
            // group repeated a few times multiplies the repetitions and choices inside it.
            let least = min(max(quantifier.least, 0), most)
            groups[groups.count - 1].choiceBits += Self.bits(ofWays: most - least + 1)
            if let group = lastClosed, most > 1 {
                let inner = Self.capped(group.openRepetitions * (most - 1), plus: 0)
                degree = Self.capped(degree, plus: inner)
                groups[groups.count - 1].openRepetitions = Self.capped(
                    groups[groups.count - 1].openRepetitions, plus: inner)
                groups[groups.count - 1].choiceBits += group.choiceBits * Double(most - 1)
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
            var turningOff = false
            while position < scalars.count,
                ":=!>|^-".unicodeScalars.contains(scalars[position]) || scalars[position].properties.isAlphabetic
            {
                let scalar = scalars[position]
                position += 1
                if scalar == "-" { turningOff = true }
                if scalar == "x", !turningOff { isExtended = true }
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
                quantifier = Quantifier(least: scalars[position] == "+" ? 1 : 0, most: nil)
                position += 1
            case "?":
                quantifier = Quantifier(least: 0, most: 1)
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
            return Quantifier(least: Int(lower) ?? 0, most: most)
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
    /// A part (quoted) whose optional parts, bounded repetitions and alike-starting
    /// alternatives choose between more than 2^``RegexCost/maximumChoiceBits`` ways.
    case tooManyChoices(String)
    /// Extended syntax (`(?x)`), which this reading of the pattern cannot follow.
    case extendedSyntax

    /// What a user reads.
    var message: String {
        switch self {
        case .tooLong(let length):
            "too long a regular expression (\(length) characters; at most \(RegexCost.maximumLength))"
        case .exponential(let construct):
            "too costly a regular expression: \(construct) repeats a group that repeats or has alternatives "
                + "that start alike (exponential time)"
        case .tooManyRepetitions(let count):
            count > RegexCost.maximumDegree
                ? "too costly a regular expression: more than \(RegexCost.maximumDegree) open-ended repetitions "
                    + "or backreferences"
                : "too costly a regular expression: \(count) open-ended repetitions or backreferences "
                    + "in a pattern this long"
        case .tooManyChoices(let construct):
            "too costly a regular expression: \(construct) has more than 2^\(Int(RegexCost.maximumChoiceBits)) "
                + "ways to try (optional parts and bounded repetitions)"
        case .extendedSyntax:
            "extended syntax ((?x)) is not supported in searches"
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
