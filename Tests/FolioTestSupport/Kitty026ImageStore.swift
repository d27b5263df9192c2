/// kitty 0.26.5's image store (Debian 12's kitty), as far as Folio's commands go, as its
/// `kitty/graphics.c` at tag v0.26.5 has it:
/// - a transmission (`a=t`) under an id it holds replaces that image's data and drops its
///   placements (`handle_add_command`: `find_or_create_image`, then `free_refs_data`);
/// - a placement (`a=p`) of an id it does not hold answers `ENOENT`;
/// - `a=d,d=a` (or no `d`) removes every placement and keeps the images that have ids;
///   `d=i` removes the placements of one id and keeps its data;
/// - any deletion that frees data (an upper-case `d`) frees, after removing the placements it
///   names, *every* image left without a placement, whatever its id: `filter_refs` tests
///   `refcnt == 0 && free_images` for each image, not only the matched ones (fixed upstream in
///   0.38.1, commit 8facaf4fa, with `free_only_matched`).
public struct Kitty026ImageStore: Sendable {
    /// The images held, by id, and whether each is placed.
    public private(set) var placed: [String: Bool] = [:]
    /// The ids placements named that it did not hold (it answered `ENOENT`).
    public private(set) var missing: [String] = []
    /// The ids transmitted in a write and freed by a deletion later in the same write.
    public private(set) var sentAndFreed: [String] = []
    /// How many images were transmitted.
    public private(set) var transmissions = 0

    /// An empty store.
    public init() {}

    /// Carries out one write's `commands` in order.
    public mutating func run(_ commands: [KittyCommand]) {
        var sent: Set<String> = []
        for command in commands {
            let id = command.keys["i"] ?? ""
            switch command.keys["a"] {
            case "t":
                placed[id] = false
                sent.insert(id)
                transmissions += 1
            case "p":
                if placed[id] == nil {
                    missing.append(id)
                } else {
                    placed[id] = true
                }
            case "d":
                let action = command.keys["d"] ?? "a"
                if action == "a" || action == "A" {
                    placed = placed.mapValues { _ in false }
                } else if action == "i" || action == "I" {
                    placed[id] = placed[id].map { _ in false }
                }
                if action.uppercased() == action {
                    placed = placed.filter { $0.value }
                    sentAndFreed += sent.filter { placed[$0] == nil }.sorted()
                    sent = sent.filter { placed[$0] != nil }
                }
            default:
                break
            }
        }
    }
}
