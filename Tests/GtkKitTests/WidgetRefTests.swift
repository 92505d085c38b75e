import CGtk
import GtkKit
import XCTest

/// A widget field keeps its widget: a new (floating) one is sunk and owned,
/// one a parent holds gets a reference of the field's own, and each is
/// released once, when the field's object goes or the field is set again.
/// Headless: a GtkAdjustment, floating as a new widget is, stands in for
/// the widget (WidgetRef only counts references).
final class WidgetRefTests: XCTestCase {
    private final class Holder {
        @WidgetRef var kept: Widget
        init(_ widget: Widget) { kept = widget }
    }

    private func newFloating() -> (Widget, WeakObjectRef<OpaquePointer>) {
        guard let adjustment = gtk_adjustment_new(0, 0, 1, 0.1, 0.1, 0) else { fatalError("no adjustment") }
        let object = OpaquePointer(adjustment)
        return (object.rawObject.assumingMemoryBound(to: GtkWidget.self), WeakObjectRef(object))
    }

    private func references(_ widget: Widget) -> UInt32 {
        widget.rawObject.assumingMemoryBound(to: GObject.self).pointee.ref_count
    }

    func testANewWidgetIsSunkAndReleasedWithItsHolder() {
        let (widget, weak) = newFloating()
        var holder: Holder? = Holder(widget)
        XCTAssertEqual(g_object_is_floating(widget.rawObject), 0, "the field owns the floating reference")
        XCTAssertEqual(references(widget), 1)
        holder = nil
        XCTAssertNil(holder)
        XCTAssertFalse(weak.isAlive, "released once, with the holder")
    }

    func testAWidgetTheTreeHoldsOutlivesTheTreeWhileKept() {
        let (widget, weak) = newFloating()
        g_object_ref_sink(widget.rawObject)  // the parent's reference
        var holder: Holder? = Holder(widget)
        XCTAssertEqual(references(widget), 2, "the field's own reference beside the parent's")
        g_object_unref(widget.rawObject)  // the parent lets go (a page removed, a dialog closed)
        XCTAssertTrue(weak.isAlive, "what Swift still uses is not freed under it")
        holder = nil
        XCTAssertNil(holder)
        XCTAssertFalse(weak.isAlive)
    }

    func testSettingTheFieldAgainReleasesTheWidgetBefore() {
        let (first, firstWeak) = newFloating()
        let (second, secondWeak) = newFloating()
        let holder = Holder(first)
        holder.kept = second
        XCTAssertFalse(firstWeak.isAlive, "the widget before is released")
        XCTAssertTrue(secondWeak.isAlive)
        XCTAssertEqual(holder.kept, second)
    }
}
