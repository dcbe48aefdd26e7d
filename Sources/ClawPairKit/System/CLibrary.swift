internal import CClawShims

/// A C library that clawpair opens when a command first needs it instead of linking it
/// (CClawShims/include/CClawShimsLibrary.h), and the one way Swift opens one.
///
/// Every entry point that calls into a library calls ``require()`` first: creating a TLS
/// context, opening an SQLite connection, decoding a PNG or JPEG, encoding a QR code,
/// starting mDNS operations, creating a zbar scanner. It opens the library and resolves
/// every function clawpair calls in it, once per process, or throws an environment error
/// (exit 7) that names the Debian package to install. A `clawpair_*` function called
/// without that is a bug in clawpair, and aborts.
package struct CLibrary: Sendable {
    package static let libcrypto = CLibrary(CClawShims_LibraryCrypto)
    package static let libssl = CLibrary(CClawShims_LibrarySSL)
    package static let libsqlite3 = CLibrary(CClawShims_LibrarySQLite)
    package static let libpng = CLibrary(CClawShims_LibraryPNG)
    package static let libjpeg = CLibrary(CClawShims_LibraryJPEG)
    package static let libqrencode = CLibrary(CClawShims_LibraryQREncode)
    package static let libavahiClient = CLibrary(CClawShims_LibraryAvahiClient)
    package static let libavahiCommon = CLibrary(CClawShims_LibraryAvahiCommon)
    /// The NaCl box of the Cloudflare Access session transfer.
    package static let libsodium = CLibrary(CClawShims_LibrarySodium)
    /// zbar keeps the code it had before it was opened this way: scripts may match it.
    package static let libzbar = CLibrary(CClawShims_LibraryZBar, code: .zbarUnavailable)

    /// Room for "cannot load <soname> (<dlerror's reason>)".
    private static let messageCapacity = 512

    private let library: CClawShims_Library
    /// The code of the error thrown when the library cannot be used.
    let code: ClawPairError.Code

    private init(_ library: CClawShims_Library, code: ClawPairError.Code = .libraryUnavailable) {
        self.library = library
        self.code = code
    }

    /// The name the dynamic loader knows it by (`libssl.so.3`).
    var soname: String { String(cString: CClawShims_librarySoname(library)) }

    /// The Debian package that installs it (`libssl3`).
    var package: String { String(cString: CClawShims_libraryPackage(library)) }

    /// Opens the library and resolves every function clawpair calls in it; after the first
    /// success this only checks a flag. Throws ``code`` (category environment) with
    /// "cannot load <soname> (…)" and "install it: apt-get install <package>", or with
    /// "<soname> has no function …" when the installed version is too old.
    package func require() throws(ClawPairError) {
        try outcome { CClawShims_requireLibrary(library, $0, $1) }
    }

    /// What ``require()`` would throw if the library were the file `soname`, which is opened,
    /// checked and closed again; nothing is kept. For tests, which name a missing file or
    /// another library.
    package func check(soname: String) throws(ClawPairError) {
        try outcome { CClawShims_checkLibrary(library, soname, $0, $1) }
    }

    /// ``require()`` for the few APIs that cannot throw (``SHA256/hash(_:)``): a library that
    /// cannot be opened stops the process there, with the error's message. clawpair's own
    /// commands have always required the library before they reach one of those.
    func requireOrTrap() {
        do {
            try require()
        } catch {
            preconditionFailure("\(error)")
        }
    }

    private func outcome(
        _ open: (UnsafeMutablePointer<CChar>, Int) -> CClawShims_LibraryStatus
    ) throws(ClawPairError) {
        let (status, message) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Self.messageCapacity) { buffer in
            buffer.initialize(repeating: 0)
            let status = open(buffer.baseAddress!, buffer.count)
            return (status, status == CClawShims_LibraryReady ? "" : String(cString: buffer.baseAddress!))
        }
        if status == CClawShims_LibraryReady { return }
        let remedy = status == CClawShims_LibraryIncomplete
            ? "install a current \(package): apt-get install \(ShellQuoting.quote(package))"
            : "install it: apt-get install \(ShellQuoting.quote(package))"
        throw ClawPairError(code, message, remedy: remedy)
    }
}
