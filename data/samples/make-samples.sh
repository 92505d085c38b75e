#!/usr/bin/env bash
# Regenerates Flick's bundled sample deck from GStreamer test sources.
#
# The clips are committed; this script documents exactly how they were made
# and lets anyone remake them. It needs gstreamer1.0-tools plus
# gstreamer1.0-plugins-{base,good,ugly} (x264enc, vp8enc) on the machine.
#
#   bash data/samples/make-samples.sh      # writes into data/samples/
set -euo pipefail
cd "$(dirname "$0")"

# clip NAME PATTERN WIDTH HEIGHT SECONDS CONTAINER [extra videotestsrc props]
clip() {
  local name=$1 pattern=$2 w=$3 h=$4 secs=$5 container=$6; shift 6
  local frames=$((secs * 25))
  local enc
  case $container in
    mp4)  enc="x264enc speed-preset=veryfast bitrate=250 key-int-max=50 ! video/x-h264,profile=main ! mp4mux" ;;
    webm) enc="vp8enc target-bitrate=250000 deadline=1 keyframe-max-dist=50 ! webmmux" ;;
  esac
  rm -f "$name"
  gst-launch-1.0 -q \
    videotestsrc pattern="$pattern" num-buffers="$frames" "$@" \
    ! "video/x-raw,width=$w,height=$h,framerate=25/1,format=I420" \
    ! $enc ! filesink location="$name"
}

# photo NAME PATTERN WIDTH HEIGHT ENCODER
photo() {
  local name=$1 pattern=$2 w=$3 h=$4 enc=$5
  rm -f "$name"
  gst-launch-1.0 -q videotestsrc pattern="$pattern" num-buffers=1 \
    ! "video/x-raw,width=$w,height=$h" ! videoconvert ! $enc ! filesink location="$name"
}

clip "beach_rally_01.mp4"   ball       640 360 4 mp4 motion=sweep background-color=0xff2a6f97 foreground-color=0xffffd166
clip "beach_rally_02.mp4"   smpte      640 360 3 mp4
clip "phone_portrait.mp4"   pinwheel   360 640 5 mp4
clip "serve_close_up.webm"  spokes     480 480 3 webm
clip "timeout_huddle.mp4"   colors     960 540 2 mp4
clip "warmup_drill.webm"    circular   640 480 4 webm
clip "crowd_reaction.mp4"   zone-plate 640 360 3 mp4 kx2=20 ky2=20 kt=1
clip "night_match.webm"     snow       480 270 2 webm
clip "slow_motion_block.mp4" ball      720 1280 6 mp4 motion=wavy
clip "final_point.webm"     gamut      640 360 3 webm
photo "team_photo.jpg"      smpte75    1280 853 "jpegenc quality=80"
photo "scoreboard.png"      checkers-8 480 640 "pngenc"

du -ch ./*.mp4 ./*.webm ./*.jpg ./*.png | tail -n 1
