"""WebSocket messages fuzzed (hypothesis): whatever a seated guest or a spectator sends, the
answer is an error frame that says what was expected, the connection still answers, nobody
else hears anything, the table's sequence number and views stay as they were, and a legal
action still works afterwards. Every game, from a seat and from the watchers' bench.

The messages: text that is no JSON, JSON of the wrong shape or types, huge numbers, deep
nesting, unknown ops, long strings, binary frames, actions that are another seat's, and this
seat's own earlier action sent again after it was applied."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from pondside.server.app import ClientMessage
from pondside.server.settings import ONLINE_GAMES
from serverproc import GuestClient, ServerProcess
from tablesock import Message, Sock, gather_all, table_with

T = TypeVar("T")
EXAMPLES = 30
LIMIT = 4096  # Settings.max_message_bytes

# --- the messages ---------------------------------------------------------------------------
JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=80),
)
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
OPS = st.sampled_from(["act", "sync", "ping"]) | st.text(max_size=20)
HUGE = st.sampled_from(["9" * 400, "1e999", "-1e999", "2147483648", "-1", "NaN", "Infinity"])


@st.composite
def deep(draw: st.DrawFn) -> str:
    depth = draw(st.integers(min_value=50, max_value=3000))
    if draw(st.booleans()):
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def not_a_message(text: str | bytes) -> bool:
    """Whether the server must refuse it (hypothesis may stumble on a valid message)."""
    try:
        ClientMessage.validate_json(text)
    except ValidationError:
        return True
    return False


TEXT = st.one_of(
    st.text(max_size=200),  # mostly not JSON at all
    st.builds(json.dumps, JSON),  # JSON, but not a message
    st.builds(
        json.dumps,
        st.fixed_dictionaries(
            {"op": OPS}, optional={"action": JSON, "seq": JSON, "seat": JSON, "x": JSON}
        ),
    ),
    HUGE.map(lambda n: '{"op": "act", "action": "play 1", "seq": ' + n + "}"),
    deep(),
    deep().map(lambda d: '{"op": "act", "action": ' + d + "}"),
    st.integers(min_value=65, max_value=6000).map(
        lambda n: json.dumps({"op": "act", "action": "x" * n})
    ),
    st.integers(min_value=LIMIT, max_value=50_000).map(lambda n: "y" * n),
)
# The actions whose text depends on the table, drawn as a kind and an index.
TABLE_ACTIONS = st.tuples(st.sampled_from(["other seat", "again"]), st.integers(0, 1000))
MESSAGES = st.one_of(
    TEXT.filter(not_a_message),
    st.binary(max_size=300).filter(not_a_message),
    st.integers(min_value=LIMIT + 1, max_value=20_000).map(lambda n: b"\x00" * n),
    TABLE_ACTIONS,
    TABLE_ACTIONS,  # as often as all the others: they need the table
)


# --- a table and its sockets, on an event loop of their own ---------------------------------
class Loop:
    """An event loop in a thread, so that hypothesis's examples (plain calls) can use the
    sockets that stay open from one example to the next."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def __call__(self, coro: Coroutine[Any, Any, T], timeout: float = 30.0) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture
def loop() -> Iterator[Loop]:
    running = Loop()
    yield running
    running.stop()


def seated(server: ServerProcess, game: str) -> tuple[str, list[GuestClient]]:
    """A started table of ``game`` where every seat is a guest (nothing moves on its own)."""
    players = 2 if game in ("lame-duck", "ladders") else 3
    guests = [GuestClient(server, name) for name in ["Ann", "Bob", "Cid"][:players]]
    options = {"rounds": 1} if game in ("lame-duck", "ladders") else {}
    table = table_with(server, guests[0], list(guests), game=game, options=options, seed=7)
    return table, guests


def resolve(message: Any, me: Message, others: list[Message], played: list[str]) -> str | bytes:
    """The text of a drawn message: a table action becomes one this sender may not take."""
    if not isinstance(message, tuple):
        return message
    kind, index = message
    mine = set(me["legal"])
    if kind == "other seat":
        pool = sorted({a for o in others for a in o["legal"]} - mine)
    else:  # an action this seat took, sent again once it was applied
        pool = [a for a in played if a not in mine]
    action = pool[index % len(pool)] if pool else f"play {index + 200}"
    return json.dumps({"op": "act", "action": action})


