"""Wildcat Chicane's determinization deals the hidden cards with the library's own weighted
draw written out (``seat._weighted_choice``): the same hands and the same generator state after
them as ``random.Random.choices`` gives (issue 29, point 5)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pondside.games.wildcat_chicane import seat


def test_the_inline_draw_is_used_on_this_python() -> None:
    assert seat._CHOICES_INLINE


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    caps=st.lists(st.integers(0, 6), min_size=1, max_size=4),
    closed=st.lists(st.integers(0, 15), max_size=12),
)
def test_deal_hands_draws_as_the_library(seed: int, caps: list[int], closed: list[int]) -> None:
    k = len(caps)
    pool = list(range(sum(caps)))
    anywhere = (1 << k) - 1
    # Some cards closed to some hands (a void suit), each still open to one hand at least.
    masks = {c: (anywhere & ~closed[c]) or 1 if c < len(closed) else anywhere for c in pool}

    def deal(inline: bool) -> tuple[list[list[int]] | str, float]:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(seat, "_CHOICES_INLINE", inline)
            rng = random.Random(seed)
            try:
                hands: list[list[int]] | str = seat.deal_hands(pool, caps, masks, rng)
            except seat.BadPosition as exc:
                hands = str(exc)
            return hands, rng.random()

    assert deal(True) == deal(False)
