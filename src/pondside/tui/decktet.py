"""What the two Decktet tables share: the colour of each suit, and rank names."""

from __future__ import annotations

from pondside.games.decktet import RANK_CODES, RANK_NAMES, SUITS

# Moons, Suns, Waves, Leaves, Wyrms, Knots: the suits in canonical order.
STYLES = ("bright_white", "yellow", "blue", "green", "red", "magenta")
SUIT_STYLE = dict(zip(SUITS, STYLES, strict=True))


def rank_word(rank: int) -> str:
    """Excuse, Ace, 2..9, Pawn, Court, Crown (rules/decktet.md)."""
    code = RANK_CODES[rank]
    return RANK_NAMES.get(code, code)
