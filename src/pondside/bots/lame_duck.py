"""A Lame Duck heuristic: play the card least likely to collect ducks this turn.

For each card it predicts the column (the rulebook's "card preview", LD-6) and estimates the
chance that the other players' cards fill that column up to five first, treating each
opponent's card as a uniform draw from the cards this seat has not seen. A too-low card costs
the cheapest column (LD-8); low cards are worth shedding while the columns are still cheap.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping, Sequence
from math import comb
from typing import Any

from pondside import i18n
from pondside.engine import Game, View
from pondside.engine.rng import shuffle
from pondside.games import lame_duck as rules  # its COLUMN_LIMIT read when used: the lab tunes it
from pondside.games.lame_duck import (
    DUCKS,
    TAKE,
    TURNS,
    column_ducks,
    deck_size,
    fewest_ducks_column,
    target_column,
)
from pondside.games.lame_duck.narrate import column_name
from pondside.i18n import _, ngettext

from .base import Bot
from .declared import GameBots, Memory

CARDS = len(DUCKS) - 1  # the 104 cards (LD-1); DUCKS[0] stands for no card
AVERAGE_DUCKS = sum(DUCKS) / CARDS  # 171 ducks over 104 cards (LD-2)


def _exactly(k: int, trials: int, p: float) -> float:
    if k < 0 or k > trials:
        return 0.0
    return comb(trials, k) * p**k * (1 - p) ** (trials - k)


def unseen_cards(view: View) -> list[int]:
    """Cards this seat cannot account for: in other hands or unused."""
    seen = {c for col in view["columns"] for c in col} | {c for t in view["taken"] for c in t}
    seen |= set(view["hand"])
    if view["awaiting_take"] is not None:
        seen |= {c for _, c in view["revealed"]}
    size = deck_size(view["players"], view["options"]["expert"])
    return [c for c in range(1, size + 1) if c not in seen]


def card_risk(
    card: int,
    columns: tuple[tuple[int, ...], ...],
    unseen: list[int],
    rivals: int,
    ducks: list[int] | None = None,
) -> float:
    """Expected ducks collected by playing ``card`` now. ``unseen`` is in increasing order;
    ``ducks`` the columns' ducks, when the caller has them (the search calls this a lot)."""
    col = target_column(columns, card)
    if ducks is None:
        ducks = [column_ducks(c) for c in columns]
    if col < 0:
        return float(min(ducks))
    column = columns[col]
    end = column[-1]
    gap = bisect_left(unseen, card) - bisect_right(unseen, end)  # unseen cards between the two
    p = gap / len(unseen) if unseen else 0.0
    need = rules.COLUMN_LIMIT - len(column)  # rival cards that must land first for ours to be sixth
    risk = _exactly(need, rivals, p) * (ducks[col] + need * AVERAGE_DUCKS)
    # A small preference for snug cards keeps the wide gaps for later turns.
    return risk + 0.01 * (card - end) / CARDS


