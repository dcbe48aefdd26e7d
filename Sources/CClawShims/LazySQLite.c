// The forwarders of libsqlite3 (include/LazySQLite.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
#include <stdint.h>
#include "LazySQLite.h"
#include "CClawShims.h"

enum { CCLAWSHIMS_LIBSQLITE3_FUNCTIONS(CCLAWSHIMS_SLOT, CCLAWSHIMS_SLOT_VOID) CClawShimsSlot_sqlite3_db_config, slotCount };
static const char *const names[] = {CCLAWSHIMS_LIBSQLITE3_FUNCTIONS(CCLAWSHIMS_NAME, CCLAWSHIMS_NAME_VOID) "sqlite3_db_config"};
static void *_Atomic slots[slotCount];

CClawShims_LazyLibrary CClawShims_libsqlite3 = {
    .soname = "libsqlite3.so.0", .package = "libsqlite3-0", .names = names, .slots = slots, .count = slotCount};

#define CCLAWSHIMS_LIBRARY CClawShims_libsqlite3
CCLAWSHIMS_LIBSQLITE3_FUNCTIONS(CCLAWSHIMS_FORWARD, CCLAWSHIMS_FORWARD_VOID)

// sqlite3_db_config is variadic, which Swift cannot call (and a forwarding definition cannot
// pass on), so this fixed-signature wrapper calls the real one. It stops the last
// connection's close from checkpointing the WAL (a copy and two fsyncs per short-lived
// clawpair process); CClawShims_sqliteTruncateWALAt bounds the WAL instead.
int CClawShims_sqliteDisableCheckpointOnClose(sqlite3 *db) {
    __typeof__(sqlite3_db_config) *configure = CClawShims_function(&CClawShims_libsqlite3, CClawShimsSlot_sqlite3_db_config);
    return configure(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

// SQLite's own automatic checkpoint is passive and never empties the WAL for a process that
// writes once and exits: the next process rebuilds the WAL index as if nothing had been copied
// back, appends, and copies everything back again, so the WAL grows without end and every
// open reads all of it. A truncating checkpoint leaves the next process an empty WAL.
static int truncateWhenLong(void *frames, sqlite3 *db, const char *name, int length) {
    if (length >= (int)(intptr_t)frames) clawpair_sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_TRUNCATE, (int *)0, (int *)0);
    return SQLITE_OK;
}

void CClawShims_sqliteTruncateWALAt(sqlite3 *db, int frames) {
    clawpair_sqlite3_wal_hook(db, truncateWhenLong, (void *)(intptr_t)frames);
}
