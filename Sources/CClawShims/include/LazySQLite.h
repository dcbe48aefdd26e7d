#ifndef CCLAWSHIMS_LAZY_LIBSQLITE3_H
#define CCLAWSHIMS_LAZY_LIBSQLITE3_H

// SQLite: the gateway registry.

#include "CClawShimsLibrary.h"

#include <sqlite3.h>

/// The functions clawpair calls in libsqlite3: F(return type, name, parameters, arguments), or
/// V(name, parameters, arguments) for one that returns void. LazySQLite.c defines the forwarders.
#define CCLAWSHIMS_LIBSQLITE3_FUNCTIONS(F, V) \
    F(int, sqlite3_bind_blob, (sqlite3_stmt *a0, int a1, const void *a2, int n, void (*a4)(void *)), (a0, a1, a2, n, a4)) \
    F(int, sqlite3_bind_int64, (sqlite3_stmt *a0, int a1, sqlite3_int64 a2), (a0, a1, a2)) \
    F(int, sqlite3_bind_null, (sqlite3_stmt *a0, int a1), (a0, a1)) \
    F(int, sqlite3_bind_text, (sqlite3_stmt *a0, int a1, const char *a2, int a3, void (*a4)(void *)), (a0, a1, a2, a3, a4)) \
    F(int, sqlite3_bind_zeroblob, (sqlite3_stmt *a0, int a1, int n), (a0, a1, n)) \
    F(int, sqlite3_busy_timeout, (sqlite3 *a0, int ms), (a0, ms)) \
    F(int, sqlite3_changes, (sqlite3 *a0), (a0)) \
    F(int, sqlite3_clear_bindings, (sqlite3_stmt *a0), (a0)) \
    F(int, sqlite3_close_v2, (sqlite3 *a0), (a0)) \
    F(const void *, sqlite3_column_blob, (sqlite3_stmt *a0, int iCol), (a0, iCol)) \
    F(int, sqlite3_column_bytes, (sqlite3_stmt *a0, int iCol), (a0, iCol)) \
    F(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *a0, int iCol), (a0, iCol)) \
    F(const unsigned char *, sqlite3_column_text, (sqlite3_stmt *a0, int iCol), (a0, iCol)) \
    F(int, sqlite3_column_type, (sqlite3_stmt *a0, int iCol), (a0, iCol)) \
    F(const char *, sqlite3_errmsg, (sqlite3 *a0), (a0)) \
    F(int, sqlite3_exec, (sqlite3 *a0, const char *sql, int (*callback)(void *, int, char **, char **), void *a3, char **errmsg), (a0, sql, callback, a3, errmsg)) \
    F(int, sqlite3_extended_result_codes, (sqlite3 *a0, int onoff), (a0, onoff)) \
    F(int, sqlite3_file_control, (sqlite3 *a0, const char *zDbName, int op, void *a3), (a0, zDbName, op, a3)) \
    F(int, sqlite3_finalize, (sqlite3_stmt *pStmt), (pStmt)) \
    V(sqlite3_free, (void *a0), (a0)) \
    F(int, sqlite3_open_v2, (const char *filename, sqlite3 **ppDb, int flags, const char *zVfs), (filename, ppDb, flags, zVfs)) \
    F(int, sqlite3_prepare_v3, (sqlite3 *db, const char *zSql, int nByte, unsigned int prepFlags, sqlite3_stmt **ppStmt, const char **pzTail), (db, zSql, nByte, prepFlags, ppStmt, pzTail)) \
    F(int, sqlite3_reset, (sqlite3_stmt *pStmt), (pStmt)) \
    F(int, sqlite3_step, (sqlite3_stmt *a0), (a0)) \
    F(int, sqlite3_wal_checkpoint_v2, (sqlite3 *db, const char *zDb, int eMode, int *pnLog, int *pnCkpt), (db, zDb, eMode, pnLog, pnCkpt)) \
    F(void *, sqlite3_wal_hook, (sqlite3 *a0, int (*a1)(void *, sqlite3 *, const char *, int), void *a2), (a0, a1, a2))

CCLAWSHIMS_LIBSQLITE3_FUNCTIONS(CCLAWSHIMS_DECLARE, CCLAWSHIMS_DECLARE_VOID)

#endif
