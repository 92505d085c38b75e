// CGio: GIO (file operations: the freedesktop Trash, file monitors) for Swift.
#pragma once
#include <gio/gio.h>
