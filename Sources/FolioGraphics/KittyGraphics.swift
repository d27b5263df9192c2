/// The kitty graphics protocol's commands (`ESC _ G keys ; payload ESC \`), as kitty's
/// `graphics-protocol.rst` defines them: an image is transmitted once under an id, then placed,
/// moved and cropped by id without sending its pixels again.
public enum KittyGraphics {
    /// The most base64 a chunk of a direct transmission carries (the protocol's limit).
    public static let chunkSize = 4096

    /// The query that tells whether the terminal speaks the protocol: a 1×1 RGB image with id
    /// 31, queried (`a=q`), not stored. A terminal that does answers `ESC _ G i=31;OK ESC \`
    /// before its reply to the DA1 query written after it.
    public static let supportQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// The id ``supportQuery`` asks about.
    public static let supportQueryID = 31
    /// The id ``temporaryFileQuery(path:)`` asks about.
    public static let temporaryFileQueryID = 32

    /// The query that tells whether the terminal reads image files Folio writes (it runs on
    /// this machine): the 1×1 RGB image in the temporary file at `path` (`t=t`), queried. A
    /// terminal that can answers `OK` (and deletes the file); over ssh it answers an error.
    public static func temporaryFileQuery(path: String) -> String {
        "\u{1B}_Gi=\(temporaryFileQueryID),s=1,v=1,a=q,t=t,f=24;"
            + String(decoding: Base64.encode(Array(path.utf8)), as: UTF8.self) + "\u{1B}\\"
    }

    /// Transmits `png` under `id` without showing it (`a=t`, `f=100`), directly in base64 chunks
    /// of at most ``chunkSize`` bytes (`t=d`, `m=1` on all but the last), quietly (`q=2`: the
    /// placement that follows reports a missing image).
    public static func transmit(png: [UInt8], id: UInt32) -> [UInt8] {
        chunked(png, firstKeys: "a=t,f=100,t=d,i=\(id),q=2")
    }

    /// Transmits `png` and shows it at the cursor at once (`a=T`), with no id, the cursor moved
    /// past it as after text: for writing pages one after another (`folio --image`). With
    /// `cells`, it is scaled to that many columns and rows.
    public static func display(png: [UInt8], cells: (columns: Int, rows: Int)?) -> [UInt8] {
        let size = cells.map { ",c=\($0.columns),r=\($0.rows)" } ?? ""
        return chunked(png, firstKeys: "a=T,f=100,t=d\(size),q=2")
    }

    /// `png` in base64 chunks of at most ``chunkSize`` bytes, the first with `firstKeys`.
    private static func chunked(_ png: [UInt8], firstKeys: String) -> [UInt8] {
        let payload = Base64.encode(png)
        var output: [UInt8] = []
        output.reserveCapacity(payload.count + payload.count / chunkSize * 16 + 64)
        var start = 0
        repeat {
            let end = min(start + chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let keys = start == 0 ? "\(firstKeys),m=\(more)" : "m=\(more),q=2"
            output += command(keys, payload: payload[start..<end])
            start = end
        } while start < payload.count
        return output
    }

    /// Transmits the PNG file at `path` under `id` (`t=t`): the terminal reads it and deletes it,
    /// so no pixels go through the terminal's input. Only for a terminal on this machine, and
    /// only a file in a temporary folder whose name contains `tty-graphics-protocol`.
    public static func transmit(temporaryFile path: String, id: UInt32) -> [UInt8] {
        command("a=t,f=100,t=t,i=\(id),q=2", payload: Base64.encode(Array(path.utf8))[...])
    }

    /// Places `source` (pixels of image `id`) with its top-left corner at the cursor, as
    /// placement 1 of the image (placing it again moves or re-crops it without flicker), the
    /// cursor left where it is (`C=1`). With `cells`, the crop is scaled to exactly that many
    /// columns and rows, so a wrong guess of the cell size cannot make it cover the status line.
    /// Errors are reported (`q=1`): an evicted image answers `ENOENT`.
    public static func place(id: UInt32, source: PixelRect, cells: (columns: Int, rows: Int)?) -> [UInt8] {
        var keys = "a=p,i=\(id),p=1,x=\(source.x),y=\(source.y),w=\(source.width),h=\(source.height)"
        if let cells {
            keys += ",c=\(cells.columns),r=\(cells.rows)"
        }
        return command(keys + ",C=1,q=1", payload: [][...])
    }

    /// Removes every placement on screen, keeping the images for placing again (`d=a`).
    public static let deletePlacements = command("a=d,d=a,q=2", payload: [][...])

    /// Removes image `id` and frees its data in the terminal (`d=I`). kitty before 0.38.1 frees
    /// every image without a placement with it, whatever its id: for leaving, not for making room.
    public static func delete(id: UInt32) -> [UInt8] {
        command("a=d,d=I,i=\(id),q=2", payload: [][...])
    }

    /// One command: `ESC _ G`, the keys, `;` and the payload when there is one, `ESC \`.
    private static func command(_ keys: String, payload: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")] + Array(keys.utf8)
        if !payload.isEmpty {
            output.append(UInt8(ascii: ";"))
            output += payload
        }
        return output + [0x1B, UInt8(ascii: "\\")]
    }
}
