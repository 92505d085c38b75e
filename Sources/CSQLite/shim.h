// CSQLite: the sqlite3 C library for Swift. Typed stand-ins for macros only.
#pragma once
#include <sqlite3.h>

/// SQLITE_TRANSIENT: sqlite copies the bound bytes before the call returns.
static inline sqlite3_destructor_type flick_sqlite_transient(void) { return SQLITE_TRANSIENT; }
