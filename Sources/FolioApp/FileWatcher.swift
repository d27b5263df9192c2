import FolioCore
import FolioSystem
import FolioTerminal
import Foundation
import Glibc

/// Watches a document's file with inotify and calls back, debounced, when it may have changed.
///
/// The watch is on the file's folder, not the file: editors and LaTeX replace a file by writing
/// another and renaming it over, which a watch on the file itself would lose. Every event that
/// names the file (written, closed after writing, moved in, created, deleted, moved away,
/// attributes changed) counts; the callback runs once events have been quiet for
/// ``quietTime``, so one rebuild makes one reload.
final class FileWatcher: @unchecked Sendable {
    /// How long events must be quiet before the change is reported, in milliseconds.
    static let quietTime: Int32 = 250

    private let descriptor: Int32
    private let stopPipe = WakePipe()
    private let name: String

    /// Starts watching the file at `path` (links resolved); nil when inotify is not available
    /// or the folder cannot be watched. `changed` runs on the watcher's thread.
    init?(path: String, changed: @escaping @Sendable () -> Void) {
        let resolved = Self.resolved(path)
        guard let slash = resolved.lastIndex(of: "/") else { return nil }
        let folder = slash == resolved.startIndex ? "/" : String(resolved[..<slash])
        name = String(resolved[resolved.index(after: slash)...])
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        let mask =
            UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
            | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB)
        guard inotify_add_watch(descriptor, FileSystemName.cString(folder), mask) >= 0 else {
            close(descriptor)
            return nil
        }
        let thread = Thread { [self] in watch(changed) }
        thread.name = "folio.watch"
        thread.start()
    }

    /// Stops watching: the thread ends. A callback already running, or one whose quiet time
    /// ran out just as this was called, still finishes; the session closes its mailbox, so
    /// what it posts then is dropped.
    func stop() {
        stopPipe.wake()
    }

    deinit {
        close(descriptor)
    }

    /// The watcher thread's loop (it holds the watcher until it returns, after ``stop()``).
    private func watch(_ changed: @Sendable () -> Void) {
        var pending = false
        while true {
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopPipe.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let polled = SystemCall.retryingInterrupts { poll(&descriptors, 2, pending ? Self.quietTime : -1) }
            guard case .success(let ready) = polled, descriptors[1].revents == 0 else { return }
            if ready == 0 {
                pending = false
                changed()
                continue
            }
            if readEvents() {
                pending = true
            }
        }
    }

    /// Reads the queued events; returns whether one of them names the watched file.
    private func readEvents() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16384)
        var named = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return named }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes {
                    Int($0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self).len)
                }
                let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
                if FileSystemName.decode(Array(nameBytes)) == name {
                    named = true
                }
                offset += header + length
            }
        }
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(FileSystemName.cString(path), nil) else { return path }
        defer { free(real) }
        return FileSystemName.decode(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }
}
