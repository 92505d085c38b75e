// GtkKit — the one place Flick talks to GLib and GTK at the C level (GObject
// ownership is GObjectKit's, re-exported here).
//
//   GObjectKit       re-exported: GObjectPointer (checked casts), ObjectRef/WeakObjectRef,
//                    CountedRef; `.widget`, `Widget` and WeakObjectRef(widget:) added here
//   SignalSpec       typed signal descriptors + connect()/SignalConnection
//   MainQueueBridge  drains the Dispatch main queue inside the GLib main loop
//   GtkKinds         CountedRef kinds of GTK, GSK, Pango and GIO values (render nodes,
//                    bitsets, attribute lists, resources, settings schemas)
//   Actions          GSimpleAction (stateless or on/off) + accelerators
//   Builder          widgets from .ui files in a registered GResource bundle
//   TickCallback     per-frame callbacks on a widget's frame clock
//   CustomLayout     a widget whose children Swift code sizes and places
//   Accessibility    accessible label/description/shortcuts via the _value API
//
// Threading contract: everything here runs on the main thread, inside the GLib
// main loop; the API is @MainActor. C callbacks re-enter Swift through
// capture-free @convention(c) thunks that assume main-actor isolation.

// Every GTK user owns GObjects: GObjectKit comes with GtkKit.
@_exported import GObjectKit
