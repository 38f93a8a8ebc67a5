"""engine.rng's shuffle and sample are random.Random's, draw for draw (search bots' seeds
reproduce their choices), only faster; a generator with other draws gets the library's."""

from __future__ import annotations

import random

import pytest

from pondside.engine import rng


@pytest.mark.parametrize("size", [0, 1, 2, 7, 64, 150])
def test_shuffle_is_the_library_shuffle(size: int) -> None:
    for seed in range(5):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        rng.shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b and ours.getstate() == theirs.getstate()


@pytest.mark.parametrize(("n", "k"), [(0, 0), (5, 0), (13, 2), (12, 12), (40, 40), (90, 90)])
def test_sample_is_the_library_sample(n: int, k: int) -> None:
    for seed in range(5):
        ours, theirs = random.Random(seed), random.Random(seed)
        population = tuple(range(100, 100 + n))
        assert rng.sample(ours, population, k) == theirs.sample(population, k)
        assert ours.getstate() == theirs.getstate()


def test_a_generator_with_its_own_draws_gets_the_library_ones() -> None:
    class Coarse(random.Random):
        def random(self) -> float:  # Random then draws below n from random(), not getrandbits
            return round(super().random(), 3)

    assert not rng.draws_inline(Coarse(1))
    a, b = list(range(30)), list(range(30))
    rng.shuffle(Coarse(1), a)
    Coarse(1).shuffle(b)
    assert a == b
    assert rng.sample(Coarse(2), range(30), 5) == Coarse(2).sample(range(30), 5)
