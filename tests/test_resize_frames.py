"""The frames after a window resize each stay cheap: the work is spread, never stacked.

A player dragging the window edge sees the last picture scaled; once the resizes stop (or input
comes) the screen is laid out in one frame, draws itself at the new size in the next, and only then
gets the input that came meanwhile — none of it lost. The full storm (``python -m scenes.dev.storm``)
measures the frames; these tests pin the order, through :meth:`App.frame` with real events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from scenes.kit import app as app_module
from scenes.kit.settling import RESIZE_SETTLE

DT = 1 / 60


def resize_event(size: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)


def key_event(key: int = pygame.K_F1) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


class Spy:
    """Records which of a screen's calls came in which frame."""

    def __init__(self, app: Any, scene: Any) -> None:
        self.app = app
        self.frame = 0
        self.calls: list[tuple[int, str, Any]] = []
        for name in ("resize", "draw", "handle_event"):
            setattr(scene, name, self._wrap(name, getattr(scene, name)))

    def _wrap(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def spied(*args: Any) -> Any:
            detail = args[0].get_size() if name == "draw" else args[0]
            self.calls.append((self.frame, name, detail))
            return real(*args)

        return spied

    def run(self, events: list[pygame.event.Event], dt: float = DT) -> None:
        self.frame += 1
        self.app.frame(events, dt)

    def names(self, frame: int) -> list[str]:
        """The calls of one frame, leaving out drawings at another size than the window's (the
        picture a screen leaves at its old size, to be scaled while the window changes)."""
        return [
            name
            for f, name, detail in self.calls
            if f == frame and not (name == "draw" and detail != self.app.size)
        ]


@pytest.fixture
def match_screen(app: Any) -> Any:
    from scenes.dev.showcase import build

    build(app, "match-mid:changing-challenges")
    app.step([], DT)
    for _ in range(30):  # let the opening settle
        app.frame([], DT)
    return app.top


def _drag_to(app: Any, size: tuple[int, int]) -> pygame.event.Event:
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)  # the window manager's part
    return resize_event(size)


def test_layout_and_the_first_drawing_at_the_new_size_come_in_separate_frames(
    app: Any, match_screen: Any
) -> None:
    spy = Spy(app, match_screen)
    spy.run([_drag_to(app, (1366, 768))])
    assert "resize" not in spy.names(1)  # dragging: the old picture, scaled
    spy.run([], RESIZE_SETTLE + DT)  # the resizes have stopped
    assert spy.names(2) == ["resize"]  # laid out, but not drawn: the scaled picture once more
    spy.run([])
    assert spy.names(3) == ["draw"]
    drawn = [detail for _, name, detail in spy.calls if name == "draw"]
    assert drawn == [(1366, 768)]  # once, at the new size: the old picture is the last frame, kept
    assert not app.settling


def test_input_during_a_resize_waits_for_the_new_picture_and_is_not_lost(app: Any, match_screen: Any) -> None:
    spy = Spy(app, match_screen)
    spy.run([_drag_to(app, (1100, 700))])
    first, second = key_event(pygame.K_F1), key_event(pygame.K_F2)
    spy.run([first, second])  # input stops the waiting: lay out now, answer later
    assert spy.names(2) == ["resize"]
    spy.run([])
    assert spy.names(3) == ["draw"]
    spy.run([])
    handled = [detail for frame, name, detail in spy.calls if name == "handle_event" and frame == 4]
    assert [event.key for event in handled if event.type == pygame.KEYDOWN] == [pygame.K_F1, pygame.K_F2]
    assert app.size == (1100, 700)


def test_a_resize_in_the_same_batch_as_input_still_spreads_the_work(app: Any, match_screen: Any) -> None:
    spy = Spy(app, match_screen)
    spy.run([_drag_to(app, (1280, 720)), key_event()])
    assert spy.names(1) == ["resize"]
    spy.run([])
    assert spy.names(2) == ["draw"]
    spy.run([])
    assert "handle_event" in spy.names(3)


