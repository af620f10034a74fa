#!/usr/bin/env bash
# The pip route, checked as a stranger would take it: build the sdist and the wheel
# (`python -m build`, the wheel made from the sdist), install the wheel into a fresh virtual
# environment, and run the `curio-boards` command from a folder far from this source tree, so only
# what the wheel carries can be used (its assets/ included).
#
#   bash packaging/wheel_check.sh        (from anywhere; .ci/run calls it; needs .venv with `build`)
#
# Prints the wheel's size and the time each step took. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1

WORK=$(mktemp -d /tmp/curio-wheel.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
version=$(.venv/bin/python packaging/release_version.py)

start=$(date +%s)
.venv/bin/python -m build --outdir "$WORK/dist" "$ROOT" >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }
wheel="$WORK/dist/curio_boards-$version-py3-none-any.whl"
test -f "$wheel" && test -f "$WORK/dist/curio_boards-$version.tar.gz"
echo "built sdist and wheel in $(( $(date +%s) - start )) s; wheel $(du -k "$wheel" | cut -f1) KB"
# What a player's install needs must be in the wheel: the assets, the licence, the command.
.venv/bin/python - "$wheel" "$ROOT" <<'PY'
import sys
import zipfile
from pathlib import Path

names = set(zipfile.ZipFile(sys.argv[1]).namelist())
assets = Path(sys.argv[2]) / "assets"
wanted = ["main.py", "game/register.py", "scenes/kit/fonts.py"]
wanted += [p.relative_to(assets.parent).as_posix() for p in sorted((assets.parent / "game").rglob("*.json"))]
wanted += [f"scenes/kit/assets/{p.relative_to(assets).as_posix()}" for p in sorted(assets.rglob("*")) if p.is_file()]
missing = [name for name in wanted if name not in names]
if not any(name.endswith("entry_points.txt") for name in names):
    missing.append("entry_points.txt")
if not any(name.endswith("/licenses/LICENSE") for name in names):
    missing.append("the LICENSE in the metadata")
if missing:
    sys.exit(f"the wheel lacks: {', '.join(missing)}")
print(f"wheel holds {len(names)} files: all {sum(n.startswith('scenes/kit/assets/') for n in wanted)} "
      "files of assets/, the licence and the curio-boards command")
PY

start=$(date +%s)
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q "$wheel"
echo "installed into a fresh venv in $(( $(date +%s) - start )) s"

# Far from the source tree: nothing of it may be imported by accident.
mkdir -p "$WORK/elsewhere"
cd "$WORK/elsewhere"
shown=$("$WORK/venv/bin/curio-boards" --version)
[ "$shown" = "curio-boards $version" ] || { echo "curio-boards --version printed '$shown', expected $version"; exit 1; }
echo "$shown"
start=$(date +%s)
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 300 "$WORK/venv/bin/curio-boards" --smoke \
    --data-dir "$WORK/data" >"$WORK/smoke.log" 2>&1 || { cat "$WORK/smoke.log"; exit 1; }
echo "curio-boards --smoke from the wheel: $(grep -c ' ok$' "$WORK/smoke.log") screens ok in $(( $(date +%s) - start )) s"
PYGAME_HIDE_SUPPORT_PROMPT=1 "$WORK/venv/bin/python" - <<'PY'
import scenes.kit.fonts as fonts

assert "site-packages" in str(fonts.ASSETS), f"assets came from {fonts.ASSETS}, not the wheel"
print(f"assets from {fonts.ASSETS}")
PY
echo "wheel: ok"
