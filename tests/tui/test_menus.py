"""Issue 16, item 5: menus a person can read. King of the Quackers' pass is two questions of one
card each, not every ordered pair (110 entries at four players, 210 at three); a play is chosen by
its kind, then among few, or card by card; Ladders offers each move once; a Chicane bid is its
number."""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Iterator

from rich.console import Console

from kq_positions import position
from pondside.engine import Match, View
from pondside.games.king_of_the_quackers import GAME as KQ
from pondside.games.king_of_the_quackers import describe
from pondside.games.ladders import GAME as LADDERS
from pondside.games.wildcat_chicane import GAME as WC
from pondside.games.wildcat_chicane import WORKED_DEAL
from pondside.tui import get_ui
from pondside.tui.base import TableUI

NAMES = ["You", "heuristic 1", "ismcts 2", "random 3"]


class Person:
    """Types ``answers`` at the table's questions and keeps each question with what was
    printed before it (its menu)."""

    def __init__(self, ui: TableUI, answers: list[str]) -> None:
        self.out = io.StringIO()
        self.console = Console(file=self.out, width=80)
        self.questions: list[tuple[str, str]] = []
        given: Iterator[str] = iter(answers)
        start = 0

        def ask(console: Console, view: View, legal: list[str], question: str) -> str:
            nonlocal start
            printed = self.out.getvalue()
            self.questions.append((question, printed[start:]))
            start = len(printed)
            return next(given)

        ui.ask = ask  # type: ignore[method-assign]
        self.ui = ui

    def choose(self, match: Match[object], seat: int = 0) -> str:
        return self.ui.prompt(self.console, match.view(seat), match.legal(seat))


def entries(menu: str) -> list[str]:
    """The labels of a printed numbered menu, by number."""
    found = re.findall(r"(\d+)  (.+?)(?=\s{2,}\d+  |\s*$)", menu, re.MULTILINE)
    return [label.strip() for _, label in sorted(found, key=lambda f: int(f[0]))]


def test_issue16_5_the_kq_pass_asks_one_card_for_each_neighbour() -> None:
    match: Match[object] = Match(KQ, 4, seed=3)
    assert len(match.legal(0)) == 110
    hand = sorted(match.view(0)["hand"], key=lambda c: (c[0] in "PTN", "PTN".find(c[0]), c))
    person = Person(get_ui(KQ, NAMES, me=0), ["1", "1"])
    action = person.choose(match)
    assert action in match.legal(0)
    (left_q, left_menu), (right_q, right_menu) = person.questions
    assert "heuristic 1, on your left" in left_q and "random 3, on your right" in right_q
    assert len(entries(left_menu)) == 11 and entries(right_menu)[10:] == ["back"]
    first = entries(left_menu)[0]
    assert action == f"give {first} {entries(right_menu)[0]}" and first in hand
    assert first not in entries(right_menu)[:10]


def test_issue16_5_a_card_to_pass_may_be_typed_by_its_code_in_any_case() -> None:
    match: Match[object] = Match(KQ, 3, seed=3)
    hand = match.view(0)["hand"]
    person = Person(get_ui(KQ, NAMES[:3], me=0), [hand[3].lower(), "OOPS", hand[0]])
    assert person.choose(match) == f"give {hand[3]} {hand[0]}"
    assert "'OOPS' is not one of the choices" in person.out.getvalue()


BOMBS = ["1M", "3SK", "3LY", "5YK", "6MV", "6SY", "9LK", "NM", "NS"]  # eight personalities


def test_issue16_5_a_play_among_many_is_chosen_by_kind_then_card_by_card() -> None:
    match = position([BOMBS, ["2VL", "4VL"], ["7VY", "8VL"]], turn=0)
    legal = match.legal(0)
    assert len(legal) > 200
    person = Person(get_ui(KQ, NAMES[:3], me=0), [])
    kinds = [label for label in entries(print_menu(person, match)) if "Bomb of 4" in label]
    assert kinds == ["a Bomb of 4 (70)"]
    number = entries(print_menu(person, match)).index(kinds[0]) + 1
    person = Person(get_ui(KQ, NAMES[:3], me=0), [str(number), "1", "1", "1", "1"])
    action = person.choose(match)
    play = describe(action)
    assert action in legal and play is not None and len(play.cards) == 4
    assert action == "play 3SK 3LY 5YK 6MV"  # the first card offered at each step
    for question, menu in person.questions:
        assert len(entries(menu)) <= len(BOMBS), question
    assert [q for q, _ in person.questions[1:]] == [
        f"A bomb of 4: card {n} of 4" for n in range(1, 5)
    ]


def test_issue16_a_kq_kind_chosen_can_be_gone_back_from_and_pass_is_there_too() -> None:
    match = position(
        [["5ML", "5SV", "7SK", "7VY", "3SK", "3LY"], ["2MK", "2SY", "4MS"], ["6MV", "8VL"]],
        turn=1,
    )
    match.apply(1, "play 2MK 2SY")
    match.apply(2, "pass")
    # The trial: "a Set of 2" chosen, and no way back, nor to pass.
    person = Person(get_ui(KQ, NAMES[:3], me=0), ["2", "back", "2", "pass"])
    assert person.choose(match) == "pass"
    (_, kinds), (_, sets), (_, kinds_again), (_, sets_again) = person.questions
    assert entries(kinds) == ["pass", "a Set of 2 (2)", "a Bomb of 2 (1)"] == entries(kinds_again)
    assert entries(sets) == ["pass", "5ML 5SV", "7SK 7VY", "back"] == entries(sets_again)


