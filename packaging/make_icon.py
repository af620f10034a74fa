"""Draw Curio Boards' icon in code and write it in every format the three desktops want.

The icon is drawn (not painted in an editor) so it shares the game's own vocabulary: a piecepack
tile in parchment with a wood frame, a turned wooden pawn and a gold coin, using the same sprite
code the boards use (``scenes.kit.sprites``). Run it again after changing the drawing; the outputs are
committed so building the app never needs this script:

    .venv/bin/python packaging/make_icon.py            # writes the files below
    .venv/bin/python packaging/make_icon.py --preview /tmp/icon-sheet.png

Outputs:

- ``assets/icon.png`` (256 px): the window icon (``App._set_icon``) and the Linux desktop icon.
- ``packaging/icons/curio-boards.ico``: Windows, PNG-in-ICO at 16-256 px (written by hand below;
  Windows Vista and later read PNG entries, so no Pillow is needed).
- ``packaging/icons/curio-boards.icns``: macOS, PNG entries at 16-1024 px (also written by hand).

Small sizes are not just shrunk: at 48 px and below the grid lines and the faint emblem would turn
to mush, so that variant drops them and gets a thicker frame and bigger pieces.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from anywhere
    sys.path.insert(0, str(ROOT))

from scenes.kit import sprites  # noqa: E402

MASTER = 1024
"""Every variant is drawn at this size and smoothly scaled down (clean anti-aliased edges)."""

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"ic11", 32),  # 16@2x
    (b"icp6", 64),
    (b"ic12", 64),  # 32@2x
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic13", 256),  # 128@2x
    (b"ic09", 512),
    (b"ic14", 512),  # 256@2x
    (b"ic10", 1024),  # 512@2x
)
SMALL = 48
"""At or below this size the simplified, bolder drawing is used."""

PARCHMENT = (244, 236, 219)
PARCHMENT_DARK = (222, 206, 176)
WOOD_LIGHT = (160, 112, 72)
WOOD = (112, 76, 50)
WOOD_DARK = (62, 42, 30)
PAWN = (190, 62, 42)
"""The suns' red: the pawn is the warmest thing on the tile, so it reads at 16 px."""
COIN = (222, 160, 60)
EMBLEM = (206, 184, 146)

Color = tuple[int, int, int]


