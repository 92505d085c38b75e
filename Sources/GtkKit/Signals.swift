import CGtk

/// The handler shapes GTK signals come in. One C thunk exists per shape.
public typealias VoidHandler = @MainActor () -> Void
public typealias PointerHandler = @MainActor (gpointer?) -> Void
public typealias PointerIntHandler = @MainActor (gpointer?) -> Int32
public typealias IntHandler = @MainActor (Int32) -> Void
public typealias PointHandler = @MainActor (Double, Double) -> Void
public typealias ClickHandler = @MainActor (Int32, Double, Double) -> Void
public typealias KeyHandler = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool
/// GtkEventControllerScroll "scroll": deltas; return true when handled.
public typealias ScrollHandler = @MainActor (Double, Double) -> Bool

/// A signal name paired with the C thunk that matches its handler shape.
///
/// ```swift
/// connect(button, .clicked) { print("clicked") }
/// connect(drag, .dragUpdate) { dx, dy in … }
/// ```
public struct SignalSpec<Handler>: @unchecked Sendable {
    public let name: String
    let thunk: GCallback

    init(_ name: String, thunk: GCallback) {
        self.name = name
        self.thunk = thunk
    }
}

public extension SignalSpec where Handler == VoidHandler {
    static func void(_ name: String) -> Self { Self(name, thunk: unsafeBitCast(voidThunk, to: GCallback.self)) }
    static var clicked: Self { .void("clicked") }
    static var destroy: Self { .void("destroy") }
    static var activate: Self { .void("activate") }
    static var startup: Self { .void("startup") }
    static var map: Self { .void("map") }
    static var realize: Self { .void("realize") }
    static var unmap: Self { .void("unmap") }
    /// AdwToast "dismissed".
    static var toastDismissed: Self { .void("dismissed") }
}

public extension SignalSpec where Handler == PointerHandler {
    static func pointer(_ name: String) -> Self { Self(name, thunk: unsafeBitCast(pointerThunk, to: GCallback.self)) }
    /// GSimpleAction "activate": the handler receives the `GVariant *` parameter.
    static var actionActivate: Self { .pointer("activate") }
    /// GObject "notify::…": the handler receives the `GParamSpec *`.
    static func notify(_ property: String) -> Self { .pointer("notify::\(property)") }
}

public extension SignalSpec where Handler == PointerIntHandler {
    /// GApplication "command-line": the handler receives the `GApplicationCommandLine *`.
    static var commandLine: Self { Self("command-line", thunk: unsafeBitCast(pointerIntThunk, to: GCallback.self)) }
}

public extension SignalSpec where Handler == IntHandler {
    static func int(_ name: String) -> Self { Self(name, thunk: unsafeBitCast(intThunk, to: GCallback.self)) }
    /// GtkNativeDialog "response".
    static var response: Self { .int("response") }
}

public extension SignalSpec where Handler == PointHandler {
    static func point(_ name: String) -> Self { Self(name, thunk: unsafeBitCast(pointThunk, to: GCallback.self)) }
    static var dragBegin: Self { .point("drag-begin") }
    static var dragUpdate: Self { .point("drag-update") }
    static var dragEnd: Self { .point("drag-end") }
    /// GtkGestureSwipe "swipe": velocity in px/s.
    static var swipe: Self { .point("swipe") }
}

public extension SignalSpec where Handler == ScrollHandler {
    /// GtkEventControllerScroll "scroll" (dx, dy): return true to stop the event.
    static var scroll: Self { Self("scroll", thunk: unsafeBitCast(scrollThunk, to: GCallback.self)) }
}

public extension SignalSpec where Handler == ClickHandler {
    static var pressed: Self { Self("pressed", thunk: unsafeBitCast(clickThunk, to: GCallback.self)) }
    static var released: Self { Self("released", thunk: unsafeBitCast(clickThunk, to: GCallback.self)) }
}

public extension SignalSpec where Handler == KeyHandler {
    /// GtkEventControllerKey "key-pressed": return true when handled.
    static var keyPressed: Self { Self("key-pressed", thunk: unsafeBitCast(keyThunk, to: GCallback.self)) }
}

/// Heap box holding a Swift handler; one retain is owned by the GClosure.
final class HandlerBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    static func from(_ data: gpointer?) -> Handler? {
        guard let data else { return nil }
        return Unmanaged<HandlerBox<Handler>>.fromOpaque(data).takeUnretainedValue().handler
    }
}

/// Releases the box when GLib drops the closure (disconnect or instance finalize).
let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private let voidThunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    guard let handler = HandlerBox<VoidHandler>.from(data) else { return }
    MainActor.assumeIsolated { handler() }
}

private let pointerThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    guard let handler = HandlerBox<PointerHandler>.from(data) else { return }
    nonisolated(unsafe) let argument = argument // GTK emits on the main thread
    MainActor.assumeIsolated { handler(argument) }
}

