"""Every sentence a game says goes through the message catalog (issue 28, point 7): played in
the pseudo-locale (``en-XA``: every catalog message wrapped in ⟦…⟧), each narration line, each
action's label and effect, each reason a card cannot be played, each caption and prompt and
each illegal action's sentence lies wholly inside the markers; a word written past the catalog
shows as letters outside them. Seats are told as players and as a spectator."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from pondside import i18n
from pondside.engine import IllegalAction, Match
from pondside.games import get_game

# What a seat is offered is checked at every few steps: labelling King of the Quackers' every
# combination is most of the test's time, and the words repeat from step to step.
OFFERS_EVERY = 3
STEPS = 400  # a whole match of most games; enough of every kind of step of the longest
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
MARKED = re.compile(re.escape(i18n.PSEUDO_OPEN) + r"[^⟦⟧]*" + re.escape(i18n.PSEUDO_CLOSE))


def outside(text: str) -> str:
    """What of ``text`` lies outside the markers, nested messages included (a message filled
    with another): letters left there were written past the catalog."""
    before = None
    while before != text:
        before, text = text, MARKED.sub("", text)
    return text


def leaks(where: str, text: str) -> list[str]:
    return [f"{where}: {text}"] if re.search(r"[^\W\d_]", outside(text)) else []


def told(game: Any, match: Match[Any], before: dict[int | None, Any], events: Any) -> list[str]:
    found: list[str] = []
    names = NAMES[: match.players]
    for receiver in [*range(match.players), None]:
        after = match.view(receiver)
        for line in game.narrate(before[receiver], events, after, receiver, names):
            found += leaks(f"narration to {receiver}", line)
        for replay in (False, True):
            for key, caption in game.captions(after, names, replay).items():
                found += leaks(f"caption {key!r} for {receiver}", caption)
        if isinstance(after.get("prompt"), str):
            found += leaks(f"prompt of {receiver}", after["prompt"])
        before[receiver] = after
    return found


def offered(game: Any, match: Match[Any], seat: int, rng: random.Random) -> list[str]:
    found: list[str] = []
    view = match.view(seat)
    labels = game.labels(view, NAMES[: match.players], match.state)
    for label in labels["actions"]:
        found += leaks(f"label of {label['action']}", label["label"] + " " + label["effect"])
    for card in labels["unplayable"]:
        found += leaks(f"why not {card['card']}", card["reason"])
    legal = set(match.legal(seat))
    illegal = [a for a in game.all_actions(match.players, match.options) if a not in legal]
    for action in rng.sample(illegal, min(5, len(illegal))):
        try:
            game.apply(match.state, seat, action)
        except IllegalAction as exc:
            found += leaks(f"refusal of {action}", str(exc))
    return found


@pytest.mark.parametrize(
    "slug",
    ["lame-duck", "king-of-the-quackers", "wildcat-chicane", "down-the-drain", "ladders"],
)
def test_a_whole_match_is_told_through_the_catalog(slug: str) -> None:
    game = get_game(slug)
    rng = random.Random(5)
    found: list[str] = []
    with i18n.using(i18n.PSEUDO):
        match: Match[Any] = Match(game, 3, seed=5)
        before: dict[int | None, Any] = {r: match.view(r) for r in [*range(3), None]}
        for _step in range(STEPS):
            if match.is_over():
                break
            if _step % OFFERS_EVERY == 0:
                for seat in match.to_act():
                    found += offered(game, match, seat, rng)
            seat = rng.choice(match.to_act())
            events = match.apply(seat, rng.choice(match.legal(seat)))
            found += told(game, match, before, events)
    assert not found, "\n".join(sorted(set(found))[:40])
