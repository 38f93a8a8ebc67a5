"""Lame Duck: properties over random seeds, tables and random play (rulings LD-1..LD-12).

Every property plays whole matches with uniformly random legal actions, from a random seat
among those to act, so choices interleave in every order. The expected values come from the
rulings: the deck of LD-1, the ducks of LD-2 and an independent model of LD-6..LD-8.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pondside.engine import Match
from pondside.games.lame_duck import GAME


# --- the rulings, written out independently ---------------------------------------------------
def ducks(card: int) -> int:
    """LD-2."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


def deck(players: int, expert: bool) -> list[int]:
    """LD-1."""
    return list(range(1, (10 * players + 4 if expert else 104) + 1))


def model_turn(
    columns: list[list[int]], played: list[tuple[int, int]], take: int | None
) -> tuple[list[list[int]], list[tuple[int, list[int]]]]:
    """LD-6..LD-8: the columns after placing ``played`` [(seat, card)], and who took what."""
    cols = [list(c) for c in columns]
    taken: list[tuple[int, list[int]]] = []
    for card, seat in sorted((c, s) for s, c in played):
        lower = [i for i, col in enumerate(cols) if col[-1] < card]
        if not lower:  # LD-8
            assert take is not None, "a too-low card needs the player's column"
            i = take
        else:  # LD-6
            i = max(lower, key=lambda j: cols[j][-1])
            if len(cols[i]) < 5:
                cols[i].append(card)
                continue
        taken.append((seat, cols[i]))  # LD-7 / LD-8
        cols[i] = [card]
    return cols, taken


def cards_of(position: dict[str, Any]) -> list[int]:
    cards = [c for h in position["hands"] for c in h] + list(position["unused"])
    cards += [c for col in position["columns"] for c in col]
    cards += [c for t in position["taken"] for c in t]
    if position["awaiting"] is not None:
        cards += [c for c, _ in position["revealed"]]
    return sorted(cards)


# --- random matches ---------------------------------------------------------------------------
@st.composite
def tables(draw: st.DrawFn) -> tuple[int, dict[str, Any], int, int]:
    """(players, options, seed, play seed): any table, short matches."""
    players = draw(st.integers(2, 10))
    options: dict[str, Any] = {"expert": draw(st.booleans())}
    end = draw(st.sampled_from(["default", "rounds", "target"]))
    if end == "rounds":
        options["rounds"] = draw(st.integers(1, 2))
    elif end == "target":
        options["target"] = draw(st.integers(1, 30))
    return players, options, draw(st.integers(0, 2**63 - 1)), draw(st.integers(0, 2**32))


def steps(m: Match[Any], rng: random.Random) -> Iterator[tuple[int, str, list[dict[str, Any]]]]:
    """Play ``m`` to the end at random, yielding (seat, action, events) after each action."""
    while not m.is_over():
        seat = rng.choice(m.to_act())
        legal = m.legal(seat)
        assert legal, f"seat {seat} is to act with no legal action"
        action = rng.choice(legal)
        yield seat, action, m.apply(seat, action)


def new_match(table: tuple[int, dict[str, Any], int, int]) -> tuple[Match[Any], random.Random]:
    players, options, seed, play_seed = table
    return Match(GAME, players, options, seed=seed), random.Random(play_seed)


def checkpoints(
    table: tuple[int, dict[str, Any], int, int], every: int, check: Callable[[Match[Any]], None]
) -> Match[Any]:
    """Run ``check`` at the start, every ``every``-th action (at a random phase), whenever a
    too-low card waits for its column (LD-8, the rarest step), and at the end."""
    m, rng = new_match(table)
    phase = rng.randrange(every)
    check(m)
    for i, (_, _, events) in enumerate(steps(m, rng)):
        if i % every == phase or any(e["type"] == "too_low" for e in events):
            check(m)
    check(m)
    return m


# --- properties -------------------------------------------------------------------------------
@given(tables())
def test_cards_are_conserved_at_every_step(table: tuple[int, dict[str, Any], int, int]) -> None:
    """LD-1/LD-4: hands + columns + taken + unused + revealed cards awaiting a column = deck."""
    players, options, _, _ = table
    full = deck(players, options["expert"])

    def check(m: Match[Any]) -> None:
        pos = m.position()
        assert cards_of(pos) == full
        if options["expert"]:
            assert pos["unused"] == []

    checkpoints(table, 1, check)