private let pointerIntThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Int32 = { _, argument, data in
    guard let handler = HandlerBox<PointerIntHandler>.from(data) else { return 0 }
    nonisolated(unsafe) let argument = argument // GTK emits on the main thread
    return MainActor.assumeIsolated { handler(argument) }
}

private let intThunk: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, value, data in
    guard let handler = HandlerBox<IntHandler>.from(data) else { return }
    MainActor.assumeIsolated { handler(value) }
}

private let pointThunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
    guard let handler = HandlerBox<PointHandler>.from(data) else { return }
    MainActor.assumeIsolated { handler(x, y) }
}

private let scrollThunk: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
    guard let handler = HandlerBox<ScrollHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { handler(dx, dy) } ? 1 : 0
}

private let clickThunk: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, n, x, y, data in
    guard let handler = HandlerBox<ClickHandler>.from(data) else { return }
    MainActor.assumeIsolated { handler(n, x, y) }
}

private let keyThunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, keycode, state, data in
    guard let handler = HandlerBox<KeyHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { handler(keyval, keycode, state) } ? 1 : 0
}

/// A live signal connection. Keep it to disconnect; dropping it leaves the
/// handler connected for the instance's lifetime.
public final class SignalConnection {
    /// The GLib handler id (never 0 for a live connection).
    public let handlerID: gulong
    private let instance: WeakObjectRef<UnsafeMutableRawPointer>

    init(instance object: gpointer, handlerID: gulong) {
        self.handlerID = handlerID
        instance = WeakObjectRef(object)
    }

    /// Whether the instance is alive and the handler still connected.
    public var isConnected: Bool {
        instance.with { g_signal_handler_is_connected($0, handlerID) != 0 } ?? false
    }

    /// Disconnects the handler; safe to call twice or after the instance died.
    public func disconnect() {
        instance.with { object in
            if g_signal_handler_is_connected(object, handlerID) != 0 {
                g_signal_handler_disconnect(object, handlerID)
            }
        }
    }
}

/// Connects `handler` to `signal` on `instance`.
///
/// The handler is boxed and retained by the GClosure; GLib releases it when
/// the connection is disconnected or the instance is finalized.
@MainActor @discardableResult
public func connect<Handler>(
    _ instance: some GObjectPointer,
    _ signal: SignalSpec<Handler>,
    after: Bool = false,
    _ handler: Handler
) -> SignalConnection {
    let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
    let id = g_signal_connect_data(
        instance.rawObject, signal.name, signal.thunk, box, releaseBox,
        after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
    )
    if id == 0 {
        // GLib already logged the unknown signal and did not take the box.
        Unmanaged<AnyObject>.fromOpaque(box).release()
    }
    return SignalConnection(instance: instance.rawObject, handlerID: id)
}

public typealias KeyReleaseHandler = @MainActor (UInt32, UInt32, GdkModifierType) -> Void

public extension SignalSpec where Handler == KeyReleaseHandler {
    /// GtkEventControllerKey "key-released".
    static var keyReleased: Self { Self("key-released", thunk: unsafeBitCast(keyReleaseThunk, to: GCallback.self)) }
}

private let keyReleaseThunk: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> Void = { _, keyval, keycode, state, data in
    guard let handler = HandlerBox<KeyReleaseHandler>.from(data) else { return }
    MainActor.assumeIsolated { handler(keyval, keycode, state) }
}

public typealias StringHandler = @MainActor (String) -> Void

public extension SignalSpec where Handler == StringHandler {
    /// AdwMessageDialog "response": the handler receives the response id.
    static var dialogResponse: Self { Self("response", thunk: unsafeBitCast(stringThunk, to: GCallback.self)) }
    /// GSettings "changed::KEY": the handler receives the key.
    static func settingsChanged(_ key: String) -> Self { Self("changed::\(key)", thunk: unsafeBitCast(stringThunk, to: GCallback.self)) }
}

private let stringThunk: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = { _, text, data in
    guard let handler = HandlerBox<StringHandler>.from(data) else { return }
    let value = text.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { handler(value) }
}

public typealias BoolHandler = @MainActor () -> Bool

public extension SignalSpec where Handler == BoolHandler {
    /// GtkWindow "close-request": return true to keep the window open.
    static var closeRequest: Self { Self("close-request", thunk: unsafeBitCast(boolThunk, to: GCallback.self)) }
}

private let boolThunk: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    guard let handler = HandlerBox<BoolHandler>.from(data) else { return 0 }
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

public typealias DropHandler = @MainActor (UnsafePointer<GValue>?) -> Bool

public extension SignalSpec where Handler == DropHandler {
    /// GtkDropTarget "drop": the handler gets the dropped value and says
    /// whether it took it.
    static var drop: Self { Self("drop", thunk: unsafeBitCast(dropThunk, to: GCallback.self)) }
}

private let dropThunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = { _, value, _, _, data in
    guard let handler = HandlerBox<DropHandler>.from(data) else { return 0 }
    nonisolated(unsafe) let value = value // GTK emits on the main thread
    return MainActor.assumeIsolated { handler(value) } ? 1 : 0
}
