"""Every screen of the app in a representative state, by name: for --smoke, --screenshot and tests.

A showcase never invents data behind the player's back: the load screen shows whatever the data
directory holds. Only when asked (``demo_saves=True``) *and* the store is empty does it write a few
example saves (and one deliberately damaged file) so the load screen can be judged in a screenshot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core import GameInfo
    from game.match import Match
    from scenes.kit.app import App

SCENES: tuple[str, ...] = (
    "menu",
    "new-game",
    "load",
    "settings",
    "credits",
    "statistics",
    "pause",
    "help",
    "help-diagram",
    "match-setup",
    "match-mid",
    "match-end",
    "match-hint",
    "match-review",
    "match-analysis",
    "match-analysing",
    "match-keyboard",
    "match-solved",
    "match-coach",
    "lessons",
    "lesson",
    "lesson-done",
    "practice",
)
MATCH_SCENES: frozenset[str] = frozenset(
    {
        "pause",
        "match-setup",
        "match-mid",
        "match-end",
        "match-hint",
        "match-review",
        "match-analysis",
        "match-analysing",
        "match-keyboard",
        "match-solved",
        "match-coach",
        "practice",  # over the demo game's review, which autosaves when it leaves
    }
)
LESSON_SCENES: frozenset[str] = frozenset({"lessons", "lesson", "lesson-done"})
"""The lessons list, a lesson in progress (the first whose first step draws marks), and a lesson
just finished (played through its model answers; no stars are saved)."""
PRACTICE_SCENES: frozenset[str] = frozenset({"practice"})
"""Practise your mistakes (issue #32, item 4): the demo game's middle analysed, its first position to
practise with a try refused and "Show me" drawn."""
GAME_SCENES: frozenset[str] = (
    MATCH_SCENES | LESSON_SCENES | PRACTICE_SCENES | {"new-game", "help", "help-diagram"}
)
"""Scenes that show one game and so take ``:GAME`` (default Elephant Run)."""
"""Scenes that put a demo match on screen (which the match scene autosaves when it leaves)."""

DEMO_GAME = "elephant-run"


class ShowcaseUnavailable(RuntimeError):
    """The scene cannot be shown yet (its module is missing); smoke runs report it as skipped."""


def demo_match(stage: str, game_id: str = DEMO_GAME) -> Match:
    """A match of ``game_id`` at ``stage`` ("setup", "mid", "end"): the game view's own demo."""
    from scenes.kit.registry import demo_match as view_demo

    return view_demo(game_id, stage)


def split_name(name: str) -> tuple[str, str]:
    """``"match-mid:epaminondas"`` -> ``("match-mid", "epaminondas")``; the game defaults to
    Elephant Run. Raises ValueError for an unknown scene or a game without a board view."""
    from scenes.kit.registry import has_view

    base, _, game_id = name.partition(":")
    if base not in SCENES:
        raise ValueError(
            f"unknown scene '{name}' (scenes: {', '.join(SCENES)}; "
            "match scenes take ':GAME', e.g. match-mid:epaminondas)"
        )
    if game_id and (base not in GAME_SCENES or not has_view(game_id)):
        raise ValueError(
            f"'{name}': only {', '.join(sorted(GAME_SCENES))} take ':GAME', with a game that has a board"
        )
    return base, game_id or DEMO_GAME


def all_names() -> list[str]:
    """Every scene, and every match scene once more for each other game with a board view."""
    from scenes.kit.registry import view_ids

    extra = [
        f"{base}:{game_id}"
        for game_id in view_ids()
        if game_id != DEMO_GAME
        for base in ("new-game", "help", "help-diagram", "match-setup", "match-mid", "match-end")
    ]
    extra += [
        f"{base}:{game_id}"
        for game_id in view_ids()
        if game_id != DEMO_GAME
        for base in sorted(LESSON_SCENES | PRACTICE_SCENES)
    ]
    return [*SCENES, *extra]


def _game(game_id: str) -> GameInfo:
    from scenes.kit.registry import playable_games

    for info in playable_games():
        if info.id == game_id:
            return info
    raise ShowcaseUnavailable(f"{game_id} is not playable")


def _match_scene(app: App, stage: str, game_id: str = DEMO_GAME):
    try:
        return app.make("match", demo_match(stage, game_id))
    except (ImportError, KeyError) as exc:
        raise ShowcaseUnavailable(f"the board view is not available ({exc})") from None


def make_demo_saves(app: App) -> int:
    """Write example saves into an *empty* store (returns how many files were written)."""
    from game.match import AI, HUMAN, Seat
    from scenes.kit.registry import view_ids

    store = app.store
    if store.entries():
        return 0
    written = 0
    games = [DEMO_GAME, *(g for g in view_ids() if g != DEMO_GAME)]  # a list that shows several games
    mid = demo_match("mid")
    store.save(mid)
    written += 1
    vs_ai = demo_match("mid", games[1 % len(games)])
    players = vs_ai.game.players
    vs_ai.seats = {players[0]: Seat(HUMAN), players[1]: Seat(AI, "normal")}
    store.autosave(vs_ai)
    written += 1
    end = demo_match("end", games[2 % len(games)])
    store.save(end, label="A finished game")
    written += 1
    for game_id in games[3:4]:  # five rows: the list fits 1024x640 without a half-shown row
        store.save(demo_match("mid", game_id))
        written += 1
    store.saves_dir.mkdir(parents=True, exist_ok=True)
    (store.saves_dir / "damaged-example.json").write_text(
        '{"format": "curio-boards-save", "match": {"ga', encoding="utf-8"
    )
    return written + 1


def build(app: App, name: str, *, demo_saves: bool = False) -> None:
    """Replace the app's stack with scene ``name`` in a representative state.

    Raises ValueError for an unknown name and ShowcaseUnavailable when its module is missing."""

    name, game_id = split_name(name)
    builders: dict[str, Callable[[], None]] = {
        "menu": lambda: app.goto("menu"),
        "new-game": lambda: _new_game(app, game_id),
        "load": lambda: _load(app, demo_saves),
        "settings": lambda: _settings(app),
        "credits": lambda: _credits(app),
        "statistics": lambda: _statistics(app, demo_saves),
        "pause": lambda: _pause(app, game_id),
        "help": lambda: _help(app, game_id),
        "help-diagram": lambda: _help(app, game_id, diagram=1),
        "match-setup": lambda: _match(app, "setup", game_id),
        "match-mid": lambda: _match(app, "mid", game_id),
        "match-end": lambda: _match(app, "end", game_id),
        "match-hint": lambda: _hint(app, game_id),
        "match-review": lambda: _review(app, game_id),
        "match-analysis": lambda: _analysis(app, game_id),
        "match-analysing": lambda: _analysing(app, game_id),
        "match-keyboard": lambda: _keyboard(app, game_id),
        "match-solved": lambda: _solved(app, game_id),
        "match-coach": lambda: _coach(app, game_id),
        "lessons": lambda: _lessons(app, game_id),
        "lesson": lambda: _lesson(app, game_id, finished=False),
        "lesson-done": lambda: _lesson(app, game_id, finished=True),
        "practice": lambda: _practice(app, game_id),
    }
    builders[name]()


def _new_game(app: App, game_id: str) -> None:
    app.goto("menu")
    app.open("new-game", _game(game_id))


def _load(app: App, demo_saves: bool) -> None:
    if demo_saves:
        make_demo_saves(app)
    app.goto("menu")
    app.open("load")


def _settings(app: App) -> None:
    app.goto("menu")
    app.open("settings")


def _credits(app: App) -> None:
    app.goto("menu")
    app.open("credits")


def _statistics(app: App, demo_saves: bool) -> None:
    """The record screen; with ``demo_saves`` and an empty record, an example record first (three
    games at several levels, one game with a full chart) so the screen can be judged."""
    if demo_saves:
        make_demo_record(app)
    app.goto("menu")
    app.open("statistics")


def make_demo_record(app: App) -> int:
    """Write an example record into an *empty* one (returns how many results were written)."""
    from saves.statistics import shared
    from scenes.kit.registry import view_ids

    store = shared(app.data_dir)
    games = [DEMO_GAME, *(g for g in view_ids() if g != DEMO_GAME)]
    if any(store.levels_played(game_id) for game_id in games):
        return 0
    plan = {
        (games[0], "easy"): "wwwwwdwwww",
        (games[0], "normal"): "lwwldwwllwdwwwlwwlww" + "ww",
        (games[0], "hard"): "llldl",
        (games[1 % len(games)], "normal"): "lwlwwd",
        (games[2 % len(games)], "hard"): "ldllwl",
    }
    words = {"w": "win", "d": "draw", "l": "loss"}
    written = 0
    for (game_id, level), results in plan.items():
        for letter in results:
            written += store.record_result(game_id, level, words[letter], f"demo{written:08d}")
    return written


def _pause(app: App, game_id: str) -> None:
    scene = _match_scene(app, "mid", game_id)
    app.goto("menu")
    app.push(scene)
    app.open("pause", scene)


def _help(app: App, game_id: str, diagram: int | None = None) -> None:
    """The rules window, its page complete; with ``diagram``, scrolled to that diagram (counted
    from 0; the last one if there are fewer) with the end of the text above it in view."""
    menu = app.goto("menu")
    menu.refresh()
    menu.show_rules(_game(game_id))
    window = menu.dialogs.active
    if hasattr(window, "finish_building"):
        window.finish_building()
        if diagram is not None and window.images:
            window.scroll_to(window.images[min(diagram, len(window.images) - 1)], above=90)


def _match(app: App, stage: str, game_id: str) -> None:
    scene = _match_scene(app, stage, game_id)
    app.goto("menu")
    app.push(scene)


def _review(app: App, game_id: str) -> None:
    """The finished demo game reviewed at its middle move (the move list marks that row)."""
    scene = _match_scene(app, "end", game_id)
    app.goto("menu")
    app.push(scene)
    scene.review_at(max(1, len(scene.match.turns) // 2))  # type: ignore[attr-defined]


def _analysis(app: App, game_id: str) -> None:
    """The finished demo game analysed (worked out here and now, at the app's effort) and reviewed at
    its heaviest marked move: the graph under the board, the marks in the move list, the better move
    on the board and in the banner."""
    from game.analysis import ORDER, analyse, by_turn, explained
    from saves.save_file import keep_analysis

    match = demo_match("end", game_id)
    analysis = analyse(match.initial, match.move_texts(), "quick")
    analysis = explained(analysis, match.initial, match.move_texts())
    keep_analysis(match, analysis)
    scene = app.make("match", match)
    app.goto("menu")
    app.push(scene)
    turns = by_turn(analysis)
    heaviest = max(
        range(len(turns)),
        key=lambda i: max((ORDER.index(n.mark) for n in turns[i] if n.better), default=-1),
        default=0,
    )
    scene.review_at(heaviest + 1)  # type: ignore[attr-defined]


class _Halfway:
    """An analysis worker that has read nearly half the game and never finishes (for the picture)."""

    progress = 0.45

    def analyse(self, record: object, effort: str = "quick") -> int:
        return 1

    def poll(self) -> None:
        return None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def _analysing(app: App, game_id: str) -> None:
    """The finished demo game being analysed: the progress bar and Stop under the reviewed board."""
    scene = _match_scene(app, "end", game_id)
    app.goto("menu")
    app.push(scene)
    app._analysis_worker = _Halfway()  # type: ignore[assignment]
    scene.start_analysis()  # type: ignore[attr-defined]


def _keyboard(app: App, game_id: str) -> None:
    """The middle demo game played by keys: the cursor has picked a piece up (Enter) and stands on
    where it could go, as the arrows took it there."""
    import pygame

    from scenes.kit.keyboard import keys_to

    scene = _match_scene(app, "mid", game_id)
    app.goto("menu")
    app.push(scene)
    app.step([], 1 / 60)  # laid out: the board's places are where they will be drawn

    def keys(*codes: int) -> None:
        app.step(
            [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0) for k in codes], 1 / 60
        )

    keys(pygame.K_DOWN)
    player = scene.input_player()  # type: ignore[attr-defined]
    if player is None:
        return
    state = scene.match.state  # type: ignore[attr-defined]
    text = state.move_to_text(player, state.legal_moves(player)[0])
    gestures = scene.view.gestures_for(player, text) or []  # type: ignore[attr-defined]
    clicks = [g for g in gestures if g.kind in ("click", "drag")]
    spots = [spot for g in clicks for spot in ((g.pos, g.to) if g.kind == "drag" else (g.pos,))][:2]
    for number, spot in enumerate(spots):
        places = scene.keys.places()  # type: ignore[attr-defined]
        goal = next((p for p in places if p.rect.collidepoint(spot)), None)
        here = scene.keys.focus.cursor(places)  # type: ignore[attr-defined]
        if goal is None or here is None:
            return
        keys(*(keys_to(places, here.name, goal.name) or []))
        if number < len(spots) - 1:  # pick up, but never play: the picture shows the choice
            keys(pygame.K_RETURN)


def _hint(app: App, game_id: str) -> None:
    """The middle demo game against the computer, with a hint on the board for the human to move
    (worked out here and now, at the normal level so a smoke run stays quick)."""
    from game.hint import suggest_text
    from game.match import AI, Match, Seat

    demo = demo_match("mid", game_id)
    human = demo.state.to_move()[0]
    record = demo.to_record()
    record["seats"] = {
        p: Seat(AI, "hard").to_json() if p != human else Seat().to_json() for p in demo.game.players
    }
    match = Match.from_record(record)
    scene = app.make("match", match)
    app.goto("menu")
    app.push(scene)
    scene.hint.show(match, human, suggest_text(match, human, level="normal", seed=1))  # type: ignore[attr-defined]


def _solved(app: App, game_id: str) -> None:
    """The finished demo game replayed to its first position the exact solver answers at once (the
    elephant needing 4 points or fewer), with the "solved" badge switched on for this app (in memory,
    not saved) and its words worked out here and now. Other games show no badge."""
    from game.match import Match
    from game.solved import solved_text, within_reach

    record = demo_match("end", game_id).to_record()
    moves, record["result"] = record["moves"], None
    match = Match.from_record(record | {"moves": []})
    for count in range(len(moves)):
        match = Match.from_record(record | {"moves": moves[:count]})
        state = match.state
        if within_reach(state) and state.target - state.points <= 4:  # type: ignore[attr-defined]
            break
    app.settings.show_solved = True
    scene = app.make("match", match)
    app.goto("menu")
    app.push(scene)
    scene.solved.show(match.state, solved_text(match.state, seconds=20))  # type: ignore[attr-defined]


def _coach(app: App, game_id: str) -> None:
    """The coach's card after a human's move against the computer, before its reply: the middle demo
    game with the last mover made the human, the coach switched on for this app (in memory, not
    saved) and the card's words worked out here and now (a sample sentence when the move was fine)."""
    import contextlib

    from game.coach import Advice, advise, sentence_for
    from game.match import AI, Match, Seat

    demo = demo_match("mid", game_id)
    if demo.state.simultaneous:
        with contextlib.suppress(ValueError):  # a game may keep a position the coach speaks in
            demo = demo_match("coach", game_id)
        _coach_orders(app, demo)
        return
    last = demo.turns[-1] if demo.turns else None
    if last is None or len(last.moves) != 1:
        raise ShowcaseUnavailable("the coach's card needs a move played in the demo game")
    ((human, move),) = last.moves.items()
    record = demo.to_record()
    record["seats"] = {p: (Seat() if p == human else Seat(AI, "easy")).to_json() for p in demo.game.players}
    match = Match.from_record(record)
    app.settings.coach = True
    scene = app.make("match", match)
    app.goto("menu")
    app.push(scene)
    advice = advise(last.before, human, move)
    if not advice.sentence:
        advice = Advice(0.2, sentence_for(last.before, human, move, 0.2, None))
    scene.coach.turn, scene.coach.advice = match.turns[-1], advice  # type: ignore[attr-defined]


ORDER_TRIES = 8
"""Random orders weighed for the coach's card in a game of secret orders (half a second each)."""


def _coach_orders(app: App, demo: Match) -> None:
    """The coach's card in a game of secret orders: the middle demo game against the computer, the
    human's order entered on the board by its own gestures and held back for the coach's word before
    it is sealed (the threat rings on the human's pieces under it). The first of a few seeded
    random orders the coach has a word on (else a sample sentence on the last)."""
    import random

    import pygame
    import pygame_gui

    from game.coach import Advice, advise_order, order_module, order_sentence
    from game.match import AI, Match, Seat

    state = demo.state
    human = next((p for p in state.to_move() if not demo.seats[p].is_ai), state.to_move()[0])
    record = demo.to_record()
    record["seats"] = {p: (Seat() if p == human else Seat(AI, "easy")).to_json() for p in demo.game.players}
    match = Match.from_record(record)
    module = order_module(state)
    if module is None:
        raise ShowcaseUnavailable("the coach has no word on this phase's orders")
    seed = len(match.turns) + 1
    for attempt in range(ORDER_TRIES):
        move = state.random_move(human, random.Random(attempt))
        advice = advise_order(state, human, move, seed)
        if advice.sentence:
            break
    else:
        advice = Advice(0.2, order_sentence(state, human, move, 0.2, move, None, module.SUBJECT))
    app.settings.coach = True
    scene = app.make("match", match)
    app.goto("menu")
    app.push(scene)
    app.step([], 1 / 60)  # laid out: the board's places are where they will be drawn
    text = state.move_to_text(human, move)
    for gesture in scene.view.gestures_for(human, text) or []:  # type: ignore[attr-defined]
        if gesture.kind == "button" and gesture.key == "confirm":
            continue  # entered, not confirmed: the coach holds it back below
        if gesture.kind == "button":
            button = scene.view_buttons[str(gesture.key)]  # type: ignore[attr-defined]
            events = [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)]
        elif gesture.kind == "key":
            events = [
                pygame.event.Event(
                    pygame.KEYDOWN, key=int(gesture.key), mod=0, unicode=gesture.text, scancode=0
                )
            ]
        else:
            end = gesture.to if gesture.kind == "drag" else gesture.pos
            events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=gesture.pos, button=1)]
            if gesture.kind == "drag":
                events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        app.step(events, 1 / 60)
    scene.coach.order, scene.coach.advice = (human, move, match.state), advice  # type: ignore[attr-defined]


