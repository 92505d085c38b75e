import CGtk

/// A stored widget field that keeps its widget: `@WidgetRef var title: Widget`.
///
/// Reads as a plain `Widget`, but the field holds a reference of its own
/// (an `ObjectRef`), so the widget lives as long as the Swift object that
/// keeps it, whatever the widget tree does meanwhile, and is released with
/// it. A new widget (floating) is sunk; one a `.ui` file or a parent
/// already holds gets a reference added (both: `ObjectRef(retaining:)`).
/// Get-only: the field is set once, in its initializer, like a `let`.
///
/// A field the tree should own alone (the Swift object must not keep the
/// widget) is a `WeakObjectRef` instead.
@propertyWrapper
public struct WidgetRef: @unchecked Sendable {
    private let owner: ObjectRef<Widget>

    public init(wrappedValue: Widget) {
        owner = ObjectRef(retaining: wrappedValue)
    }

    public var wrappedValue: Widget { owner.pointer }
}
