"""What a server is started with, and the fixed lists a client may choose from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pondside.games import slugs
from pondside.i18n import N_

# Seconds a player has for each decision, by the table's time profile (none: no clock).
PROFILES: dict[str, float | None] = {"fast": 15.0, "normal": 30.0, "slow": 60.0, "none": None}
PROFILE_WORDS: dict[str, str] = {
    "fast": N_("Fast"),
    "normal": N_("Normal"),
    "slow": N_("Slow"),
    "none": N_("No clock"),
}
"""Each profile's name as a page shows it (translated where it is sent)."""
# The rulebook's Expert mode has "a tougher time limit": two thirds of the profile's.
EXPERT_FACTOR = 2 / 3

# Seconds the page takes to show each kind of event (the reveal, each card placed, a column
# taken...): a decision that starts after them gets that much more time, so a player's clock
# runs only once the table is still. Capped, so no action buys a long pause.
ANIMATION_SECONDS = {
    "reveal": 1.0,
    "too_low": 0.7,
    "place": 0.8,
    "take": 2.2,
    "round_end": 1.5,
    "deal": 1.0,
}
ANIMATION_CAP = 12.0

GC_YOUNG = 10_000
"""The server's threshold of young collections: p99 346 ms at 1,000 tables with Python's 700,
within the goal of 100 ms with this (docs/benchmarks.md). Safe as the default because a
finished table and a closed connection leave nothing for the collector."""

# The games of this installation, each playable at the browser table: by its own module
# (static/games/<slug>.js), or on the generic board until its author draws one.
ONLINE_GAMES = tuple(slugs())


def default_database() -> Path:
    """The SQLite file in the user's data directory (platformdirs: ~/.local/share/pondside)."""
    from platformdirs import user_data_path

    return user_data_path("pondside", ensure_exists=True) / "pondside.db"


@dataclass
class Settings:
    database_url: str
    bot_delay: float = 1.0
    """Seconds a bot waits before acting, so people can follow the table."""
    clock_scale: float = 1.0
    """Multiplies every time limit (tests run the clock fast)."""
    allow_seeds: bool = False
    """Whether a new table may name its seed: for tests only, as a seed tells every hand."""
    restore_grace: float = 5.0
    """After a restart, a clock that ran out while the server was down gets this long (times
    ``clock_scale``, like every time limit)."""
    grace: float = 60.0
    """Seconds (times ``clock_scale``) a guest playing a match may be gone (no socket open at
    the table) before a bot stands in for them until they are back (``leaving.watch``)."""
    abandon_after: float = 600.0
    """Seconds (times ``clock_scale``) a running match may go with no guest that plays it
    connected: then it is abandoned, and bots play on for its guests (``leaving.sweep``)."""
    max_message_bytes: int = 4096
    messages_per_second: float = 20.0
    message_burst: int = 40
    search_workers: int = 1
    warm_search: bool = True
    """Whether the search workers start with the server (a spawned interpreter takes seconds
    to import the engine: started early, the first hint of the day does not wait for it), or
    at the first search, which a server that never searches (a test's, a small host's) spares
    a process and its memory."""
    max_spectators: int = 100
    """Watchers per table."""
    sockets_per_address: int = 200
    """WebSockets open at once from one client address (loopback is not counted)."""
    address_messages_per_second: float = 100.0
    address_message_burst: int = 200
    """The messages of all the sockets of one client address together (loopback excepted)."""
    open_tables_per_guest: int = 5
    """Tables one guest may have waiting to start."""
    games: tuple[str, ...] = field(default_factory=lambda: tuple(slugs()))
    """The games offered: every game this installation has (a game added since the import
    too)."""
    gc_young: int | None = None
    """Allocations between collections of the youngest objects: ``GC_YOUNG`` unless given
    (Python's own default is 700). Larger means fewer and shorter pauses of the event loop
    with thousands of sockets; it costs no memory as long as nothing of a table or a connection
    is left in a reference cycle (tests/server/test_collector.py; docs/benchmarks.md)."""
    gc_freeze: bool = False
    """Whether what survives each of the collector's passes is frozen, with a young pass every
    0.1 s (server/collector.py): no pass over a few milliseconds at 1,000 tables. ``pondside
    serve`` turns it on (its process is the server's own); off here because freezing is the
    whole process's, and an application embedding the server (the tests do) owns its process."""
    compress: bool = False
    """Whether WebSocket messages may be compressed (permessage-deflate, when the client asks).
    Off by default: a frame is a few kilobytes, and compressing every frame for every socket
    cost about an eighth of the server's CPU and a compressor's memory per socket at 1,000
    tables (docs/benchmarks.md); worth turning on where bandwidth, not the server, is short."""
    ping_interval: float = 20.0
    """Seconds between the server's WebSocket pings; a client that has not answered within as
    long again has vanished (a closed laptop, a lost network) and is dropped, so its seat shows
    as away and its resources are freed."""
    redis_url: str | None = None
    """With a Redis URL, this process is one of several behind one address, on one shared
    database: a table is played by the process holding its lease, the others forward their
    clients' actions to it and follow its news over Redis (see cluster.py)."""
    lease_seconds: float = 3.0
    """How long a table's lease lasts unrenewed: a dead process's tables are taken over after
    at most this long (the owner renews every third of it)."""
