#include <sqlite3.h>

// sqlite3_config is variadic, which Swift cannot call: the one setting pokedex changes.
// Memory statistics off: with them on, every allocation SQLite makes takes a global mutex,
// for numbers pokedex never reads.
static inline int pokedex_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
