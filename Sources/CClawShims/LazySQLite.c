// SQLite: the gateway registry.

#include "LazyLibrary.h"

#include <sqlite3.h>

static CClawShims_LazyLibrary libsqlite3 = {.soname = "libsqlite3.so.0", .package = "libsqlite3-0"};

CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_bind_blob, (sqlite3_stmt *a0, int a1, const void *a2, int n, void (*a4)(void *)), (a0, a1, a2, n, a4))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_bind_int64, (sqlite3_stmt *a0, int a1, sqlite3_int64 a2), (a0, a1, a2))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_bind_null, (sqlite3_stmt *a0, int a1), (a0, a1))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_bind_text, (sqlite3_stmt *a0, int a1, const char *a2, int a3, void (*a4)(void *)), (a0, a1, a2, a3, a4))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_bind_zeroblob, (sqlite3_stmt *a0, int a1, int n), (a0, a1, n))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_busy_timeout, (sqlite3 *a0, int ms), (a0, ms))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_changes, (sqlite3 *a0), (a0))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_clear_bindings, (sqlite3_stmt *a0), (a0))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_close_v2, (sqlite3 *a0), (a0))
CCLAWSHIMS_LAZY(libsqlite3, const void *, sqlite3_column_blob, (sqlite3_stmt *a0, int iCol), (a0, iCol))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_column_bytes, (sqlite3_stmt *a0, int iCol), (a0, iCol))
CCLAWSHIMS_LAZY(libsqlite3, sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *a0, int iCol), (a0, iCol))
CCLAWSHIMS_LAZY(libsqlite3, const unsigned char *, sqlite3_column_text, (sqlite3_stmt *a0, int iCol), (a0, iCol))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_column_type, (sqlite3_stmt *a0, int iCol), (a0, iCol))
CCLAWSHIMS_LAZY(libsqlite3, const char *, sqlite3_errmsg, (sqlite3 *a0), (a0))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_exec, (sqlite3 *a0, const char *sql, int (*callback)(void *, int, char **, char **), void *a3, char **errmsg), (a0, sql, callback, a3, errmsg))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_extended_result_codes, (sqlite3 *a0, int onoff), (a0, onoff))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_file_control, (sqlite3 *a0, const char *zDbName, int op, void *a3), (a0, zDbName, op, a3))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_finalize, (sqlite3_stmt *pStmt), (pStmt))
CCLAWSHIMS_LAZY_VOID(libsqlite3, sqlite3_free, (void *a0), (a0))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_open_v2, (const char *filename, sqlite3 **ppDb, int flags, const char *zVfs), (filename, ppDb, flags, zVfs))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_prepare_v3, (sqlite3 *db, const char *zSql, int nByte, unsigned int prepFlags, sqlite3_stmt **ppStmt, const char **pzTail), (db, zSql, nByte, prepFlags, ppStmt, pzTail))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_reset, (sqlite3_stmt *pStmt), (pStmt))
CCLAWSHIMS_LAZY(libsqlite3, int, sqlite3_step, (sqlite3_stmt *a0), (a0))

// sqlite3_db_config is variadic, which Swift cannot call (and a forwarding definition cannot
// pass on), so this fixed-signature wrapper calls the real one. It stops the last
// connection's close from checkpointing the WAL (a copy and two fsyncs per short-lived
// clawpair process); SQLite's automatic checkpoints still bound the WAL.
int CClawShims_sqliteDisableCheckpointOnClose(sqlite3 *db) {
    static void *_Atomic slot;
    int (*configure)(sqlite3 *, int, ...) = CClawShims_lazyFunction(&slot, &libsqlite3, "sqlite3_db_config");
    return configure(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
