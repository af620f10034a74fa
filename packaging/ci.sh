#!/usr/bin/env bash
# Packaging CI: build the one-folder app with PyInstaller and prove the *built* app works on its own.
#
#   bash packaging/ci.sh          (from anywhere; .ci/run calls it after the tests)
#
# 1. installs PyInstaller into .venv (the `packaging` extra) and builds packaging/curio-boards.spec
#    into a temporary folder (the work tree's dist/ and build/ are left alone);
# 2. `curio-boards --smoke` headlessly (SDL's dummy video driver): every screen opens;
# 3. `curio-boards --self-test shot.png` in a real X window under Xvfb: clicks through the menu and
#    the new-game dialog, waits for the AI worker (a spawned copy of the frozen executable) to move,
#    saves the window and checks the picture. Both app runs get a scrubbed environment (`env -i`) whose
#    PATH holds no Python at all, so nothing from the venv or the system interpreter can help;
# 4. prints the app folder's size and its cold start time to the first menu frame (packaging/bench.py),
#    and fails if any of the runs wrote into the app folder (saves belong in the user's folders).
#
# Exits non-zero on any failure. Takes well under a minute on the CI machine after the pip install.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
echo "== install PyInstaller (.[packaging])"
.venv/bin/pip install -q -e '.[packaging]'

WORK=$(mktemp -d /tmp/curio-packaging.XXXXXX)
XVFB_PID=""
cleanup() {
    if [ -n "$XVFB_PID" ]; then
        kill "$XVFB_PID" 2>/dev/null || true
        wait "$XVFB_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

echo "== build: pyinstaller packaging/curio-boards.spec (one folder)"
start=$(date +%s)
.venv/bin/pyinstaller packaging/curio-boards.spec --noconfirm --log-level WARN \
    --distpath "$WORK/dist" --workpath "$WORK/build"
echo "built in $(( $(date +%s) - start )) s"
APP="$WORK/dist/curio-boards/curio-boards"
test -x "$APP"
test -f "$WORK/dist/curio-boards/_internal/assets/theme.json"
test -f "$WORK/dist/curio-boards/_internal/assets/icon.png"
test -f "$WORK/dist/curio-boards/_internal/pygame_gui/data/default_theme.json"
# a licence text for every component, beside the program (packaging/collect_licenses.py)
.venv/bin/python packaging/collect_licenses.py --check "$WORK/dist/curio-boards/licenses"
touch "$WORK/built"  # nothing may be written into the app folder from here on (user data lives elsewhere)

# An environment with nothing in it: no venv, no Python on PATH (the folder does not even exist).
mkdir -p "$WORK/home"
BARE=(env -i "PATH=$WORK/no-python-here" "HOME=$WORK/home" "SDL_AUDIODRIVER=dummy")

echo "== built app: --version is pyproject's"
version=$(.venv/bin/python packaging/release_version.py)
shown=$("${BARE[@]}" "$APP" --version)
[ "$shown" = "curio-boards $version" ] || { echo "the built app says '$shown', pyproject says $version"; exit 1; }
echo "$shown"

echo "== built app: --smoke (dummy video driver)"
timeout 120 "${BARE[@]}" SDL_VIDEODRIVER=dummy "$APP" --smoke --data-dir "$WORK/smoke-data"

echo "== built app: --self-test in a real window (Xvfb)"
if ! command -v Xvfb >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq xvfb xauth >/dev/null
fi
# -displayfd: Xvfb picks a free display itself and writes its number once it accepts connections.
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>"$WORK/display" 2>"$WORK/xvfb.log" &
XVFB_PID=$!
for _ in $(seq 1 100); do
    [ -s "$WORK/display" ] && break
    kill -0 "$XVFB_PID" 2>/dev/null || { cat "$WORK/xvfb.log"; echo "Xvfb did not start"; exit 1; }
    sleep 0.1
done
[ -s "$WORK/display" ] || { cat "$WORK/xvfb.log"; echo "Xvfb gave no display"; exit 1; }
DISPLAY_NAME=":$(head -n1 "$WORK/display")"
SHOT="$WORK/self-test.png"
set +e
timeout 90 "${BARE[@]}" "DISPLAY=$DISPLAY_NAME" "$APP" --self-test "$SHOT" | tee "$WORK/self-test.log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
    echo "self-test failed with exit status $status"
    exit 1
fi
grep -q "^self-test: ok" "$WORK/self-test.log" || { echo "self-test printed no ok line"; exit 1; }
grep -q "driver x11" "$WORK/self-test.log" || { echo "self-test did not use a real X11 window"; exit 1; }
# Check the picture independently of the app that made it.
.venv/bin/python - "$SHOT" <<'PY'
import os
import sys

os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame

path = sys.argv[1]
image = pygame.image.load(path)
raw = pygame.image.tobytes(image, "RGB")
colours = len({raw[i : i + 3] for i in range(0, len(raw), 3)})
print(f"screenshot: {image.get_width()}x{image.get_height()}, {colours} colours, {os.path.getsize(path)} bytes")
if image.get_size() != (1280, 800) or colours < 200:
    sys.exit("the self-test screenshot is not a real picture")
PY
kill "$XVFB_PID" 2>/dev/null || true
wait "$XVFB_PID" 2>/dev/null || true
XVFB_PID=""
if [ -n "${CURIO_KEEP_SHOT:-}" ]; then
    cp "$SHOT" "$CURIO_KEEP_SHOT" && echo "screenshot kept at $CURIO_KEEP_SHOT"
fi

echo "== size and cold start"
.venv/bin/python packaging/bench.py "$APP" --runs 4 --cold

written=$(find "$WORK/dist" -newer "$WORK/built" -print)
if [ -n "$written" ]; then
    echo "the app wrote into its own folder:"
    echo "$written"
    exit 1
fi
echo "packaging: ok"
