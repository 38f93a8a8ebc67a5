"""Checks of the frames a table's clients received, against the match record replayed by the
engine: each frame's view is ``Match.view(seat)`` at its sequence number, its legal actions the
engine's, its events the public ones of the view, the parts the server adds carry no card, and
no card hidden from its receiver at that moment appears anywhere in it (LD-12; for the Decktet
games, whose cards are unique, by their codes; Ladders and Down the Drain have many copies of a
number, so there the engine's view, itself tested for leaks, is the check)."""

from __future__ import annotations

import json
import re
from typing import Any

from pondside.engine import Match
from pondside.games import get_game
from pondside.games.decktet import CODES
from pondside.games.lame_duck import GAME, deck_size
from tablesock import Message

# Keys whose values are cards (or hold cards, at any depth); pairs are [seat, card].
CARD_KEYS = {"hand", "columns", "taken", "cards", "card", "my_choice", "revealed", "chosen_card"}
PAIR_KEYS = {"revealed"}
CARD_TEXT = re.compile(r"\b(?:play|card|cards?)\s+(\d+)")


def cards_in(obj: Any, key: str | None = None, parent: dict[str, Any] | None = None) -> set[int]:
    """Every card-like value in a frame: the numbers under card-bearing keys (the card of a
    [seat, card] pair) and every number written as ``play N`` or ``card N`` in any text."""
    found: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            found |= cards_in(v, k, obj)
    elif isinstance(obj, list):
        pairs = key in PAIR_KEYS or (key == "cards" and parent and parent.get("type") == "reveal")
        for item in obj:
            if pairs and isinstance(item, list) and len(item) == 2:
                found |= cards_in(item[1], key)
            else:
                found |= cards_in(item, key, parent)
    elif isinstance(obj, str):
        found |= {int(n) for n in CARD_TEXT.findall(obj)}
    elif isinstance(obj, int) and not isinstance(obj, bool) and key in CARD_KEYS:
        found.add(obj)
    return found


def visible(state: Any, seat: int | None) -> set[int]:
    """The cards a seat (or a spectator) may see in a state: its own hand, the columns, the
    taken cards and the revealed ones (LD-12)."""
    seen = {c for col in state.columns for c in col} | {c for t in state.taken for c in t}
    seen |= {c for c, _ in state.revealed}
    if seat is not None:
        seen |= set(state.hands[seat])
    return seen


# What a state frame holds: the server adds only these keys around the engine's view and legal.
FRAME_KEYS = {"type", "reason", "seq", "by", "table", "events", "clock", "outcome", "you"}
FRAME_KEYS |= {"view", "legal"}
FRAME_KEYS |= {
    "narration",
    "narration_events",
    "labels",
    "card_words",
    "standing",
    "standings",
    "captions",
}  # the game's words for the receiver (issue 26), the cards they name by code (issue 27)
DECKTET = set(CODES)


def strings_in(obj: Any) -> list[str]:
    if isinstance(obj, dict):
        return [t for v in obj.values() for t in strings_in(v)]
    if isinstance(obj, list):
        return [t for v in obj for t in strings_in(v)]
    return [obj] if isinstance(obj, str) else []


def decktet_cards(obj: Any) -> set[str]:
    """Every Decktet code written anywhere in a frame: a value, or a word of an action."""
    return {w for text in strings_in(obj) for w in text.split() if w in DECKTET}


def _diff(got: Any, expected: dict[str, Any]) -> dict[str, Any]:
    """The keys of a view that differ from the expected one: (received, expected)."""
    if not isinstance(got, dict):
        return {"view": (got, expected)}
    return {k: (got.get(k), v) for k, v in expected.items() if got.get(k) != v}


