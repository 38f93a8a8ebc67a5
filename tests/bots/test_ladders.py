"""The Ladders heuristic in clear-cut positions, and whole matches against random."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pondside.bots import make_bot
from pondside.engine import Match
from pondside.games.ladders import DECK, GAME


def rest(*used: list[str]) -> list[str]:
    left = Counter("W" if c == 13 else str(c) for c in DECK)
    for cards in used:
        left.subtract(cards)
    order = {str(c): 12 - c for c in range(1, 13)} | {"W": 99}
    return sorted(left.elements(), key=order.__getitem__)


def pile(height: int) -> list[str]:
    return [str(c) for c in range(1, height + 1)]


def at(
    climbs: list[list[str]],
    hand: list[str],
    *,
    accents: list[list[str]] | None = None,
    rungs: list[list[list[str]]] | None = None,
    teams: bool = False,
) -> Match[Any]:
    n = len(climbs)
    hands = [hand] + [[] for _ in range(n - 1)]
    rungs = rungs or [[[], [], [], []] for _ in range(n)]
    accents = accents or [[], [], [], []]
    used = [c for x in climbs for c in x] + hand + [c for rs in rungs for r in rs for c in r]
    used += [c for p in accents for c in p]
    pos = {
        "game": "ladders",
        "players": n,
        "options": GAME.options(n, {"teams": teams}),
        "rng": 1,
        "last_events": [],
        "round_no": 1,
        "dealer": n - 1,
        "turn": 0,
        "climbs": climbs,
        "hands": hands,
        "rungs": rungs,
        "accents": accents,
        "draw": rest(used),
        "discard": [],
        "totals": [0] * n,
        "history": [],
        "idle": 0,
        "played": False,
        "over": False,
    }
    return Match(GAME, n, pos["options"], position=pos)


def decide(m: Match[Any]) -> str:
    seat = m.to_act()[0]
    bot = make_bot("heuristic", GAME, seat, 1)
    return bot.choose(m.view(seat), m.legal(seat))


def run_turn(m: Match[Any]) -> list[str]:
    seat, done = m.to_act()[0], []
    while m.to_act() == (seat,) and not m.is_over():
        action = decide(m)
        done.append(action)
        m.apply(seat, action)
        if action.startswith("discard"):
            break
    return done


def test_plays_the_worked_example_chain() -> None:
    m = at(
        [["6", "7", "10", "2"], ["12", "12"]],
        ["5", "W", "12", "1", "9"],
        rungs=[[["8"], [], [], []], [[], [], [], []]],
        accents=[pile(4), pile(11), [], []],
    )
    assert run_turn(m)[:4] == [
        "play hand 5 to 0",
        "play climb to 0",
        "play climb to 0",
        "play rung 0 to 0",
    ]


def test_keeps_wilds_when_no_chain_reaches_the_climb() -> None:
    m = at([["12", "12"], ["12"]], ["W", "9", "11", "11", "11"], accents=[pile(4), [], [], []])
    done = run_turn(m)
    assert not any("W" in a for a in done) and done[-1].startswith("discard")


def test_a_wild_bridges_to_the_climb_top() -> None:
    m = at([["7", "12"], ["12"]], ["5", "W", "11", "11", "11"], accents=[pile(4), [], [], []])
    assert run_turn(m)[:3] == ["play hand 5 to 0", "play hand W to 0", "play climb to 0"]


def test_prefers_a_rung_card_to_a_hand_card_in_the_chain() -> None:
    m = at(
        [["6", "12"], ["12"]],
        ["5", "11", "11", "11", "11"],
        rungs=[[["5"], [], [], []], [[], [], [], []]],
        accents=[pile(4), [], [], []],
    )
    assert decide(m) == "play rung 0 to 0"


def test_does_not_leave_a_pile_one_below_an_opponents_climb_top() -> None:
    m = at([["12", "12"], ["5"]], ["4", "11", "11", "11", "11"], accents=[pile(3), [], [], []])
    assert decide(m).startswith("discard")
    # Without that risk the same card is played.
    m = at([["12", "12"], ["9"]], ["4", "11", "11", "11", "11"], accents=[pile(3), [], [], []])
    assert decide(m) == "play hand 4 to 0"


def test_discards_keep_wilds_and_build_descending_runs() -> None:
    m = at(
        [["12", "12"], ["12"]],
        ["W", "9", "11", "11", "11"],
        rungs=[[["10"], ["3"], ["8"], ["W"]], [[], [], [], []]],
    )
    assert decide(m) == "discard 9 to 0"


def test_helps_the_partner_climb() -> None:
    m = at(
        [["12", "12"], ["12"], ["6", "12"], ["12"]],
        ["5", "11", "11", "11", "11"],
        accents=[pile(4), [], [], []],
        teams=True,
    )
    assert run_turn(m)[:2] == ["play hand 5 to 0", "play partner climb to 0"]


def test_heuristic_beats_random_in_a_few_rounds() -> None:
    wins = 0
    for seed in range(6):
        specs = ["heuristic", "random"] if seed % 2 == 0 else ["random", "heuristic"]
        bots = [make_bot(spec, GAME, s, seed) for s, spec in enumerate(specs)]
        m = Match(GAME, 2, {"rounds": 1}, seed=seed)
        while not m.is_over():
            s = m.to_act()[0]
            m.apply(s, bots[s].choose(m.view(s), m.legal(s)))
        out = m.outcome()
        assert out is not None
        wins += out.places[specs.index("heuristic")] == 1
    assert wins >= 5
