import CGtk

/// A stored widget field that keeps its widget: `@WidgetRef var title: Widget`.
///
/// Reads as a plain `Widget`, but the field holds a reference of its own
/// (an `ObjectRef`), so the widget lives as long as the Swift object that
/// keeps it, whatever the widget tree does meanwhile, and is released with
/// it. A new widget (floating) is sunk; one a `.ui` file or a parent
/// already holds gets a reference added (both: `ObjectRef(retaining:)`).
/// Set in the owner's initializer; a widget assigned later replaces the one
/// before, which is released.
///
/// A field the tree should own alone (the Swift object must not keep the
/// widget) is a `WeakObjectRef` instead.
@propertyWrapper
public struct WidgetRef: @unchecked Sendable {
    private var owner: ObjectRef<Widget>

    public init(wrappedValue: Widget) {
        owner = ObjectRef(retaining: wrappedValue)
    }

    public var wrappedValue: Widget {
        get { owner.pointer }
        set { owner = ObjectRef(retaining: newValue) }
    }
}