def test_no_full_collection_runs_in_a_settling_frame(
    app: Any, match_screen: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = Spy(app, match_screen)
    released: list[int] = []
    monkeypatch.setattr(app_module.memory, "release", lambda: released.append(spy.frame))
    monkeypatch.setattr(app_module, "GARBAGE_SECONDS", 0.0)
    spy.run([_drag_to(app, (1440, 900)), key_event()])
    spy.run([])
    assert released == [] and not app.settling
    spy.run([])
    assert released == [3]  # once the screen has settled, the dropped pictures are freed


def test_an_overlay_being_resized_draws_itself_at_once(app: Any) -> None:
    from scenes.dev.showcase import build

    build(app, "pause:elephant-run")
    app.step([], DT)
    pause = app.top
    assert pause.overlay
    spy = Spy(app, pause)
    spy.run([_drag_to(app, (1300, 760)), key_event(pygame.K_F3)])
    assert spy.names(1) == ["resize", "draw"]  # its lone picture would hide the screen it dims
    spy.run([])
    assert "handle_event" in spy.names(2)


def _mean_brightness(surface: pygame.Surface) -> float:
    small = pygame.transform.smoothscale(surface, (32, 20))
    pixels = [small.get_at((x, y)) for x in range(32) for y in range(20)]
    return sum(p.r + p.g + p.b for p in pixels) / (3 * len(pixels))


def test_while_dragging_an_overlay_the_screen_it_dims_stays_in_the_picture(app: Any) -> None:
    from scenes.dev.showcase import build

    build(app, "pause:epaminondas")
    app.step([], DT)
    before = _mean_brightness(app.screen)
    app.frame([_drag_to(app, (1400, 860))], DT)
    assert app.awaiting_layout
    during = _mean_brightness(app.screen)
    assert abs(during - before) < 0.1 * before, (before, during)  # the match under the dimming, scaled


def test_the_resize_frame_draws_no_screen_anew(app: Any, match_screen: Any) -> None:
    spy = Spy(app, match_screen)
    spy.run([_drag_to(app, (1500, 850))])
    assert [name for _, name, _ in spy.calls] == []  # the last frame, kept, is scaled


def test_the_layout_frame_builds_the_board_scenery_so_the_first_drawing_is_lighter(
    app: Any, match_screen: Any
) -> None:
    view = match_screen.view
    spy = Spy(app, match_screen)
    spy.run([_drag_to(app, (1600, 900)), key_event()])  # input: laid out in this frame
    assert spy.names(1) == ["resize"]
    assert view.base is not None and view.stage is not None  # the deck for the new size, built now
    base = view.base
    spy.run([])
    assert spy.names(2) == ["draw"] and view.base is base  # drawn with it, not built again


def _window_sized(app: Any) -> list[str]:
    """What the app and the kit's caches hold at the window's size, besides the window itself and
    the picture kept for the next resize frame."""
    from scenes.kit import cache, style

    size = app.size
    held = []
    if app._canvas is not None:
        held.append("the small-window canvas")
    if app.settle._scaled is not None:
        held.append("a scaled picture")
    for (space, _), (value, _) in cache.STORE.entries.items():
        if isinstance(value, pygame.Surface) and value.get_size() == size:
            held.append(f"a cached {space}")
    backdrops = [value for value in vars(style).values() if isinstance(value, tuple) and value[:1] == (size,)]
    held.extend("a backdrop" for _ in backdrops[1:])  # one backdrop at the window's size is the point
    return held


def test_once_a_resize_has_settled_no_extra_full_window_surface_is_kept(app: Any, match_screen: Any) -> None:
    """A storm of resizes reached 230 MB above its start in one frame: every size the window passed
    through left a dimming sheet, a backdrop, a scaled picture or a canvas of its size behind. Once
    the window rests, none of them may stay (the window's own pixels and the last frame are kept)."""
    app.open("pause", match_screen)  # an overlay: the screen under it is dimmed every frame
    for _ in range(3):
        app.frame([], DT)
    for size in ((1900, 1200), (1300, 900), (1600, 1000)):
        app.frame([_drag_to(app, size)], DT)
    for _ in range(int(RESIZE_SETTLE / DT) + 6):
        app.frame([], DT)
    assert app.size == (1600, 1000) and not app.settling
    # the screen under the pause stays a picture of its old size, scaled, while it is covered
    assert [held for held in _window_sized(app) if held != "a scaled picture"] == []
    app.pop()
    for _ in range(3):
        app.frame([], DT)
    assert _window_sized(app) == []
