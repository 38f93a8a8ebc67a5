"""Pinned adapter output: the action numbering, the observation space and every observation of
one seeded random match per configuration (every option that changes the encoding), and a
seeded OpenSpiel and PettingZoo run of each game, as sha256 hashes.

A refactor must keep these bit for bit. When the encoding changes on purpose, print the new
hashes with ``python tests/adapters/test_pinned.py`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from pondside.adapters import SHORT  # noqa: E402
from pondside.adapters.codec import Codec  # noqa: E402
from pondside.engine import Match  # noqa: E402
from pondside.games import get_game  # noqa: E402

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("lame-duck", 2, {}),
    ("lame-duck", 5, {}),
    ("lame-duck", 2, {"expert": True}),
    ("lame-duck", 5, {"expert": True}),
    ("down-the-drain", 3, {}),
    ("down-the-drain", 8, {}),
    ("wildcat-chicane", 3, {"target": 1}),
    ("wildcat-chicane", 4, {"target": 1}),
    ("wildcat-chicane", 3, {"variant": "classic", "target": 1}),
    ("wildcat-chicane", 4, {"variant": "classic", "target": 1}),
    ("king-of-the-quackers", 3, {"target": 1}),
    ("king-of-the-quackers", 4, {"target": 1}),
    ("king-of-the-quackers", 3, {"deck": "basic", "target": 1}),
    ("king-of-the-quackers", 4, {"deck": "basic", "target": 1}),
    ("king-of-the-quackers", 3, {"bidding": True, "target": 1}),
    ("king-of-the-quackers", 4, {"deck": "basic", "bidding": True, "target": 1}),
    ("ladders", 2, {"rounds": 1}),
    ("ladders", 5, {"rounds": 1}),
    ("ladders", 4, {"teams": True, "rounds": 1}),
]


def _id(config: tuple[str, int, dict[str, Any]]) -> str:
    slug, players, options = config
    return f"{slug}-{players}-" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))


def codec_hashes(slug: str, players: int, options: dict[str, Any]) -> dict[str, str]:
    """Hashes of the action list, the observation space, and every seat's observation (and the
    chosen action's features) at every step of a seeded random match."""
    codec = Codec(slug, players, options)
    game = get_game(slug)
    space = hashlib.sha256(codec.layout.high().tobytes())
    space.update(codec.layout.markdown().encode())
    obs = hashlib.sha256()
    features = hashlib.sha256()
    match: Match[Any] = Match(game, players, options, seed=11)
    rng = random.Random(11)
    while True:
        for seat in range(players):
            obs.update(codec.observe(match.view(seat)).tobytes())
        if match.is_over():
            break
        seat = match.to_act()[0]
        action = rng.choice(sorted(match.legal(seat)))
        features.update(codec.features(action).tobytes())
        match.apply(seat, action)
    return {
        "actions": hashlib.sha256("\n".join(codec.actions).encode()).hexdigest(),
        "space": space.hexdigest(),
        "observations": obs.hexdigest(),
        "features": features.hexdigest(),
    }


def openspiel_hash(slug: str) -> str:
    """Chance outcomes, legal action numbers, both tensors of the player to act and the returns
    of one seeded OpenSpiel game (the SHORT options)."""
    from pondside.adapters.openspiel import load

    players, options = SHORT[slug]
    state = load(slug, players=players, **options).new_initial_state()
    rng = random.Random(5)
    h = hashlib.sha256()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            h.update(repr(outcomes).encode())
            actions, probs = zip(*outcomes, strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        player = state.current_player()
        legal = state.legal_actions()
        h.update(repr(legal).encode())
        h.update(np.asarray(state.observation_tensor(player), np.float32).tobytes())
        h.update(np.asarray(state.information_state_tensor(player), np.float32).tobytes())
        state.apply_action(rng.choice(legal))
    h.update(repr(state.returns()).encode())
    return h.hexdigest()


def pettingzoo_hash(slug: str) -> str:
    """Observations, masks and rewards of one seeded PettingZoo AEC episode (SHORT options)."""
    from pondside.adapters.pettingzoo import env

    players, options = SHORT[slug]
    e = env(slug, players, **options)
    e.reset(seed=9)
    rng = random.Random(9)
    h = hashlib.sha256()
    for _ in e.agent_iter():
        ob, reward, terminated, truncated, _ = e.last()
        h.update(ob["observation"].tobytes() + ob["action_mask"].tobytes())
        h.update(np.float64(reward).tobytes())
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(ob["action_mask"]).tolist()))
    return h.hexdigest()


