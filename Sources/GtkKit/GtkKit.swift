// GtkKit — the one place Flick talks to GLib and GTK at the C level.
//
//   GObjectPointer   casts between the pointer shapes GTK imports as (checked in debug builds)
//   SignalSpec       typed signal descriptors + connect()/SignalConnection
//   MainQueueBridge  drains the Dispatch main queue inside the GLib main loop
//   ObjectRef        owning and weak GObject references (no ref/unref pairs by hand)
//   Actions          GSimpleAction (stateless or on/off) + accelerators
//   Builder          widgets from .ui files in a registered GResource bundle
//   TickCallback     per-frame callbacks on a widget's frame clock
//   CustomLayout     a widget whose children Swift code sizes and places
//   Accessibility    accessible label/description/shortcuts via the _value API
//
// Threading contract: everything here runs on the main thread, inside the GLib
// main loop; the API is @MainActor. C callbacks re-enter Swift through
// capture-free @convention(c) thunks that assume main-actor isolation.
