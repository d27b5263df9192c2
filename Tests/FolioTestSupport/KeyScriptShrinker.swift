/// Shrinks a failing key script to a short one that still fails: delta debugging (Zeller's
/// ddmin) over the steps, then single steps left out one at a time.
///
/// In-process, for failures that are values (a broken invariant); a trap cannot be shrunk here,
/// since it ends the process: `scripts/torture --keys` shrinks those with one process per
/// candidate.
public enum KeyScriptShrinker {
    /// The shortest script found, made of `steps` in order, for which `fails` holds; `steps`
    /// must fail. `fails` is tried at most `budget` times.
    public static func shrink(
        _ steps: [KeyScriptStep], budget: Int = 2000, fails: ([KeyScriptStep]) -> Bool
    ) -> [KeyScriptStep] {
        var current = steps
        var tries = 0
        var chunks = 2
        while current.count >= 2 && tries < budget {
            let size = (current.count + chunks - 1) / chunks
            var reduced = false
            var start = 0
            while start < current.count && tries < budget {
                var candidate = current
                candidate.removeSubrange(start..<min(start + size, current.count))
                tries += 1
                if fails(candidate) {
                    current = candidate
                    chunks = max(chunks - 1, 2)
                    reduced = true
                    break
                }
                start += size
            }
            if !reduced {
                if chunks >= current.count { break }
                chunks = min(chunks * 2, current.count)
            }
        }
        return current
    }
}