def _mix(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _gradient(size: tuple[int, int], top: Color, bottom: Color) -> pygame.Surface:
    column = pygame.Surface((1, size[1]), pygame.SRCALPHA)
    for y in range(size[1]):
        column.set_at((0, y), (*_mix(top, bottom, y / max(1, size[1] - 1)), 255))
    return pygame.transform.scale(column, size)


def _masked(fill: pygame.Surface, rect: pygame.Rect, radius: int) -> pygame.Surface:
    """``fill`` cut to a rounded rectangle (alpha kept outside the shape at zero)."""
    mask = pygame.Surface(fill.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    out = fill.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _blur(surface: pygame.Surface, factor: int) -> pygame.Surface:
    w, h = surface.get_size()
    small = pygame.transform.smoothscale(surface, (max(1, w // factor), max(1, h // factor)))
    return pygame.transform.smoothscale(small, (w, h))


def draw_master(small: bool) -> pygame.Surface:
    """The icon at ``MASTER`` px; ``small`` is the bolder variant for 48 px and below."""
    s = MASTER
    canvas = pygame.Surface((s, s), pygame.SRCALPHA)
    margin = round(s * (0.035 if small else 0.05))
    tile = pygame.Rect(margin, margin, s - 2 * margin, s - 2 * margin - round(s * 0.02))
    radius = round(tile.width * 0.2)

    # soft drop shadow under the tile
    shadow = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 120), tile.move(0, round(s * 0.018)), border_radius=radius)
    canvas.blit(_blur(shadow, 24), (0, 0))

    # the wood frame: a warm vertical gradient with a few soft grain streaks and a lit top edge
    wood = _gradient((s, s), WOOD_LIGHT, WOOD_DARK)
    grain = pygame.Surface((s, s), pygame.SRCALPHA)
    for i in range(14):
        y = tile.top + tile.height * (i + 0.5) / 14
        amp = s * 0.012
        points = [
            (x, y + amp * math.sin(x / s * 9 + i * 1.7) + amp * 0.6 * math.sin(x / s * 23 + i))
            for x in range(0, s + 1, 16)
        ]
        pygame.draw.lines(grain, (40, 24, 14, 46 if i % 2 else 30), False, points, max(2, s // 160))
    wood.blit(grain, (0, 0))
    canvas.blit(_masked(wood, tile, radius), (0, 0))
    pygame.draw.rect(canvas, (30, 20, 14, 255), tile, width=max(2, s // 110), border_radius=radius)
    rim = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(
        rim, (255, 230, 190, 70), tile.inflate(-s // 60, -s // 60), width=s // 90, border_radius=radius
    )
    rim.blit(_gradient((s, s), (255, 255, 255), (0, 0, 0)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(rim, (0, 0))

    # the parchment face with an inner shadow along its top-left (it sits below the frame)
    frame = round(tile.width * (0.1 if small else 0.085))
    face = tile.inflate(-2 * frame, -2 * frame)
    face_radius = max(4, radius - frame)
    paper = _gradient((s, s), PARCHMENT, PARCHMENT_DARK)
    if not small:
        # a soft light from the upper left: many faint discs, so the glow has no visible edge
        glow = pygame.Surface((s, s), pygame.SRCALPHA)
        centre = (face.left + face.width * 0.3, face.top + face.height * 0.25)
        for i in range(32):
            pygame.draw.circle(glow, (255, 255, 255, 3), centre, face.width * 0.6 * (1 - i / 32))
        paper.blit(glow, (0, 0))
    canvas.blit(_masked(paper, face, face_radius), (0, 0))
    inner = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.rect(inner, (60, 36, 20, 110), face, width=s // 40, border_radius=face_radius)
    inner = _blur(inner, 10)
    canvas.blit(_masked(inner, face, face_radius), (0, 0))
    pygame.draw.rect(canvas, (92, 62, 40, 255), face, width=max(2, s // 200), border_radius=face_radius)

    # piecepack grid: a faint cross with a medallion and a pale sun emblem at the crossing
    if not small:
        line = (*_mix(PARCHMENT_DARK, WOOD, 0.25), 255)
        width = max(2, s // 140)
        cx, cy = face.center
        gap = face.width * 0.13
        inset = face.width * 0.07
        pygame.draw.line(canvas, line, (face.left + inset, cy), (cx - gap, cy), width)
        pygame.draw.line(canvas, line, (cx + gap, cy), (face.right - inset, cy), width)
        pygame.draw.line(canvas, line, (cx, face.top + inset), (cx, cy - gap), width)
        pygame.draw.line(canvas, line, (cx, cy + gap), (cx, face.bottom - inset), width)
        pygame.draw.circle(canvas, line, (cx, cy), gap * 0.92, width)
        # drawn on its own layer: the moon's bite is painted transparent and must not cut the tile
        emblem = pygame.Surface((s, s), pygame.SRCALPHA)
        sprites.draw_suit(
            emblem,
            "moons",
            (face.left + face.width * 0.75, face.top + face.height * 0.25),
            face.width * 0.11,
            (*EMBLEM, 255),
        )
        canvas.blit(emblem, (0, 0))

    # the pieces: a pawn standing left of centre, a coin lying in front of it on the right
    pawn_h = round(face.height * (0.8 if small else 0.68))
    pawn_w = round(pawn_h * 0.62)
    coin_d = round(face.width * (0.52 if small else 0.44))
    foot_y = face.bottom - round(face.height * (0.08 if small else 0.12))
    pawn_cx = face.left + round(face.width * (0.36 if small else 0.38))
    coin_cx = face.left + round(face.width * (0.7 if small else 0.68))
    coin_cy = foot_y - round(coin_d * 0.42)

    pawn_shadow = sprites.ellipse_shadow(round(pawn_w * 1.05), round(pawn_w * 0.32), alpha=130)
    canvas.blit(pawn_shadow, pawn_shadow.get_rect(center=(pawn_cx + pawn_w * 0.1, foot_y - pawn_w * 0.06)))
    pawn = sprites.pawn(pawn_w, pawn_h, PAWN)
    canvas.blit(pawn, pawn.get_rect(midbottom=(pawn_cx, foot_y)))

    coin_shadow = sprites.ellipse_shadow(round(coin_d * 1.02), round(coin_d * 1.02), alpha=120)
    canvas.blit(coin_shadow, coin_shadow.get_rect(center=(coin_cx + coin_d * 0.05, coin_cy + coin_d * 0.1)))
    coin = sprites.coin(coin_d, COIN, "suns", thickness=0.11)
    canvas.blit(coin, coin.get_rect(center=(coin_cx, coin_cy + coin_d * 0.05)))
    return canvas


def render(size: int, masters: dict[bool, pygame.Surface]) -> pygame.Surface:
    """The icon at ``size`` px, shrunk by halving steps (sharper than one big smoothscale)."""
    small = size <= SMALL
    if small not in masters:
        masters[small] = draw_master(small)
    image = masters[small]
    while image.get_width() // 2 >= size * 2:
        image = pygame.transform.smoothscale(image, (image.get_width() // 2, image.get_height() // 2))
    if image.get_width() != size:
        image = pygame.transform.smoothscale(image, (size, size))
    return image


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG files (ICONDIR, one ICONDIRENTRY each, then the data)."""
    count = len(images)
    header = struct.pack("<HHH", 0, 1, count)
    offset = 6 + 16 * count
    entries = b""
    data = b""
    for size, blob in sorted(images.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in the ICO directory
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset + len(data))
        data += blob
    return header + entries + data


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """A macOS .icns: 'icns' + total length, then (type, length, PNG) chunks, all big-endian."""
    chunks = b"".join(
        kind + struct.pack(">I", 8 + len(images[size])) + images[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def preview(images: dict[int, pygame.Surface], path: Path) -> None:
    """A contact sheet on light and dark backgrounds, to judge the icon at every size at once."""
    sizes = [256, 128, 64, 48, 32, 24, 16]
    width = sum(sizes) + 24 * (len(sizes) + 1)
    sheet = pygame.Surface((width, 2 * (256 + 48)))
    sheet.fill((236, 236, 236))
    pygame.draw.rect(sheet, (40, 44, 52), (0, 256 + 48, width, 256 + 48))
    for row in range(2):
        x = 24
        for size in sizes:
            sheet.blit(images[size], (x, row * (256 + 48) + 24 + (256 - size) // 2))
            x += size + 24
    pygame.image.save(sheet, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preview", type=Path, help="also write a contact sheet of every size to this PNG")
    args = parser.parse_args(argv)
    masters: dict[bool, pygame.Surface] = {}
    sizes = sorted({*ICO_SIZES, *(size for _, size in ICNS_TYPES)})
    surfaces = {size: render(size, masters) for size in sizes}
    pngs = {size: png_bytes(surface) for size, surface in surfaces.items()}

    icons = ROOT / "packaging" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    (ROOT / "assets" / "icon.png").write_bytes(pngs[256])
    (icons / "curio-boards.ico").write_bytes(ico_bytes({size: pngs[size] for size in ICO_SIZES}))
    (icons / "curio-boards.icns").write_bytes(icns_bytes(pngs))
    print(f"wrote assets/icon.png, {icons.relative_to(ROOT)}/curio-boards.ico and .icns")
    if args.preview:
        preview(surfaces, args.preview)
        print(f"preview: {args.preview}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
