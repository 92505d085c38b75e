/* The floor Flick's playback cost is measured against (docs/performance.md, "Playback
 * cost"): a libadwaita window laid out like Flick's review page (header
 * bar, progress row, a 1000×563 picture with rounded corners, player bar,
 * caption, six action buttons) that shows a clip's frames the way Flick's
 * card does, and does nothing else. Frames come from the same pipeline
 * (`videoscale ! videoconvert` to BGRx at the card's size, `appsink`), are
 * drawn from the GStreamer buffer itself by a drawing area, one
 * `queue_draw` per frame.
 *
 * Build and run (Xvfb, cairo renderer, as the benches):
 *   cc -O2 -o /tmp/minimal-window Tests/peers/minimal-window.c \
 *      $(pkg-config --cflags --libs libadwaita-1 gstreamer-app-1.0 gstreamer-video-1.0)
 *   GDK_BACKEND=x11 GSK_RENDERER=cairo dbus-run-session -- /tmp/minimal-window CLIP.mp4
 * (CLIP without sound, as the bench's: nothing takes an audio stream)
 * then read the process's CPU over 10 s from /proc/PID/stat, as
 * `flick-bench media` does for Flick.
 */
#include <adwaita.h>
#include <gst/app/gstappsink.h>
#include <gst/gst.h>
#include <gst/video/video.h>

static GtkWidget *picture_area;
static cairo_surface_t *shown;
static GMutex pending_lock;
static GstSample *pending;
static const char *clip;

/* A mapped buffer, unmapped and released when cairo lets go of its surface. */
typedef struct {
    GstBuffer *buffer;
    GstMapInfo map;
} Frame;

static void frame_free(void *data) {
    Frame *frame = data;
    gst_buffer_unmap(frame->buffer, &frame->map);
    gst_buffer_unref(frame->buffer);
    g_free(frame);
}

static void draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    if (!shown)
        return;
    cairo_set_source_surface(cr, shown, 0, 0);
    cairo_paint(cr);
}

static gboolean show_pending(gpointer data) {
    g_mutex_lock(&pending_lock);
    GstSample *sample = pending;
    pending = NULL;
    g_mutex_unlock(&pending_lock);
    if (!sample)
        return G_SOURCE_REMOVE;
    GstVideoInfo info;
    gst_video_info_from_caps(&info, gst_sample_get_caps(sample));
    Frame *frame = g_new0(Frame, 1);
    frame->buffer = gst_buffer_ref(gst_sample_get_buffer(sample));
    gst_sample_unref(sample);
    gst_buffer_map(frame->buffer, &frame->map, GST_MAP_READ);
    cairo_surface_t *surface = cairo_image_surface_create_for_data(
        frame->map.data, CAIRO_FORMAT_RGB24, GST_VIDEO_INFO_WIDTH(&info), GST_VIDEO_INFO_HEIGHT(&info),
        GST_VIDEO_INFO_PLANE_STRIDE(&info, 0));
    static cairo_user_data_key_t key;
    cairo_surface_set_user_data(surface, &key, frame, frame_free);
    if (shown)
        cairo_surface_destroy(shown);
    shown = surface;
    gtk_widget_queue_draw(picture_area);
    return G_SOURCE_REMOVE;
}

/* On the streaming thread: keep the newest frame, wake the main loop once. */
static GstFlowReturn new_sample(GstAppSink *sink, gpointer data) {
    GstSample *sample = gst_app_sink_pull_sample(sink);
    g_mutex_lock(&pending_lock);
    gboolean wake = pending == NULL;
    if (pending)
        gst_sample_unref(pending);
    pending = sample;
    g_mutex_unlock(&pending_lock);
    if (wake)
        g_idle_add(show_pending, NULL);
    return GST_FLOW_OK;
}

static GtkWidget *icon_button(const char *icon, const char *label) {
    GtkWidget *button = gtk_button_new();
    GtkWidget *content = adw_button_content_new();
    adw_button_content_set_icon_name(ADW_BUTTON_CONTENT(content), icon);
    adw_button_content_set_label(ADW_BUTTON_CONTENT(content), label);
    gtk_button_set_child(GTK_BUTTON(button), content);
    return button;
}

