// GObjectKit — ownership of GLib's reference-counted objects, below every
// library that hands Flick such objects (GTK, GStreamer, GIO).
//
//   GObjectPointer   any pointer to a GObject instance, whatever shape Swift imported it as;
//                    checked casts (debug builds) through GTypeLookup
//   ObjectRef        an owning GObject reference: released in deinit, floating ones sunk
//   WeakObjectRef    a GWeakRef: nil once the object is finalized
//   CountedRef       an owning reference to a counted value that is not a GObject, typed by
//                    its kind (ReferenceCounted): VariantRef, BytesRef here; GTK's, GIO's and
//                    Pango's kinds in GtkKit, GStreamer's mini objects in FlickMedia
//
// Nothing outside these types calls a `*_ref`/`*_unref` by hand: a C call
// that returns a reference the caller owns (`transfer full`) is adopted with
// `taking:`, one that lends it (`transfer none`) is kept with `retaining:`,
// and a C call that takes one over is given `passRetained()`.
//
// Threading contract: none of its own. A reference is released where its
// last Swift owner goes; GTK's objects only ever on the main thread,
// GStreamer's on the thread that owns them (the player's queue).
