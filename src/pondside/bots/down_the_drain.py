"""A Down the Drain heuristic: shed a card that survives the round, stop whoever is close.

For each card it estimates the chance that the card's group survives until it is pushed
through: a card that joins a group is pushed on the turn of the group's first member, so only
the players before that member can beat it; each of them beats it if one of their cards (drawn
from the cards this seat cannot see) makes a strictly higher group (DD-4d, DD-5). It adds what
the card does to the others: a group it beats loses its chance to be pushed, weighed by how
close its owners are to winning; joining a rival's group helps that rival. High cards are kept
while a cheaper card would do, so they are there to stop a leader or to push a last card through.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from pondside.engine import Game, View
from pondside.games.down_the_drain import COUNTS, DECK, OTHERS, group_value, hand_size
from pondside.i18n import _, ngettext

from .base import Bot
from .declared import GameBots, Memory

DECK_COUNTS = Counter(COUNTS)


def unseen_counts(view: View) -> Counter[int]:
    """Cards this seat cannot account for: in other hands or in the stack (DD-11)."""
    left = Counter(DECK_COUNTS)
    left.subtract(view["hand"])
    left.subtract(f for f in view["front"] if f)
    left.subtract(view["discard"])
    return left


def beat_chance(
    value: int, number: int, front: Sequence[int], unseen: Counter[int], total: int
) -> float:
    """The chance that one unseen card, played now, makes a group strictly above ``value``.

    A card of ``number`` joins the group instead of beating it (DD-5).
    """
    if total <= 0:
        return 0.0
    good = 0
    for x, k in unseen.items():
        if k > 0 and x != number and x * (front.count(x) + 1) > value:
            good += k
    return good / total


def survival(
    trial: tuple[int, ...],
    c: int,
    order: Sequence[int],
    sizes: Sequence[int],
    unseen: Counter[int],
    total: int,
) -> float:
    """The chance that the group of ``c`` in ``trial`` is pushed through: nobody among the
    players before its first member (DD-4a) beats it with one of their cards."""
    q = beat_chance(group_value(trial, c), c, trial, unseen, total)
    survive = 1.0
    for t in order:
        if trial[t] == c:
            break
        survive *= (1.0 - q) ** sizes[t]
    return survive


class DownTheDrainHeuristic(Bot):
    name = "heuristic"

    def choose(self, view: View, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        me = self.seat
        n = view["players"]
        front = [f or 0 for f in view["front"]]
        sizes = view["hand_sizes"]
        held = view["held"]
        hand = view["hand"]
        unseen = unseen_counts(view)
        total = sum(k for k in unseen.values() if k > 0)
        order = OTHERS[n][me]  # the others, in the order they play
        # How much each rival's progress matters: more the fewer cards they hold.
        danger = {t: 1.0 / held[t] for t in order if held[t]}
        leader = min(held[t] for t in order)
        best, best_score = legal[0], float("-inf")
        for action in legal:
            c = int(action[5:])
            trial = (*front[:me], c, *front[me + 1 :])
            size = trial.count(c)
            value = group_value(trial, c)
            survive = survival(trial, c, order, sizes, unseen, total)
            last = len(hand) == 1
            score = survive * (6.0 if last else 1.0)
            # Groups beaten: their owners lose the push they were heading for (DD-4d).
            for i, t in enumerate(order):
                f = trial[t]
                if f and f != c and (beaten := group_value(trial, f)) < value:
                    # Chance the group would have survived the players after me before t.
                    between = order[:i]
                    qq = beat_chance(beaten, f, front, unseen, total)
                    alive = 1.0
                    for u in between:
                        alive *= (1.0 - qq) ** sizes[u]
                    win_now = sizes[t] == 0
                    score += alive * danger.get(t, 1.0) * (8.0 if win_now else 1.0) * 1.2
            # Joining a rival's group carries it too.
            if size > 1:
                for t in order:
                    if trial[t] == c:
                        boost = 2.0 if sizes[t] == 0 else 0.4
                        score -= boost * danger.get(t, 1.0) * (1.0 if held[t] <= leader else 0.5)
            # Keep high cards while a cheaper card would do.
            strength = 1.0 - beat_chance(c, c, [0] * n, unseen, total)
            if not last:
                score -= 0.35 * strength * (1.0 - survive) + 0.4 * strength**2
            if score > best_score:
                best, best_score = action, score
        return best

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        if len(legal) == 1:
            return _("it is the only choice")
        me, c = self.seat, int(action[5:])
        front = [f or 0 for f in view["front"]]
        trial = (*front[:me], c, *front[me + 1 :])
        unseen = unseen_counts(view)
        total = sum(k for k in unseen.values() if k > 0)
        order = OTHERS[view["players"]][me]
        chance = survival(trial, c, order, view["hand_sizes"], unseen, total)
        size, value = trial.count(c), group_value(trial, c)
        if size > 1:
            group = _("a group of {size} × {card}").format(size=size, card=c)
        else:
            group = _("a single {card}").format(card=c)
        beaten = sum(1 for f in set(trial) if f and f != c and group_value(trial, f) < value)
        said = _(
            "{group} (worth {value}): about {chance}% chance to be pushed through before "
            "someone beats it"
        ).format(group=group, value=value, chance=round(100 * chance))
        if beaten:
            said += ngettext(
                "; it beats {n} other group", "; it beats {n} other groups", beaten
            ).format(n=beaten)
        if chance < 0.5 and len(view["hand"]) > 1:
            said += _("; a cheap card, keeping your higher ones for later")
        return said


class DownTheDrainNewcomer(DownTheDrainHeuristic):
    """Down the Drain as a person new to it plays (the beginner's misjudged risks): its highest
    card, as it looks the safest (the group hardest to beat, DD-4d), without weighing that a
    cheaper card would survive as well and that the high cards are the ones that stop a player
    close to going out later. (The first guess, its lowest card that beats the table, is no
    misjudgment: it won 35.1 % against three heuristics, docs/bots.md.)"""

    def choose(self, view: View, legal: list[str]) -> str:
        return max(legal, key=lambda a: int(a[5:]))

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        if len(legal) == 1:
            return _("it is the only choice")
        return _("your highest card: the hardest to beat")


@dataclass(frozen=True)
class _Public:
    """What everyone saw at one moment of a game (DD-11), as far as the heuristic reads it."""

    front: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    discard: Counter[int]
    stack: int


@dataclass(frozen=True)
class _Play:
    """One other seat's play, with the table it chose on; ``time`` orders plays and draws."""

    time: int
    seat: int
    card: int
    table: _Public


class DownTheDrainInference:
    """The other players as the heuristic with slips (``ismcts:infer=heuristic``).

    A seat sees only its own turns, and the events of the play just before each. The plays in
    between are rebuilt from what changed on the table since this seat's last turn (DD-11):
    a card still in front of a seat is the one it played this cycle (its older card was pushed
    through first, DD-4a); a card gone is among the new discards. Every assignment of those
    cards (and of this seat's own play, when its hand does not tell) is played forward under
    DD-4 to DD-7, and kept when it ends on exactly the table seen; when not exactly one
    sequence of plays fits, nothing before it is used.

    A play is weighed against the heuristic's choice from the seat's hand at the time: its
    sampled hand now plus the cards it has played since. A seat that drew since (a card of it
    beaten, DD-4d) holds a card nobody saw, so its plays before that draw are not looked at.
    """

    def __init__(self, game: Game[Any], seat: int, epsilon: float) -> None:
        self.seat = seat
        self.epsilon = epsilon
        self.heuristics: dict[int, DownTheDrainHeuristic] = {}
        self.game = game
        self.game_no = -1
        self.plays: list[_Play] = []  # the others' plays this game, oldest first
        self.last_draw: dict[int, int] = {}  # seat -> time of its latest draw
        self.since = 0  # plays before this time are not used (a cycle that did not fit)
        self.time = 0
        self.table: _Public | None = None  # at this seat's last turn
        self.hand: tuple[int, ...] = ()
        self.played = 0  # plays of the game at this seat's last turn
        self.choices: dict[tuple[int, tuple[int, ...]], int] = {}

    def _heuristic(self, seat: int) -> DownTheDrainHeuristic:
        if seat not in self.heuristics:
            self.heuristics[seat] = DownTheDrainHeuristic(self.game, seat, random.Random(0))
        return self.heuristics[seat]

    def observe(self, view: View) -> None:
        n, me = view["players"], self.seat
        now = _Public(
            tuple(f or 0 for f in view["front"]),
            tuple(view["hand_sizes"]),
            Counter(view["discard"]),
            view["stack_size"],
        )
        hand = tuple(view["hand"])
        if view["hand_number"] != self.game_no:
            # A new game: the table at the deal (DD-2), played on from the start player.
            self.game_no, self.plays, self.last_draw, self.choices = view["hand_number"], [], {}, {}
            self.since = self.time
            size = hand_size(n)
            before = _Public((0,) * n, (size,) * n, Counter(), len(DECK) - n * size)
            order = [(view["start"] + k) % n for k in range((me - view["start"]) % n)]
            if len(order) == view["plays"]:
                self._rebuild(before, order, now, [], seen(view))
            else:
                self.since = self.time + n  # a turn of this seat not seen: start afresh
        elif self.table is not None and view["plays"] - self.played == n:
            mine = Counter(self.hand) - Counter(hand)  # the card played, unless one came back
            options = list(mine) if mine else sorted(set(self.hand) & set(hand))
            self._rebuild(self.table, [me, *OTHERS[n][me]], now, options, seen(view))
        else:
            self.since = self.time + n
        self.time += n
        self.table, self.hand, self.played = now, hand, view["plays"]

    def _rebuild(
        self,
        before: _Public,
        order: list[int],
        now: _Public,
        mine: list[int],
        known: dict[int, int],
    ) -> None:
        """Find the plays of ``order`` that turn ``before`` into ``now``; record the others'.
        ``mine`` holds the cards this seat may have played, when it is in ``order``; ``known``
        the cards the last events named."""
        gone = sorted((now.discard - before.discard).keys())

        def cards(s: int) -> list[int]:
            """What seat ``s`` may have played this cycle."""
            if s in known:
                return [known[s]]
            if s == self.seat:
                return mine
            return [now.front[s]] if now.front[s] else gone

        options = [cards(s) for s in order]
        fits: list[tuple[list[_Play], list[tuple[int, int]]]] = []
        for played in product(*options):
            result = _play_forward(before, order, played, self.time)
            if result is not None and result[0] == now:
                others = [p for p in result[1] if p.seat != self.seat]
                fits.append((others, result[2]))
                if fits[0] != fits[-1]:
                    break
        if not fits or fits[0] != fits[-1]:
            self.since = self.time + len(order)  # cannot tell: use nothing before now
        else:
            plays, draws = fits[0]
            self.plays.extend(plays)
            for time, seat in draws:
                self.last_draw[seat] = time

    def likelihood(self, state: Any) -> float:
        weight, epsilon = 1.0, self.epsilon
        hands: tuple[tuple[int, ...], ...] = state.hands
        later: dict[int, list[int]] = {}
        for play in reversed(self.plays):
            if play.time < self.since:
                break
            s = play.seat
            if self.last_draw.get(s, -1) > play.time:
                continue  # a card drawn since: its hand then is not known
            later.setdefault(s, []).append(play.card)
            hand = tuple(sorted((*hands[s], *later[s])))
            if hand[0] == hand[-1]:
                continue  # one kind of card: no choice to judge
            key = (play.time, hand)
            choice = self.choices.get(key)
            if choice is None:
                choice = self.choices[key] = self._choice(play, hand)
            if choice == play.card:
                weight *= 1 - epsilon
            else:
                weight *= epsilon / (len(set(hand)) - 1)
        return weight

    def _choice(self, play: _Play, hand: tuple[int, ...]) -> int:
        t = play.table
        view = {
            "players": len(t.front),
            "front": [f or None for f in t.front],
            "hand_sizes": list(t.hand_sizes),
            "held": [h + (1 if f else 0) for h, f in zip(t.hand_sizes, t.front, strict=True)],
            "hand": list(hand),
            "discard": list(t.discard.elements()),
        }
        legal = [f"play {c}" for c in sorted(set(hand))]
        return int(self._heuristic(play.seat).choose(view, legal)[5:])


def seen(view: View) -> dict[int, int]:
    """The cards the last play's events name, by seat: the play, the cards it beat, and the
    group pushed through at this seat's turn (all of them played in this cycle)."""
    known: dict[int, int] = {}
    for event in view["last_events"]:
        if event["type"] == "play":
            known[event["seat"]] = event["card"]
        elif event["type"] == "beaten":
            known.update(zip(event["seats"], event["cards"], strict=True))
        elif event["type"] == "push":
            known.update((s, event["card"]) for s in event["seats"])
    return known


def _play_forward(
    table: _Public, order: list[int], cards: tuple[int, ...], time: int
) -> tuple[_Public, list[_Play], list[tuple[int, int]]] | None:
    """The public side of DD-4 to DD-7: ``order`` plays ``cards`` from ``table``. None when a
    card could not have been played (a seat with no cards) or a game would have ended."""
    n = len(table.front)
    front, sizes = list(table.front), list(table.hand_sizes)
    discard, stack = Counter(table.discard), table.stack
    plays: list[_Play] = []
    draws: list[tuple[int, int]] = []
    for k, (seat, card) in enumerate(zip(order, cards, strict=True)):
        if sizes[seat] == 0:
            return None
        now = time + k
        plays.append(_Play(now, seat, card, _Public(tuple(front), tuple(sizes), +discard, stack)))
        sizes[seat] -= 1
        front[seat] = card
        value = card * front.count(card)
        beaten = [
            t
            for t in OTHERS[n][seat]
            if (c := front[t]) and c != card and c * front.count(c) < value
        ]
        for t in beaten:  # DD-4d: all beaten cards go down, then DD-6: draws in turn
            discard[front[t]] += 1
            front[t] = 0
        for t in beaten:
            if stack == 0:  # DD-7: the discard pile becomes the stack
                stack, discard = sum(discard.values()), Counter()
            stack -= 1
            sizes[t] += 1
            draws.append((now, t))
        nxt = (seat + 1) % n
        if c := front[nxt]:  # DD-4a at the next turn
            group = [t for t in range(n) if front[t] == c]
            if any(sizes[t] == 0 for t in group):
                return None
            for t in group:
                front[t] = 0
            discard[c] += len(group)
    return _Public(tuple(front), tuple(sizes), +discard, stack), plays, draws


# The search levels (bots/levels.py; rated in docs/bots.md). In Down the Drain more ISMCTS
# iterations played worse against three heuristics (300: 35.6% over 300 matches; 1,200: 25.0%
# over 30, and 24.4% over 65 with inference), as the tree comes to trust the sampled hands; 100
# rated below the heuristic. Flat Monte-Carlo that keeps the heuristic's card unless the
# playouts clearly disagree did as well as ISMCTS at 300 (35.5% over 100), so expert is that,
# thinking longer, and strong the ISMCTS budget that measured best. Strong counts places
# (``reward=rank``), not first place only: the ladder's step judges a match by the seats' mean
# place, and with ``reward=win`` two strong seats were level with two casual ones (50.2 % of 200
# matches) where ``reward=rank`` placed above them (61.5 % and 67.2 % of 96 meetings, against
# 51.6 % and 47.4 % for ``reward=win`` in the same matches; docs/bots.md, session 49).
def forgotten_discard(view: View, memory: Memory) -> View:
    """The discard pile (DD-11: public, but a pile) as a person remembers it: its top card in
    sight, each card under it remembered or not; the heuristic then counts a forgotten card
    among the unseen ones."""
    deal, pile = view["hand_number"], view["discard"]
    under = [c for i, c in enumerate(pile[:-1]) if memory.kept(deal, (i, c))]
    return {**view, "discard": under + pile[-1:]}


BOTS = GameBots(
    heuristic=DownTheDrainHeuristic,
    newcomer=DownTheDrainNewcomer,
    forget=forgotten_discard,
    strong="ismcts:iterations=300:rollout=heuristic:reward=rank",
    expert="mcs:iterations=1000:rollout=heuristic:reward=win:prior=heuristic",
    inference=DownTheDrainInference,
)
