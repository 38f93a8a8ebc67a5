"""Bots that live elsewhere: Python callables registered by name, and external programs.

* Entry points: a package declares ``[project.entry-points."pondside.bots"]`` with
  ``name = "package.module:thing"``, where ``thing`` is a :class:`Bot` subclass or any callable
  ``choose(view, legal) -> action``. ``register_bot(name, thing)`` does the same at run time.
* External programs: ``external:cmd=./mybot --fast`` starts the command once and speaks the
  decision subset of the engine protocol with it, one JSON object per line: it is sent
  ``{"op": "decide", "game", "seat", "view", "legal"}`` and answers
  ``{"ok": true, "action": "..."}`` (see docs/bots.md). Any language will do.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import random
import select
import shlex
import subprocess
import weakref
from collections.abc import Callable
from typing import Any

from pondside.engine import Game, PondsideError, View

from .base import Bot

Choose = Callable[[View, list[str]], str]


class BotFailed(PondsideError):
    """A bot that answered something other than one of its legal actions."""


class CallableBot(Bot):
    """Wraps a plain ``choose(view, legal)`` function as a bot."""

    def __init__(
        self, game: Game[Any], seat: int, rng: random.Random, *, fn: Choose, name: str
    ) -> None:
        super().__init__(game, seat, rng)
        self.fn = fn
        self.name = name

    def choose(self, view: View, legal: list[str]) -> str:
        action = self.fn(view, legal)
        if action not in legal:
            raise BotFailed(f"bot {self.name!r} chose {action!r}, which is not a legal action")
        return action


_LIVE: weakref.WeakSet[ExternalBot] = weakref.WeakSet()


class ExternalBot(Bot):
    """A bot in another process (``external:cmd=COMMAND``), started on its first decision."""

    name = "external"

    def __init__(
        self, game: Game[Any], seat: int, rng: random.Random, cmd: str = "", timeout: float = 30.0
    ) -> None:
        self.proc: subprocess.Popen[str] | None = None  # first: __del__ runs even if we raise
        super().__init__(game, seat, rng)
        if not isinstance(cmd, str) or not cmd.strip():
            raise ValueError("external needs cmd=COMMAND, e.g. external:cmd=python3 mybot.py")
        self.argv = shlex.split(cmd)
        self.timeout = float(timeout)
        _LIVE.add(self)

    def _start(self) -> subprocess.Popen[str]:
        if self.proc is None or self.proc.poll() is not None:
            self.close()  # the pipes of one that has exited
            try:
                self.proc = subprocess.Popen(
                    self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
                )
            except OSError as exc:
                raise BotFailed(f"cannot start external bot {self.argv[0]!r}: {exc}") from None
        return self.proc

    def choose(self, view: View, legal: list[str]) -> str:
        proc = self._start()
        assert proc.stdin and proc.stdout
        request = {
            "op": "decide",
            "game": self.game.info.slug,
            "seat": self.seat,
            "view": view,
            "legal": legal,
        }
        try:
            proc.stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
            proc.stdin.flush()
            ready, _, _ = select.select([proc.stdout], [], [], self.timeout)
            if not ready:
                self.close()
                raise BotFailed(
                    f"external bot {self.argv[0]!r} did not answer in {self.timeout:g} s"
                )
            line = proc.stdout.readline()
        except (BrokenPipeError, OSError):
            line = ""
        if not line:
            raise BotFailed(f"external bot {self.argv[0]!r} stopped without answering")
        try:
            answer = json.loads(line)
            action = answer["action"]
        except (json.JSONDecodeError, KeyError, TypeError):
            raise BotFailed(
                f'external bot {self.argv[0]!r} must answer {{"ok": true, "action": ...}}, '
                f"not {line.strip()[:200]!r}"
            ) from None
        if action not in legal:
            raise BotFailed(f"external bot {self.argv[0]!r} chose {action!r}, which is not legal")
        return str(action)

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def __del__(self) -> None:
        self.close()


@atexit.register
def _close_all() -> None:
    for bot in list(_LIVE):
        bot.close()