class LameDuckHeuristic(Bot):
    name = "heuristic"

    def choose(self, view: View, legal: list[str]) -> str:
        columns = tuple(tuple(c) for c in view["columns"])
        if legal[0].startswith("take"):
            return TAKE[fewest_ducks_column(columns)]
        unseen = unseen_cards(view)
        rivals = view["players"] - 1  # every other seat plays a card this turn (LD-5)
        turns_left = TURNS - view["turn_number"]
        ducks = [column_ducks(c) for c in columns]
        cheapest = min(ducks)
        best, best_cost = legal[0], float("inf")
        for action in legal:
            card = int(action[5:])
            cost = card_risk(card, columns, unseen, rivals, ducks)
            if target_column(columns, card) < 0:
                # Shedding a low card while columns are cheap avoids a dearer take later.
                cost -= 0.3 * turns_left * max(0, 3 - cheapest) / 3
            cost += 0.001 * DUCKS[card]
            if cost < best_cost:
                best, best_cost = action, cost
        return best

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        columns = tuple(tuple(c) for c in view["columns"])
        kind, _space, value = action.partition(" ")
        n = int(value)
        if kind == "take":
            cost = _ducks(column_ducks(columns[n]))
            return _("{column} has the fewest ducks ({ducks})").format(
                column=column_name(n), ducks=cost
            )
        col = target_column(columns, n)
        if col < 0:
            cheapest = min(column_ducks(c) for c in columns)
            if view["turn_number"] < TURNS and cheapest < 3:
                said = _(
                    "{card} is too low: you take the cheapest column ({ducks}), better now, "
                    "while the columns are cheap, than later"
                )
            else:
                said = _(
                    "{card} is too low: you take the cheapest column ({ducks}), less than your "
                    "other cards risk"
                )
            return said.format(card=n, ducks=_ducks(cheapest))
        risk = card_risk(n, columns, unseen_cards(view), view["players"] - 1)
        need = rules.COLUMN_LIMIT - len(columns[col])
        expected = (
            _("about {ducks} ducks expected").format(ducks=i18n.number(risk, 1))
            if risk >= 0.05
            else _("next to no risk of ducks")
        )
        if need == 0:
            return _(
                "{card} would be the sixth card of {column} ({ducks}) unless another card "
                "lands there first: {expected}"
            ).format(
                card=n,
                column=column_name(col),
                ducks=_ducks(column_ducks(columns[col])),
                expected=expected,
            )
        return ngettext(
            "{card} goes to {column}, where {n} more card fits before a sixth takes it: {expected}",
            "{card} goes to {column}, where {n} more cards fit before a sixth takes it: {expected}",
            need,
        ).format(card=n, column=column_name(col), n=need, expected=expected)


class LameDuckNewcomer(LameDuckHeuristic):
    """Lame Duck as a person new to it plays (the beginner's misjudged risks): a column looks
    dangerous by its length alone, not by how many unseen cards could land there first, and a
    take is judged by the column's cards, not its ducks (a short column of 5-duck cards looks
    cheaper than a long one of 1s). Its card: the one whose column looks safest, just above the
    column's last card where it can."""

    def choose(self, view: View, legal: list[str]) -> str:
        columns = tuple(tuple(c) for c in view["columns"])
        if legal[0].startswith("take"):
            return TAKE[_shortest(columns)]

        def looks(action: str) -> tuple[int, int]:
            card = int(action[5:])
            col = target_column(columns, card)
            if col < 0:  # too low: it takes the shortest column, counted by its cards
                return len(columns[_shortest(columns)]), 0
            # A sixth card takes the column (all its cards); a shorter one only looks risky,
            # the more the longer. Among equals, the card just above the column's last.
            length, gap = len(columns[col]), card - columns[col][-1]
            return (length if length >= rules.COLUMN_LIMIT else max(0, length - 2)), gap

        return min(legal, key=looks)

    def explain(self, view: View, legal: list[str], action: str) -> str | None:
        columns = tuple(tuple(c) for c in view["columns"])
        kind, _space, value = action.partition(" ")
        n = int(value)
        if kind == "take":
            return _("{column} is the shortest column").format(column=column_name(n))
        col = target_column(columns, n)
        if col < 0:
            return _("{card} is too low: you take the shortest column").format(card=n)
        return _("{card} goes to {column}, the column that looks safest").format(
            card=n, column=column_name(col)
        )


def _shortest(columns: tuple[tuple[int, ...], ...]) -> int:
    """The column with the fewest cards (the first of equals)."""
    return min(range(len(columns)), key=lambda i: len(columns[i]))


