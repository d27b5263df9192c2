import FolioCore
import FolioDocument
import FolioState
import FolioSystem
import Foundation
import Glibc

@testable import FolioApp

/// A stand-in for a PDF `Document` in the save pipeline's tests: its file is a fixed base
/// followed by revision blocks, one per incremental update, each listing the ids of every
/// annotation then applied and closed by an end line with its count. A block cut short (a torn
/// file) or out of order is found by ``read(_:)``.
final class FakeAnnotatedDocument: AnnotationWriting {
    /// The file's first bytes, which every version keeps as its prefix (over 64 KiB, so a copy
    /// of the original takes a little while and a kill may land in it).
    static let base = Array(
        ("%FAKE-PDF-1.7\n" + String(repeating: "% filler line of the original file\n", count: 3000)).utf8)

    /// The annotations applied, in order.
    private(set) var annotations: [Annotation]
    /// How many updates the file had when it was read, plus those written since.
    private(set) var revisions: Int
    /// How many times ``apply(_:)`` was called.
    private(set) var applied = 0

    /// A fake file's contents: its revisions' annotation ids.
    struct Contents: Equatable {
        var revisions: [[String]]
        /// The ids in the last revision (none before the first update).
        var ids: [String] { revisions.last ?? [] }
    }

    /// What is wrong with a fake file.
    struct Damage: Error, CustomStringConvertible {
        var description: String
    }

    /// The document as its file at `path` has it.
    init(loading path: String) throws {
        let contents = try Self.read(path)
        annotations = contents.ids.map(Self.annotation)
        revisions = contents.revisions.count
    }

    /// Writes a file holding only the base at `path`.
    static func create(at path: String) throws {
        try Data(base).write(to: URL(fileURLWithPath: path))
    }

    /// The annotation with `id` as the fake stores it (the id says it all).
    static func annotation(_ id: String) -> Annotation {
        Annotation(id: AnnotationID(id), page: 0, kind: .highlight, rect: TextRect(x0: 0, y0: 0, x1: 10, y1: 10))
    }

    /// The fake only appends: its file must begin as a copy of the original.
    var temporaryFileStart: SafeReplacement.Start { .copyOfOriginal }

    func apply(_ change: AnnotationChange) throws(DocumentError) {
        applied += 1
        if case .add(let annotation) = change, annotation.page < 0 { throw .noSuchPage(annotation.page, count: 1) }
        annotations = AnnotationSidecar.applying(change, to: annotations)
    }

    func writeIncrementalUpdate(appendingTo path: String) throws(DocumentError) {
        guard let handle = FileHandle(forWritingAtPath: path) else { throw .permissionDenied }
        defer { handle.closeFile() }
        handle.seekToEndOfFile()
        revisions += 1
        // Several writes, taking a while as MuPDF's do: a kill between them tears only the
        // temporary file.
        handle.write(Data("%%revision \(revisions)\n".utf8))
        for annotation in annotations {
            handle.write(Data("\(annotation.id.value)\n".utf8))
            usleep(100)
        }
        handle.write(Data("%%end \(revisions) \(annotations.count)\n".utf8))
    }

    /// The contents of the fake file at `path`; throws ``Damage`` when it is torn, lacks the
    /// base, or has revisions out of order.
    static func read(_ path: String) throws -> Contents {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.starts(with: base) else { throw Damage(description: "the original bytes are not a prefix") }
        let rest = String(decoding: bytes[base.count...], as: UTF8.self)
        guard rest.isEmpty || rest.hasSuffix("\n") else {
            throw Damage(description: "the file ends in a line cut short")
        }
        var revisions: [[String]] = []
        var open: [String]?
        for line in rest.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("%%revision ") {
                guard open == nil, line == "%%revision \(revisions.count + 1)" else {
                    throw Damage(description: "bad \(line)")
                }
                open = []
            } else if line.hasPrefix("%%end ") {
                guard let ids = open, line == "%%end \(revisions.count + 1) \(ids.count)" else {
                    throw Damage(description: "bad \(line)")
                }
                revisions.append(ids)
                open = nil
            } else {
                guard open != nil, line.hasPrefix("folio-") else { throw Damage(description: "stray \(line)") }
                open?.append(String(line))
            }
        }
        guard open == nil else { throw Damage(description: "revision \(revisions.count + 1) has no end (torn)") }
        return Contents(revisions: revisions)
    }
}
