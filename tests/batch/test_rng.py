"""The batched shuffle deals as the engine's generator does, row by row (up to FEW rows) and over
the batch, whole decks and piles of each row's own length."""

from __future__ import annotations

import numpy as np
import pytest

from pondside.batch.rng import FEW, seed_states, shuffled
from pondside.engine.rng import Rng, seed_state


@pytest.mark.parametrize("rows", [1, 3, FEW, FEW + 1, 40])
@pytest.mark.parametrize("own_lengths", [False, True])
def test_shuffled_is_the_engines_shuffle_of_every_row(rows: int, own_lengths: bool) -> None:
    seeds = np.arange(100, 100 + rows, dtype=np.uint64)
    lengths = np.array([45 - 11 * (i % 5) for i in range(rows)], dtype=np.int64)
    cards, after = shuffled(seed_states(seeds), 45, lengths if own_lengths else None)
    for i in range(rows):
        own = int(lengths[i]) if own_lengths else 45
        rng = Rng(seed_state(100 + i))
        assert cards[i, :own].tolist() == rng.shuffled(range(1, own + 1))
        assert cards[i, own:].tolist() == list(range(own + 1, 46))
        assert int(after[i]) == rng.state
