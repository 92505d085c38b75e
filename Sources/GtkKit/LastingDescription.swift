import CGtk

/// A description that stays with its widget (a card's suggestion reason),
/// read with the widget's focus, and not read again after an announcement.
///
/// `Accessibility.announce` pulses the focused widget's description (the
/// text, then ""), so an announcement on a card empties its reason. Orca 43
/// speaks every non-empty description change of the widget it is on: giving
/// the reason back while the card has the focus says it once more after
/// each announcement ("Welcome back: …", "Suggested: extra copy", "L likes…",
/// "Suggested: extra copy"). So the reason is owed instead, and given back
/// on the main-loop turn after the focus has left the widget, for another
/// widget or another window (no longer the screen reader's focus: Orca says
/// nothing), for the next focus and Where Am I to read it with the widget,
/// once:
///
///   set(reason) ──▶ description := reason (the focus reads it)
///   announce on it ──▶ pulse; the reason is owed; set() only keeps it
///   focus leaves ──▶ next turn, focus elsewhere: description := reason
///
/// Orca reads a focus's description when it gets to it, which on a busy
/// machine is after lines the window says on its own right after that focus
/// (the welcome back, Review Suggestions' first line): those give it back
/// at once (`giveBackNow`), so that reading has it (heard once more after
/// them when Orca read the focus first).
///
/// That is done once per focus: a second batch of such lines on the same
/// focus (the welcome back after the deck opens, then the keys when the
/// window becomes active) leaves it owed, or the reason would be heard a
/// third time.
///
/// A focus that leaves and comes back in one turn (the review page's focus
/// again for a screen reader) keeps it owed: given back then, it would be
/// read a second time.
///
/// Nothing waits for a time, so a loaded machine hears it the same way.
@MainActor
public enum LastingDescription {
    private static let textKey = "flick-lasting-description"
    private static let owedKey = "flick-lasting-description-owed"
    private static let watchedKey = "flick-lasting-description-watched"
    private static let givenKey = "flick-lasting-description-given-now"

    /// Sets `widget`'s lasting description (kept while an announcement owes it).
    public static func set(_ widget: Widget, _ text: String) {
        // Another reason (another clip on the card): its own give-back.
        if stored(widget) != text { g_object_set_data(object(widget), givenKey, nil) }
        g_object_set_data_full(object(widget), textKey, g_strdup(text), g_free)
        if isOwed(widget) {
            guard gtk_widget_has_focus(widget) == 0 else { return }  // given back once the focus leaves
            g_object_set_data(object(widget), owedKey, nil)
        }
        Accessibility.setDescription(widget, text)
    }

    /// An announcement emptied `widget`'s description: its lasting one is
    /// given back once the focus has left it.
    static func pulsed(_ widget: Widget) {
        guard let text = stored(widget), !text.isEmpty else { return }
        g_object_set_data(object(widget), owedKey, owed)
        guard g_object_get_data(object(widget), watchedKey) == nil else { return }
        g_object_set_data(object(widget), watchedKey, owed)
        let weak = WeakObjectRef(widget: widget)
        connect(widget, .notify("has-focus")) { _ in
            // A new focus: lines said after it may give the reason back once.
            weak.with { g_object_set_data(object($0), givenKey, nil) }
            // The next turn: the new focus is out to the screen reader first.
            Task { @MainActor in weak.with { giveBack($0) } }
        }
    }

    /// Gives an owed description back now, focus or not: the screen reader
    /// is on it and says it once more (for lines it may read the focus after).
    public static func giveBackNow(_ widget: Widget) {
        guard isOwed(widget), g_object_get_data(object(widget), givenKey) == nil else { return }
        g_object_set_data(object(widget), givenKey, owed)
        g_object_set_data(object(widget), owedKey, nil)
        Accessibility.setDescription(widget, stored(widget) ?? "")
    }

    private static func giveBack(_ widget: Widget) {
        guard isOwed(widget), gtk_widget_has_focus(widget) == 0 else { return }
        g_object_set_data(object(widget), owedKey, nil)
        Accessibility.setDescription(widget, stored(widget) ?? "")
    }

    private static func isOwed(_ widget: Widget) -> Bool {
        g_object_get_data(object(widget), owedKey) != nil
    }

    private static func stored(_ widget: Widget) -> String? {
        g_object_get_data(object(widget), textKey).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    private static func object(_ widget: Widget) -> UnsafeMutablePointer<GObject> {
        UnsafeMutablePointer(OpaquePointer(widget))
    }

    private static let owed = UnsafeMutableRawPointer(bitPattern: 1)
}
