import CGtk
import FlickCore
import Foundation
import GtkKit
import Synchronization

/// Message dialogs (AdwMessageDialog): a heading, a body, responses.
@MainActor
enum Dialogs {
    struct Response {
        let id: String
        let label: String
        var appearance: AdwResponseAppearance = ADW_RESPONSE_DEFAULT
    }

    /// Presents a dialog over `parent`; `handler` gets the response id
    /// ("cancel" when closed with Escape).
    @discardableResult
    static func present(over parent: Widget, heading: String, body: String, responses: [Response],
                        defaultResponse: String? = nil, extra: Widget? = nil, speaksBody: Bool = true,
                        handler: @escaping @MainActor (String) -> Void = { _ in }) -> Widget {
        let dialog: Widget = adw_message_dialog_new(parent.cast(), heading, body)
        for response in responses {
            adw_message_dialog_add_response(dialog.cast(), response.id, response.label)
            adw_message_dialog_set_response_appearance(dialog.cast(), response.id, response.appearance)
        }
        if let defaultResponse { adw_message_dialog_set_default_response(dialog.cast(), defaultResponse) }
        adw_message_dialog_set_close_response(dialog.cast(), "cancel")
        if let extra { adw_message_dialog_set_extra_child(dialog.cast(), extra) }
        connect(dialog, .dialogResponse) { id in handler(id) }
        gtk_window_present(dialog.cast())
        // One name per response button ("Cancel", not "Cancel Cancel").
        Accessibility.tidy(dialog, closeLabel: tr("Dismiss"))
        // Orca reads a dialog's title and its focused button, never its
        // body (the explanation, the error): said once the focus is read.
        if speaksBody, !body.isEmpty {
            let weakDialog = WeakObjectRef(widget: dialog)
            onceActive(dialog) {
                Task { @MainActor in
                    try? await Task.sleep(for: bodyDelay)
                    weakDialog.with { Accessibility.announce(body, in: $0) }
                }
            }
        }
        return dialog
    }

    /// Runs `action` once, the first time `window` is active: a focus set
    /// or a sentence said before that is never heard (the screen reader
    /// does not know the window yet).
    static func onceActive(_ window: Widget, _ action: @escaping @MainActor () -> Void) {
        var done = false
        connect(window, .notify("is-active")) { _ in
            guard !done, gtk_window_is_active(window.cast()) != 0 else { return }
            done = true
            action()
        }
    }

    /// How long after a dialog is active its body is said (after the
    /// screen reader has read the dialog and its focused button).
    static let bodyDelay: Duration = .milliseconds(600)

    /// How long after a dialog is active its first focus is moved again:
    /// a menu closing behind it hands the focus back to its own button in
    /// the window behind, and the screen reader follows that event.
    static let refocusDelay: Duration = .milliseconds(150)

    /// A one-button dialog for an error or a report.
    static func inform(over parent: Widget, heading: String, body: String) {
        present(over: parent, heading: heading, body: body, responses: [Response(id: "cancel", label: tr("Close"))])
    }
}

/// Asks a background job to stop; readable from any thread.
final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
}
