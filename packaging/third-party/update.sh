#!/usr/bin/env bash
# Refresh the licence notices of the C libraries inside pygame-ce's wheels (SDL and what it uses).
#
#   bash packaging/third-party/update.sh      (Debian or Ubuntu; needs network to the package archive)
#
# Why these files are kept here: pygame-ce's wheels carry these libraries (SDL2, SDL_image, SDL_mixer,
# SDL_ttf, FreeType, libpng, ...) but not their licence texts (only pygame's own LGPL.txt), so the
# build cannot collect them from the installed packages as it does for everything else
# (packaging/collect_licenses.py). Rather than typing them, this script takes each library's
# licence notice from Debian's package of the same library: `apt-get download` fetches the package,
# and its /usr/share/doc/<package>/copyright file is copied here as <component>.txt, unchanged.
# SOURCES.txt records which package and version each came from. Debian's versions are not always the
# ones pygame-ce bundles; the licences are the same across those versions.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

# component id (scenes/kit/about.py COMPONENTS) = Debian binary package
PACKAGES=(
    sdl2=libsdl2-2.0-0 sdl2-image=libsdl2-image-2.0-0 sdl2-mixer=libsdl2-mixer-2.0-0
    sdl2-ttf=libsdl2-ttf-2.0-0 freetype=libfreetype6 harfbuzz=libharfbuzz0b libpng=libpng16-16
    libjpeg-turbo=libjpeg62-turbo libtiff=libtiff6 libwebp=libwebp7 libogg=libogg0
    libvorbis=libvorbis0a opus=libopus0 opusfile=libopusfile0 flac=libflac12 mpg123=libmpg123-0
    fluidsynth=libfluidsynth3 libsndfile=libsndfile1 libxmp=libxmp4 wavpack=libwavpack1
    portmidi=libportmidi0 brotli=libbrotli1 alsa-lib=libasound2 zlib=zlib1g
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
names=()
for pair in "${PACKAGES[@]}"; do names+=("${pair#*=}"); done
apt-get download "${names[@]}" >/dev/null

{
    echo "Where each licence notice in this folder comes from (written by update.sh; do not edit)."
    echo
} >"$here/SOURCES.txt"
for pair in "${PACKAGES[@]}"; do
    component=${pair%%=*}
    package=${pair#*=}
    deb=$(ls "${package}"_*.deb)
    dpkg-deb -x "$deb" "x-$package"
    cp "x-$package/usr/share/doc/$package/copyright" "$here/$component.txt"
    version=$(dpkg-deb -f "$deb" Version)
    printf '%-18s Debian package %s %s, /usr/share/doc/%s/copyright\n' \
        "$component.txt" "$package" "$version" "$package" >>"$here/SOURCES.txt"
done
echo "updated $(( ${#PACKAGES[@]} )) licence notices in $here"
