#!/usr/bin/env bash
# Flick's two developer commands (README, Quick start), and the package (README, Installing):
#
#   bash meson-helpers/dev.sh run [FOLDER]   install what is missing, build, open Flick
#   bash meson-helpers/dev.sh test           install what is missing, build, run every test headless
#   bash meson-helpers/dev.sh deb [-Dopt=…]  a release build as flick_VERSION_ARCH.deb (its path is the last line)
#
# All three are idempotent: packages already present are not reinstalled and the
# build is incremental. Debian 12 packages come from apt-get (with sudo when
# not root); Swift 6 is expected at /opt/swift or on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

# libglib2.0-dev-bin: glib-compile-resources, which compiles the .ui files'
# bundle (Flick does so itself at start-up when run from this tree).
# libavformat-dev … libavutil-dev: FFmpeg's libraries, which decode clips for
# their prints (FlickAnalysis's ClipDecoder).
BUILD_PACKAGES=(pkg-config libgtk-4-dev libadwaita-1-dev libgstreamer1.0-dev
  libgstreamer-plugins-base1.0-dev libsqlite3-dev libglib2.0-dev-bin
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev)
RUN_PACKAGES=(gstreamer1.0-plugins-base gstreamer1.0-plugins-good
  gstreamer1.0-libav gstreamer1.0-plugins-bad adwaita-icon-theme fonts-cantarell
  heif-gdk-pixbuf webp-pixbuf-loader libavif-gdk-pixbuf)
# The package route (dev.sh deb): meson, dpkg-shlibdeps and lintian.
DEB_PACKAGES=(meson ninja-build dpkg-dev binutils lintian appstream desktop-file-utils gettext)
TEST_PACKAGES=(xvfb xauth xdotool dbus dbus-bin at-spi2-core python3-pyatspi python3-pytest
  imagemagick gstreamer1.0-tools gstreamer1.0-plugins-base-apps gstreamer1.0-plugins-ugly gstreamer1.0-x
  meson ninja-build desktop-file-utils appstream gettext libglib2.0-bin gtk-update-icon-cache librsvg2-common
  python3-gi gir1.2-gtk-4.0 orca openbox x11-utils sway grim clapper ffmpeg melt exiv2
  libheif-examples webp libavif-bin libimage-exiftool-perl
  libgl1-mesa-dri libglx-mesa0 libegl-mesa0
  dosfstools fusefat bindfs strace
  exfat-fuse exfatprogs
  openssh-server sshfs
  dpkg-dev lintian debootstrap man-db opencv-doc)

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

install_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "Installing ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

find_swift() {
  [ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
  if ! command -v swift >/dev/null; then
    echo "Swift 6 is not installed: get it from https://www.swift.org/install/linux/ (expected at /opt/swift)." >&2
    exit 1
  fi
}

build() {
  say "Building Flick"
  swift build "$@" 2>&1 | grep -v "warning: prohibited flag" >&2
  return "${PIPESTATUS[0]}"
}

case "${1:-}" in
  run)
    shift
    install_packages "${BUILD_PACKAGES[@]}" "${RUN_PACKAGES[@]}"
    find_swift
    build
    if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
      echo "No display to open Flick on (DISPLAY and WAYLAND_DISPLAY are unset)." >&2
      exit 1
    fi
    exec .build/debug/flick "$@"
    ;;
  test)
    install_packages "${BUILD_PACKAGES[@]}" "${RUN_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    find_swift
    build --build-tests
    # Every test's scratch files go to one folder, removed at the end.
    TMPDIR=$(mktemp -d -t flick-tests.XXXXXX)
    export TMPDIR
    trap 'rm -rf "$TMPDIR"' EXIT
    say "Unit tests (swift test)"
    swift test --skip-build 2>&1 | grep -v "warning: prohibited flag"
    [ "${PIPESTATUS[0]}" -eq 0 ] || exit 1
    say "GUI, install and data tests (Xvfb, AT-SPI, xdotool, meson)"
    /usr/bin/python3 -m pytest -q -p no:cacheprovider --basetemp="$TMPDIR/pytest" Tests/gui
    ;;
  deb)
    shift
    install_packages "${BUILD_PACKAGES[@]}" "${DEB_PACKAGES[@]}"
    find_swift
    exec bash meson-helpers/make-deb.sh "$@"
    ;;
  *)
    echo "usage: bash meson-helpers/dev.sh run [FOLDER] | test | deb [-Dhomepage=URL …]" >&2
    exit 1
    ;;
esac
