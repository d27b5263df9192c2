import FolioCore
import FolioDocument
import FolioTerminal

/// Opens `path` for the reader: any error is reported as `folio: FILE: reason` before the
/// terminal is touched, and an encrypted document asks for its password (three tries).
func openReader(path: String, options: Options, trace: TraceLog?) -> Int32 {
    do throws(DocumentError) {
        let document = try Document(path: path, password: options.password)
        var attempts = 0
        while document.needsPassword {
            attempts += 1
            guard attempts <= 3,
                let password = PasswordPrompt.read(prompt: "Password for \(TerminalSafeText.sanitized(path)): ")
            else {
                throw attempts > 3 ? .wrongPassword : .needsPassword
            }
            if try !document.unlock(password: password), attempts < 3 {
                Errors.report("\(path): wrong password, try again")
            }
        }
        let pageCount = try document.pageCount
        guard pageCount > 0 else { throw .cannotOpen("the document has no pages") }
        trace?.record("open pages=\(pageCount)")
        let preference = GraphicsSupport.Preference(rawValue: options.graphics.rawValue) ?? .auto
        let graphics = TerminalProbe.detect(preference: preference)
        trace?.record("probed")
        let session = ReaderSession(
            document: document, path: path, startPage: (options.startPage ?? 1) - 1, graphics: graphics,
            trace: trace)
        do throws(TerminalError) {
            return try session.run()
        } catch {
            Errors.report(error.description)
            return 1
        }
    } catch {
        Errors.report("\(path): \(error.description)")
        return 1
    }
}
