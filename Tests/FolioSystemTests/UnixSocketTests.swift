import FolioSystem
import Foundation
import Glibc
import Testing

/// The socket layer of the remote control: a listening socket's mode, a connection's round
/// trip and peer, deadlines, and the runtime folder's checks.
@Suite struct UnixSocketTests {
    private func deadline(_ milliseconds: Int = 2000) -> Int { MonotonicClock.milliseconds() + milliseconds }

    /// The error number `result` failed with; nil when it succeeded.
    private func failure<Value>(_ result: Result<Value, SystemError>) -> Int32? {
        if case .failure(let failure) = result { return failure.code }
        return nil
    }

    /// Under the usual umask (022) a socket file would be 0755; the mode set on the socket before
    /// `bind` makes it 0600.
    @Test func theSocketIsMode0600FromTheStart() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/1.sock"
        let listener = try UnixSocket.listen(at: path).get()
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
        #expect(status.st_mode & 0o7777 == 0o600)
        _ = listener
    }

    @Test func aLineGoesAndComesBackWithThePeersCredentials() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/2.sock"
        let listener = try UnixSocket.listen(at: path).get()
        let client = try UnixSocket.connect(to: path, deadline: deadline()).get()
        let server = try #require(try listener.accept().get())
        #expect(try listener.accept().get() == nil)
        let peer = try server.peerCredentials().get()
        #expect(peer.userID == getuid())
        #expect(peer.processID == getpid())
        try client.sendAll(Array("page\nrest".utf8), deadline: deadline()).get()
        #expect(try server.receiveLine(limit: 100, deadline: deadline()).get() == Array("page".utf8))
        try server.sendAll(Array("ok\n".utf8), deadline: deadline()).get()
        #expect(try client.receiveLine(limit: 100, deadline: deadline()).get() == Array("ok".utf8))
    }

    @Test func readingPastTheDeadlineOrTheLimitFails() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/3.sock"
        let listener = try UnixSocket.listen(at: path).get()
        let client = try UnixSocket.connect(to: path, deadline: deadline()).get()
        let server = try #require(try listener.accept().get())
        let started = MonotonicClock.milliseconds()
        #expect(failure(server.receiveLine(limit: 100, deadline: deadline(100))) == ETIMEDOUT)
        #expect((100...1000).contains(MonotonicClock.milliseconds() - started))
        try client.sendAll([UInt8](repeating: 65, count: 200), deadline: deadline()).get()
        #expect(failure(server.receiveLine(limit: 100, deadline: deadline())) == EMSGSIZE)
    }

    @Test func aSocketNobodyListensAtRefusesAndAMissingOneIsNotThere() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/4.sock"
        do { _ = try UnixSocket.listen(at: path).get() }
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(
            failure(UnixSocket.connect(to: path, deadline: deadline())) == ECONNREFUSED)
        #expect(
            failure(UnixSocket.connect(to: folder.path + "/5.sock", deadline: deadline())) == ENOENT)
        let long = folder.path + "/" + String(repeating: "x", count: 120)
        #expect(failure(UnixSocket.listen(at: long)) == ENAMETOOLONG)
    }

    @Test func writingToAClosedPeerFailsWithoutSignal() throws {
        let folder = try ScratchFolder()
        let path = folder.path + "/6.sock"
        let listener = try UnixSocket.listen(at: path).get()
        let client = try UnixSocket.connect(to: path, deadline: deadline()).get()
        do { _ = try listener.accept().get() }
        #expect(failure(client.sendAll(Array("page\n".utf8), deadline: deadline())) == EPIPE)
    }

    // MARK: The runtime folder

    @Test func theStandardPathPrefersXDGRuntimeDir() {
        #expect(
            RuntimeFolder.standardPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], userID: 1000)
                == "/run/user/1000/folio")
        #expect(
            RuntimeFolder.standardPath(environment: ["XDG_RUNTIME_DIR": "/run/user/7/"], userID: 7)
                == "/run/user/7/folio")
        #expect(RuntimeFolder.standardPath(environment: ["XDG_RUNTIME_DIR": "relative"], userID: 7) == "/tmp/folio-7")
        #expect(RuntimeFolder.standardPath(environment: [:], userID: 1000) == "/tmp/folio-1000")
    }

    @Test func aMissingFolderIsMade0700AndThenAccepted() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/folio"
        #expect(RuntimeFolder.prepare(at: path, userID: getuid(), creating: false) == .failure(.missing(path)))
        let folder = try RuntimeFolder.prepare(at: path, userID: getuid(), creating: true).get()
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o700)
        #expect(try RuntimeFolder.prepare(at: path, userID: getuid(), creating: true).get() == folder)
        #expect(folder.path(of: "12.sock") == path + "/12.sock")
    }

    @Test func aLooseFolderIsRefusedWithTheReason() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/folio"
        #expect(mkdir(path, 0o700) == 0)
        #expect(chmod(path, 0o755) == 0)
        let refused = RuntimeFolder.prepare(at: path, userID: getuid(), creating: true)
        #expect(refused == .failure(.wrongMode(path, mode: 0o755)))
        #expect(
            RuntimeFolderError.wrongMode(path, mode: 0o755).description
                == "\(path) has mode 755, not 700, so others may have put files in it; remove it and Folio makes it again"
        )
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & 0o7777 == 0o755, "the folder was left as it was")
    }

    @Test func anotherUsersFolderIsRefused() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/folio"
        #expect(mkdir(path, 0o700) == 0)
        let other: uid_t = getuid() == 0 ? 65534 : getuid() + 1
        if getuid() == 0 {
            #expect(chown(path, other, 65534) == 0)
            let refused = RuntimeFolder.prepare(at: path, userID: 0, creating: true)
            #expect(refused == .failure(.ownedByAnotherUser(path, owner: other)))
        }
        // Whoever runs the test: the folder is checked against the user it must belong to.
        let asOther = RuntimeFolder.prepare(at: path, userID: other + 1, creating: false)
        guard case .failure(let problem) = asOther, case .ownedByAnotherUser = problem else {
            Issue.record("\(asOther)")
            return
        }
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect(problem.description.contains("belongs to another user (uid \(status.st_uid)), so it cannot be trusted"))
    }

    @Test func aSymbolicLinkOrAFileIsRefused() throws {
        let scratch = try ScratchFolder()
        let target = scratch.path + "/elsewhere"
        #expect(mkdir(target, 0o700) == 0)
        let link = scratch.path + "/folio"
        #expect(symlink(target, link) == 0)
        #expect(RuntimeFolder.prepare(at: link, userID: getuid(), creating: true) == .failure(.symbolicLink(link)))
        let file = try scratch.write("x", to: "plain")
        #expect(RuntimeFolder.prepare(at: file, userID: getuid(), creating: true) == .failure(.notAFolder(file)))
        #expect(
            RuntimeFolderError.symbolicLink(link).description.hasSuffix(
                "is a symbolic link; remove it, Folio makes a folder there"))
    }

    @Test func theFolderListsItsSockets() throws {
        let scratch = try ScratchFolder()
        let folder = try RuntimeFolder.prepare(at: scratch.path + "/folio", userID: getuid(), creating: true).get()
        let sockets = try ["10.sock", "11.sock"].map { try UnixSocket.listen(at: folder.path(of: $0)).get() }
        try "x".write(toFile: folder.path(of: "notes.txt"), atomically: false, encoding: .utf8)
        #expect(folder.names(endingWith: ".sock").sorted() == ["10.sock", "11.sock"])
        _ = sockets
    }
}
