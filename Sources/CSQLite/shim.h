#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call; this fixed-signature wrapper can.
// It stops the last connection's close from checkpointing the WAL (a copy and two fsyncs
// per short-lived clawpair process); SQLite's automatic checkpoints still bound the WAL.
static inline int CSQLite_disableCheckpointOnClose(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
