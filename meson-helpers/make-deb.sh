#!/usr/bin/env bash
# `bash meson-helpers/dev.sh deb [MESON_OPTION…]`: Flick as a Debian package.
#
#   meson setup (prefix /usr, release) → meson install into a staging DESTDIR
#   → man page gzipped, binary stripped, /usr/share/doc/flick (copyright,
#   changelog) → DEBIAN/control with Depends from dpkg-shlibdeps → dpkg-deb
#   → lintian (errors fail the build).
#
# Arguments are meson options for the addresses (`-Dhomepage=https://…`,
# meson_options.txt). The maintainer is $DEBFULLNAME <$DEBEMAIL>, as for
# dch. The last line of stdout is the package's path; the rest goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
# Its own meson build, apart from .build/debug. The Swift release build is
# in .build/swiftpm-release, which Tests/gui/test_app.py's meson build shares
# (meson_options.txt, swiftpm_scratch): one release build for both.
build=$root/.build/deb
scratch=$root/.build/swiftpm-release
stage=$build-stage
say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# What Flick loads at run time beside its linked libraries: GStreamer's
# demuxers and decoders (clips) and gdk-pixbuf's loaders (HEIC, WebP, AVIF
# photos), Cantarell for GNOME's look. A settings backend keeps preferences.
RECOMMENDS="gstreamer1.0-plugins-base, gstreamer1.0-plugins-good, gstreamer1.0-libav, \
heif-gdk-pixbuf, webp-pixbuf-loader, libavif-gdk-pixbuf, fonts-cantarell"
EXTRA_DEPENDS="dconf-gsettings-backend | gsettings-backend"
SUGGESTS="gstreamer1.0-plugins-bad"
maintainer="${DEBFULLNAME:-The Flick developers} <${DEBEMAIL:-flick@example.org}>"

# An existing build folder is set up again (--reconfigure), so options
# added to meson_options.txt since it was made are known to it.
reconfigure=()
[ -f "$build-meson/build.ninja" ] && reconfigure=(--reconfigure)
meson setup "${reconfigure[@]}" "$build-meson" meson-helpers --prefix=/usr --buildtype=plain -Dspm_configuration=release \
  -Dswiftpm_scratch="$scratch" "$@" >&2
say "Building Flick (release, Swift runtime linked in)"
meson compile -C "$build-meson" >&2

say "Staging the install"
rm -rf "$stage"
DESTDIR="$stage" meson install -C "$build-meson" --no-rebuild --quiet >&2
version=$("$stage/usr/bin/flick" --version)
homepage=$(meson introspect --buildoptions "$build-meson" |
  python3 -c 'import json,sys; print(next(o["value"] for o in json.load(sys.stdin) if o["name"] == "homepage"))')

# Debian's policy on the files: stripped binaries, gzipped man pages,
# copyright and changelog under /usr/share/doc.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/flick"
find "$stage/usr/share/man" -type f -name '*.[0-9]' -exec gzip -9n {} +
doc=$stage/usr/share/doc/flick
mkdir -p "$doc"
sed "s|@HOMEPAGE@|${homepage:-the Flick source tree}|" meson-helpers/deb/copyright > "$doc/copyright"
metainfo=data/io.github.flick.Flick.metainfo.xml.in
python3 meson-helpers/deb/changelog.py "$metainfo" "$maintainer" | gzip -9n > "$doc/changelog.gz"
find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -type f -exec chmod go-w {} +

say "Computing Depends (dpkg-shlibdeps)"
shlibs=$build-shlibs
rm -rf "$shlibs" && mkdir -p "$shlibs/debian"
printf 'Source: flick\n\nPackage: flick\nArchitecture: any\n' > "$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O -e"$stage/usr/bin/flick" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dpkg-shlibdeps found no dependencies for $stage/usr/bin/flick" >&2; exit 1; }

mkdir -p "$stage/DEBIAN"
{
  echo "Package: flick"
  echo "Version: $version"
  echo "Architecture: $(dpkg --print-architecture)"
  echo "Maintainer: $maintainer"
  echo "Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
  echo "Depends: $depends, $EXTRA_DEPENDS"
  echo "Recommends: $RECOMMENDS"
  echo "Suggests: $SUGGESTS"
  echo "Section: video"
  echo "Priority: optional"
  [ -n "$homepage" ] && echo "Homepage: $homepage"
  python3 meson-helpers/deb/description.py "$metainfo"
} > "$stage/DEBIAN/control"
(cd "$stage" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

package=$root/flick_${version}_$(dpkg --print-architecture).deb
say "Packing $package"
SOURCE_DATE_EPOCH=$(date -d "$(sed -n 's/.*<release version="[^"]*" date="\([^"]*\)".*/\1/p' "$metainfo" | head -n 1)" +%s) \
  dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >&2

if command -v lintian >/dev/null; then
  say "lintian"
  lintian --fail-on error "$package" >&2
else
  echo "lintian is not installed: the package was not checked (apt-get install lintian)" >&2
fi
echo "$package"
