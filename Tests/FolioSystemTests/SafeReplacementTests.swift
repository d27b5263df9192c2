import FolioSystem
import FolioTestSupport
import Foundation
import Glibc
import Testing

/// A folder of its own for each test, removed at the end.
final class ScratchFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "folio-save-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to the file `name` in the folder and returns its path.
    @discardableResult
    func write(_ text: String, to name: String, mode: mode_t = 0o644) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, mode)
        return file
    }

    /// The names in the folder.
    var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
}

func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

func mode(_ path: String) -> mode_t {
    var status = stat()
    stat(path, &status)
    return status.st_mode & 0o7777
}

/// Sets the file's modification time to `seconds` and `nanoseconds` exactly.
func setModified(_ path: String, seconds: Int, nanoseconds: Int) {
    var times = [
        timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds),
    ]
    utimensat(AT_FDCWD, path, &times, 0)
}

/// Appends `text` to the file at `path`: what an incremental update's writer does.
func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    handle.closeFile()
}

/// The fingerprint tells every kind of change apart from the file that was opened.
@Suite struct FileFingerprintTests {
    /// A file bigger than both hashed edges, so that a change between them is in neither.
    static let big = String(repeating: "0123456789abcdef", count: 3 * FileFingerprint.edgeLength / 16)

    @Test func theSameFileHasTheSameFingerprint() throws {
        let folder = try ScratchFolder()
        let file = try folder.write(Self.big, to: "a.pdf")
        #expect(try FileFingerprint.of(path: file) == FileFingerprint.of(path: file))
    }

    @Test func growingChangesTheSize() throws {
        let folder = try ScratchFolder()
        let file = try folder.write(Self.big, to: "a.pdf")
        setModified(file, seconds: 1_000_000, nanoseconds: 5)
        let before = try FileFingerprint.of(path: file)
        try append("x", to: file)
        setModified(file, seconds: 1_000_000, nanoseconds: 5)
        let after = try FileFingerprint.of(path: file)
        #expect(after.size == before.size + 1)
        #expect(after != before)
    }

    @Test func touchingChangesTheTimeToTheNanosecond() throws {
        let folder = try ScratchFolder()
        let file = try folder.write(Self.big, to: "a.pdf")
        setModified(file, seconds: 1_000_000, nanoseconds: 5)
        let before = try FileFingerprint.of(path: file)
        setModified(file, seconds: 1_000_000, nanoseconds: 6)
        let after = try FileFingerprint.of(path: file)
        #expect(after.modifiedNanoseconds == 6)
        #expect(after != before)
    }

    /// Another program's save by rename, with the same bytes and the same time, is another file.
    @Test func aFileRenamedOverItIsAnotherFile() throws {
        let folder = try ScratchFolder()
        let file = try folder.write(Self.big, to: "a.pdf")
        setModified(file, seconds: 1_000_000, nanoseconds: 5)
        let before = try FileFingerprint.of(path: file)
        let copy = try folder.write(Self.big, to: "b.pdf")
        setModified(copy, seconds: 1_000_000, nanoseconds: 5)
        #expect(rename(copy, file) == 0)
        let after = try FileFingerprint.of(path: file)
        #expect(after.inode != before.inode)
        #expect(after.edgeHash == before.edgeHash && after.size == before.size)
        #expect(after != before)
    }

    /// A rewrite in place that keeps size and time (one tick of the clock) changes the hash of
    /// the first or the last 64 KiB.
    @Test(arguments: [0, 3 * FileFingerprint.edgeLength - 1])
    func aRewriteOfTheHeadOrTailChangesTheHash(offset: Int) throws {
        let folder = try ScratchFolder()
        let file = try folder.write(Self.big, to: "a.pdf")
        setModified(file, seconds: 1_000_000, nanoseconds: 5)
        let before = try FileFingerprint.of(path: file)
        let handle = try #require(FileHandle(forUpdatingAtPath: file))
        handle.seek(toFileOffset: UInt64(offset))
        handle.write(Data("#".utf8))
        handle.closeFile()
        setModified(file, seconds: 1_000_000, nanoseconds: 5)
        let after = try FileFingerprint.of(path: file)
        #expect(after.size == before.size && after.inode == before.inode && after.modifiedNanoseconds == 5)
        #expect(after.edgeHash != before.edgeHash)
    }

    @Test func aMissingFileIsAnError() throws {
        let folder = try ScratchFolder()
        #expect(throws: FileSaveError.self) { try FileFingerprint.of(path: folder.path + "/missing.pdf") }
    }
}

