"""What the server builds once for many receivers gives each the same frame as building it for
each alone: a seat's labels told again while what they read is unchanged (``Game.labels_read``,
``telling.KeptLabels``), every seat's view of a state built together (``Game.views``), and a
change's shared part written as JSON once (``frames.spliced``). The frames of sampled matches
of every game stay those of ``test_same_frames.py``; these check the pieces over many more
positions."""

from __future__ import annotations

import random
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from pondside import i18n
from pondside.engine import Match
from pondside.games import get_game
from pondside.games.lame_duck import GAME as LAME_DUCK
from pondside.server import frames
from pondside.server.telling import KeptLabels

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
GAMES = ("lame-duck", "king-of-the-quackers", "wildcat-chicane", "ladders", "down-the-drain")


def _positions(players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Every state of a random Lame Duck match."""
    match = Match(LAME_DUCK, players, options, seed=seed)
    pick = random.Random(seed)
    out = [match.state]
    while not match.is_over():
        seat = pick.choice(match.to_act())
        match.apply(seat, pick.choice(match.legal(seat)))
        out.append(match.state)
    return out


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 6),
    expert=st.booleans(),
    seed=st.integers(0, 2**31),
)
def test_lame_duck_labels_are_the_same_wherever_what_they_read_is(
    players: int, expert: bool, seed: int
) -> None:
    """LD-5..LD-8: two views of a seat whose labels read the same (hand, columns, a column to
    take) with the seat to act or not alike get the same labels, so telling the kept ones is
    telling the right ones; and the kept labels are each position's own."""
    names = NAMES[:players]
    seen: dict[Any, Any] = {}
    kept = KeptLabels()
    for state in _positions(players, {"expert": expert, "rounds": 2}, seed):
        for seat in range(players):
            view = LAME_DUCK.view(state, seat)
            legal = LAME_DUCK.legal_actions(state, seat)
            labels = LAME_DUCK.labels(view, names, state, legal)
            key = (LAME_DUCK.labels_read(view), seat, seat in view["to_act"], tuple(legal))
            assert seen.setdefault(key, labels) == labels
            assert kept.labels(LAME_DUCK, view, names, state, legal) == labels


def test_kept_labels_are_each_seats_and_each_languages() -> None:
    """A seat is never told another seat's labels (they name its hidden hand), nor labels in
    another language than its page's."""
    state = _positions(4, {"rounds": 1}, 7)[0]
    kept = KeptLabels()
    told = {}
    for locale in ("en", "de", "en"):
        with i18n.using(locale):
            for seat in range(4):
                view = LAME_DUCK.view(state, seat)
                legal = LAME_DUCK.legal_actions(state, seat)
                got = kept.labels(LAME_DUCK, view, NAMES[:4], state, legal)
                assert got == LAME_DUCK.labels(view, NAMES[:4], state, legal)
                told[locale, seat] = got
    assert told["en", 0] != told["en", 1]  # four hands, four sets of labels
    assert told["en", 0] != told["de", 0]  # the same cards, in German


def test_lame_duck_views_built_together_are_each_seats_view() -> None:
    """LD-12: the views built together hold, key for key in the same order, what each seat's
    own view holds (its hand and choice, and no other seat's)."""
    for state in _positions(5, {"rounds": 2}, 3)[::3]:
        seats = [None, *range(5)]
        together = LAME_DUCK.views(state, seats)
        for seat, view in zip(seats, together, strict=True):
            assert orjson.dumps(view) == orjson.dumps(LAME_DUCK.view(state, seat))


def test_a_frame_spliced_onto_its_shared_part_is_its_text() -> None:
    """The shared part written once and each receiver's own part joined to it give the very
    text of the whole frame, for every game and every receiver."""
    for slug in GAMES:
        game = get_game(slug)
        match = Match(game, 3 if slug != "lame-duck" else 4, seed=5)
        pick = random.Random(5)
        for _step in range(12):
            if match.is_over():
                break
            before = match.state
            seat = pick.choice(match.to_act())
            events = match.apply(seat, pick.choice(match.legal(seat)))
            names: list[str | None] = list(NAMES[: match.players])
            summary = frames.replay_summary("r-1", match, names, [None] * match.players)
            clock: frames.ClockShown = {"limit": None, "left": [None] * match.players}
            common = frames.shared(
                "action", 1, {"seat": seat, "how": None}, summary, events, clock, None
            )
            shared = frames.shared_text(common)
            for receiver in [None, *range(match.players)]:
                view = game.view(match.state, receiver)
                legal = [] if receiver is None else match.legal(receiver)
                frame = frames.for_receiver(
                    common, game, receiver, False, view, legal, game.view(before, receiver)
                )
                assert frames.spliced(shared, frame) == frames.text(frame)
                assert frames.text(frame) == orjson.dumps(frame, option=NON_STR).decode()


NON_STR = orjson.OPT_NON_STR_KEYS


def test_a_frame_is_written_as_with_keys_of_any_kind() -> None:
    """``frames.dumped`` leaves out orjson's option for keys that are not strings where every
    key is one (quicker): the same bytes as with it; a value keyed by seat numbers is written
    with it, as before."""
    for value in (
        {"a": [1, {"b": None, "c": "é ⟦x⟧"}], "d": 1.5},
        {"seats": {0: "Ann", 1: "Bob"}},
        {1: {"x": [True, False]}},
        [],
    ):
        assert frames.dumped(value) == orjson.dumps(value, option=NON_STR)
