#!/bin/sh
# Add Curio Boards to the desktop's application menu, for this user only (no root needed).
#
# Run it from the unpacked app folder (the one holding the `curio-boards` program):
#     ./install-linux.sh            add the menu entry and icon
#     ./install-linux.sh --remove   take them away again
# The app stays where it is; the menu entry points at it, so move the folder first if you want it
# elsewhere (e.g. ~/.local/opt/curio-boards). Saves are never here: they live in
# ~/.local/share/curio-boards whatever you do with this folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
desktop="$data/applications/curio-boards.desktop"
icon="$data/icons/hicolor/256x256/apps/curio-boards.png"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$desktop" "$icon"
    echo "Removed the Curio Boards menu entry."
    exit 0
fi
if [ ! -x "$here/curio-boards" ]; then
    echo "Run this from the Curio Boards folder (no curio-boards program beside it)." >&2
    exit 1
fi
mkdir -p "$(dirname "$desktop")" "$(dirname "$icon")"
cp "$here/_internal/assets/icon.png" "$icon"
# The entry's Exec and Icon get absolute paths: the folder need not be on PATH.
sed -e "s|^Exec=.*|Exec=\"$here/curio-boards\"|" -e "s|^Icon=.*|Icon=$icon|" \
    "$here/curio-boards.desktop" >"$desktop"
chmod +x "$desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$data/applications" || true
echo "Curio Boards is in your application menu (entry: $desktop)."