@given(tables())
def test_rounds_are_ten_turns_placed_as_the_rulings_say(
    table: tuple[int, dict[str, Any], int, int],
) -> None:
    """LD-5..LD-9 against an independent model, turn by turn.

    A round is 10 turns, hands shrink by one card a turn; the columns after each turn are the
    model's; each take is the model's and counts the LD-2 ducks of its cards; the ducks taken in
    a turn are exactly the ducks of the cards that left the table.
    """
    m, rng = new_match(table)
    players = m.players
    view = m.view(None)
    columns, reveals, round_no = view["columns"], 0, 1
    played: list[tuple[int, int]] = []
    take: int | None = None
    turn_events: list[dict[str, Any]] = []
    round_ducks = [0] * players
    for _seat, action, events in steps(m, rng):
        turn_events += events
        if action.startswith("take"):
            take = int(action.split()[1])
        for e in events:
            if e["type"] == "reveal":
                played = [(s, c) for s, c in e["cards"]]
                assert len(played) == players
                assert [c for _, c in played] == sorted(c for _, c in played)
                reveals += 1
        view = m.view(None)
        if view["awaiting_take"] is not None or any(view["chosen"]) or not played:
            continue  # the turn is not over yet
        # The turn is complete: compare it with the model.
        expected_cols, expected_takes = model_turn(columns, played, take)
        got_takes = [
            (e["seat"], list(e["cards"]), e["ducks"]) for e in turn_events if e["type"] == "take"
        ]
        assert [(s, sorted(c)) for s, c, _ in got_takes] == [
            (s, sorted(c)) for s, c in expected_takes
        ]
        for _s, cards, n in got_takes:
            assert n == sum(ducks(c) for c in cards)
        turn_ducks = [0] * players
        for s, _cards, n in got_takes:
            turn_ducks[s] += n
        round_ducks = [a + b for a, b in zip(round_ducks, turn_ducks, strict=True)]
        ends = [e for e in turn_events if e["type"] == "round_end"]
        if ends:
            (end,) = ends
            assert reveals == 10, "a round is 10 turns (LD-5)"
            assert end["round"] == round_no and end["ducks"] == round_ducks
            round_no, reveals, round_ducks = round_no + 1, 0, [0] * players
        else:
            assert view["columns"] == expected_cols
            assert view["round_ducks"] == round_ducks
            assert view["hand_sizes"] == [10 - reveals] * players
            # The ducks taken are the ducks of the cards that left the table.
            before = Counter([c for col in columns for c in col] + [c for _, c in played])
            removed = before - Counter(c for col in view["columns"] for c in col)
            assert sorted(removed.elements()) == sorted(c for _, cs, _ in got_takes for c in cs)
            assert sum(ducks(c) for c in removed.elements()) == sum(turn_ducks)
        columns, played, take, turn_events = view["columns"], [], None, []
    assert m.outcome() is not None


@given(tables())
def test_replaying_the_record_gives_the_same_match(
    table: tuple[int, dict[str, Any], int, int],
) -> None:
    def check(m: Match[Any]) -> None:
        record = json.loads(json.dumps(m.record()))
        again = Match.from_record(GAME, record)
        assert again.position() == m.position()
        assert again.outcome() == m.outcome()
        assert again.to_act() == m.to_act()

    checkpoints(table, 17, check)


def hidden_shuffled(
    position: dict[str, Any], seat: int | None, rng: random.Random
) -> dict[str, Any]:
    """The same position with every card ``seat`` cannot see dealt again at random:
    the other hands (keeping their sizes), the unused cards, and the other seats' choices."""
    pos: dict[str, Any] = json.loads(json.dumps(position))
    others = [s for s in range(pos["players"]) if s != seat]
    pool = [c for s in others for c in pos["hands"][s]] + pos["unused"]
    rng.shuffle(pool)
    for s in others:
        size = len(pos["hands"][s])
        pos["hands"][s] = sorted(pool[:size])
        del pool[:size]
        if pos["chosen"][s] is not None:
            pos["chosen"][s] = rng.choice(pos["hands"][s])
    pos["unused"] = sorted(pool)
    return pos