/// The safe replacement: the new version or the old one, whole, and the mode kept.
@Suite struct SafeReplacementTests {
    @Test func anAppendedVersionReplacesTheFileAndKeepsItsMode() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("%PDF-1.7 original\n", to: "paper.pdf", mode: 0o640)
        let opened = try FileFingerprint.of(path: file)
        let saved = try SafeReplacement.replace(file, expecting: opened, startingWith: .copyOfOriginal) { path in
            try append("update 1\n", to: path)
        }
        #expect(contents(file) == "%PDF-1.7 original\nupdate 1\n")
        #expect(mode(file) == 0o640)
        #expect(try saved == FileFingerprint.of(path: file))
        #expect(folder.names == ["paper.pdf"])
        // The fingerprint returned is the one to expect next time.
        _ = try SafeReplacement.replace(file, expecting: saved, startingWith: .copyOfOriginal) { path in
            try append("update 2\n", to: path)
        }
        #expect(contents(file) == "%PDF-1.7 original\nupdate 1\nupdate 2\n")
    }

    @Test func anEmptyStartIsWrittenWhole() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("old", to: "notes.json", mode: 0o4755)
        let opened = try FileFingerprint.of(path: file)
        _ = try SafeReplacement.replace(file, expecting: opened, startingWith: .empty) { path in
            try append("new", to: path)
        }
        #expect(contents(file) == "new")
        #expect(mode(file) == 0o4755)
    }

    @Test func aLinkKeepsPointingAtTheReplacedFile() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("old\n", to: "real.pdf")
        #expect(symlink(file, folder.path + "/link.pdf") == 0)
        let opened = try FileFingerprint.of(path: folder.path + "/link.pdf")
        _ = try SafeReplacement.replace(folder.path + "/link.pdf", expecting: opened, startingWith: .copyOfOriginal) {
            path in try append("new\n", to: path)
        }
        var status = stat()
        lstat(folder.path + "/link.pdf", &status)
        #expect(status.st_mode & S_IFMT == S_IFLNK)
        #expect(contents(file) == "old\nnew\n")
    }

    @Test func aFileChangedBeforeTheSaveIsLeftAlone() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("ours\n", to: "paper.pdf")
        let opened = try FileFingerprint.of(path: file)
        try folder.write("theirs, longer\n", to: "paper.pdf")
        var wrote = false
        #expect(throws: FileSaveError.changedByAnotherProgram) {
            try SafeReplacement.replace(file, expecting: opened, startingWith: .copyOfOriginal) { _ in wrote = true }
        }
        #expect(!wrote)
        #expect(contents(file) == "theirs, longer\n")
        #expect(folder.names == ["paper.pdf"])
    }

    /// Another program saves while the new version is being written: the check before the rename
    /// sees it, their version stays and ours is removed.
    @Test func aFileChangedDuringTheSaveIsLeftAlone() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("ours\n", to: "paper.pdf")
        let opened = try FileFingerprint.of(path: file)
        #expect(throws: FileSaveError.changedByAnotherProgram) {
            try SafeReplacement.replace(file, expecting: opened, startingWith: .copyOfOriginal) { path in
                try append("update\n", to: path)
                try folder.write("theirs\n", to: "other.pdf")
                rename(folder.path + "/other.pdf", file)
            }
        }
        #expect(contents(file) == "theirs\n")
        #expect(folder.names == ["paper.pdf"])
    }

    @Test func aFailingWriterLeavesTheFileAlone() throws {
        struct WriterFailure: Error, CustomStringConvertible {
            var description: String { "the update could not be made" }
        }
        let folder = try ScratchFolder()
        let file = try folder.write("ours\n", to: "paper.pdf")
        let opened = try FileFingerprint.of(path: file)
        #expect(throws: FileSaveError.writerFailed("the update could not be made")) {
            try SafeReplacement.replace(file, expecting: opened, startingWith: .copyOfOriginal) {
                path throws(WriterFailure) in
                try? append("half an upd", to: path)
                throw WriterFailure()
            }
        }
        #expect(contents(file) == "ours\n")
        #expect(folder.names == ["paper.pdf"])
    }

    /// A file nobody may write is read-only, for root too.
    @Test func aReadOnlyFileIsNotReplaced() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("ours\n", to: "paper.pdf", mode: 0o444)
        let opened = try FileFingerprint.of(path: file)
        #expect(SafeReplacement.writability(of: file) == .readOnlyFile)
        #expect(throws: FileSaveError.readOnlyFile) {
            try SafeReplacement.replace(file, expecting: opened, startingWith: .copyOfOriginal) { _ in }
        }
        #expect(contents(file) == "ours\n")
        #expect(FileSaveError.readOnlyFile.description == "the file is read-only")
    }

    @Test func aFolderIsNotARegularFile() throws {
        let folder = try ScratchFolder()
        #expect(SafeReplacement.writability(of: folder.path) == .notARegularFile)
    }

    /// A folder the user may not write: the new version cannot be made beside the file. Root may
    /// write any folder, so as root the check runs in a child process that becomes `nobody`.
    @Test func aFileInAFolderTheUserCannotWriteIsNotReplaced() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("ours\n", to: "paper.pdf", mode: 0o666)
        chmod(folder.path, 0o555)
        let path = folder.path
        try await #require(processExitsWith: .success) { [file = file as String, path = path as String] in
            if geteuid() == 0 {
                guard setgid(65534) == 0, setuid(65534) == 0 else { exit(2) }
            }
            guard SafeReplacement.writability(of: file) == .permissionDenied(path) else { exit(3) }
            guard let opened = try? FileFingerprint.of(path: file) else { exit(4) }
            do throws(FileSaveError) {
                _ = try SafeReplacement.replace(file, expecting: opened, startingWith: .copyOfOriginal) { _ in }
                exit(5)
            } catch {
                exit(error == .permissionDenied(path) ? 0 : 6)
            }
        }
        #expect(contents(file) == "ours\n")
        #expect(FileSaveError.permissionDenied(path).description == "no permission to write \(path)")
    }

    @Test func systemErrorsBecomeTheirReasons() {
        #expect(FileSaveError(errno: EROFS, doing: "create a file in", "/mnt") == .readOnlyMount)
        #expect(FileSaveError(errno: ENOSPC, doing: "write", "/tmp/x") == .noSpace)
        #expect(FileSaveError(errno: EDQUOT, doing: "write", "/tmp/x") == .noSpace)
        #expect(FileSaveError(errno: EACCES, doing: "create a file in", "/srv") == .permissionDenied("/srv"))
        #expect(
            FileSaveError(errno: EACCES, doing: "read", "/srv/a.pdf").description
                == "cannot read /srv/a.pdf: Permission denied")
        #expect(
            FileSaveError(errno: EIO, doing: "write", "/tmp/x").description
                == "cannot write /tmp/x: Input/output error")
        #expect(FileSaveError.readOnlyMount.description == "the file is on a read-only file system")
        #expect(FileSaveError.noSpace.description == "no space left on the device")
    }
}