def _game_lessons(game_id: str) -> tuple:
    from game.lessons import lessons_for

    lessons = lessons_for(game_id)
    if not lessons:
        raise ShowcaseUnavailable(f"{game_id} has no lessons yet")
    return lessons


def _lessons(app: App, game_id: str) -> None:
    info = _game(game_id)
    _game_lessons(game_id)
    app.goto("menu")
    app.open("lessons", info)


def _lesson(app: App, game_id: str, finished: bool) -> None:
    """A lesson on screen: one whose first step draws rings or arrows (so a picture shows them), or
    the first lesson played through to its stars."""
    info = _game(game_id)
    lessons = _game_lessons(game_id)
    marked = [i for i, lesson in enumerate(lessons) if lesson.steps[0].targets or lesson.steps[0].arrows]
    index = 0 if finished or not marked else marked[0]
    app.goto("menu")
    app.open("lessons", info)
    scene = app.open("lesson", info, index)
    scene.keep_progress = False  # type: ignore[attr-defined]
    if finished:
        _play_through(scene)


class JudgeHere:
    """The analysis lane's stand-in for a practice try: judged in this process at once (the picture
    and the tests need no second process); the answer is the worker's own (:mod:`game.practice`)."""

    def __init__(self) -> None:
        self._answers: list[object] = []
        self.asked = 0
        self.progress = None

    def practise(self, record: dict, asked: dict) -> int:  # type: ignore[type-arg]
        from game.practice import answer_for_record
        from game.worker import AIResult

        self.asked += 1
        self._answers = [AIResult(self.asked, answer_for_record(record, asked), None, 0.0)]
        return self.asked

    def poll(self) -> object:
        return self._answers.pop() if self._answers else None

    def cancel(self) -> None:
        self._answers = []

    def close(self) -> None:
        pass