def test_issue16_a_kq_card_chosen_card_by_card_can_be_taken_back() -> None:
    match = position([BOMBS, ["2VL", "4VL"], ["7VY", "8VL"]], turn=0)
    with_kinds = Person(get_ui(KQ, NAMES[:3], me=0), [])
    with contextlib.suppress(StopIteration):
        with_kinds.choose(match)
    kinds = entries(with_kinds.questions[0][1])
    bomb, single = kinds.index("a Bomb of 4 (70)") + 1, kinds.index("a single card (9)") + 1
    # card 1 of the Bomb, taken back; back to the kinds; a single, the first offered
    answers = [str(bomb), "1", "back", "back", str(single), "1"]
    person = Person(get_ui(KQ, NAMES[:3], me=0), answers)
    action = person.choose(match)
    play = describe(action)
    assert action in match.legal(0) and play is not None and len(play.cards) == 1
    questions = [q for q, _ in person.questions]
    card = [f"A bomb of 4: card {n} of 4" for n in (1, 2, 1)]
    assert questions[1:4] == card
    assert "back" in entries(person.questions[2][1])


def print_menu(person: Person, match: Match[object]) -> str:
    """The first menu of a decision (the person leaves at its question)."""
    with contextlib.suppress(StopIteration):
        person.choose(match)
    return person.questions[-1][1]


def test_issue16_5_a_play_may_be_typed_as_its_cards_in_any_order() -> None:
    match = position([BOMBS, ["2VL", "4VL"], ["7VY", "8VL"]], turn=0)
    person = Person(get_ui(KQ, NAMES[:3], me=0), ["3ly 3sk"])
    assert person.choose(match) == "play 3SK 3LY"


def test_issue16_5_a_promise_is_a_question_of_its_own() -> None:
    match = position(
        [["5ML", "5SV", "7SK"], ["2VL", "4MS"], ["7VY", "8VL"]], turn=0, options={"bidding": True}
    )
    assert "play 5ML 5SV promise" in match.legal(0)
    person = Person(get_ui(KQ, NAMES[:3], me=0), ["play 5ML 5SV", "yes"])
    assert person.choose(match) == "play 5ML 5SV promise"
    question, menu = person.questions[-1]
    assert question.startswith("Promise to go out first") and "value 1" in menu
    assert not any("PROMISE" in menu for _, menu in person.questions)


def ladders_turn() -> Match[object]:
    """Seat 0's first turn with a 1 in hand: every ACCENT slot and RUNG pile empty."""
    for seed in range(50):
        match: Match[object] = Match(LADDERS, 2, seed=seed)
        view = match.view(0)
        if 0 in match.to_act() and "1" in view["hand"] and len(set(view["hand"])) >= 3:
            return match
    raise AssertionError("no such turn")


def test_issue16_5_ladders_offers_each_move_once() -> None:
    match = ladders_turn()
    hand = set(match.view(0)["hand"])
    legal = match.legal(0)
    assert sum(a.startswith("discard ") for a in legal) == 4 * len(hand)  # four empty RUNGs
    person = Person(get_ui(LADDERS, NAMES[:2], me=0), ["2"])
    with contextlib.suppress(StopIteration):
        person.choose(match)
    labels = entries(person.questions[0][1])
    assert len(labels) == len(set(labels))
    assert sum("1 from hand" in label for label in labels) == 1
    assert len(labels) == len(legal) - 3 * len(hand)
    assert sum(label.startswith("discard") for label in labels) == len(hand)


def test_issue16_5_a_ladders_discard_is_its_card_then_its_rung_pile() -> None:
    match = ladders_turn()
    view = match.view(0)
    card = sorted(set(view["hand"]), key=int)[0]
    person = Person(get_ui(LADDERS, NAMES[:2], me=0), [f"discard {card}"])
    # every RUNG pile is empty: one place to discard to, so no second question
    assert person.choose(match) == f"discard {card} to 0"
    assert len(person.questions) == 1


def test_issue16_5_a_chicane_bid_is_its_number() -> None:
    match: Match[object] = Match(WC, 3, deal=WORKED_DEAL, seed=1)
    for s, a in enumerate(("rule NY", "rule NM", "rule 1L")):
        match.apply(s, a)
    seat = match.to_act()[0]
    for typed, bid in (("0", "bid 0"), ("2", "bid 2")):
        person = Person(get_ui(WC, NAMES[:3], me=seat), [typed])
        assert person.choose(match, seat) == bid
        question, menu = person.questions[0]
        assert "0 to 11" in question and "bid" not in menu


def test_issue16_5_a_w_is_offered_once_then_its_pile() -> None:
    for seed in range(200):
        match: Match[object] = Match(LADDERS, 2, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_act()[0]
            wild = [a for a in match.legal(seat) if a.startswith("play hand W ")]
            if seat == 0 and len(wild) >= 2:
                break
            plays = [a for a in match.legal(seat) if a.startswith("play")]
            match.apply(seat, rng.choice(plays or match.legal(seat)))
        else:
            continue
        break
    needs = {match.view(0)["accent_next"][int(a.split()[-1])] for a in wild}
    person = Person(get_ui(LADDERS, NAMES[:2], me=0), [])
    first = print_menu(person, match)
    offered = [label for label in entries(first) if label.startswith("W from hand")]
    # one entry for the W, one pile per number it may stand for (empty slots are alike)
    assert offered == [f"W from hand → {len(needs)} piles"]
    number = entries(first).index(offered[0]) + 1
    person = Person(get_ui(LADDERS, NAMES[:2], me=0), [str(number), "1"])
    assert person.choose(match) in wild
    question, piles = person.questions[1]
    assert question.startswith("Play W from hand onto")
    assert len(entries(piles)) == len(needs) and all(" as " in e for e in entries(piles))
