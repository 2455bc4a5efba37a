#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro over a function-pointer cast, which Swift
// cannot import; binding text and blobs needs it by name.
static inline void (*pantrace_sqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }
static inline void (*pantrace_sqlite_static(void))(void *) { return SQLITE_STATIC; }
