"""The fit checker: is every text on a screen whole, legible and clear of the buttons?

Issue #14 asks that at 1024x640 and 1280x800 no text is cut off, none is under 11 px, and notices
never cover buttons. Looking at screenshots finds such things once; this finds them every time, on
every screen the showcase can build (``tests/test_fit.py``).

**What it follows.** Our own text is rendered by :class:`scenes.kit.fonts.Face`, which tells
:data:`~scenes.kit.fonts.RENDER_LISTENERS` about every line. While a :class:`TextWatch` is open each
rendered line becomes a traced surface that knows which text it holds, where its ink is and at what
size; ``pygame.Surface`` is replaced by a traced subclass, and the transforms (scale, smoothscale,
rotate...) carry the marks along, scaling the size with the picture (a label rendered four times too
big and smoothed down to a badge counts at the size it ends up). Every blit onto a traced surface moves
the marks of what is blitted onto the target, so a line drawn on a card, the card on a panel and the
panel on the window arrives on the window with its true place and size. It judges the screen on top
(the ones under an overlay are dimmed, and judged when they are on top themselves) and the notices:

- a line whose ink is clipped by the edge of a surface it was blitted on (a panel, a card, the window,
  a clip rectangle): **cut off**, with the side and the pixels;
- a line that ends on the window smaller than 11 px: **too small**;
- a text :func:`scenes.kit.text.cut_to_width` shortened with an ellipsis: **shortened** (the showcase
  states hold no player-made names, so any ellipsis there is a space too small for its text);
- two different lines drawn by the same screen whose ink overlaps: **overlaps** (words only: a
  board's coordinates and a piece's figures are covered by the pieces on purpose, and a covered
  text cannot be told from an overlapping one);
- a line of a screen under one of that screen's own buttons, and any notice over any button of the
  screen on top: **covers a button**.

For the pygame-gui widgets (labels, buttons, text boxes, windows' titles) it walks every visible
element of the screens shown and compares each line's width in the element's own font with the room
inside the element, and the font's size with 11 px.

**What it cannot see.** Text drawn on a surface made by ``subsurface`` (its pixels land in the parent,
the marks do not), surfaces made before the watch opened (it clears the app's caches so a fresh screen
renders everything again, but a scene built before :meth:`TextWatch.__enter__` keeps its pictures),
text covered later by an opaque picture (it is judged as if visible), pictures kept in caches it
cannot reach (a board's master piece drawings, scaled to every size: judged where first drawn), and
the inside of pygame-gui text boxes beyond line width and font size (the rules window's HTML wraps by
itself). Text shrunk below :data:`MINIATURE_PX` with its whole picture (a thumbnail) is not judged.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from scenes.kit import fonts, text

SMALLEST_PX = 12
"""The smallest text size a player is asked to read (12 px, also at 1024x640)."""
MINIATURE_PX = 5
"""Text that ends below this is part of a picture shrunk whole (a save's thumbnail of its board): a
picture of text no one is meant to read, not text; it is not judged."""
SIZE_SLACK = 0.25
"""Supersampled text lands at fractions of a pixel (10.8 px from ``int(size * 4 * 0.42) / 4``)."""
CLIP_SLACK = 1
"""Pixels of ink a blit may lose at an edge before it counts (antialiasing fringes)."""
OVERLAP_SLACK = 2
"""Pixels two lines' ink boxes may share before they count as overlapping (accents, descenders)."""

_BASE_SURFACE = pygame.Surface
_TRANSFORMS = (
    "scale",
    "smoothscale",
    "scale_by",
    "smoothscale_by",
    "rotozoom",
    "rotate",
    "flip",
    "scale2x",
    "laplacian",
    "grayscale",
    "invert",
)


@dataclass(frozen=True)
class Misfit:
    """One text that does not fit: which text, and what is wrong with it, in a sentence."""

    text: str
    problem: str

    def __str__(self) -> str:
        return f"'{self.text}': {self.problem}"


@dataclass(frozen=True)
class _Mark:
    """A line of text inside a surface: its ink's rectangle there, and its size in pixels there."""

    text: str
    ink: pygame.Rect
    size: float
    turned: bool = False
    """Rotated on its way (a tilting board): its box is the box around the turned ink, too loose to
    judge overlaps by."""
    cuts: tuple[str, ...] = ()
    """How edges cut it on its way ("right 14 px"): judged only if it reaches the screen on top."""


class _TracedMeta(type):
    """Lets ``isinstance(x, pygame.Surface)`` stay true for plain surfaces while pygame.Surface is
    the traced class (the surface caches and pygame-gui ask it)."""

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, _BASE_SURFACE)

    def __subclasscheck__(cls, subclass: type) -> bool:
        return issubclass(subclass, _BASE_SURFACE)


