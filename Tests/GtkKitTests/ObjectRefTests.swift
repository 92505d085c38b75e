import CGtk
import GtkKit
import XCTest

/// Owning and weak GObject references: an object a Swift value keeps lives
/// exactly as long as that value. Runs headless on GtkAdjustment, a floating
/// (GInitiallyUnowned) object like a new widget.
final class ObjectRefTests: XCTestCase {
    func testTakingSinksAFloatingObjectAndReleasesItInDeinit() {
        guard let adjustment = gtk_adjustment_new(0, 0, 1, 0.1, 0.1, 0) else { return XCTFail("no adjustment") }
        let object = OpaquePointer(adjustment)
        XCTAssertNotEqual(g_object_is_floating(object.rawObject), 0)
        let weak = WeakObjectRef(object)
        var owner: ObjectRef<OpaquePointer>? = ObjectRef(taking: object)
        XCTAssertEqual(g_object_is_floating(object.rawObject), 0, "taking sinks the floating reference")
        XCTAssertTrue(weak.isAlive && owner != nil, "the owner keeps it")
        owner = nil
        XCTAssertFalse(weak.isAlive, "the last owner's deinit finalizes the object")
    }

    func testAnOwnerKeepsTheObjectAliveAfterItsParentLetsGo() {
        guard let adjustment = gtk_adjustment_new(0, 0, 1, 0.1, 0.1, 0) else { return XCTFail("no adjustment") }
        let object = OpaquePointer(adjustment)
        g_object_ref_sink(object.rawObject) // the "parent" holds it
        let weak = WeakObjectRef(object)
        var kept: ObjectRef<OpaquePointer>? = ObjectRef(retaining: object)
        g_object_unref(object.rawObject)     // the parent is done with it (a closed dialog)
        XCTAssertTrue(weak.isAlive, "what Swift still uses is not freed under it")
        XCTAssertEqual(weak.with { gtk_adjustment_get_upper($0.cast()) }, 1)
        kept = nil
        XCTAssertNil(kept)
        XCTAssertFalse(weak.isAlive)
        XCTAssertNil(weak.with { _ in 1 }, "a weak reference to a finalized object yields nothing")
    }
}
