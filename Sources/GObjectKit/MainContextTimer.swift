import CGObject

/// A one-shot timer on GLib's default main context: `schedule` runs its
/// body once, `milliseconds` after the last call, on the main loop's turn
/// (the window's main loop, or a test that iterates the context), never
/// on Swift's shared pool. A folder's settle after its last file event
/// uses it, so the rescan comes whatever else holds the pool or the main
/// actor's queue.
@MainActor
public final class MainContextTimer {
    /// The pending source's id; 0 when nothing is scheduled.
    private var source: guint = 0

    public init() {}

    /// Whether a body is waiting to run.
    public var isScheduled: Bool { source != 0 }

    /// Runs `body` after `milliseconds`, in place of any body still waiting.
    public func schedule(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        cancel()
        let fire = Fire(timer: self, body: body)
        source = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            guard let data else { return 0 }
            let fire = Unmanaged<Fire>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { fire.run() }
            return 0  // G_SOURCE_REMOVE: once
        }, Unmanaged.passRetained(fire).toOpaque(), { data in
            if let data { Unmanaged<Fire>.fromOpaque(data).release() }
        })
    }

    /// Drops the body still waiting, if any.
    public func cancel() {
        guard source != 0 else { return }
        g_source_remove(source)
        source = 0
    }

    /// What a source runs: the timer forgets the source (it is removed as
    /// it returns), then the body.
    private final class Fire {
        weak var timer: MainContextTimer?
        let body: @MainActor () -> Void

        init(timer: MainContextTimer, body: @escaping @MainActor () -> Void) {
            self.timer = timer
            self.body = body
        }

        @MainActor func run() {
            timer?.source = 0
            body()
        }
    }
}
