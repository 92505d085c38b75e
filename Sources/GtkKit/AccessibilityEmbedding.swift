import CGtk
import Glibc

/// Tells when the AT-SPI registry has embedded this process's application,
/// the moment from which a screen reader can resolve its objects.
///
/// GTK 4.8 embeds the application asynchronously (`Socket.Embed`); a
/// screen reader that was already running sees every event sent before
/// then as coming from a dead object and drops it, so a window that opens
/// and takes its first focus at once is never heard (docs/orca-findings.md,
/// "Flick started while Orca runs"). The registry announces the embedding
/// as `ChildrenChanged("add")` on its desktop, naming the application's
/// bus name; this watches for one whose process is this one.
///
///     registry ──ChildrenChanged(add, app)──▶ AccessibilityEmbedding
///              ──app's pid == ours──▶ onEmbedded (main thread, once)
///
/// Nothing here waits for a time: the registry's own signal is the trigger.
/// Without an accessibility bus (none on the session) it does nothing.
@MainActor
public final class AccessibilityEmbedding {
    private let connection: ObjectRef<OpaquePointer>
    private var subscription: guint = 0
    private let box: Box

    /// The handler, boxed for the C callback.
    private final class Box {
        var onEmbedded: (@MainActor () -> Void)?
        init(_ onEmbedded: @escaping @MainActor () -> Void) { self.onEmbedded = onEmbedded }
    }

    /// Watches for the embedding; nil when there is no accessibility bus.
    public init?(onEmbedded: @escaping @MainActor () -> Void) {
        guard let connection = Self.accessibilityBus() else { return nil }
        self.connection = connection
        box = Box(onEmbedded)
        let callback: GDBusSignalCallback = { connection, _, _, _, _, parameters, data in
            guard let connection, let parameters, let data else { return }
            let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
            guard let name = AccessibilityEmbedding.childBusName(parameters),
                  AccessibilityEmbedding.processID(of: name, on: connection) == UInt32(getpid()) else { return }
            MainActor.assumeIsolated {
                let handler = box.onEmbedded
                box.onEmbedded = nil
                handler?()
            }
        }
        subscription = g_dbus_connection_signal_subscribe(
            connection.pointer, "org.a11y.atspi.Registry", "org.a11y.atspi.Event.Object", "ChildrenChanged",
            "/org/a11y/atspi/accessible/root", "add", G_DBUS_SIGNAL_FLAGS_NONE, callback,
            // The subscription holds the box until GDBus lets it go (after unsubscribing).
            Unmanaged.passRetained(box).toOpaque(), { data in
                guard let data else { return }
                Unmanaged<Box>.fromOpaque(data).release()
            })
    }

    isolated deinit {
        g_dbus_connection_signal_unsubscribe(connection.pointer, subscription)
    }

    /// A connection of our own to the accessibility bus (its address from
    /// the session bus's `org.a11y.Bus`), or nil.
    private static func accessibilityBus() -> ObjectRef<OpaquePointer>? {
        guard let session = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        let sessionRef = ObjectRef(taking: session)
        guard let reply = VariantRef(taking: g_dbus_connection_call_sync(sessionRef.pointer, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus",
                                                                          "GetAddress", nil, nil, G_DBUS_CALL_FLAGS_NONE,
                                                                          timeoutMilliseconds, nil, nil)),
              let address = string(at: 0, of: reply.pointer) else { return nil }
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let bus = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, nil) else { return nil }
        return ObjectRef(taking: bus)
    }

    /// The bus name in a `ChildrenChanged` signal's child reference
    /// (`(siiv(so))`: the child is `(bus name, path)` in the variant).
    nonisolated private static func childBusName(_ parameters: OpaquePointer) -> String? {
        guard g_variant_n_children(parameters) >= 4, let boxed = VariantRef(taking: g_variant_get_child_value(parameters, 3)),
              let child = VariantRef(taking: g_variant_get_variant(boxed.pointer)) else { return nil }
        return string(at: 0, of: child.pointer)
    }

    /// The process that owns `name` on the bus, or nil.
    nonisolated private static func processID(of name: String, on connection: OpaquePointer) -> UInt32? {
        var argument: [OpaquePointer?] = [g_variant_new_string(name)]
        let parameters = g_variant_new_tuple(&argument, 1)
        guard let reply = VariantRef(taking: g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                                          "org.freedesktop.DBus", "GetConnectionUnixProcessID", parameters,
                                                                          nil, G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil, nil)),
              let value = VariantRef(taking: g_variant_get_child_value(reply.pointer, 0)) else { return nil }
        return g_variant_get_uint32(value.pointer)
    }

    /// The string at `index` of a tuple, or nil.
    nonisolated private static func string(at index: Int, of tuple: OpaquePointer) -> String? {
        guard g_variant_n_children(tuple) > index, let value = VariantRef(taking: g_variant_get_child_value(tuple, gsize(index))),
              g_variant_is_of_type(value.pointer, g_variant_type_checked_("s")) != 0,
              let text = g_variant_get_string(value.pointer, nil) else { return nil }
        return String(cString: text)
    }

    /// How long a call to the bus may take, in milliseconds (local buses answer at once).
    nonisolated private static let timeoutMilliseconds: Int32 = 500
}
