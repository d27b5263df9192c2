import FolioCore
import Foundation
import Testing

@testable import FolioApp

/// The batch modes' JSON writer: what it escapes, and that Foundation reads back what it wrote.
@Suite struct JSONValueTests {
    @Test func stringsEscapeQuotesBackslashesAndEveryControl() {
        #expect(JSONValue.string("a\"b\\c").text == #""a\"b\\c""#)
        #expect(JSONValue.string("line\nnext\ttab").text == #""line\nnext\ttab""#)
        #expect(JSONValue.string("\u{1B}]0;pwned\u{07}").text == #""\u001b]0;pwned\u0007""#)
        #expect(
            JSONValue.string("\u{00}\u{1F}\u{7F}\u{9B}\u{2028}\u{2029}").text
                == #""\u0000\u001f\u007f\u009b\u2028\u2029""#)
        #expect(JSONValue.string("Isís → 中文 😀").text == "\"Isís → 中文 😀\"")
    }

    @Test func valuesKeepTheirOrderAndReadBack() throws {
        let value = JSONValue.object([
            ("z", .integer(-3)), ("a", .array([.null, .bool(true), .bool(false), .number(72.5)])),
            ("text", .string("\u{1B}[2J\u{9D}x\u{0}")), ("nan", .number(.nan)), ("none", .string(nil)),
        ])
        #expect(
            value.text == #"{"z":-3,"a":[null,true,false,72.5],"text":"\u001b[2J\u009dx\u0000","nan":null,"none":null}"#
        )
        let decoded = try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as? [String: Any]
        #expect(decoded?["text"] as? String == "\u{1B}[2J\u{9D}x\u{0}")
        #expect(value.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
    }

    /// A search hit's box is four numbers to a hundredth of a point, or `null` as a whole when
    /// any coordinate is not finite (the schema types each coordinate a number: a `null` among
    /// them would not validate).
    @Test func rectsWithACoordinateNotFiniteAreNull() {
        let box = TextRect(x0: 72.004, y0: 100.126, x1: 540, y1: 112.5)
        #expect(BatchCommands.rectJSON(box).text == #"{"x0":72.0,"y0":100.13,"x1":540.0,"y1":112.5}"#)
        for value in [Double.nan, .infinity, -.infinity, .greatestFiniteMagnitude] {
            for edge in 0..<4 {
                var edges = [1.0, 2, 3, 4]
                edges[edge] = value
                let rect = TextRect(x0: edges[0], y0: edges[1], x1: edges[2], y1: edges[3])
                #expect(BatchCommands.rectJSON(rect).text == "null", "\(edges)")
            }
        }
    }
}
