// CFFmpeg: libavformat, libavcodec, libswscale and libavutil (FFmpeg) for
// Swift: the clip sampler's decoder. Typed stand-ins for macros only.
#pragma once
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

/// AVERROR(EAGAIN): the decoder wants another packet before a frame comes out.
static inline int flick_av_error_again(void) { return AVERROR(EAGAIN); }
/// AVERROR_EOF: the decoder is drained, or the file has no more packets.
static inline int flick_av_error_eof(void) { return AVERROR_EOF; }
/// AV_NOPTS_VALUE: no time stamp.
static inline int64_t flick_av_nopts(void) { return AV_NOPTS_VALUE; }
/// AV_TIME_BASE: units a second of the container's own times.
static inline int flick_av_time_base(void) { return AV_TIME_BASE; }
/// The message for an FFmpeg error code, into `buffer` of `size` bytes.
static inline void flick_av_error_text(int code, char *buffer, size_t size) { av_strerror(code, buffer, size); }
/// AVERROR_DECODER_NOT_FOUND: no decoder for the stream's format is built in.
static inline int flick_av_error_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
/// AVERROR_EXIT: the interrupt callback asked FFmpeg to stop.
static inline int flick_av_error_exit(void) { return AVERROR_EXIT; }
/// AVERROR(code): an errno value as FFmpeg returns it.
static inline int flick_av_error_errno(int code) { return AVERROR(code); }
/// AVSEEK_SIZE: a seek callback asked for the source's size, not to move.
static inline int flick_avseek_size(void) { return AVSEEK_SIZE; }
/// AVSEEK_FORCE: a flag FFmpeg may add to a seek's `whence`.
static inline int flick_avseek_force(void) { return AVSEEK_FORCE; }