/// The failures a full or read-only file system gives, on a small tmpfs mounted for the test
/// (as root only: mounting needs the privilege).
@Suite(.enabled(if: SmallFileSystem.canMount, "mounting a tmpfs needs root"))
struct FileSystemFailureTests {
    @Test func aFullFileSystemLeavesTheFileAlone() throws {
        let volume = try SmallFileSystem(kilobytes: 256)
        let file = volume.path + "/paper.pdf"
        try Data(repeating: UInt8(ascii: "x"), count: 150 * 1024).write(to: URL(fileURLWithPath: file))
        let opened = try FileFingerprint.of(path: file)
        #expect(throws: FileSaveError.noSpace) {
            try SafeReplacement.replace(file, expecting: opened, startingWith: .copyOfOriginal) { path in
                try append("update", to: path)
            }
        }
        #expect(try FileFingerprint.of(path: file) == opened)
        #expect(volume.names == ["paper.pdf"])
    }

    @Test func aReadOnlyMountIsSaidSo() throws {
        let volume = try SmallFileSystem(kilobytes: 256)
        let file = volume.path + "/paper.pdf"
        try Data("ours\n".utf8).write(to: URL(fileURLWithPath: file))
        let opened = try FileFingerprint.of(path: file)
        try volume.remountReadOnly()
        #expect(SafeReplacement.writability(of: file) == .readOnlyMount)
        #expect(throws: FileSaveError.readOnlyMount) {
            try SafeReplacement.replace(file, expecting: opened, startingWith: .copyOfOriginal) { _ in }
        }
        #expect(contents(file) == "ours\n")
    }
}

/// What a killed save leaves beside the file is removed, and nothing else.
@Suite struct LeftoverTests {
    @Test func temporaryFilesOfAKilledSaveAreRemoved() throws {
        let folder = try ScratchFolder()
        let file = try folder.write("ours\n", to: "paper.pdf")
        try folder.write("half", to: ".paper.pdf.folio-a1B2c3")
        try folder.write("half", to: ".paper.pdf.folio-Zz9Yy8")
        try folder.write("keep", to: ".paper.pdf.folio-toolong")
        try folder.write("keep", to: ".other.pdf.folio-a1B2c3")
        try folder.write("keep", to: "paper.pdf.folio-a1B2c3")
        #expect(SafeReplacement.removeLeftovers(of: file) == 2)
        #expect(
            folder.names == [
                ".other.pdf.folio-a1B2c3", ".paper.pdf.folio-toolong", "paper.pdf", "paper.pdf.folio-a1B2c3",
            ])
    }
}
