"""Issue 16, item 7: every table fits a standard terminal of 80 columns and 24 lines.

What a person sees at a question is the board, the last events and the menu with the question;
a typical decision of every game is measured twice: printed (the board and the menu, leaving
:data:`EVENT_LINES` for the events printed above them) and on a terminal, where each question's
screen starts with a cleared board. Names are never cut ("heuris…")."""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console

from pondside import get_game
from pondside.engine import Match, View
from pondside.tui import get_ui
from pondside.tui.base import EVENT_LINES, HEIGHT, WIDTH, TableUI

NAMES = ["You", "heuristic 1", "ismcts 2", "random 3", *(f"random {s}" for s in range(4, 10))]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
CLEAR = "\x1b[2J"

Want = Callable[[View, list[str]], bool]


class Asked(Exception):
    """No answer is left: the measure ends at this question."""


def decision(
    slug: str, players: int, want: Want, seed: int = 3, options: dict[str, object] | None = None
) -> tuple[TableUI, Match[object]]:
    """A match played at random until seat 0 (the person) faces a decision ``want`` likes, its
    events told by the table as in a session."""
    game = get_game(slug)
    ui = get_ui(game, NAMES[:players], me=0)
    match: Match[object] = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    while not match.is_over():
        seat = rng.choice(match.to_act())
        if seat == 0 and want(match.view(0), match.legal(0)):
            return ui, match
        events = match.apply(seat, rng.choice(match.legal(seat)))
        ui.narrate(events, match.view(0))
    raise AssertionError(f"no such decision in {slug} at seed {seed}")


def answering(ui: TableUI, answers: list[str], screens: list[str], out: io.StringIO) -> None:
    """The person types ``answers``; at each question the screen so far is kept."""
    given: Iterator[str] = iter(answers)

    def ask(console: Console, view: View, legal: list[str], question: str) -> str:
        console.print(f"{question}: ", end="")
        screens.append(out.getvalue())
        try:
            return next(given)
        except StopIteration:
            raise Asked from None

    ui.ask = ask  # type: ignore[method-assign]


def printed(ui: TableUI, match: Match[object], answers: list[str]) -> str:
    """The board and the menu up to the first question, as printed (not a terminal)."""
    console = Console(width=WIDTH, height=HEIGHT, record=True, force_terminal=False)
    screens: list[str] = []
    answering(ui, answers, screens, io.StringIO())
    ui.render(console, match.view(0))
    with pytest.raises(Asked):
        ui.prompt(console, match.view(0), match.legal(0))
    return console.export_text()


def on_a_terminal(ui: TableUI, match: Match[object], answers: list[str]) -> list[str]:
    """The screen at each question on a terminal: what was drawn since it was last cleared."""
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, force_terminal=True)
    screens: list[str] = []
    answering(ui, answers, screens, out)
    with contextlib.suppress(Asked):
        ui.decide(console, match.view(0), match.legal(0))
    return [ANSI.sub("", screen.rsplit(CLEAR, 1)[-1]) for screen in screens]


def check_fits(text: str, room: int = HEIGHT) -> None:
    lines = text.rstrip("\n").splitlines()
    assert len(lines) <= room, f"{len(lines)} lines:\n{text}"
    assert max(len(line) for line in lines) <= WIDTH, text
    assert not re.search(r"\w…", text), f"a name or word cut:\n{text}"


def phase(name: str) -> Want:
    return lambda view, legal: view.get("phase") == name


def kq_lead(view: View, legal: list[str]) -> bool:
    return view["phase"] == "play" and "pass" not in legal and len(view["hand"]) >= 9


def kq_follow(view: View, legal: list[str]) -> bool:
    return view["phase"] == "play" and "pass" in legal and len(legal) > 3


def ld_take(view: View, legal: list[str]) -> bool:
    return legal[0].startswith("take")


def ld_play(view: View, legal: list[str]) -> bool:
    return view["turn_number"] >= 3 and legal[0].startswith("play")


def la_turn(view: View, legal: list[str]) -> bool:
    return len(view["hand"]) >= 4 and any(a.startswith("play") for a in legal)