def told(sock: Sock) -> list[Message]:
    """What a socket was told, but who comes and goes (presence frames, sent a little later
    than the connection they tell of)."""
    return [m for m in sock.messages if m.get("reason") != "presence"]


async def check_refused(
    sock: Sock, listeners: list[Sock], text: str | bytes, start: dict[int, Message]
) -> None:
    heard = [told(s) for s in listeners]
    await sock.skip_to_end()
    await sock.send(text)
    answer = await sock.next(lambda m: m.get("reason") != "presence")
    shown = repr(text[:80])
    assert answer["type"] == "error", (shown, answer)
    assert answer["message"] and "too many" not in answer["message"], (shown, answer)
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "surrogatepass"))
    if isinstance(text, bytes):  # a binary frame: refused whatever it holds
        assert "as text" in answer["message"], (shown, answer)
    elif size > LIMIT:
        assert f"at most {LIMIT} bytes" in answer["message"], (shown, answer)
    elif answer.get("rule") is None and "spectators watch" not in answer["message"]:
        # Not a refused move (those quote the rule or say why): the shape was wrong.
        assert "expected" in answer["message"] or "not" in answer["message"], (shown, answer)
    assert answer["seq"] == start[0]["seq"], shown
    pong = await sock.ping()
    assert pong["seq"] == start[0]["seq"], shown
    assert [told(s) for s in listeners] == heard, shown  # nobody else heard it
    # The pace of a person, not a flood: each socket is served 20 messages a second (40 at once).
    await asyncio.sleep(0.05)


@pytest.mark.parametrize("who", ["seated", "spectator"])
@pytest.mark.parametrize("game", ONLINE_GAMES)
def test_fuzzed_messages_get_an_error_and_harm_nothing(
    shared_server: ServerProcess, loop: Loop, game: str, who: str
) -> None:
    table, guests = seated(shared_server, game)

    async def open_all() -> tuple[list[Sock], Sock]:
        socks = [await Sock.open(shared_server, table, g) for g in guests]
        return socks, await Sock.open(shared_server, table)

    socks, watcher = loop(open_all())
    try:
        fuzz(loop, who, socks, watcher)
    finally:
        loop(gather_all(*(s.close() for s in [*socks, watcher])))


def fuzz(loop: Loop, who: str, socks: list[Sock], watcher: Sock) -> None:
    played: list[str] = []
    if who == "seated":
        # Seat 0 (or the first to act) takes one action: it is sent again later.
        frames = loop(gather_all(*(s.sync() for s in socks)))
        actor = next(i for i, f in enumerate(frames) if f["legal"])
        if actor == 0:
            action = frames[0]["legal"][0]
            assert loop(socks[0].act(action))["type"] == "state"
            played.append(action)
    sender = socks[0] if who == "seated" else watcher
    listeners = [s for s in [*socks, watcher] if s is not sender]
    before = loop(gather_all(*(s.sync() for s in [*socks, watcher])))
    start = dict(enumerate(before))

    @given(message=MESSAGES)
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def refused(message: Any) -> None:
        me = before[0] if who == "seated" else before[-1]
        text = resolve(message, me, before[1:-1] if who == "seated" else before[:-1], played)
        assume(not_a_message(text) or isinstance(message, tuple))
        loop(check_refused(sender, listeners, text, start))

    refused()

    async def after() -> None:
        now = await asyncio.gather(*(s.sync() for s in [*socks, watcher]))
        for was, is_ in zip(before, now, strict=True):
            assert (is_["seq"], is_["view"], is_["legal"]) == (
                was["seq"],
                was["view"],
                was["legal"],
            )
        # The match goes on: whoever is to act can.
        actor = next(i for i, f in enumerate(now) if f["legal"])
        answer = await socks[actor].act(now[actor]["legal"][0])
        assert answer["type"] == "state" and answer["seq"] == now[0]["seq"] + 1, answer

    loop(after())
