import FolioCore
import Testing

/// `LINE:COLUMN:TEXFILE`, read by the rules of `synctex view -i` (TeX Live's `synctex_main.c`,
/// `synctex_view`): the expected values below are those rules applied by hand.
@Suite struct SyncTeXTargetTests {
    @Test(arguments: [
        ("12:0:main.tex", 12, 0, "main.tex"),
        ("3:7:chapters/one.tex", 3, 7, "chapters/one.tex"),
        ("3::main.tex", 3, 0, "main.tex"),
        ("1:0:/abs/path/main.tex", 1, 0, "/abs/path/main.tex"),
        // Everything after the second colon is the file, colons and all; there is no page hint.
        ("5:0:C:/tex/main.tex", 5, 0, "C:/tex/main.tex"),
        ("5:0:2:main.tex", 5, 0, "2:main.tex"),
        ("5:0:./a file.tex", 5, 0, "./a file.tex"),
    ])
    func parses(text: String, line: Int, column: Int, input: String) throws {
        let target = try SyncTeXTarget(parsing: text)
        #expect(target.line == line)
        #expect(target.column == column)
        #expect(target.input == input)
    }

    @Test(arguments: [
        ("main.tex", SyncTeXTargetError.notATarget("main.tex")),
        ("12:main.tex", .notATarget("12:main.tex")),
        ("", .notATarget("")),
        ("0:0:main.tex", .badLine("0:0:main.tex")),
        ("x:0:main.tex", .badLine("x:0:main.tex")),
        (":0:main.tex", .badLine(":0:main.tex")),
        ("-3:0:main.tex", .badLine("-3:0:main.tex")),
        ("3:x:main.tex", .badColumn("3:x:main.tex")),
        ("3:-1:main.tex", .badColumn("3:-1:main.tex")),
        ("3:0:", .noFile("3:0:")),
        ("99999999999999999999:0:main.tex", .badLine("99999999999999999999:0:main.tex")),
    ])
    func refuses(text: String, error: SyncTeXTargetError) {
        #expect(throws: error) { try SyncTeXTarget(parsing: text) }
    }

    @Test func theMessagesNameTheForm() {
        #expect(
            SyncTeXTargetError.notATarget("main.tex").description
                == "'main.tex' is not LINE:COLUMN:TEXFILE (for example 12:0:chapter.tex)")
        #expect(SyncTeXTargetError.badLine("0:0:a.tex").description.contains("number from 1"))
        #expect(SyncTeXTargetError.noFile("3:0:").description == "'3:0:': no TeX file after LINE:COLUMN:")
    }

    @Test func theDescriptionIsTheWireForm() throws {
        let target = try #require(SyncTeXTarget(line: 42, column: 3, input: "dir:with:colons/x.tex"))
        #expect(target.description == "42:3:dir:with:colons/x.tex")
        #expect(try SyncTeXTarget(parsing: target.description) == target)
        #expect(try SyncTeXTarget(parsing: "3::main.tex").description == "3:0:main.tex")
    }

    @Test func partsOutOfRangeMakeNoTarget() {
        #expect(SyncTeXTarget(line: 0, input: "a.tex") == nil)
        #expect(SyncTeXTarget(line: 1, column: -1, input: "a.tex") == nil)
        #expect(SyncTeXTarget(line: 1, input: "") == nil)
    }
}
