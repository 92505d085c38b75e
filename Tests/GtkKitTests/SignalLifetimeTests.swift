import CGtk
import GtkKit
import XCTest

private func newAction() -> OpaquePointer {
    guard let action = g_simple_action_new("probe", nil) else { fatalError("g_simple_action_new failed") }
    return action
}

/// Signal connections own their Swift handler exactly as long as GLib does.
/// Runs headless: GSimpleAction is a plain GObject with an "activate" signal.
final class SignalLifetimeTests: XCTestCase {
    final class Probe {
        var calls = 0
    }


    func testHandlerRunsAndIsReleasedOnDisconnect() {
        MainActor.assumeIsolated {
            let action = newAction()
            defer { g_object_unref(action.rawObject) }
            weak var weakProbe: Probe?
            var connection: SignalConnection?
            do {
                let probe = Probe()
                weakProbe = probe
                connection = connect(action, .actionActivate) { _ in probe.calls += 1 }
            }
            g_action_activate(action.cast(), nil)
            g_action_activate(action.cast(), nil)
            XCTAssertEqual(weakProbe?.calls, 2, "the handler runs once per emission")
            XCTAssertEqual(connection?.isConnected, true)
            XCTAssertNotEqual(connection?.handlerID, 0)

            connection?.disconnect()
            XCTAssertNil(weakProbe, "disconnect releases the boxed handler and what it captured")
            XCTAssertEqual(connection?.isConnected, false)
            g_action_activate(action.cast(), nil) // nothing left to call
            connection?.disconnect() // a second disconnect is harmless
        }
    }

    func testHandlerIsReleasedWhenInstanceIsFinalized() {
        MainActor.assumeIsolated {
            let action = newAction()
            weak var weakProbe: Probe?
            var connection: SignalConnection?
            do {
                let probe = Probe()
                weakProbe = probe
                connection = connect(action, .actionActivate) { _ in probe.calls += 1 }
            }
            XCTAssertNotNil(weakProbe)
            g_object_unref(action.rawObject) // last reference: finalize
            XCTAssertNil(weakProbe, "finalizing the instance releases the handler")
            XCTAssertEqual(connection?.isConnected, false)
            connection?.disconnect() // safe after the instance died
        }
    }

    func testDroppingTheConnectionKeepsTheHandlerConnected() {
        MainActor.assumeIsolated {
            let action = newAction()
            defer { g_object_unref(action.rawObject) }
            let probe = Probe()
            _ = connect(action, .actionActivate) { _ in probe.calls += 1 }
            g_action_activate(action.cast(), nil)
            XCTAssertEqual(probe.calls, 1)
        }
    }

    func testUnknownSignalDoesNotLeakTheHandler() {
        MainActor.assumeIsolated {
            let action = newAction()
            defer { g_object_unref(action.rawObject) }
            weak var weakProbe: Probe?
            let connection: SignalConnection
            do {
                let probe = Probe()
                weakProbe = probe
                connection = connect(action, .void("no-such-signal")) { probe.calls += 1 }
            }
            XCTAssertEqual(connection.handlerID, 0)
            XCTAssertNil(weakProbe, "a failed connect releases the box at once")
        }
    }

    func testActionsRespectEnabledState() {
        MainActor.assumeIsolated {
            guard let group = g_simple_action_group_new() else { return XCTFail("no action group") }
            defer { g_object_unref(group.rawObject) }
            var calls = 0
            let action = Actions.add(to: group, name: "like") { calls += 1 }
            g_action_group_activate_action(group.cast(), "like", nil)
            XCTAssertEqual(calls, 1)
            Actions.setEnabled(action, false)
            XCTAssertFalse(Actions.isEnabled(action))
            g_action_group_activate_action(group.cast(), "like", nil)
            XCTAssertEqual(calls, 1, "a disabled action does not run")
        }
    }
}
