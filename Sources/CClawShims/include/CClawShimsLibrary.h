#ifndef CCLAWSHIMS_LIBRARY_H
#define CCLAWSHIMS_LIBRARY_H

#include <stddef.h>

// Why this exists: linking OpenSSL, SQLite, libpng, libjpeg, libqrencode, Avahi's client library
// and zbar made the dynamic loader map and relocate all of them (and libdbus, libsystemd,
// libgcrypt, X11, … behind them) before main, on every run: milliseconds of CPU that
// `clawpair --version`, `decode` or `browse` never use. Instead each library is opened with
// dlopen when a command first needs it.
//
// How: each Lazy*.h beside this header lists the functions clawpair calls in one library, one
// line per function (an X-macro). From that list the header declares `clawpair_<name>` with
// the type of the library's own `<name>` (__typeof__), and the matching Lazy*.c defines it to
// forward to the real function: a definition whose prototype differs from the library's does
// not compile, and a function that is not listed fails at link time. The prefix keeps the
// library's own names free, so a program that links ClawPairKit and also its own OpenSSL or
// SQLite still gets its own SSL_read and sqlite3_step.
//
// Before the first call into a library, ClawPairKit requires it (System/CLibrary.swift):
// CClawShims_requireLibrary opens it and resolves every listed function, or says why it
// cannot, and Swift throws that as an error. A forwarder reached before its library was
// required is a bug in clawpair: it aborts with a message saying so.

/// The libraries clawpair opens at run time.
typedef enum {
    CClawShims_LibraryCrypto,
    CClawShims_LibrarySSL,
    CClawShims_LibrarySQLite,
    CClawShims_LibraryPNG,
    CClawShims_LibraryJPEG,
    CClawShims_LibraryQREncode,
    CClawShims_LibraryAvahiClient,
    CClawShims_LibraryAvahiCommon,
    CClawShims_LibraryZBar,
    CClawShims_LibrarySodium,
} CClawShims_Library;

/// What opening a library found.
typedef enum {
    /// Open, and every listed function found.
    CClawShims_LibraryReady = 0,
    /// dlopen failed: not installed, or not loadable (`message` has dlerror's reason).
    CClawShims_LibraryNotLoadable = 1,
    /// Open, but a listed function is missing (an older version): `message` names it.
    CClawShims_LibraryIncomplete = 2,
} CClawShims_LibraryStatus;

/// Opens `library` and resolves every function clawpair calls in it, once per process; later
/// calls return at once. Until it has returned CClawShims_LibraryReady, nothing is kept and
/// the library's forwarders must not be called. On failure writes a sentence for the user to
/// `message` ("cannot load libqrencode.so.4 (…)"). Safe to call from several threads.
CClawShims_LibraryStatus CClawShims_requireLibrary(
    CClawShims_Library library, char *message, size_t messageCapacity);

/// What CClawShims_requireLibrary would find if `library` were the file `soname`, which is
/// opened, searched for every listed function and closed again; nothing is kept. For tests,
/// which name a file that is missing or is some other library.
CClawShims_LibraryStatus CClawShims_checkLibrary(
    CClawShims_Library library, const char *soname, char *message, size_t messageCapacity);

/// The name the dynamic loader knows `library` by (`libssl.so.3`).
const char *CClawShims_librarySoname(CClawShims_Library library);

/// The Debian package that installs `library` (`libssl3`).
const char *CClawShims_libraryPackage(CClawShims_Library library);

/// Declares the forwarder of `name` (an entry of a Lazy*.h list) with the type of the
/// library's own declaration.
#define CCLAWSHIMS_DECLARE(ret, name, params, args) extern __typeof__(name) clawpair_##name;
#define CCLAWSHIMS_DECLARE_VOID(name, params, args) extern __typeof__(name) clawpair_##name;

#endif