class LameDuckInference:
    """The other players as the heuristic with slips (``ismcts:infer=heuristic``).

    At every turn of the round this seat saw begin, each other seat's revealed card is weighed
    against the card the heuristic would have chosen from that seat's sampled hand at the time:
    its hand now plus the cards it revealed since. Who played what comes from the events this
    seat saw (the reveal, or the take and places after it); a seat whose play at a turn was not
    seen is not looked at before that turn, since its hand then is not known.
    """

    def __init__(self, game: Game[Any], seat: int, epsilon: float) -> None:
        self.seat = seat
        self.epsilon = epsilon
        self.heuristic = LameDuckHeuristic(game, seat, random.Random(0))
        self.round = -1
        # Per turn of this round: the public table when it began, and each seat's revealed card.
        self.turns: list[tuple[dict[str, Any], dict[int, int]]] = []

    def observe(self, view: View) -> None:
        if view["hand_number"] != self.round:
            self.round, self.turns = view["hand_number"], []  # new hands: nothing to infer yet
        else:
            for event in view["last_events"] if self.turns else ():
                # The events since the turn began say who played what: the reveal, or when a
                # take interrupted the placing, the take and the places that followed it.
                if event["type"] == "reveal":
                    self.turns[-1][1].update({s: c for s, c in event["cards"]})
                elif event["type"] in ("place", "take", "too_low"):
                    self.turns[-1][1][event["seat"]] = event["card"]
        turn = view["turn_number"]
        if view["awaiting_take"] is None and (not self.turns or self.turns[-1][0]["turn"] < turn):
            public = {
                "turn": turn,
                "turn_number": turn,
                "players": view["players"],
                "options": view["options"],
                "columns": [list(c) for c in view["columns"]],
                "taken": [list(t) for t in view["taken"]],
                "awaiting_take": None,
                "revealed": [],
            }
            self.turns.append((public, {}))

    def hand_seen(self) -> int:
        return self.round

    def likelihood(self, state: Any) -> float:
        weight = 1.0
        for _seat, factors in self._factors(state, ()):
            weight *= factors[0]
        return weight

    def seat_likelihoods(
        self, state: Any, others: Sequence[Bot] = ()
    ) -> dict[int, tuple[float, ...]]:
        """Per other seat, the likelihood of its plays seen this round under the model, under
        a player who plays any card of its hand alike (1 / cards at each play), and under each
        of ``others`` (slipping as the model does)."""
        out = {s: (1.0,) * (2 + len(others)) for s in range(len(state.hands)) if s != self.seat}
        for s, factors in self._factors(state, others):
            out[s] = tuple(a * b for a, b in zip(out[s], factors, strict=True))
        return out

    def fit(self, state: Any, played_as: Mapping[str, Sequence[int]], rng: random.Random) -> Any:
        """The sampled ``state`` dealt again where it contradicts a seat played as ``highest``
        (the published Always Highest): that seat played its highest card at every turn seen
        this round, so it holds no card above the lowest of those plays. Its cards above are
        swapped for cards below drawn at random from the unused pile and the hands of seats
        the search does not so constrain (as many as there are); a choice the swap took away
        is drawn again from the hand. Importance weights alone cannot do this: a pool of a few
        hundred uniform deals holds next to none where three such seats all fit."""
        bounds = {}
        for seat in played_as.get("highest", ()):
            plays = [plays[seat] for _public, plays in self.turns if seat in plays]
            if plays:
                bounds[seat] = min(plays)
        if not bounds:
            return state
        hands = [list(h) for h in state.hands]
        unused = list(state.unused)
        # Where each card that may be given comes from: a seat, or -1 for the unused pile.
        donors = [(c, -1) for c in unused]
        donors += [
            (c, s) for s, h in enumerate(hands) if s != self.seat and s not in bounds for c in h
        ]
        for seat, bound in sorted(bounds.items(), key=lambda kv: kv[1]):
            over = [c for c in hands[seat] if c > bound]
            fits = [d for d in donors if d[0] < bound]
            given = rng.sample(fits, min(len(over), len(fits)))
            for high, (low, owner) in zip(over, given, strict=False):
                hands[seat][hands[seat].index(high)] = low
                where = unused if owner < 0 else hands[owner]
                where[where.index(low)] = high
                donors[donors.index((low, owner))] = (high, owner)
        st = state.copy()
        st.hands = tuple(tuple(sorted(h)) for h in hands)
        st.unused = tuple(sorted(unused))
        st.chosen = tuple(
            c if not c or c in st.hands[s] else rng.choice(st.hands[s])
            for s, c in enumerate(state.chosen)
        )
        return st

    def redeal(self, state: Any, seats: Sequence[int], rng: random.Random) -> Any:
        """``state`` with the hands of ``seats`` and the unused pile dealt afresh among them,
        each hand as long as before; a choice made this turn is drawn again from its hand."""
        hands = list(state.hands)
        cards = [*state.unused, *(c for s in seats for c in hands[s])]
        shuffle(rng, cards)
        at = 0
        for s in seats:
            size = len(hands[s])
            hands[s] = tuple(sorted(cards[at : at + size]))
            at += size
        st = state.copy()
        st.hands = tuple(hands)
        st.unused = tuple(sorted(cards[at:]))
        if any(state.chosen[s] for s in seats):
            st.chosen = tuple(
                rng.choice(hands[s]) if c and s in seats else c for s, c in enumerate(state.chosen)
            )
        return st

    def _factors(
        self, state: Any, others: Sequence[Bot]
    ) -> Iterator[tuple[int, tuple[float, ...]]]:
        """Each seen play of another seat this round, latest turn first: the seat, and the
        play's likelihood under the model, under a uniform player and under each of
        ``others``. A play from a single card is no evidence and is left out."""
        epsilon = self.epsilon
        hands: list[tuple[int, ...]] = state.hands
        later: dict[int, list[int]] = {s: [] for s in range(len(hands))}
        known = set(range(len(hands))) - {self.seat}  # seats whose hands are known so far back
        players = (self.heuristic, *others)
        for public, plays in reversed(self.turns):
            if not plays and public is self.turns[-1][0]:
                continue  # this turn is still being played
            known &= plays.keys()  # a play not seen: that seat's hands before it are unknown
            if not known:
                break
            for s in known:
                later[s].append(plays[s])
            for s in known:
                played = f"play {plays[s]}"
                hand = sorted((*hands[s], *later[s]))
                if len(hand) < 2:
                    continue
                view = {**public, "hand": hand}
                legal = [f"play {c}" for c in hand]
                slip = epsilon / (len(hand) - 1)
                chosen = [1 - epsilon if p.choose(view, legal) == played else slip for p in players]
                yield s, (chosen[0], 1 / len(hand), *chosen[1:])


