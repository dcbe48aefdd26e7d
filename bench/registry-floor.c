// The floor for `clawpair gateways list` (bench/registry): the time the system's SQLite
// library itself needs to open the registry and step through the rows and columns the listing
// reads (GatewayRegistry+Listing.swift: the same statements, in the same order, in one read
// transaction over a memory-mapped file, every column fetched), with nothing built from them.
//
//     cc -O2 bench/registry-floor.c -lsqlite3 -o registry-floor
//     registry-floor REGISTRY ROUNDS [nomutex]   one line per round: microseconds, in-process
//
// By default SQLite as it comes: sqlite3_open_v2's serialized mode, a mutex around every
// call. `nomutex` opens as clawpair does (SQLITE_OPEN_NOMUTEX: one thread per connection),
// which takes about a third off.
//
// Keep the statements in step with the listing's when it changes.
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const statements[] = {
    "SELECT count(*) FROM entries",
    "SELECT entry_id FROM bolts",
    "SELECT entry_id FROM pins",
    "SELECT entry_id, role, scopes FROM device_tokens",
    "SELECT entry_id FROM focus WHERE slot = 1",
    "SELECT id, kind, name, host, port, tls, context_path, proven_route, last_connected_at_ms FROM entries ORDER BY created_order",
};

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

// Fetches every column of every row the way the listing does (text as bytes, integers as
// integers); the sum keeps the compiler from dropping the reads.
static long step_all(sqlite3 *db, const char *sql) {
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) {
        fprintf(stderr, "registry-floor: %s: %s\n", sql, sqlite3_errmsg(db));
        exit(2);
    }
    long sum = 0;
    while (sqlite3_step(statement) == SQLITE_ROW) {
        int columns = sqlite3_column_count(statement);
        for (int i = 0; i < columns; i++) {
            if (sqlite3_column_type(statement, i) == SQLITE_INTEGER) {
                sum += sqlite3_column_int64(statement, i);
            } else {
                const unsigned char *text = sqlite3_column_text(statement, i);
                sum += text ? text[0] + sqlite3_column_bytes(statement, i) : 0;
            }
        }
    }
    sqlite3_finalize(statement);
    return sum;
}

int main(int argc, char **argv) {
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: registry-floor REGISTRY ROUNDS [nomutex]\n");
        return 2;
    }
    int rounds = atoi(argv[2]);
    int flags = SQLITE_OPEN_READONLY | (argc == 4 && strcmp(argv[3], "nomutex") == 0 ? SQLITE_OPEN_NOMUTEX : 0);
    long sum = 0;
    for (int round = 0; round < rounds; round++) {
        double start = now_us();
        sqlite3 *db;
        if (sqlite3_open_v2(argv[1], &db, flags, NULL) != SQLITE_OK) {
            fprintf(stderr, "registry-floor: cannot open %s\n", argv[1]);
            return 2;
        }
        // As the listing reads: memory-mapped (listingMapBytes), in one read transaction.
        sqlite3_exec(db, "PRAGMA mmap_size = 268435456", NULL, NULL, NULL);
        sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
        for (size_t i = 0; i < sizeof statements / sizeof *statements; i++) sum += step_all(db, statements[i]);
        sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
        sqlite3_close(db);
        printf("%.1f\n", now_us() - start);
    }
    return sum == 42;  // never: only uses the sum
}