static void activate(GtkApplication *app, gpointer data) {
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css, ".card { border-radius: 18px; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *header = adw_header_bar_new();
    adw_header_bar_pack_end(ADW_HEADER_BAR(header), gtk_button_new_from_icon_name("open-menu-symbolic"));
    adw_header_bar_pack_start(ADW_HEADER_BAR(header), gtk_button_new_from_icon_name("folder-open-symbolic"));
    adw_header_bar_pack_start(ADW_HEADER_BAR(header), gtk_button_new_from_icon_name("view-grid-symbolic"));
    gtk_box_append(GTK_BOX(page), header);

    GtkWidget *progress = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *bar = gtk_progress_bar_new();
    gtk_widget_set_hexpand(bar, TRUE);
    gtk_box_append(GTK_BOX(progress), bar);
    gtk_box_append(GTK_BOX(progress), gtk_label_new("1 of 14"));
    gtk_box_append(GTK_BOX(page), progress);

    picture_area = gtk_drawing_area_new();
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(picture_area), draw, NULL, NULL);
    gtk_widget_set_size_request(picture_area, 1000, 563);
    GtkWidget *card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_add_css_class(card, "card");
    gtk_widget_set_overflow(card, GTK_OVERFLOW_HIDDEN);
    gtk_widget_set_halign(card, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(card, GTK_ALIGN_CENTER);
    gtk_widget_set_vexpand(card, TRUE);
    gtk_box_append(GTK_BOX(card), picture_area);
    gtk_box_append(GTK_BOX(page), card);

    GtkWidget *player = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_box_append(GTK_BOX(player), gtk_button_new_from_icon_name("media-playback-pause-symbolic"));
    gtk_box_append(GTK_BOX(player), gtk_label_new("clip · 0:30 · 1280×720"));
    gtk_box_append(GTK_BOX(player), gtk_label_new("0:03 / 0:30"));
    GtkWidget *seek = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 30, 1);
    gtk_widget_set_hexpand(seek, TRUE);
    gtk_box_append(GTK_BOX(player), seek);
    gtk_box_append(GTK_BOX(player), gtk_label_new("1×"));
    gtk_box_append(GTK_BOX(player), gtk_button_new_from_icon_name("audio-volume-muted-symbolic"));
    gtk_box_append(GTK_BOX(page), player);
    gtk_box_append(GTK_BOX(page), gtk_label_new("Drag a card, or press L to like, D to delete, S to skip."));

    GtkWidget *actions = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_halign(actions, GTK_ALIGN_CENTER);
    const char *icons[] = {"go-down-symbolic", "user-trash-symbolic", "go-up-symbolic", "edit-undo-symbolic",
                           "emblem-favorite-symbolic", "emblem-ok-symbolic"};
    const char *labels[] = {"Previous", "Delete", "Skip", "Undo", "Like", "Apply"};
    for (int i = 0; i < 6; i++)
        gtk_box_append(GTK_BOX(actions), icon_button(icons[i], labels[i]));
    gtk_box_append(GTK_BOX(page), actions);

    GtkWidget *window = adw_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "minimal-window");
    gtk_window_set_default_size(GTK_WINDOW(window), 1280, 800);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), page);
    gtk_window_present(GTK_WINDOW(window));

    char *uri = gst_filename_to_uri(clip, NULL);
    char *description = g_strdup_printf(
        "uridecodebin uri=\"%s\" ! videoscale ! videoconvert ! "
        "video/x-raw,format=BGRx,width=1000,height=563 ! appsink name=sink max-buffers=2 drop=true", uri);
    GError *error = NULL;
    GstElement *pipeline = gst_parse_launch(description, &error);
    g_free(description);
    g_free(uri);
    if (!pipeline) {
        g_printerr("minimal-window: %s\n", error ? error->message : "no pipeline");
        g_application_quit(G_APPLICATION(app));
        return;
    }
    GstElement *sink = gst_bin_get_by_name(GST_BIN(pipeline), "sink");
    GstAppSinkCallbacks callbacks = {0};
    callbacks.new_sample = new_sample;
    gst_app_sink_set_callbacks(GST_APP_SINK(sink), &callbacks, NULL, NULL);
    gst_object_unref(sink);
    gst_element_set_state(pipeline, GST_STATE_PLAYING);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        g_printerr("usage: minimal-window CLIP\n");
        return 2;
    }
    clip = argv[1];
    gst_init(NULL, NULL);
    AdwApplication *app = adw_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    char *args[] = {argv[0], NULL};
    return g_application_run(G_APPLICATION(app), 1, args);
}