def check_frames(
    record: dict[str, Any], frames: dict[int | None, list[Message]], errors: bool = False
) -> int:
    """Check every frame against the replayed record; returns how many frames were checked.
    Error frames fail the check unless ``errors``."""
    if record["game"] != "lame-duck":
        return check_game_frames(record, frames, errors)
    match = Match(GAME, record["players"], record["options"], seed=record["seed"])
    states = [match.state]
    for seat, action in record["actions"]:
        match.apply(seat, action)
        states.append(match.state)
    last_seq = max(m["seq"] for ms in frames.values() for m in ms if m["type"] == "state")
    start_seq = last_seq - len(record["actions"])
    deck = set(range(1, deck_size(record["players"], record["options"]["expert"]) + 1))
    checked = 0
    for who, messages in frames.items():
        assert errors or not [m for m in messages if m["type"] == "error"], who
        for m in messages:
            if m["type"] != "state":
                continue
            assert m["you"]["seat"] == who
            k = m["seq"] - start_seq
            if k < 0:
                assert m["view"] is None
                continue
            state = states[k]
            expected = json.loads(json.dumps(GAME.view(state, who)))
            assert m["view"] == expected, (
                who,
                m["seq"],
                m.get("reason"),
                _diff(m["view"], expected),
            )
            legal = [] if who is None else sorted(GAME.legal_actions(state, who))
            assert m["legal"] == legal, (who, m["seq"])
            now = visible(state, who)
            # The frame without the events: only what this receiver sees now.
            rest = {**m, "events": [], "view": {**m["view"], "last_events": []}}
            shown = cards_in(rest)
            assert shown <= deck
            assert not shown - now, (who, m["seq"], "shows hidden cards", shown - now)
            # The events tell the last action: what was visible before it, what it revealed.
            allowed = set(now)
            if k > 0:
                before = states[k - 1]
                allowed |= visible(before, who)
                seat, action = record["actions"][k - 1]
                if action.startswith("play") and all(
                    c for s, c in enumerate(before.chosen) if s != seat
                ):
                    allowed |= {c for c in before.chosen if c} | {int(action.split()[1])}
            told = cards_in(m["events"]) | cards_in(m["view"]["last_events"])
            assert not told - allowed, (who, m["seq"], "events show hidden cards", told - allowed)
            if m["reason"] == "action":
                assert m["events"] == m["view"]["last_events"]
            checked += 1
    return checked


def check_game_frames(
    record: dict[str, Any], frames: dict[int | None, list[Message]], errors: bool = False
) -> int:
    """The checks of any game: every frame the engine's view and legal actions at its sequence
    number, its events the view's public ones, nothing else but the table, clock and seat; and
    for the Decktet games no card in another hand (or undealt) that this seat does not know."""
    game = get_game(record["game"])
    match = Match.from_record(game, {**record, "actions": []})
    states, views = [match.state], [_views(match)]
    for seat, action in record["actions"]:
        match.apply(seat, action)
        states.append(match.state)
        views.append(_views(match))
    last_seq = max(m["seq"] for ms in frames.values() for m in ms if m["type"] == "state")
    start_seq = last_seq - len(record["actions"])
    decktet = record["game"] in ("king-of-the-quackers", "wildcat-chicane")
    public: list[set[str]] = []  # the cards a spectator has seen up to each step
    for step in views:
        public.append((public[-1] if public else set()) | decktet_cards(step[None]))
    checked = 0
    for who, messages in frames.items():
        assert errors or not [m for m in messages if m["type"] == "error"], who
        for m in messages:
            if m["type"] != "state":
                continue
            assert set(m) == FRAME_KEYS, (who, sorted(set(m) ^ FRAME_KEYS))
            assert m["you"]["seat"] == who
            k = m["seq"] - start_seq
            if k < 0:
                assert m["view"] is None
                continue
            assert m["view"] == views[k][who], (record["game"], who, m["seq"])
            # Each line of the narration says which event it tells, in the frame's events
            # (the view's last ones for a welcome, which retells the last step).
            told = m["events"] or (m["view"] or {}).get("last_events", [])
            assert len(m["narration_events"]) == len(m["narration"]), (who, m["seq"])
            assert all(0 <= i < len(told) for i in m["narration_events"]), (who, m["seq"])
            assert m["narration_events"] == sorted(m["narration_events"]), (who, m["seq"])
            # What a seat is offered is the game's labels of its own view, never another's.
            offered = {a["action"] for a in m["labels"]["actions"]}
            assert offered == set(m["legal"]), (record["game"], who, m["seq"])
            legal = [] if who is None else sorted(game.legal_actions(states[k], who))
            assert sorted(m["legal"]) == legal, (who, m["seq"])
            if m["reason"] == "action":
                assert m["events"] == m["view"]["last_events"]
            around = {k2: m[k2] for k2 in ("table", "clock", "you", "by", "outcome")}
            assert not decktet_cards(around), (who, m["seq"], "cards outside the view")
            if decktet and who is not None:
                mine = views[k][who]
                known = (
                    public[k]
                    | decktet_cards(mine.get("hand"))
                    | decktet_cards(
                        {key: mine.get(key) for key in ("gave", "received", "my_choice")}
                    )
                )
                others = set().union(
                    *(decktet_cards(views[k][o].get("hand")) for o in range(record["players"]))
                )
                hidden = others - known
                shown = decktet_cards(m)
                assert not shown & hidden, (who, m["seq"], "shows hidden cards", shown & hidden)
            checked += 1
    return checked


def _views(match: Match[Any]) -> dict[int | None, Any]:
    return {s: json.loads(json.dumps(match.view(s))) for s in [None, *range(match.players)]}