class _Traced(_BASE_SURFACE, metaclass=_TracedMeta):  # type: ignore[misc]
    """A surface whose blits, copies and conversions tell the open watch where text goes."""

    def blit(
        self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None, special_flags: int = 0
    ) -> pygame.Rect:
        drawn = _BASE_SURFACE.blit(self, source, dest, area, special_flags)
        if _WATCH is not None:
            _WATCH.placed(self, source, dest, area)
        return drawn

    def blits(self, blit_sequence: Iterable[Any], doreturn: Any = True) -> Any:
        items = list(blit_sequence)
        drawn = _BASE_SURFACE.blits(self, items, doreturn)
        for item in items:
            self._placed_item(item)
        return drawn

    def fblits(self, blit_sequence: Iterable[Any], special_flags: int = 0, /) -> None:
        items = list(blit_sequence)
        _BASE_SURFACE.fblits(self, items, special_flags)
        for item in items:
            self._placed_item(item)

    def _placed_item(self, item: Sequence[Any]) -> None:
        if _WATCH is not None and len(item) >= 2:
            _WATCH.placed(self, item[0], item[1], item[2] if len(item) > 2 else None)

    def copy(self) -> pygame.Surface:
        return _carry(self, _BASE_SURFACE.copy(self))

    def convert(self, *args: Any) -> pygame.Surface:
        return _carry(self, _BASE_SURFACE.convert(self, *args))

    def convert_alpha(self, *args: Any) -> pygame.Surface:
        return _carry(self, _BASE_SURFACE.convert_alpha(self, *args))


def _traced_twin(surface: pygame.Surface) -> _Traced:
    """An exact copy of ``surface`` as a traced surface (pixels added onto zeros: no blending)."""
    twin = _Traced(surface.get_size(), surface.get_flags() & pygame.SRCALPHA, surface)
    _BASE_SURFACE.fill(twin, (0, 0, 0, 0))
    _BASE_SURFACE.blit(twin, surface, (0, 0), None, pygame.BLEND_RGBA_ADD)
    alpha = surface.get_alpha()
    if alpha is not None and (alpha != 255 or not surface.get_flags() & pygame.SRCALPHA):
        twin.set_alpha(alpha)
    if surface.get_colorkey() is not None:
        twin.set_colorkey(surface.get_colorkey())
    return twin


def _carry(source: pygame.Surface, result: pygame.Surface) -> pygame.Surface:
    """``result`` (a copy or conversion of ``source``) traced, holding ``source``'s marks."""
    if _WATCH is None or not _WATCH.marks_of(source):
        return result
    twin = _traced_twin(result)
    _WATCH.keep(twin, list(_WATCH.marks_of(source)))
    return twin


_WATCH: TextWatch | None = None