def _ducks(n: int) -> str:
    return ngettext("{n} duck", "{n} ducks", n).format(n=n)


def forgotten_taken(view: View, memory: Memory) -> View:
    """The taken cards (LD-9: into each player's pile) as a person remembers them: the
    heuristic then counts a forgotten card among the unseen ones, so misjudges the gaps."""
    deal = view["hand_number"]
    piles = [[c for c in pile if memory.kept(deal, c)] for pile in view["taken"]]
    return {**view, "taken": piles}


# The search levels (bots/levels.py; rated in docs/bots.md): strong thinks a fraction of
# expert's time; expert is the strongest search within the 2 s a person waits (one core).
# Strong counts places (``reward=rank``): the ladder's step judges a match by the seats' mean
# place, and on the same 200 duplicate matches two strong seats placed above two casual ones in
# 64.5 % with it against 56.8 % with ``reward=win`` (docs/bots.md, session 49). The expert is
# flat Monte-Carlo that plays each other seat by the model that explains its plays
# (``rollout=adaptive``; the heuristic or a random player), judged by its margin over the
# others: level with the old ISMCTS expert (``ismcts:iterations=2000:rollout=heuristic:
# reward=win:infer=heuristic``) head to head, 49.7 % (44.9 - 54.5 %) of 360 one-round games
# beside two casual, in 0.37 s a decision where it took 1.6 s (issue 31's 0.5 s), and ahead of
# it against the published bots, which play at random late in a round (docs/bots.md, session 52).
BOTS = GameBots(
    heuristic=LameDuckHeuristic,
    forget=forgotten_taken,
    newcomer=LameDuckNewcomer,
    strong="ismcts:iterations=500:rollout=heuristic:reward=rank",
    expert="mcs:iterations=8000:rollout=adaptive:reward=margin:infer=heuristic",
    inference=LameDuckInference,
    # A player who always plays its highest card (the published "Always Highest") is explained
    # by neither the heuristic nor chance, and says much about its hand (docs/bots.md, s54).
    models=("highest",),
    # The published 6 nimmt! baselines, rebuilt from their sources (issue 31; docs/bots.md,
    # "Published baselines"), and a policy trained on the batched engine (issue 29;
    # examples/train_lame_duck.py).
    own={
        "randomcard": "published:RandomCardBot",
        "highest": "published:HighestBot",
        "rowgap": "published:RowGapBot",
        "flatmc": "published:FlatMCBot",
        "learned": "lame_duck_learned:LameDuckLearned",
    },
)