PINNED: dict[str, dict[str, str]] = {
    "lame-duck-2-": {
        "actions": "402badef2433d91dd5ca9443ec2319e1dcca95d20024d31043c03639ea78643b",
        "space": "06a7800f48753222c73a3d078ddb5d0ab72b549b6814a7a46e78159669016871",
        "observations": "8563006c04f4f3832de644a687d78cdfb99406297c108b1149fb92fc548ef0f5",
        "features": "dab1e93306b1656cc9cc2046a3c7042fc2b013e3ada8b835359be95f1ebab3be",
    },
    "lame-duck-5-": {
        "actions": "402badef2433d91dd5ca9443ec2319e1dcca95d20024d31043c03639ea78643b",
        "space": "820db99ef3036a762c12cea69a8d9d111984d7501ce14fd051267472e10961c4",
        "observations": "0f474a64da4cb0e8388b78d6f1b9020fe694bcd186a26f05b92f63bef2377582",
        "features": "c0e99001e7cc06a000cd353382da3c52d036ddb44b083ef3413a60eaa17fdf25",
    },
    "lame-duck-2-expert=True": {
        "actions": "dc9593c7250b9281da254fe5eea723b85d49e89da1726e404c03ac949f25380c",
        "space": "58fb7f68b5f894ad30986b031b6d05bfc852c4763cac73ad2c77cb3ea9020cec",
        "observations": "f94e1ef76ff6ca351ec3a33a978f4d219cdd7a3ccd2fbc7d676c8311bebb55ee",
        "features": "e3fa66346390074b7d36d0f8c1d31d1227f77c588041d9bcad112ef0cb827507",
    },
    "lame-duck-5-expert=True": {
        "actions": "c65ca10a5f282593c706cd8ca29561755181b2c1188ab6df50ca3e2d54b200a0",
        "space": "61bbfe1ad17f7f83ee0f58e83c7c9a006b3ef617adb4df843356ace397549bbb",
        "observations": "f6b005b3fab35045bd479af7d62e5fdfc96d3c4490f535e8e0ef92ee61baea9b",
        "features": "0e88c19c9bc1f0eaf269c2a7413b8dc4165c51c01807772c92a904d46ec2e6fc",
    },
    "down-the-drain-3-": {
        "actions": "344bb19b06486d7c815cc37f3a5117d4c27fb74032d40a9c54a1af895c4fed1e",
        "space": "db2d3a2d49f0e902b1bb22ba330fb52fc28ef9cce00dfbe6f7694b31e1ed3cfb",
        "observations": "cd18715e7f5ec3d749589bdf94a0934b9a0068d1634735e2c3985383f1bc01e7",
        "features": "127a200d1a0962a747f82222150f86152279944e8dff6781e9f475e0e0a052dc",
    },
    "down-the-drain-8-": {
        "actions": "344bb19b06486d7c815cc37f3a5117d4c27fb74032d40a9c54a1af895c4fed1e",
        "space": "08d112ff799c685fe8fb41ad76e5686d77de53ad214d5c56f8329d128ded38d2",
        "observations": "35db24a9513146e36f806a2d1552793b48f5f1c591b19dc516fc75915011569a",
        "features": "514a85c1103405f2d4d820207ca6ccb10a2e283f20c9ece84d21796b7223a819",
    },
    "wildcat-chicane-3-target=1": {
        "actions": "acaca686c60ad45f62bcda963a02ea47442e52ebc7e7caccc784ed3be3a84326",
        "space": "fd15cf9de339335541de9ea2167bf580fd317f65e00685441af5b406735ea434",
        "observations": "203c23bf96b1675b836251f70fdd2de78ceea9c7d6e9afbf8cf2be07c14aca41",
        "features": "0a5292bb1ef0eaff0c95da7910c87002267f80bac4799a92c6410d185145f51d",
    },
    "wildcat-chicane-4-target=1": {
        "actions": "f4f54500ac4488c3f8ad3a4626f9f20b26bba403da406d066ea2fb2dc8cc36cb",
        "space": "b006774e6a019951bd8f1bf1ef85400db3f1c8466b091b10e847ac20d79b0f2f",
        "observations": "602917222d24c65f11a5d983518f8bd8d360247979df30e470a9c6533033e5ed",
        "features": "32d931903208b7ed02489ce001d5b0d6b90a58f3c2725f7e7646d06f1d1ffa8e",
    },
    "wildcat-chicane-3-target=1,variant=classic": {
        "actions": "e1bd18f828a641b4b5708316e2acdc6eb93beaef2ef14d967610fbf76c054b5e",
        "space": "fd15cf9de339335541de9ea2167bf580fd317f65e00685441af5b406735ea434",
        "observations": "66d8c96aa17530ecf1adf090ca5d88e783655c5043e30e61d934a3722561b6d3",
        "features": "40a2a941865a416c5f576f1d60a97c2a3f4e1effa583457f0c82a7d896916f10",
    },
    "wildcat-chicane-4-target=1,variant=classic": {
        "actions": "911e33224cc3828ee5aa95c5b3d80e0720dcfb78cf98462a8c2cc844eebf8976",
        "space": "b006774e6a019951bd8f1bf1ef85400db3f1c8466b091b10e847ac20d79b0f2f",
        "observations": "92beccf8d4d12a81013f275104a225674cbd7b15dc382123ebc13dfd740a83a5",
        "features": "cb42ca37dd9fd0f2563d3e440ebd420c83e0b3731a286478607414d10d7bcab5",
    },
    "king-of-the-quackers-3-target=1": {
        "actions": "43fa6d0911fee9eadf791e86e7dcc759f6a757c175795a94ed54fde82e0583c2",
        "space": "f31c265dabce7424fd7ea9fd8d8156f0d96ba87f3d7bc7326703f509432c3060",
        "observations": "cd55bdcdd7f9d52b7399e425dacc8ece82d82d970db70d3a17af491a77aee303",
        "features": "8fa73a2d1e96cc13f1912f0eb6235a4564b2fe3835b7de33e64d5d5a8a118b64",
    },
    "king-of-the-quackers-4-target=1": {
        "actions": "09ef1cd93b1c07815b49d6306c3a98cadcbc3e1d40ff6a67591484793b4763b2",
        "space": "d164705d6ce0c77edd970aacf2db54dfcce7d636f4b332bad4d5c6660fa78daa",
        "observations": "ee9d0a73a3f03c2b040fa4114ee30150abcaac5c116f8b73ffa5420317587e8e",
        "features": "76911f01dd732b8f5d5ade7204bf493eed8ab43f2a32f536c10a2eff46510eab",
    },
    "king-of-the-quackers-3-deck=basic,target=1": {
        "actions": "41a9fa71da3ab791cc4f3fcf4b3d67de2509163384778fa924f0f8fed9a73024",
        "space": "6668d8611cb989a936bf3b0361893e4e8ab2c59bd5eedccd39d3b3e4b4328648",
        "observations": "8624ce852f80c42716a78481d6f1fbdbf5ab929ff220a7f244225b364d6ac008",
        "features": "affe8c3f738f9508e758f796ede3121944f83361aa189c661c2737c33ea412ef",
    },
    "king-of-the-quackers-4-deck=basic,target=1": {
        "actions": "514750046833670e931f08fb95379b1cc12973484054fe02d99f31a1247e7d07",
        "space": "a1346309081fb590a399958e9b894e2e7596de429443e029239f3d0c81ac8273",
        "observations": "790f87aa1bb579f76c43818bdfe91b4d0322c927184cb4c0301f71e691ac750e",
        "features": "f3443e2ffc19653235b571f060e6f6c68f3f4e422ea00ed06962be8c21e19549",
    },
    "king-of-the-quackers-3-bidding=True,target=1": {
        "actions": "b557b79c7ee2d062219ac8d7689b1982427f29b49743807f07b1c51eac091d7e",
        "space": "f31c265dabce7424fd7ea9fd8d8156f0d96ba87f3d7bc7326703f509432c3060",
        "observations": "fa125cd2026fe55e05ce4bb162581ef2629df9d6d6902abd29ba34d081ba67be",
        "features": "65232177c23b2526e56db421ca3045913eda884bd1e71bc55ad317f4c4bad3e6",
    },
    "king-of-the-quackers-4-bidding=True,deck=basic,target=1": {
        "actions": "cac236c95a5e68f98ffa0cab3d608d094c6096bdeaf852cd285d1b1bfeb44f5d",
        "space": "a1346309081fb590a399958e9b894e2e7596de429443e029239f3d0c81ac8273",
        "observations": "66faaf0d45dc40562e8d5b7939f61241260ab96af5bf8220a2404163ede32580",
        "features": "6818c1a118b74ad6037e29f56101762b9b7dec5380e357573b381e8284c5d62e",
    },
    "ladders-2-rounds=1": {
        "actions": "9ab855814ea8db1f8860e53ac0a14c93f2feb9a19f5460ded5f15e9d1571432d",
        "space": "65aaefd47086d1f03f7a01b3071dc10e188f4dcdcc2e9cb999f62cebe2c38b16",
        "observations": "81ea01bcb300c0214f6b4246ddaf217263842335aea36e3831bbdf024d33753a",
        "features": "cacca1ce24dfaa8479bd9c89e85bc4903745b895bd2183fc7a6a3d3f53cdd563",
    },
    "ladders-5-rounds=1": {
        "actions": "9ab855814ea8db1f8860e53ac0a14c93f2feb9a19f5460ded5f15e9d1571432d",
        "space": "a103729d72294d6deb84f8374fe886209fb3702e91bd9e8d29100ebe66d68d52",
        "observations": "81cbbc732ef899640f6758fb3c2effeb836ea4784ce05fdbbbdc8ad6719f1e9f",
        "features": "847cb6edf7d3287d6a569bc25b1ba614089fe55aeeb9e138bea8c83a06c64031",
    },
    "ladders-4-rounds=1,teams=True": {
        "actions": "d715a7cea7e0aa1aa825ae05452f18905e8d816ee741cf2271dc030258267fea",
        "space": "71dbc5d1ef5f18771e26446048f046f44a2e061db5d0d918a3f2d893f40596b3",
        "observations": "b46d6f901d68060dd790ac8ccb7e1a36fa376d0b0e1a444c324cdfef79bc48e4",
        "features": "4e20bd09ec8c04bc0c1a437550feb22ddb43b4eb0cc2fdab509b7e92e3074d5a",
    },
}
PINNED_OPENSPIEL: dict[str, str] = {
    "down-the-drain": "1f334c71cd27ea53a7e549544ca5a2bb5fe5feed9351cfb93d7cc9b26f23321d",
    "king-of-the-quackers": "d8a11f260fa5eae12f7a101d39c7dfdff844cf51ef99c7425160f1a028e5c641",
    "ladders": "b93d13eb5f5bef76bc577ed14f232e00e745099e9df8fed1dd7c24816318fd0a",
    "lame-duck": "5066798a90e8e45b2dd8f42a10ae256c9174e78c5c73fdc772f983547539a017",
    "wildcat-chicane": "d9c1a2faf784367503e132de63549340231cf38112ff0982713654945a47903b",
}
PINNED_PETTINGZOO: dict[str, str] = {
    "down-the-drain": "20c133c043e90455c96a9cd926360c7521f41ae62c04b97096e8e0087c1f8de1",
    "king-of-the-quackers": "e03fe36784b842e3fee6a1d3751c645ad067b9b60c40921dcaf673bd53ba8bfb",
    "ladders": "f68b0d61ceec3aff3ba25b836db69b09e9d56ad7fdff5bc6979ae7b8fdd4321a",
    "lame-duck": "ae7bfec432924a03c2e0917b6ebe39abd67fcc27fe66aae729d6c952d3b169cb",
    "wildcat-chicane": "5e86f6d97b0e32e064301b46596e266cd92fd92eb8d8bab68262d7d3aeba011f",
}


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_codec_output_is_pinned(config: tuple[str, int, dict[str, Any]]) -> None:
    assert codec_hashes(*config) == PINNED[_id(config)]


@pytest.mark.parametrize("slug", sorted(SHORT))
def test_openspiel_game_is_pinned(slug: str) -> None:
    pytest.importorskip("pyspiel")
    assert openspiel_hash(slug) == PINNED_OPENSPIEL[slug]


@pytest.mark.parametrize("slug", sorted(SHORT))
def test_pettingzoo_episode_is_pinned(slug: str) -> None:
    pytest.importorskip("pettingzoo")
    assert pettingzoo_hash(slug) == PINNED_PETTINGZOO[slug]


if __name__ == "__main__":
    print("PINNED = {")
    for config in CONFIGS:
        print(f"    {_id(config)!r}: {codec_hashes(*config)!r},")
    print("}")
    print("PINNED_OPENSPIEL = {")
    for slug in sorted(SHORT):
        print(f"    {slug!r}: {openspiel_hash(slug)!r},")
    print("}")
    print("PINNED_PETTINGZOO = {")
    for slug in sorted(SHORT):
        print(f"    {slug!r}: {pettingzoo_hash(slug)!r},")
    print("}")