def _practice(app: App, game_id: str) -> None:
    """The demo game's middle (else its end) analysed at the app's effort, then the practice of its
    first mistake (the person's, else anyone's) with one try refused and the better move shown."""
    from game import practice
    from game.analysis import analyse

    for stage in ("mid", "end"):  # the finished game when the middle has no mistake (Elasta's)
        match = demo_match(stage, game_id)
        analysis = analyse(match.initial, match.move_texts(), "quick")
        players = match.humans()
        if not practice.positions(match.initial, match.move_texts(), analysis, players):
            players = list(match.game.players)
        if practice.positions(match.initial, match.move_texts(), analysis, players):
            break
    else:
        raise ShowcaseUnavailable(f"the {game_id} demo games have no mistakes to practise")
    scene = app.make("match", match)
    app.goto("menu")
    app.push(scene)
    scene.review_at(len(match.turns))  # type: ignore[attr-defined]
    app._analysis_worker = JudgeHere()  # type: ignore[assignment]
    shown = app.open("practice", match, analysis, players)
    position = shown.position  # type: ignore[attr-defined]
    for move in position.before.legal_moves(position.player)[:8]:
        verdict = practice.quick_verdict(position, move) or practice.judge(position, move)
        if verdict.kind == practice.SHORT:
            shown.settle_try(move, verdict)  # type: ignore[attr-defined]
            break
    shown.show_me()  # type: ignore[attr-defined]


def _play_through(scene) -> None:  # type: ignore[no-untyped-def]
    """Play the lesson's model answers and the replies, as the learner would, without animations."""
    run = scene.run
    for _ in range(4 * len(run.lesson.steps) + 4):
        if scene.completed:
            scene.completed_at -= 5.0  # the stars have landed in the picture
            return
        if scene.input_player() is not None and run.step is not None:
            scene.try_move(run.state.parse_move(run.lesson.learner, run.step.model))
        scene.view.finish_animation()
        scene.reply_wait = 0.0
        scene.update(0.0)
