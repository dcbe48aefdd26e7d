#ifndef CCLAWSHIMS_H
#define CCLAWSHIMS_H
#include <stddef.h>
#include <stdint.h>

// The forwarders of the libraries clawpair opens at run time, all named clawpair_<name>
// (CClawShimsLibrary.h says why and how).
#include "CClawShimsLibrary.h"
#include "LazyAvahiCommon.h"
#include "LazyCrypto.h"
#include "LazyAvahiClient.h"
#include "LazyJPEG.h"
#include "LazyPNG.h"
#include "LazyQREncode.h"
#include "LazySQLite.h"
#include "LazySSL.h"
#include "LazySodium.h"
#include "LazyZBar.h"

// C that Swift cannot express. Every symbol is prefixed CClawShims_.

// MARK: Prefetch
//
// Why this exists: Swift has no way to ask for memory ahead of its use. The registry listing
// looks up thousands of ids in a hash table whose slots are scattered; asking for the slot of
// the lookup a few places ahead lets those cache misses overlap (EntryStateTable).

/// A hint that `address` will be read soon; it never faults, whatever the address.
static inline void CClawShims_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

// MARK: JPEG
//
// Why this exists: libjpeg reports a corrupt or truncated file through error_exit, whose
// default implementation prints and ends the process. A library must not end its host, and the
// only way out of error_exit is longjmp, which Swift cannot do. These functions install a
// handler that longjmps back to them and turn the failure into a status and a message.
// Remove them if libjpeg ever gains an error-code API.

/// What a CClawShims_jpeg* call found.
typedef enum {
    CClawShims_JPEGStatusOK = 0,
    /// libjpeg rejected the data; `message` says why.
    CClawShims_JPEGStatusCorrupt = 1,
    /// The data ended before the image did.
    CClawShims_JPEGStatusTruncated = 2,
    /// The image is larger than the caller's buffer allows; nothing was decoded.
    CClawShims_JPEGStatusTooLarge = 3,
    /// A CMYK/YCCK JPEG, which libjpeg cannot turn into grey.
    CClawShims_JPEGStatusUnsupportedColor = 4,
} CClawShims_JPEGStatus;

/// Reads the JPEG header of `data`, reports the image size in `width` and `height`, and
/// with `pixels` NULL stops there, allocating no raster. Otherwise decodes to 8-bit grey,
/// row-major, into `pixels`, but refuses with CClawShims_JPEGStatusTooLarge, before libjpeg
/// allocates anything for the image, unless width × height equals `pixelCapacity`: call it
/// once without a buffer, check the size, allocate, then call it with the buffer.
CClawShims_JPEGStatus CClawShims_jpegDecodeGray(
    const uint8_t *data, size_t size,
    uint32_t *width, uint32_t *height,
    uint8_t *pixels, size_t pixelCapacity,
    char *message, size_t messageCapacity);
/* ==== TLS (OpenSSL) shims: begin ================================================== */
/* OpenSSL macros that Swift cannot import. The handles are declared as incomplete structs
 * (as OpenSSL itself does), so this header needs no OpenSSL include and Swift sees them as
 * the same OpaquePointer it gets from COpenSSL. Each can go once OpenSSL makes it a function
 * (or Swift imports function-like macros). */
struct ssl_st;
struct ssl_ctx_st;
struct bio_st;

/* SSL_set_tlsext_host_name is a macro over SSL_ctrl(SSL_CTRL_SET_TLSEXT_HOSTNAME) that also
 * casts away const. Returns 1 on success. */
int CClawShims_SSL_set_tlsext_host_name(struct ssl_st *ssl, const char *name);

/* SSL_CTX_set_min_proto_version is a macro over SSL_CTX_ctrl. `version` is e.g.
 * TLS1_2_VERSION. Returns 1 on success. */
int CClawShims_SSL_CTX_set_min_proto_version(struct ssl_ctx_st *context, int version);

/* BIO_set_mem_eof_return is a macro over BIO_ctrl: what a drained memory BIO returns on
 * read. 0 means "end of stream" (the TCP peer closed); the default -1 means "retry". */
void CClawShims_BIO_set_mem_eof_return(struct bio_st *bio, int value);

/* SSL_get_ex_new_index is a macro over CRYPTO_get_ex_new_index(CRYPTO_EX_INDEX_SSL, ...):
 * a slot in every SSL object for per-connection data (here: where the verify callback
 * records what it saw). */
int CClawShims_SSL_get_ex_new_index(void);

/* SSL_OP_NO_RENEGOTIATION is built by the function-like macro SSL_OP_BIT, which Swift does
 * not import. Refusing TLS 1.2 renegotiation keeps reads from ever needing to write. */
void CClawShims_SSL_CTX_refuse_renegotiation(struct ssl_ctx_st *context);
/* XN_FLAG_RFC2253 is an OR of other macros that Swift does not import: the flags for
 * X509_NAME_print_ex that print a name as RFC 2253 (`CN=gateway.test,O=Example`). */
unsigned long CClawShims_XN_FLAG_RFC2253(void);
/* ==== TLS (OpenSSL) shims: end ==================================================== */

/* ==== SQLite shims ================================================================ */
struct sqlite3;

/* Turns off the checkpoint that the last connection's close would run (SQLITE_DBCONFIG_
 * NO_CKPT_ON_CLOSE through the variadic sqlite3_db_config). Returns SQLITE_OK on success. */
int CClawShims_sqliteDisableCheckpointOnClose(struct sqlite3 *db);
/* After a commit that leaves `frames` pages or more in the WAL, checkpoints it and truncates
 * it to nothing (SQLITE_CHECKPOINT_TRUNCATE, through sqlite3_wal_hook; this replaces
 * SQLite's passive automatic checkpoint). A checkpoint other connections keep busy is left
 * for a later commit. */
void CClawShims_sqliteTruncateWALAt(struct sqlite3 *db, int frames);

#endif
