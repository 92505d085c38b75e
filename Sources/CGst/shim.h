// CGst: GStreamer 1.22 for Swift. Typed static-inline stand-ins for macros only.
#pragma once
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <gst/pbutils/pbutils.h>
#include <gdk-pixbuf/gdk-pixbuf.h>

static inline GstObject *flick_gst_object(gpointer p) { return GST_OBJECT(p); }
static inline GstElement *flick_gst_element(gpointer p) { return GST_ELEMENT(p); }
static inline GstMessageType flick_gst_message_type(GstMessage *m) { return GST_MESSAGE_TYPE(m); }
static inline GstClockTime flick_gst_clock_time_none(void) { return GST_CLOCK_TIME_NONE; }
static inline GType flick_gst_type_string(void) { return G_TYPE_STRING; }
static inline GType flick_gst_type_int(void) { return G_TYPE_INT; }
static inline GType flick_gst_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline void flick_gst_set_bool(gpointer object, const char *name, gboolean value) { g_object_set(object, name, value, NULL); }
static inline void flick_gst_set_int(gpointer object, const char *name, gint value) { g_object_set(object, name, value, NULL); }
static inline void flick_gst_set_uint(gpointer object, const char *name, guint value) { g_object_set(object, name, value, NULL); }
static inline void flick_gst_set_string(gpointer object, const char *name, const char *value) { g_object_set(object, name, value, NULL); }
static inline void flick_gst_set_object(gpointer object, const char *name, gpointer value) { g_object_set(object, name, value, NULL); }
static inline void flick_gst_set_caps(gpointer object, const char *name, GstCaps *value) { g_object_set(object, name, value, NULL); }
static inline GstMessage *flick_gst_message(gpointer p) { return GST_MESSAGE(p); }
static inline gboolean flick_gst_get_bool(gpointer object, const char *name) { gboolean value = FALSE; g_object_get(object, name, &value, NULL); return value; }
static inline gint flick_gst_get_int(gpointer object, const char *name) { gint value = 0; g_object_get(object, name, &value, NULL); return value; }
static inline gpointer flick_gst_get_object(gpointer object, const char *name) { gpointer value = NULL; g_object_get(object, name, &value, NULL); return value; }
static inline GstEventType flick_gst_event_type(GstEvent *e) { return GST_EVENT_TYPE(e); }
static inline GstPadProbeType flick_gst_probe_type(GstPadProbeInfo *info) { return GST_PAD_PROBE_INFO_TYPE(info); }
static inline gboolean flick_gst_is_video_decoder(GstElementFactory *factory) {
    return gst_element_factory_list_is_type(factory, GST_ELEMENT_FACTORY_TYPE_DECODER | GST_ELEMENT_FACTORY_TYPE_MEDIA_VIDEO | GST_ELEMENT_FACTORY_TYPE_MEDIA_IMAGE);
}
