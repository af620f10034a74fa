"""The lesson engine (game/lessons.py), on a real Elephant Run position: what a learner's right, wrong
and illegal moves do, stars, and what ``check_lesson`` catches in broken lesson data."""

from __future__ import annotations

import pytest

from game.cli import main
from game.lessons import Lesson, LessonRun, Step, check_lesson, lessons_for, stars_for
from game.match import Match
from game.register import all_games, get

POSITION = "F....F/....../..E.../FF..FF e"  # elephant on c2, six farmers at the edges


def eats(before, after, _text: str) -> bool:
    return after.position()["eaten"] > before.position()["eaten"]


def lesson(**changes) -> Lesson:
    base = {
        "id": "eat",
        "title": "The elephant eats",
        "rule": "Step",
        "intro": "The elephant eats the tile it steps onto.",
        "learner": "elephant",
        "position": POSITION,
        "steps": (
            Step(say="Step anywhere.", goal=eats, solution="c2-d3", reply="a4-b4"),
            Step(
                say="Eat towards the far side.",
                accept=("d3-e3", "d3-e4"),
                wrong={"d3-c2": "Back to c2 eats nothing new on the far side."},
            ),
        ),
    }
    base.update(changes)
    return Lesson(**base)


def test_a_lesson_plays_right_wrong_and_illegal_moves() -> None:
    run = LessonRun("elephant-run", lesson())
    illegal = run.try_text("c2-c4")
    assert not illegal.ok and illegal.illegal and "jump" in illegal.why
    assert run.index == 0 and run.mistakes == 0  # an illegal move is the rules' refusal, not a mistake
    right = run.try_text("c2-d3")
    assert right.ok and right.reply == "a4-b4" and not right.finished
    run.play_reply(right.reply)
    assert run.learner_to_move() and run.index == 1
    wrong = run.try_text("d3-c2")
    assert not wrong.ok and wrong.why == "Back to c2 eats nothing new on the far side."
    other = run.try_text("d3-d4")
    assert not other.ok and "does not do what this step asks" in other.why
    position = run.state.key()
    assert run.state.key() == position and run.mistakes == 2  # refused moves leave the board alone
    done = run.try_text("d3-e4")
    assert done.ok and done.finished and run.finished
    assert run.tried == 5 and run.stars == 1


def test_stars_follow_par() -> None:
    assert [stars_for(tried, 3) for tried in (2, 3, 4, 5, 6)] == [3, 3, 2, 2, 1]
    run = LessonRun("elephant-run", lesson())
    assert run.stars == 0
    run.try_text("c2-d3")
    run.play_reply("a4-b4")
    run.try_text("d3-e3")
    assert run.stars == 3


def test_check_lesson_accepts_good_data_and_names_each_fault() -> None:
    info = get("elephant-run")
    assert check_lesson(info, lesson()) == []
    broken = lesson(steps=(Step(say="x", accept=("c2-c4",)),))
    assert any("model answer 'c2-c4' is refused" in p for p in check_lesson(info, broken))
    wrong_is_illegal = lesson(steps=(Step(say="x", accept=("c2-d3",), wrong={"c2-c4": "no"}),))
    assert any("not even legal" in p for p in check_lesson(info, wrong_is_illegal))
    wrong_does_job = lesson(steps=(Step(say="x", goal=eats, solution="c2-d3", wrong={"c2-b3": "no"}),))
    assert any("does the job" in p for p in check_lesson(info, wrong_does_job))
    bad_reply = lesson(
        steps=(
            Step(say="x", accept=("c2-d3",), reply="a4-a3-a2"),
            Step(say="y", accept=("d3-e3",)),
        )
    )
    assert any("reply" in p for p in check_lesson(info, bad_reply))
    misspelt = lesson(steps=(Step(say="x", accept=("C2-D3",)),))
    assert any("write 'C2-D3' as 'c2-d3'" in p for p in check_lesson(info, misspelt))
    not_won = lesson(finish=lambda state: state.over)
    assert any("end test" in p for p in check_lesson(info, not_won))
    assert any("cannot be set up" in p for p in check_lesson(info, lesson(position="nonsense")))


def test_a_match_from_a_set_position_cannot_be_saved() -> None:
    run = LessonRun("elephant-run", lesson())
    assert isinstance(run.match, Match) and run.match.set_position
    with pytest.raises(Exception, match="set position cannot be saved"):
        run.match.to_record()


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_games_lessons_hold(game_id: str) -> None:
    """What ``python -m game lessons GAME --check`` runs, for every game that has lessons."""
    info = get(game_id)
    problems = {lesson.id: check_lesson(info, lesson) for lesson in lessons_for(game_id)}
    assert {k: v for k, v in problems.items() if v} == {}
    assert len({lesson.id for lesson in lessons_for(game_id)}) == len(lessons_for(game_id))


def test_lessons_command_lists_and_checks(capsys: pytest.CaptureFixture[str]) -> None:
    for info in all_games():
        code = main(["lessons", info.id, "--check"])
        out = capsys.readouterr().out
        if lessons_for(info.id):
            assert code == 0, out
            assert f"{len(lessons_for(info.id))} of {len(lessons_for(info.id))} lessons hold" in out
        else:
            assert code == 1 and "no lessons yet" in out
    assert main(["lessons", "no-such-game"]) == 2
