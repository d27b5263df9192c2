import FolioCore
import FolioGraphics
import FolioTerminal
import Glibc
import Testing

/// The probe measures the terminal it talks to, whatever standard output is.
@Suite struct WindowGeometryTests {
    /// A pseudo-terminal of 123×37 cells on a 984×629-pixel text area (8×17-pixel cells), as
    /// xterm reports through TIOCGWINSZ.
    @Test func readsCellsAndPixelsFromTheGivenTerminal() throws {
        // posix_openpt and friends are hidden from Swift (and the ioctl numbers are macros Swift
        // cannot import): these are what they do on Linux, with the generic ioctl encoding.
        let unlockRequest = UInt(1 << 30 | 4 << 16 | 0x54 << 8 | 0x31)  // TIOCSPTLCK, _IOW('T', 0x31, int)
        let numberRequest = UInt(2 << 30 | 4 << 16 | 0x54 << 8 | 0x30)  // TIOCGPTN, _IOR('T', 0x30, unsigned)
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        try #require(ioctl(master, unlockRequest, &unlock) == 0)
        try #require(ioctl(master, numberRequest, &number) == 0)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        defer { close(terminal) }
        // A `struct winsize` (rows, columns, width and height in pixels), laid out by hand: which
        // C module owns the struct depends on which imported it first.
        var size: [UInt16] = [37, 123, 984, 629]
        let status = size.withUnsafeMutableBytes { ioctl(terminal, UInt(TIOCSWINSZ), $0.baseAddress!) }
        try #require(status == 0)

        let geometry = TerminalProbe.windowGeometry(of: terminal)
        #expect(geometry.cells.columns == 123)
        #expect(geometry.cells.rows == 37)
        #expect(geometry.pixels == PixelSize(width: 984, height: 629))

        // `folio --diagnose > FILE` in that terminal: the cell size is measured, not assumed.
        let support = GraphicsSupport.decide(
            replies: TerminalReplies(), ioctlPixels: geometry.pixels, cells: geometry.cells,
            environment: [:], preference: .sixel)
        #expect(support.cellPixels == PixelSize(width: 8, height: 17))
    }

    @Test func aFileIsNoTerminal() {
        let file = open("/dev/null", O_RDONLY)
        defer { close(file) }
        let geometry = TerminalProbe.windowGeometry(of: file)
        #expect(geometry.cells.columns == 0 && geometry.cells.rows == 0)
        #expect(geometry.pixels == PixelSize(width: 0, height: 0))
    }
}
