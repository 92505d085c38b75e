// CGtk: GTK 4 + libadwaita for Swift.
// Only typed static-inline stand-ins for C macros that Swift cannot import,
// the two libdispatch entry points the main-queue bridge needs, four
// functions of GDK's X11 backend, malloc_trim and mallopt
// (malloc.h), and gettext (libintl.h, locale.h). No logic.
#pragma once
#include <gtk/gtk.h>
#include <malloc.h>
#include <adwaita.h>
#include <glib-unix.h>
#include <libintl.h>
#include <locale.h>

// Fundamental GTypes are macros (G_TYPE_MAKE_FUNDAMENTAL) and do not import.
static inline GType flick_type_string(void) { return G_TYPE_STRING; }
static inline GType flick_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType flick_type_int(void) { return G_TYPE_INT; }
static inline GType flick_type_double(void) { return G_TYPE_DOUBLE; }

// The GTypes we test instances against (macros in C).
static inline GType flick_type_widget(void) { return GTK_TYPE_WIDGET; }
static inline GType flick_widget_type(GtkWidget *w) { return G_OBJECT_TYPE(w); }

// A button read as a radio button (the role is construct-only), for a choice
// that looks like linked toggle buttons: GTK 4.8 has no toggle-button role, so
// a GtkToggleButton reads as a push button whose PRESSED state Orca never
// says. `flick_accessible_set_checked` gives its state.
static inline GtkWidget *flick_radio_button_new(void) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BUTTON, "accessible-role", GTK_ACCESSIBLE_ROLE_RADIO, NULL));
}

static inline void flick_accessible_set_checked(GtkAccessible *accessible, gboolean checked) {
    gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_CHECKED,
                                checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}

// GTK's own file chooser dialog (gtk_file_chooser_dialog_new is variadic),
// the one GtkFileChooserNative shows when no portal is used. Its accessible
// role cannot be changed: its init has already made its context (role WIDGET,
// read as "filler"; Orca then checks no frame state, which is what matters).
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static inline GtkWidget *flick_file_chooser_dialog_new(const char *title, GtkWindow *parent, GtkFileChooserAction action,
                                                       const char *cancel, const char *accept) {
    GtkWidget *dialog = g_object_new(GTK_TYPE_FILE_CHOOSER_DIALOG, "title", title, "action", action, NULL);
    if (parent) gtk_window_set_transient_for(GTK_WINDOW(dialog), parent);
    gtk_window_set_modal(GTK_WINDOW(dialog), TRUE);
    gtk_dialog_add_button(GTK_DIALOG(dialog), cancel, GTK_RESPONSE_CANCEL);
    gtk_dialog_add_button(GTK_DIALOG(dialog), accept, GTK_RESPONSE_ACCEPT);
    gtk_dialog_set_default_response(GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
    return dialog;
}
G_GNUC_END_IGNORE_DEPRECATIONS

// GDK's X11 backend, declared here because gdk/x11/gdkx.h brings in Xlib,
// whose macros (None, Bool, Status, Window…) clash with Swift names.
// The screen is a GdkX11Screen.
extern GType gdk_x11_surface_get_type(void);
extern void *gdk_x11_display_get_screen(GdkDisplay *display);
extern gboolean gdk_x11_screen_supports_net_wm_hint(void *screen, const char *property_name);
extern void gdk_x11_surface_set_frame_sync_enabled(GdkSurface *surface, gboolean frame_sync_enabled);

// libdispatch's main-queue hooks (exported by libdispatch.so, no public header
// on Linux): the eventfd that becomes readable when the main queue has work,
// and the call that drains it. Used only by GtkKit's MainQueueBridge.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);
