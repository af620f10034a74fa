"""Where everything sits on the Elasta table, computed from the rectangle the match screen gives.

One square size ``s`` drives the board, the two slot rows (Black's above, White's below), the two
side trays and the name plates, so the table keeps its proportions at every window size. Only
``pygame.Rect`` arithmetic: no display is needed, and hit-testing a click uses the very rectangles
the painter draws into.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from scenes.games.elasta.palette import BLACK, PLAYERS, WHITE, N
from scenes.kit.board_view import GridGeometry

Hit = tuple[str, str | None, int]
"""What a point is over: ("slot", player, file), ("tray", player, chip) or ("file", None, file)."""

# Proportions in squares: the frame's padding, a slot row and its gap, a tray and its gap.
PAD, SLOT, SLOT_GAP, TRAY, TRAY_GAP = 0.34, 0.98, 0.14, 1.22, 0.26
MIN_SQUARE, MAX_SQUARE = 20, 96


@dataclass(frozen=True)
class TableLayout:
    """The table laid out at square size ``s``. Chip ``c``'s tray slot is ``tray_slots[player][c]``
    (chip 7 on top: higher chips stand higher, as on the board); file ``f``'s slot is
    ``slot_rects[player][f]``."""

    s: int
    geo: GridGeometry
    table_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    frame_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    slot_rects: dict[str, list[pygame.Rect]] = field(default_factory=lambda: {WHITE: [], BLACK: []})
    rail_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    tray_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    tray_slots: dict[str, list[pygame.Rect]] = field(default_factory=lambda: {WHITE: [], BLACK: []})
    plate_rects: dict[str, pygame.Rect] = field(default_factory=dict)

    @classmethod
    def unplaced(cls) -> TableLayout:
        """The stand-in before the first :meth:`fit`: a board of some size and no table around it,
        so nothing can be hit or drawn until the scene gives the view its rectangle."""
        geo = GridGeometry.fit(pygame.Rect(0, 0, 640, 640), N, N)
        return cls(geo.square, geo)

    @classmethod
    def fit(cls, rect: pygame.Rect) -> TableLayout:
        """The largest table (squares of whole pixels, within MIN/MAX_SQUARE) centred in ``rect``
        less a 4-pixel margin."""
        usable = rect.inflate(-8, -8)
        width_units = N + 2 * PAD + 2 * (TRAY + TRAY_GAP)
        height_units = N + 2 * PAD + 2 * (SLOT + SLOT_GAP)
        s = int(min(usable.width / width_units, usable.height / height_units))
        s = max(MIN_SQUARE, min(s, MAX_SQUARE))
        pad = round(s * PAD)
        slot_h, slot_gap = round(s * SLOT), round(s * SLOT_GAP)
        tray_w, tray_gap = round(s * TRAY), round(s * TRAY_GAP)
        board = N * s
        total_w = board + 2 * pad + 2 * (tray_w + tray_gap)
        total_h = board + 2 * pad + 2 * (slot_h + slot_gap)
        left = rect.centerx - total_w // 2
        top = rect.centery - total_h // 2
        frame = pygame.Rect(
            left + tray_w + tray_gap, top + slot_h + slot_gap, board + 2 * pad, board + 2 * pad
        )
        geo = GridGeometry(N, N, (frame.left + pad, frame.top + pad), s, 0)
        slots: dict[str, list[pygame.Rect]] = {}
        rails: dict[str, pygame.Rect] = {}
        for player, y in ((BLACK, top), (WHITE, frame.bottom + slot_gap)):
            slots[player] = [pygame.Rect(geo.origin[0] + f * s, y, s, slot_h) for f in range(N)]
            rails[player] = pygame.Rect(geo.origin[0] - pad // 2, y, board + pad, slot_h)
        trays: dict[str, pygame.Rect] = {}
        tray_slots: dict[str, list[pygame.Rect]] = {}
        for player, x in ((WHITE, left), (BLACK, frame.right + tray_gap)):
            tray = pygame.Rect(x, frame.top, tray_w, frame.height)
            trays[player] = tray
            inner = tray.inflate(0, -round(s * 0.24))
            pitch = inner.height / N
            tray_slots[player] = [
                pygame.Rect(tray.left, round(inner.top + (N - 1 - chip) * pitch), tray_w, round(pitch))
                for chip in range(N)
            ]
        plate_w = tray_w + tray_gap + pad - max(2, s // 12)
        plates = {
            WHITE: pygame.Rect(left, frame.bottom + slot_gap, plate_w, slot_h),
            BLACK: pygame.Rect(frame.right - pad + max(2, s // 12), top, plate_w, slot_h),
        }
        return cls(
            s,
            geo,
            pygame.Rect(left, top, total_w, total_h),
            frame,
            slots,
            rails,
            trays,
            tray_slots,
            plates,
        )

    # -- positions ---------------------------------------------------------------------------------
    @property
    def pad(self) -> int:
        """The frame's border round the squares (where the coordinates are written)."""
        return self.geo.origin[0] - self.frame_rect.left

    def slot_center(self, player: str, file: int) -> tuple[int, int]:
        return self.slot_rects[player][file].center

    def tray_center(self, player: str, chip: int) -> tuple[int, int]:
        return self.tray_slots[player][chip].center

    def stick_y(self, line: float) -> float:
        """Screen y of a stick at ``line`` (0 = White's ground line at the bottom, 8 = the top)."""
        return self.geo.rect.bottom - line * self.s

    def file_x(self, file: int) -> float:
        return self.geo.origin[0] + file * self.s + self.s / 2

    def file_rect(self, file: int) -> pygame.Rect:
        """A whole file of the board, ground line to ground line (washes, flashes)."""
        grid = self.geo.rect
        return pygame.Rect(grid.left + file * self.s, grid.top, self.s, grid.height)

    # -- hit testing ---------------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> Hit | None:
        """What is under ``pos``. A point in a tray's padding hits nothing (not the board behind)."""
        for player in PLAYERS:
            for f, rect in enumerate(self.slot_rects[player]):
                if rect.collidepoint(pos):
                    return "slot", player, f
            if self.tray_rects.get(player) and self.tray_rects[player].collidepoint(pos):
                for chip, rect in enumerate(self.tray_slots[player]):
                    if rect.collidepoint(pos):
                        return "tray", player, chip
                return None
        square = self.geo.square_at(pos)
        if square is not None:
            return "file", None, square[0]
        return None

    def drop_file(self, pos: tuple[int, int], player: str) -> int | None:
        """The file a chip of ``player``'s dropped at ``pos`` would go to: their own slot or a board
        column (never the other side's slot), else None."""
        hit = self.hit(pos)
        if hit is not None and hit[0] in ("slot", "file") and hit[1] in (None, player):
            return hit[2]
        return None