@given(tables())
def test_a_view_never_shows_another_hand_a_hidden_choice_or_the_unused_cards(
    table: tuple[int, dict[str, Any], int, int],
) -> None:
    """LD-12: redealing everything a seat cannot see leaves its view unchanged."""
    rng = random.Random(table[3] + 1)

    def check(m: Match[Any]) -> None:
        pos = m.position()
        for seat in [None, *range(m.players)]:
            view = m.view(seat)
            if seat is None:
                assert "hand" not in view and "my_choice" not in view
            else:
                assert view["hand"] == sorted(pos["hands"][seat])
            other = Match(GAME, m.players, pos["options"], position=hidden_shuffled(pos, seat, rng))
            assert other.view(seat) == view

    checkpoints(table, 7, check)


@given(tables(), st.integers(0, 2**32))
def test_determinization_gives_back_the_view_and_plays_on(
    table: tuple[int, dict[str, Any], int, int], det_seed: int
) -> None:
    rng = random.Random(det_seed)

    def check(m: Match[Any]) -> None:
        seat = rng.randrange(m.players)
        view = m.view(seat)
        state = GAME.determinize(json.loads(json.dumps(view)), rng)
        assert GAME.view(state, seat) == view
        pos = GAME.position(state)
        assert cards_of(pos) == deck(m.players, m.options["expert"])
        Match(GAME, m.players, pos["options"], position=pos)  # a valid snapshot
        steps_left = 0
        while not GAME.is_over(state):
            who = rng.choice(GAME.to_act(state))
            state, _ = GAME.apply(state, who, rng.choice(GAME.legal_actions(state, who)))
            steps_left += 1
            assert steps_left < 10_000
        assert GAME.outcome(state) is not None

    checkpoints(table, 23, check)


@given(tables())
def test_position_snapshot_round_trips(table: tuple[int, dict[str, Any], int, int]) -> None:
    def check(m: Match[Any]) -> None:
        pos = m.position()
        again = Match(GAME, m.players, pos["options"], position=json.loads(json.dumps(pos)))
        assert again.position() == pos
        assert again.to_act() == m.to_act()
        assert again.outcome() == m.outcome()
        for seat in [None, *range(m.players)]:
            assert again.view(seat) == m.view(seat)
        for seat in range(m.players):
            assert again.legal(seat) == m.legal(seat)
            if seat in m.to_act():
                assert again.game.timeout_action(again.state, seat) == m.game.timeout_action(
                    m.state, seat
                )

    checkpoints(table, 11, check)


@settings(max_examples=15)
@given(tables())
def test_a_snapshot_plays_on_exactly_like_the_match(
    table: tuple[int, dict[str, Any], int, int],
) -> None:
    """From a snapshot taken mid-match, the same actions give the same rest of the match."""
    m, rng = new_match(table)
    first = list(steps(m, rng))
    cut = rng.randrange(len(first) + 1)
    m2, _ = new_match(table)
    for seat, action, _ in first[:cut]:
        m2.apply(seat, action)
    pos = m2.position()
    m3 = Match(GAME, m2.players, pos["options"], position=pos)
    for seat, action, events in first[cut:]:
        assert m3.apply(seat, action) == events
    assert m3.position() == m.position() and m3.outcome() == m.outcome()


@settings(max_examples=15)
@given(tables())
def test_timeouts_are_legal_and_finish_the_match(
    table: tuple[int, dict[str, Any], int, int],
) -> None:
    """LD-11: the default is always a legal action of the seat whose time ran out."""
    m, rng = new_match(table)
    while not m.is_over():
        seat = rng.choice(m.to_act())
        legal = m.legal(seat)
        action, _ = m.timeout(seat)
        assert action in legal
    outcome = m.outcome()
    assert outcome is not None
    totals = m.view(None)["totals"]
    assert list(outcome.scores) == totals
    assert list(outcome.places) == [1 + sum(t < x for t in totals) for x in totals]
