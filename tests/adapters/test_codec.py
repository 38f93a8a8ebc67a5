"""The action codec and the observation encoding (issues 8, 12), over every registered game."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from pondside.adapters import SHORT  # noqa: E402
from pondside.adapters.codec import Codec, adapter_module, generic  # noqa: E402
from pondside.engine import Match  # noqa: E402
from pondside.games import MODULES, get_game, slugs  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
GAMES = slugs()


def configs(slug: str) -> list[tuple[int, dict[str, Any]]]:
    players, options = SHORT[slug]
    extra = {
        "lame-duck": [(2, {"expert": True}), (10, {})],
        "wildcat-chicane": [(4, {"variant": "classic", "target": 1})],
        "king-of-the-quackers": [
            (4, {"bidding": True, "target": 1}),
            (3, {"deck": "basic", "target": 1}),
        ],
        "ladders": [(4, {"teams": True, "rounds": 1})],
        "down-the-drain": [(8, {})],
    }
    return [(players, options), *extra.get(slug, [])]


def play_at_random(codec: Codec) -> None:
    """A seeded random match checked against the codec at every step."""
    game = codec.game
    low, high = codec.layout.low(), codec.layout.high()
    assert codec.layout.size == codec.obs_size == len(high) == len(low)
    assert len(set(codec.actions)) == codec.num_actions, "each action numbered once"
    match: Match[Any] = Match(game, codec.players, codec.options, seed=7)
    rng = random.Random(7)
    steps = 0
    while not match.is_over() and steps < 3000:
        seat = match.to_act()[0]
        legal = match.legal(seat)
        ids = codec.legal_ids(legal)
        assert [codec.decode(i) for i in ids] == sorted(legal, key=codec.encode)
        mask = codec.mask(legal)
        assert mask.dtype == np.int8 and int(mask.sum()) == len(legal)
        view = match.view(seat)
        obs = codec.observe(view)
        assert obs.shape == (codec.obs_size,) and obs.dtype == np.float32
        assert (obs >= low).all() and (obs <= high).all()
        if steps % 9 == 0:  # derived from the view only: a determinized state looks the same
            det = game.determinize(view, random.Random(steps))
            assert np.array_equal(codec.observe(game.view(det, seat)), obs)
        match.apply(seat, rng.choice(legal))
        steps += 1


@pytest.mark.parametrize("slug", GAMES)
def test_each_game_has_its_own_adapter_module(slug: str) -> None:
    assert adapter_module(slug) == f"pondside.adapters.{MODULES[slug]}"


@pytest.mark.parametrize("slug", GAMES)
def test_random_play_stays_inside_the_codec(slug: str) -> None:
    for players, options in configs(slug):
        codec = Codec(slug, players, options)
        assert codec.actions == codec.game.all_actions(players, codec.options)
        play_at_random(codec)


@pytest.mark.parametrize("slug", GAMES)
def test_a_game_without_an_adapter_module_gets_the_generic_encoding(
    slug: str, without_adapter_module: Callable[[str], None]
) -> None:
    without_adapter_module(slug)
    for players, options in configs(slug):
        codec = Codec(slug, players, options)
        names = [f.name for f in codec.layout.fields]
        assert names == ["hand", "hand_size", "totals", "to_act", "hand_number"]
        assert codec.actions == codec.game.all_actions(players, codec.options)
        play_at_random(codec)


def test_generic_encoding_of_a_hand() -> None:
    game = get_game("down-the-drain")
    encoding = generic(game, 3, game.options(3))
    view = {"seat": 1, "hand": [2, 2, 20], "hand_sizes": [6, 3, 5], "totals": [-4, 0, 9]}
    view |= {"to_act": [2], "hand_number": 1}
    out = np.zeros(encoding.layout.size, dtype=np.float32)
    encoding.encode(view, out)
    fields = encoding.layout.split(out)
    assert fields["hand"][0] == 2 and fields["hand"][-1] == 1 and fields["hand"].sum() == 3
    assert fields["hand_size"].tolist() == [3, 5, 6]  # relative: me first, then to my left
    assert fields["totals"].tolist() == [0, 9, -4]
    assert fields["to_act"].tolist() == [0, 1, 0]


def test_lame_duck_numbering() -> None:
    codec = Codec("lame-duck", 4)
    assert codec.num_actions == 108
    assert codec.actions[:2] == ["play 1", "play 2"] and codec.actions[-1] == "take 3"
    assert Codec("lame-duck", 4, {"expert": True}).num_actions == 44 + 4  # LD-1


def test_wildcat_chicane_numbering() -> None:
    wildcat = Codec("wildcat-chicane", 3)
    assert wildcat.num_actions == 12 + 12 + 36  # rule 12 Aces/Crowns, bid 0..11, play 36
    classic = Codec("wildcat-chicane", 4, {"variant": "classic"})
    assert classic.num_actions == 8 + 10 + 36  # calls, bid 0..9, play 36


def test_ladders_numbering() -> None:
    assert Codec("ladders", 2).num_actions == 52 + 4 + 16 + 52
    assert Codec("ladders", 4, {"teams": True}).num_actions == 52 + 4 + 16 + 4 + 16 + 52


@pytest.mark.skipif("king-of-the-quackers" not in GAMES, reason="not registered yet")
def test_king_of_the_quackers_numbering_and_features() -> None:
    from pondside.games.king_of_the_quackers import describe

    sizes = {
        (3, "extended", False): 35600,
        (4, "extended", False): 35024,
        (3, "extended", True): 69062,
        (4, "basic", False): 4122,
    }
    for (players, deck, bidding), size in sizes.items():
        codec = Codec("king-of-the-quackers", players, {"deck": deck, "bidding": bidding})
        assert codec.num_actions == size
    codec = Codec("king-of-the-quackers", 3)
    for action in codec.actions:  # every numbered play is a combination the rules know
        if action.startswith("play"):
            describe(action)
    f = codec.features("play 1V=9 7VY 8VL")
    assert f.shape == (codec.feature_size,) == (147,)
    assert f[2] == 1 and f.sum() == 1 + 3 + 1  # a play, three cards, the Ace as 9
    g = codec.features("give 3SK 9LK")
    assert g[0] == 1 and g.sum() == 3


@pytest.mark.parametrize("slug", GAMES)
def test_docs_show_each_layout_as_it_is(slug: str) -> None:
    text = DOCS.read_text()
    players, options = SHORT[slug]
    codec = Codec(slug, players, options)
    assert f"{codec.obs_size} floats; {codec.num_actions} actions" in text
    assert codec.layout.markdown() in text, f"docs/adapters.md: {slug}'s table is out of date"


def test_docs_show_the_generic_layout() -> None:
    game = get_game("down-the-drain")
    layout = generic(game, 3, game.options(3)).layout
    text = DOCS.read_text()
    assert f"module: {layout.size} floats." in text
    assert layout.markdown() in text
