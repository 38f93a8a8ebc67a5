"""What the lobby knows of a game, read from the game's own declarations.

The browser draws one options form for every game and names no game: every fact it needs is
here, in the entry ``GET /api/games`` sends for each game. Nothing is restated: the options
come from ``GameInfo.options`` (their kinds, defaults, choices, bounds and help), and the
defaults that depend on another option (King of the Quackers plays to 75 with bidding; a Lame
Duck target ends the match instead of its rounds) come from asking the game's own
``Game.options`` what it makes of each value a person can pick.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from pondside.bots.levels import level_notes
from pondside.engine import BadOption, Game, Option, ScoreNote, Term
from pondside.engine.options import players_words
from pondside.i18n import _

# A ruling's code in an option's help, as "(LD-1)", "(KQ-28..30)" or "4 players, LA-2": the
# rules pages cite them, the players read the words only.


class OptionFacts(TypedDict):
    """One option as the form draws it (``help`` as the engine declares it; ``text`` is the
    same help in the players' words, without the rulings' codes)."""

    name: str
    label: str
    kind: str
    default: Any
    choices: list[str]
    minimum: int | None
    maximum: int | None
    nullable: bool
    help: str
    text: str
    choice_words: list[str]
    """Each choice in the reader's words (``choices`` are the values the game takes)."""


class Follow(TypedDict):
    """A default that follows another option: while ``option`` has ``value`` (or, with
    ``any_number``, any number at all), the options in ``defaults`` default to these values."""

    option: str
    value: Any
    any_number: bool
    defaults: dict[str, Any]


class GameFacts(TypedDict):
    slug: str
    name: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    options: dict[str, Any]
    option_help: dict[str, str]
    option_specs: list[OptionFacts]
    follows: list[Follow]
    lower_is_better: bool
    profile: str
    terms: list[Term]
    prompts: dict[str, str]
    """What a page tells the seat to act, by the page's situation (``Game.prompts``)."""
    score_notes: list[ScoreNote]
    """The line under a table's scores, what wins: the first whose ``when`` the table's
    options meet (``Game.score_notes``)."""
    card_facts: dict[str, Any]
    counts: dict[str, dict[str, str]]
    """The game's words with a count, in each plural form by CLDR category (``Game.counts``):
    a page picks the form for its number with ``Intl.PluralRules``."""
    level_notes: dict[str, str]
    """How each bot level did against the level below it, where that was measured (the
    ladder's steps, ``bots.levels.level_notes``): the lobby shows it beside the level."""
    score_unit: list[str]
    """What a score counts, one and many (``GameInfo.score_unit``: "duck", "ducks"): a page
    writes a score with its unit."""


def label(option: Option) -> str:
    """The option's name as a form's label: ``lead_passes`` is "Lead passes"."""
    words = option.name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _probes(option: Option) -> list[tuple[Any, bool]]:
    """The values a person can pick that may move another option's default, each with
    whether it stands for "any number": every choice, both truths, and for a number that may
    be left unset, one number (an unbounded number is asked once, not for every value)."""
    if option.kind is bool:
        return [(True, False), (False, False)]
    if option.choices:
        return [(c, False) for c in option.choices]
    if option.kind is int and option.nullable:
        return [(option.minimum if option.minimum is not None else 1, True)]
    return []


def follows(game: Game[Any], players: int) -> list[Follow]:
    """Every default that another option moves, as the game's own ``options`` resolves it."""
    base = game.options(players)
    out: list[Follow] = []
    for option in game.info.options:
        for value, any_number in _probes(option):
            try:
                resolved = game.options(players, {option.name: value})
            except BadOption:  # not a value this many players may pick on its own
                continue
            moved = {k: v for k, v in resolved.items() if k != option.name and base.get(k) != v}
            if moved:
                out.append(
                    Follow(
                        option=option.name,
                        value=None if any_number else value,
                        any_number=any_number,
                        defaults=moved,
                    )
                )
    return out


def game_facts(game: Game[Any], limits: Mapping[str, int]) -> GameFacts:
    """The entry of ``GET /api/games`` for one game, in the language of the person asking
    (:func:`declared_words` puts its words in the catalog). ``limits`` caps numbers where the
    server is stricter than the game (a live table plays at most so many rounds)."""
    info = game.info
    defaults = game.options(info.default_players)
    specs = [
        OptionFacts(
            name=o.name,
            label=_(label(o)),
            kind=o.kind.__name__,
            default=defaults[o.name],
            choices=list(o.choices),
            minimum=o.minimum,
            maximum=limits.get(o.name, o.maximum),
            nullable=o.nullable,
            help=o.help,
            text=_(players_words(o.help)),
            choice_words=[_(str(c)) for c in o.choices],
        )
        for o in info.options
    ]
    return GameFacts(
        slug=info.slug,
        name=_(info.name),
        summary=_(info.summary),
        min_players=info.min_players,
        max_players=info.max_players,
        default_players=info.default_players,
        options=info.option_defaults(),
        option_help={o.name: o.help for o in info.options},
        option_specs=specs,
        follows=follows(game, info.default_players),
        lower_is_better=info.lower_score_is_better,
        profile=info.clock,
        terms=game.terms(),
        prompts=game.prompts(),
        score_notes=game.score_notes(),
        card_facts=game.card_facts(),
        counts=game.counts(),
        score_unit=[_(unit) for unit in info.score_unit],
        level_notes=level_notes(info.slug),
    )


def declared_words(game: Game[Any]) -> list[str]:
    """The words of a game's declarations that a page shows (:func:`game_facts` translates
    them): its name and summary, each option's label, help and choices, its score's unit. The
    catalog takes them from here (``pondside.i18n.extract``), so a game's package declares its
    words once, in English, and marks nothing."""
    info = game.info
    words = [info.name, info.summary, *info.score_unit]
    for o in info.options:
        words += [label(o), players_words(o.help), *(str(c) for c in o.choices)]
    return [w for w in words if w]
