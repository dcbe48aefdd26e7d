// The forwarders of libsqlite3 (include/LazySQLite.h lists them; LazyLibrary.h says how).

#include "LazyLibrary.h"
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
// clawpair process); SQLite's automatic checkpoints still bound the WAL.
int CClawShims_sqliteDisableCheckpointOnClose(sqlite3 *db) {
    __typeof__(sqlite3_db_config) *configure = CClawShims_function(&CClawShims_libsqlite3, CClawShimsSlot_sqlite3_db_config);
    return configure(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
