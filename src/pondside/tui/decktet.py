"""What the two Decktet tables share: the colour of each suit, and rank names."""

from __future__ import annotations

from pondside.games.decktet import SUITS

# Moons, Suns, Waves, Leaves, Wyrms, Knots: the suits in canonical order.
STYLES = ("bright_white", "yellow", "blue", "green", "red", "magenta")
SUIT_STYLE = dict(zip(SUITS, STYLES, strict=True))
