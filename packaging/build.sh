#!/usr/bin/env bash
# Build the Curio Boards app for this computer (Linux or macOS; Windows: see README, "Build the app").
#
#   bash packaging/build.sh                    one folder: dist/curio-boards/ (+ a .tar.gz on Linux)
#   CURIO_ONEFILE=1 bash packaging/build.sh    one file:   dist/onefile/curio-boards
#
# Works from a fresh clone: makes .venv if there is none and installs the `packaging` extra
# (PyInstaller) into it. On Linux the folder also gets the desktop entry and its installer, and is
# packed as dist/curio-boards-VERSION-linux-ARCH.tar.gz, the file players download.
set -euo pipefail
cd "$(dirname "$0")/.."

export PIP_DISABLE_PIP_VERSION_CHECK=1
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/pip install -q -e '.[packaging]'
version=$(.venv/bin/python -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')

if [ "${CURIO_ONEFILE:-0}" = 1 ]; then
    # its own dist and work folders: the one-folder build's dist/curio-boards/ would clash by name
    .venv/bin/pyinstaller packaging/curio-boards.spec --noconfirm --distpath dist/onefile --workpath build/onefile
    echo "built dist/onefile/curio-boards $version"
    exit 0
fi

.venv/bin/pyinstaller packaging/curio-boards.spec --noconfirm
case "$(uname -s)" in
Linux)
    cp packaging/curio-boards.desktop packaging/install-linux.sh dist/curio-boards/
    archive="curio-boards-$version-linux-$(uname -m).tar.gz"
    tar -C dist -czf "dist/$archive" curio-boards
    echo "built dist/curio-boards/ and dist/$archive ($(du -sh dist/curio-boards | cut -f1) unpacked)"
    ;;
Darwin)
    echo "built dist/Curio Boards.app $version (and the plain folder dist/curio-boards/)"
    ;;
*)
    echo "built dist/curio-boards/ $version"
    ;;
esac