def la_wild(view: View, legal: list[str]) -> bool:
    """A W in hand that may go on three ACCENT piles or more, and a partner's to play too."""
    return sum(a.startswith("play hand W ") for a in legal) >= 3 and any(
        a.startswith("play partner") for a in legal
    )


def dd_turn(view: View, legal: list[str]) -> bool:
    return view["plays"] >= 8


def wc_play(view: View, legal: list[str]) -> bool:
    return view["phase"] == "play" and bool(view["trick"]) and len(view["hand"]) >= 5


# (game, players, the decision, answers: the steps of a multi-step menu, then none; options)
DECISIONS: list[tuple[str, int, Want, list[str], dict[str, object]]] = [
    ("lame-duck", 4, ld_play, [], {}),
    ("lame-duck", 4, ld_take, [], {}),
    ("lame-duck", 10, ld_play, [], {}),
    ("king-of-the-quackers", 4, phase("pass"), ["1"], {}),
    ("king-of-the-quackers", 3, phase("pass"), ["1"], {}),
    ("king-of-the-quackers", 4, kq_lead, ["2", "1"], {}),
    ("king-of-the-quackers", 3, kq_lead, ["2", "1"], {}),
    ("king-of-the-quackers", 4, kq_follow, ["2"], {}),
    ("wildcat-chicane", 4, phase("rule"), [], {}),
    ("wildcat-chicane", 4, phase("bid"), [], {}),
    ("wildcat-chicane", 4, wc_play, [], {}),
    ("wildcat-chicane", 3, wc_play, [], {}),
    ("ladders", 4, la_turn, [], {}),
    ("ladders", 6, la_turn, [], {}),
    ("down-the-drain", 4, dd_turn, [], {}),
    ("down-the-drain", 8, dd_turn, [], {}),
    ("ladders", 4, la_wild, ["2"], {"teams": True}),
    ("wildcat-chicane", 4, phase("call"), [], {"variant": "classic"}),
    ("king-of-the-quackers", 4, kq_lead, ["1"], {"bidding": True}),
    ("down-the-drain", 4, dd_turn, [], {"games": 3}),
]


@pytest.mark.parametrize(
    ("slug", "players", "want", "answers", "options"),
    DECISIONS,
    ids=[f"{d[0]}-{d[1]}-{d[2].__name__}{'-' if d[4] else ''}{'-'.join(d[4])}" for d in DECISIONS],
)
def test_issue16_7_a_decision_fits_80_by_24_with_room_for_the_last_events(
    slug: str, players: int, want: Want, answers: list[str], options: dict[str, object]
) -> None:
    ui, match = decision(slug, players, want, options=options)
    text = printed(ui, match, [])
    check_fits(text, HEIGHT - EVENT_LINES)
    for name in NAMES[:players]:
        assert name in text
    for screen in on_a_terminal(ui, match, answers):
        check_fits(screen)


def test_issue16_7_a_terminal_shows_the_board_then_the_last_events_then_the_menu() -> None:
    ui, match = decision("wildcat-chicane", 4, wc_play)
    (screen,) = on_a_terminal(ui, match, [])
    last = re.sub(r"\[/?[a-z ]*\]", "", ui.log[-1])
    assert screen.index("Wildcat Chicane") < screen.index(last) < screen.index("Card to play")
    assert screen.index(last) > screen.index("Your hand")


def test_issue16_7_board_typed_at_a_question_draws_the_menu_again() -> None:
    ui, match = decision("wildcat-chicane", 4, wc_play)
    view, legal = match.view(0), match.legal(0)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, force_terminal=True)
    answers = iter(["board", "1"])

    def ask(console: Console, view: View, legal: list[str], question: str) -> str:
        answer = next(answers)
        if answer == "board":  # what the session's board command does
            ui.render(console, view)
            return ask(console, view, legal, question)
        return answer

    ui.ask = ask  # type: ignore[method-assign]
    ui.render(console, view)
    assert ui.prompt(console, view, legal) == legal[0]
    screen = ANSI.sub("", out.getvalue().rsplit(CLEAR, 1)[-1])
    assert "  1  " in screen and "Your hand" in screen
