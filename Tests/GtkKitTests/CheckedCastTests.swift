import CGtk
import GtkKit
import XCTest

/// The checked cast: a pointer is looked at as a GObject type only if the
/// instance is one (what debug builds assert in `cast<T>()`). Headless:
/// GMenu and GApplication are GIO types.
final class CheckedCastTests: XCTestCase {
    func testAnInstanceIsItsClassAndItsParentsButNotAnotherClass() {
        guard let menu = ObjectRef(taking: g_menu_new()) else { return XCTFail("no menu") }
        XCTAssertNotEqual(g_application_get_type(), 0, "registered, so its name can be looked up")
        XCTAssertEqual(menu.pointer.isInstance(of: GMenuModel.self), true, "a GMenu is a GMenuModel")
        XCTAssertEqual(menu.pointer.isInstance(of: GObject.self), true)
        XCTAssertEqual(menu.pointer.isInstance(of: GApplication.self), false, "a GMenu is not a GApplication")
        XCTAssertTrue(menu.pointer.isInstance(of: g_menu_model_get_type()))
        XCTAssertFalse(menu.pointer.isInstance(of: g_application_get_type()))
    }

    func testATypeWithoutAGTypeIsNotChecked() {
        guard let menu = ObjectRef(taking: g_menu_new()) else { return XCTFail("no menu") }
        XCTAssertNil(menu.pointer.isInstance(of: Int32.self), "no GType is named after a Swift type")
        XCTAssertNil(menu.pointer.isInstance(of: GdkRGBA.self), "a boxed type's value has no instance to check")
    }

    func testACheckedCastReturnsTheSamePointer() {
        guard let menu = ObjectRef(taking: g_menu_new()) else { return XCTFail("no menu") }
        let model: UnsafeMutablePointer<GMenuModel> = menu.pointer.cast()
        XCTAssertEqual(UnsafeMutableRawPointer(model), menu.pointer.rawObject)
        XCTAssertEqual(g_menu_model_get_n_items(model), 0)
    }
}

/// Actions with a boolean state (the overview, fullscreen): activation asks,
/// the owner decides, and the state changes only when it says so.
final class ToggleActionTests: XCTestCase {
    func testActivationCallsTheHandlerAndTheStateFollowsOnlySetState() {
        MainActor.assumeIsolated {
            guard let group = ObjectRef(taking: g_simple_action_group_new()) else { return XCTFail("no action group") }
            var requests = 0
            let action = Actions.addToggle(to: group.pointer, name: "overview", state: false) { requests += 1 }
            g_action_group_activate_action(group.pointer.opaque, "overview", nil)
            XCTAssertEqual(requests, 1)
            XCTAssertFalse(Actions.state(of: action), "activating does not flip the state by itself")
            Actions.setState(action, true)
            XCTAssertTrue(Actions.state(of: action))
            guard let state = g_action_group_get_action_state(group.pointer.opaque, "overview") else { return XCTFail("no state") }
            XCTAssertEqual(g_variant_get_boolean(state), 1, "what a bound toggle button reads")
            g_variant_unref(state)
        }
    }

    func testAChangeStateRequestTogglesOnlyWhenItDiffers() {
        MainActor.assumeIsolated {
            guard let group = ObjectRef(taking: g_simple_action_group_new()) else { return XCTFail("no action group") }
            var requests = 0
            let action = Actions.addToggle(to: group.pointer, name: "fullscreen", state: true) { requests += 1 }
            g_action_group_change_action_state(group.pointer.opaque, "fullscreen", g_variant_new_boolean(1))
            XCTAssertEqual(requests, 0, "already on")
            g_action_group_change_action_state(group.pointer.opaque, "fullscreen", g_variant_new_boolean(0))
            XCTAssertEqual(requests, 1)
            XCTAssertTrue(Actions.state(of: action), "the owner sets the state once the window has changed")
        }
    }
}
