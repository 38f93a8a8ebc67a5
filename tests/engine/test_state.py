"""States declared once: slots, copy and snapshots all come from the annotations."""

from __future__ import annotations

import json
from typing import Annotated, Any

import pytest

from pondside.engine import (
    NONE_IS_MINUS_ONE,
    TOP_FIRST,
    BadPosition,
    Match,
    Notation,
    State,
)
from pondside.games import all_games, get_game

CODES = ("1M", "2MK", "NK")


class Toy(State):
    """Every kind of field a game state uses."""

    flag: bool
    name: str
    waiting: Annotated[int, NONE_IS_MINUS_ONE]
    hands: tuple[tuple[Annotated[int, Notation.codes(CODES, "a card")], ...], ...]
    pile: Annotated[tuple[int, ...], TOP_FIRST]
    pair: tuple[int, str] | None


def toy() -> Toy:
    st = Toy.blank()
    st.n, st.flag, st.name, st.waiting = 2, True, "x", -1
    st.hands, st.pile, st.pair = ((0, 2), (1,)), (5, 6, 7), (3, "a")
    return st


def test_slots_and_copy_come_from_the_annotations() -> None:
    assert Toy.__slots__ == ("flag", "name", "waiting", "hands", "pile", "pair")
    assert Toy._fields[:2] == ("n", "last_events")
    st = toy()
    with pytest.raises(AttributeError):
        st.undeclared = 1  # type: ignore[attr-defined]
    again = st.copy()
    assert type(again) is Toy and again is not st
    assert all(getattr(again, f) == getattr(st, f) for f in Toy._fields)


def test_a_snapshot_writes_each_field_as_its_declaration_says() -> None:
    snap = toy().snapshot()
    assert snap == {
        "n": 2,
        "last_events": [],
        "flag": True,
        "name": "x",
        "waiting": None,
        "hands": [["1M", "NK"], ["2MK"]],
        "pile": [7, 6, 5],
        "pair": [3, "a"],
    }
    back = Toy.from_snapshot(json.loads(json.dumps(snap)), {})
    assert back.snapshot() == snap and back.pile == (5, 6, 7) and back.waiting == -1


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("flag", 1, "flag is true or false, not 1"),
        ("n", True, "n is a whole number, not True"),
        ("waiting", "3", "waiting is a whole number or null, not '3'"),
        ("hands", [["1M", "XX"]], "hands[0][1] is a card, not 'XX'"),
        ("pile", {"a": 1}, "pile is a list, not {'a': 1}"),
        ("pair", [3], "pair is a list of 2, not [3]"),
        ("last_events", [3], "last_events[0] is an object, not 3"),
    ],
)
def test_a_snapshot_of_the_wrong_shape_names_the_field(
    field: str, value: Any, message: str
) -> None:
    snap = {**toy().snapshot(), field: value}
    with pytest.raises(BadPosition, match=message.replace("[", r"\[").replace("(", r"\(")):
        Toy.from_snapshot(snap, {})


def test_a_missing_field_is_named() -> None:
    snap = toy().snapshot()
    del snap["pile"]
    with pytest.raises(BadPosition, match="lacks 'pile'"):
        Toy.from_snapshot(snap, {})


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_every_game_snapshot_holds_every_field_but_players_and_options(game: Any) -> None:
    match: Match[Any] = Match(game, seed=3)
    position = match.position()
    options = set(match.options)
    fields = set(game.state_type._fields) - {"n"} - options
    assert set(position) == {"game", "players", "options"} | fields


def test_an_unknown_key_in_a_position_is_refused_by_name() -> None:
    game = get_game("down-the-drain")
    match: Match[Any] = Match(game, 4, seed=1)
    with pytest.raises(BadPosition, match="no field 'turn'"):
        Match(game, 4, position={**match.position(), "turn": 0})


def test_wc_a_snapshot_whose_derived_values_disagree_is_refused() -> None:
    game = get_game("wildcat-chicane")
    match: Match[Any] = Match(game, 3, seed=2)
    position = match.position()
    with pytest.raises(BadPosition, match="totals"):
        Match(game, 3, position={**position, "totals": [5, 0, 0]})


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.slug)
def test_events_and_views_handed_out_cannot_change_the_match(game: Any) -> None:
    match: Match[Any] = Match(game, seed=4)
    seat = match.to_act()[0]
    events = match.apply(seat, match.legal(seat)[0])
    before = match.position()
    events[0]["seat"] = 99
    events.append({"type": "forged"})
    match.view(None)["last_events"][0]["type"] = "forged"
    assert match.position() == before
    assert match.view(0)["last_events"][0]["type"] != "forged"
