"""What the adapter tests share: a registered game made to look like one without an adapter
module, as a newly added game is."""

from __future__ import annotations

import sys
from collections.abc import Callable

import pytest

from pondside.games import MODULES


@pytest.fixture
def without_adapter_module(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """``without_adapter_module(slug)``: until the test ends, ``pondside.adapters.<module>``
    cannot be found (``None`` in ``sys.modules`` is how Python marks a module as absent), so the
    codec falls back to the generic encoding."""

    def hide(slug: str) -> None:
        from pondside.adapters.codec import adapter_module  # numpy, which the tests may skip

        monkeypatch.setitem(sys.modules, f"pondside.adapters.{MODULES[slug]}", None)
        assert adapter_module(slug) is None

    return hide