class TextWatch:
    """While open: every line our fonts render is followed to the window (see the module's notes).

    Use as a context manager around building *and* drawing a screen; :meth:`look` draws the app's
    screens on a traced canvas and answers what does not fit."""

    def __init__(self) -> None:
        self._marks: dict[int, tuple[pygame.Surface, list[_Mark]]] = {}
        self.misfits: dict[Misfit, None] = {}
        """Found so far, in order, each once."""
        self._saved: dict[str, Any] = {}
        self.canvas: pygame.Surface | None = None
        self._shortened_from: dict[str, str] = {}
        """Texts :func:`~scenes.kit.text.cut_to_width` shortened: what is left -> the whole text."""

    # -- opening and closing -------------------------------------------------------------------
    def __enter__(self) -> TextWatch:
        global _WATCH
        if _WATCH is not None:
            raise RuntimeError("one text watch at a time")
        _WATCH = self
        forget_drawn_text()
        fonts.RENDER_LISTENERS.append(self._rendered)
        text.CUT_LISTENERS.append(self._shortened)
        pygame.Surface = _Traced  # type: ignore[misc]
        for name in _TRANSFORMS:
            original = getattr(pygame.transform, name, None)
            if original is not None:
                self._saved[name] = original
                setattr(pygame.transform, name, self._transform(original))
        return self

    def __exit__(self, *exc_info: object) -> None:
        global _WATCH
        for name, original in self._saved.items():
            setattr(pygame.transform, name, original)
        pygame.Surface = _BASE_SURFACE  # type: ignore[misc]
        fonts.RENDER_LISTENERS.remove(self._rendered)
        text.CUT_LISTENERS.remove(self._shortened)
        _WATCH = None
        self._marks.clear()
        forget_drawn_text()  # the traced pictures must not outlive the watch in a cache

    # -- following text -------------------------------------------------------------------------
    def marks_of(self, surface: object) -> list[_Mark]:
        held = self._marks.get(id(surface))
        return held[1] if held is not None and held[0] is surface else []

    def keep(self, surface: pygame.Surface, marks: list[_Mark]) -> None:
        """``surface`` holds ``marks`` (the surface is kept alive so its id is not reused)."""
        self._marks[id(surface)] = (surface, marks)

    def _rendered(self, content: str, size: int, surface: pygame.Surface) -> pygame.Surface:
        if not content.strip() or surface.get_width() <= 1:
            return surface
        twin = _traced_twin(surface)
        ink = (
            surface.get_bounding_rect(min_alpha=1)
            if surface.get_flags() & pygame.SRCALPHA
            else surface.get_rect()
        )
        self.keep(twin, [_Mark(content, ink, float(size))])
        return twin

    def _shortened(self, whole: str, left: str) -> None:
        self._shortened_from[left] = whole

    def _transform(self, original: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        def traced(surface: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Surface:
            result = original(surface, *args, **kwargs)
            marks = self.marks_of(surface)
            if not marks or not isinstance(result, _BASE_SURFACE):
                return result
            name = original.__name__
            if name in ("rotate", "rotozoom"):
                angle = float(kwargs.get("angle", args[0] if args else 0.0))
                zoom = _zoom(name, args, kwargs)
                moved = [
                    _Mark(m.text, _turned(m.ink, surface, result, angle, zoom), m.size * zoom, True, m.cuts)
                    for m in marks
                ]
            else:
                sx = result.get_width() / max(1, surface.get_width())
                sy = result.get_height() / max(1, surface.get_height())
                size_scale = min(sx, sy) if "scale" in name else 1.0
                moved = [
                    _Mark(m.text, _scaled(m.ink, sx, sy), m.size * size_scale, m.turned, m.cuts)
                    for m in marks
                ]
            twin = _traced_twin(result)
            self.keep(twin, moved)
            return twin

        return traced

    def placed(self, target: pygame.Surface, source: object, dest: Any, area: Any) -> None:
        """``source`` was blitted on ``target`` at ``dest`` (showing ``area`` of it): move its marks."""
        marks = self.marks_of(source)
        if not marks or not isinstance(source, _BASE_SURFACE):
            return
        try:
            x, y = int(dest[0]), int(dest[1])
        except (TypeError, IndexError):
            return
        shown = source.get_rect() if area is None else pygame.Rect(area).clip(source.get_rect())
        bounds = target.get_clip()
        arrived = self.marks_of(target) or []
        for mark in marks:
            visible = mark.ink.clip(shown)
            if visible.width <= 0 or visible.height <= 0:
                continue
            moved = visible.move(x - shown.x, y - shown.y)
            inside = moved.clip(bounds)
            if inside.width <= 0 or inside.height <= 0:
                continue  # wholly outside: not shown at all (scrolled away), nothing is cut
            lost = _lost_sides(mark.ink, inside, x - shown.x, y - shown.y)
            cuts = (*mark.cuts, lost) if lost else mark.cuts
            arrived.append(_Mark(mark.text, inside, mark.size, mark.turned, cuts))
        self.keep(target, arrived)

    def _add(self, content: str, problem: str) -> None:
        self.misfits[Misfit(" ".join(content.split()), problem)] = None

    # -- looking at a screen ----------------------------------------------------------------------
    def look(self, app: Any) -> list[Misfit]:
        """Draw every shown screen of ``app`` on a traced canvas, layer by layer as :meth:`App.draw`
        does, and answer the misfits of the screen on top, its widgets and the notices (each once).

        Screens under the top one are drawn but not judged: an overlay dims them, and they are judged
        on their own when they are on top. Likewise a text measured and cut but never drawn on the
        screen on top is no misfit."""
        canvas = _Traced(app.size)
        self.canvas = canvas
        """The last picture looked at (a failing test can save it)."""
        shown = app._shown()  # the checker draws the layers one by one, as App.draw does
        for depth, scene in enumerate(shown, start=1 - len(shown)):
            app.settle.bring_up_to_size(scene)
            self.keep(canvas, [])
            scene.draw(canvas)
            if depth == 0:
                self._check_layer(self.marks_of(canvas), own_buttons(scene.ui))
            self.keep(canvas, [])
            scene.ui.draw_ui(canvas)
            if depth == 0:
                self._check_widgets(scene.ui)
        window = app.screen
        app.screen = canvas
        try:
            app._draw_toasts()
        finally:
            app.screen = window
        buttons = all_buttons(shown[-1].ui) if shown else []
        for mark in self.marks_of(canvas):
            self._check_mark(mark)
            for name, rect in buttons:
                if mark.ink.colliderect(rect):
                    self._add(mark.text, f"the notice covers the button '{name}'")
        return list(self.misfits)

    def _check_layer(self, layer: list[_Mark], buttons: list[tuple[str, pygame.Rect]]) -> None:
        for mark in layer:
            self._check_mark(mark)
            if mark.size < MINIATURE_PX:
                continue
            for name, rect in buttons:
                if _overlap(mark.ink, rect) > OVERLAP_SLACK:
                    self._add(mark.text, f"lies under the button '{name}'")
        flat = [
            mark for mark in layer if not mark.turned and mark.size >= MINIATURE_PX and len(mark.text) > 2
        ]
        for i, first in enumerate(flat):
            for second in flat[i + 1 :]:
                if first.text != second.text and _overlap(first.ink, second.ink) > OVERLAP_SLACK:
                    self._add(first.text, f"overlaps '{second.text}'")

    def _check_mark(self, mark: _Mark) -> None:
        """A line on the screen on top: whole, not shortened, not too small."""
        for lost in mark.cuts:
            self._add(mark.text, f"cut off ({lost})")
        whole = self._shortened_from.get(mark.text)
        if whole is not None:
            self._add(whole, f"shortened to '{mark.text}' to fit its space")
        if MINIATURE_PX <= mark.size < SMALLEST_PX - SIZE_SLACK:
            self._add(mark.text, f"drawn {mark.size:.1f} px tall (at least {SMALLEST_PX} px)")

    def _check_widgets(self, ui: Any) -> None:
        for element in visible_elements(ui):
            for content, face, room in _widget_lines(element):
                if not content.strip():
                    continue
                size = face.get_point_size()
                if size < SMALLEST_PX:
                    self._add(content, f"widget text {size} px tall (at least {SMALLEST_PX} px)")
                width = face.size(content)[0]
                if room is not None and width > room + CLIP_SLACK:
                    self._add(content, f"wider than its widget by {width - room} px")


# -- pygame-gui -----------------------------------------------------------------------------------------
def visible_elements(ui: Any) -> list[Any]:
    """Every visible pygame-gui element of a manager (windows and what is inside them included)."""
    return [e for e in ui.get_sprite_group().sprites() if getattr(e, "visible", False)]


def _is_button(element: Any) -> bool:
    import pygame_gui

    return isinstance(element, pygame_gui.elements.UIButton) and element.is_enabled


def _in_window(element: Any) -> bool:
    """Whether ``element`` sits in a pygame-gui window (through any nesting of containers)."""
    import pygame_gui

    container = getattr(element, "ui_container", None)
    for _ in range(32):  # containers nest a few deep; the root's container is itself or None
        if container is None:
            return False
        if isinstance(getattr(container, "parent_element", None), pygame_gui.elements.UIWindow):
            return True
        outer = getattr(container, "ui_container", None)
        if outer is container:
            return False
        container = outer
    return False


def own_buttons(ui: Any) -> list[tuple[str, pygame.Rect]]:
    """The screen's own buttons, not those of a window open over it (which cover the screen on purpose)."""
    return [(_label(e), e.rect) for e in visible_elements(ui) if _is_button(e) and not _in_window(e)]


def all_buttons(ui: Any) -> list[tuple[str, pygame.Rect]]:
    return [(_label(e), e.rect) for e in visible_elements(ui) if _is_button(e)]


def _label(element: Any) -> str:
    return str(getattr(element, "text", "") or getattr(element, "object_ids", ["a button"])[-1])


def _widget_lines(element: Any) -> Iterator[tuple[str, Any, int | None]]:
    """(text, font, room in pixels or None when the element wraps) for each line an element shows."""
    import pygame_gui

    shape = getattr(element, "drawable_shape", None)
    layout = getattr(shape, "text_box_layout", None) if shape is not None else None
    wraps = isinstance(element, pygame_gui.elements.UITextBox)
    if wraps:
        layout = getattr(element, "text_box_layout", None)
    if layout is None:
        return
    room = None if wraps else max(0, element.rect.width - 2 * layout.layout_rect.x)
    for row in layout.layout_rows:
        for chunk in row.items:
            face = getattr(chunk, "font", None)
            content = getattr(chunk, "text", "")
            if face is not None and isinstance(content, str):
                yield content, face, (room if not wraps else layout.layout_rect.width)


# -- helpers ------------------------------------------------------------------------------------------
def _scaled(rect: pygame.Rect, sx: float, sy: float) -> pygame.Rect:
    return pygame.Rect(
        round(rect.x * sx), round(rect.y * sy), max(1, round(rect.w * sx)), max(1, round(rect.h * sy))
    )


def _turned(
    rect: pygame.Rect, before: pygame.Surface, after: pygame.Surface, angle: float, zoom: float
) -> pygame.Rect:
    """Where ``rect`` of ``before`` lands in ``after``, its rotation by ``angle`` degrees
    anticlockwise (and ``zoom``) about the centre: the box around its four turned corners."""
    turn = math.radians(angle)
    cos, sin = math.cos(turn) * zoom, math.sin(turn) * zoom
    bx, by = before.get_width() / 2, before.get_height() / 2
    ax, ay = after.get_width() / 2, after.get_height() / 2
    xs, ys = [], []
    for x, y in (rect.topleft, rect.topright, rect.bottomleft, rect.bottomright):
        dx, dy = x - bx, y - by
        xs.append(ax + dx * cos + dy * sin)
        ys.append(ay - dx * sin + dy * cos)
    return pygame.Rect(
        round(min(xs)), round(min(ys)), max(1, round(max(xs) - min(xs))), max(1, round(max(ys) - min(ys)))
    )


def _zoom(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> float:
    if name == "rotozoom":
        return float(kwargs.get("scale", args[1] if len(args) > 1 else 1.0))
    return 1.0


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    """How far two rectangles share pixels, in the thinner direction (0: apart)."""
    shared = a.clip(b)
    return min(shared.width, shared.height)


def _lost_sides(whole_ink: pygame.Rect, inside: pygame.Rect, dx: int, dy: int) -> str:
    """Which sides of a line's ink an edge cut away, and how many pixels, e.g. 'right 14 px'; '' when
    at most :data:`CLIP_SLACK` pixels went (the part an ``area`` blit left out counts as well)."""
    full = whole_ink.move(dx, dy)
    losses = {
        "left": inside.left - full.left,
        "right": full.right - inside.right,
        "top": inside.top - full.top,
        "bottom": full.bottom - inside.bottom,
    }
    return ", ".join(f"{side} {px} px" for side, px in losses.items() if px > CLIP_SLACK)


def forget_drawn_text() -> None:
    """Empty every cache of drawn surfaces and fitted texts in the app's modules, so the next frame
    renders all its text again (in front of a watch) and no traced picture outlives one."""
    from scenes.kit.cache import STORE

    STORE.clear()
    for name, module in list(sys.modules.items()):
        if not name.startswith("scenes.") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


# -- every screen --------------------------------------------------------------------------------------
EXTRA_SCREENS: tuple[str, ...] = ("two-player", "curtain", "notice", "unsaved", "names")
"""Screens beyond the showcase's: a game between two people at the table (with their names), the
hand-off curtain of a game with secret orders, the match screen with the notices a failing disk would
show, the question asked before quitting over moves the disk refused, and the new-game screen asking
two players' names."""
CURTAIN_GAMES: tuple[str, ...] = ("elasta", "nelaxtam")
RECORD_SCREENS: tuple[str, ...] = ("records", "records-browse", "records-opened")
"""The records screen (the load screen's "Open a record…", so not one of the showcase's): the records
folder with example records of several games and a text file that is no record, Browse… in a folder
with a folder and a record in it, and a record opened: the match screen's review with "Continue from
here"."""
LONG_NOTICES: tuple[str, ...] = (
    "The game could not be saved automatically: the disk is full. Your moves are still here; "
    "free some space and save with Ctrl+S.",
    "Saved.",
)


def screen_names() -> list[str]:
    """Every screen the checker looks at: the showcase's, a hint on every board, and the extras for
    every game with a board (the curtain only for the games with secret orders)."""
    from scenes.dev import showcase
    from scenes.kit.registry import view_ids

    extra = [
        f"{base}:{game_id}"
        for game_id in view_ids()
        for base in EXTRA_SCREENS
        if base != "curtain" or game_id in CURTAIN_GAMES
    ]
    hints = [f"match-hint:{game_id}" for game_id in view_ids() if game_id != showcase.DEMO_GAME]
    return [*showcase.all_names(), *hints, *extra, *RECORD_SCREENS]


def build_screen(app: Any, name: str) -> None:
    """Put screen ``name`` (one of :func:`screen_names`) on ``app``, animations off, and let it settle."""
    from scenes.dev import showcase

    app.settings.animation_speed = "off"
    base, _, game_id = name.partition(":")
    if base in EXTRA_SCREENS:
        _build_extra(app, base, game_id or showcase.DEMO_GAME)
    elif base in RECORD_SCREENS:
        _build_records(app, base)
    else:
        showcase.build(app, name, demo_saves=True)
    for _ in range(40):  # pictures built a piece per frame, windows sliding in
        app.step([], 0.05)


def _build_extra(app: Any, base: str, game_id: str) -> None:
    from game.match import HUMAN, Seat
    from scenes.dev import showcase

    if base == "names":
        from game.register import get
        from scenes.shell.new_game import MODE_TWO

        app.goto("menu")
        dialog = app.open("new-game", get(game_id))
        dialog.mode = MODE_TWO
        dialog.names = {p: n for p, n in zip(dialog.info.players, ("Anastasia", ""), strict=False)}
        dialog.ui.clear_and_reset()
        dialog.layout(app.size)
        return
    match = showcase.demo_match("mid", game_id)
    if base in ("two-player", "curtain"):
        names = ("Anastasia Papadopoulou", "Ben")
        match.seats = {p: Seat(HUMAN, name=n) for p, n in zip(match.game.players, names, strict=False)}
    scene = app.make("match", match)
    app.goto("menu")
    app.push(scene)
    if base == "curtain":
        scene.handoff.up_for = match.game.players[-1]
    if base == "notice":
        for notice in LONG_NOTICES:
            app.toast(notice, 60.0)
    if base == "unsaved":
        app.open("unsaved", "Your last 14 moves could not be saved: the disk is full.")


def _build_records(app: Any, base: str) -> None:
    """The records screen over the load screen, with example records written once per data folder."""
    from game.register import get as get_game
    from saves.records import export_record
    from scenes.dev import showcase
    from scenes.kit.registry import view_ids
    from scenes.shell.windows.records import records_folder

    folder = records_folder(app.data_dir)
    elsewhere = app.data_dir / "Downloads"
    if not folder.is_dir() or not any(folder.glob("*.txt")):
        folder.mkdir(parents=True, exist_ok=True)
        games = [showcase.DEMO_GAME, *(g for g in view_ids() if g != showcase.DEMO_GAME)]
        for stage, game_id in zip(("mid", "end", "mid", "end"), games, strict=False):
            export_record(showcase.demo_match(stage, game_id), folder)
        (folder / "Shopping list.txt").write_text("Milk, eggs, a new set of dice\n", encoding="utf-8")
        (elsewhere / "Old games").mkdir(parents=True, exist_ok=True)
        export_record(showcase.demo_match("end", games[-1]), elsewhere)
    app.goto("menu")
    app.open("load")
    screen = app.open("records")
    if base == "records-browse":
        screen.show_folder(elsewhere, browsing=True)
    elif base == "records-opened":
        title = get_game(showcase.DEMO_GAME).title
        screen.select(next(i for i, row in enumerate(screen.rows) if row.path.name.startswith(title)))
        screen.open_selected()


def check_screen(app: Any, name: str) -> list[Misfit]:
    """Build screen ``name`` on ``app`` in front of a fresh watch and answer what does not fit."""
    with TextWatch() as watch:
        build_screen(app, name)
        return watch.look(app)
