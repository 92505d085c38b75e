// CGObject: GLib's object system (GObject, GWeakRef, GType) and GLib's
// reference-counted values (GVariant, GBytes) for Swift. No logic.
#pragma once
#include <glib-object.h>
