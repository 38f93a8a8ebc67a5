"""``pondside batch``: the batched engines from the command line (``docs/batch.md``)."""

from __future__ import annotations

import json
from typing import Any

import click

from pondside.engine import PondsideError, spell
from pondside.games import get_game


@click.group()
def batch() -> None:
    """Batched engines: many tables at once on NumPy arrays (docs/batch.md)."""


def _options(slug: str, pairs: tuple[str, ...]) -> dict[str, Any]:
    """``-o name=value`` pairs, read as the game's options read them."""
    specs = {o.name.replace("_", "-"): o for o in get_game(slug).info.options}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        spec = specs.get(name.strip().replace("_", "-"))
        if not eq or spec is None:
            names = ", ".join(specs) or "none"
            raise click.ClickException(
                f"-o takes name=value with a name among: {names}; got {spell(pair)}"
            )
        out[spec.name] = spec.parse_text(value)
    return out


@batch.command("check")
@click.argument("game_slug", metavar="GAME")
@click.option("--tables", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option(
    "--players", "-p", type=int, default=None, help="Only this many players (default: every count)."
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "-o",
    "--option",
    "pairs",
    multiple=True,
    help="A game option as name=value (default: every option set of the check).",
)
@click.option(
    "--sample",
    type=click.FloatRange(0, 1),
    default=0.01,
    show_default=True,
    help="Share of the tables whose views are compared at every step.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_command(
    game_slug: str,
    tables: int,
    players: int | None,
    seed: int,
    pairs: tuple[str, ...],
    sample: float,
    as_json: bool,
) -> None:
    """Play random tables on GAME's batched engine and replay every one through the exact
    engine: scores and places of every seat, and on a sample every view at every step."""
    from pondside.batch.check import check

    try:
        options = _options(game_slug, pairs)
        report = check(game_slug, tables, players, options or None, seed, sample)
    except PondsideError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": report.game,
                    "tables": report.tables,
                    "views_compared": report.views,
                    "mismatches": len(report.mismatches),
                    "seconds": round(report.seconds, 2),
                    "tables_by_setup": report.tables_by_setup,
                }
            )
        )
    else:
        for setup, count in report.tables_by_setup.items():
            click.echo(f"  {count:>8,} tables at {setup}")
        click.echo(
            f"{report.game}: {report.tables:,} tables replayed through Match.from_record, "
            f"{report.views:,} views compared step by step, {len(report.mismatches)} mismatches, "
            f"{report.seconds:.1f} s"
        )
        for m in report.mismatches[:10]:
            click.echo(f"MISMATCH at {m.players} players {m.options}: {m.what}")
            click.echo(f"  record: {json.dumps(m.record)}")
    if report.mismatches:
        raise SystemExit(1)


@batch.command("bench")
@click.option(
    "--seconds",
    type=click.FloatRange(min=0.05),
    default=1.0,
    show_default=True,
    help="CPU seconds per batch size and player count.",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also draw table-steps/s against the batch size into this image (PNG, SVG).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench_command(seconds: float, plot: str | None, as_json: bool) -> None:
    """Table-steps and seat decisions a second of every batched engine at batch 1, 64, 1,024
    and 16,384, beside OpenSpiel's hearts when it is installed (as in bench --report)."""
    from pondside.sim.bench import batch_lines, bench_batches, bench_openspiel

    hearts = bench_openspiel("hearts", seconds)
    results = bench_batches(seconds)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "batch": [r.to_json() for r in results],
                    "openspiel_hearts": hearts.to_json() if hearts else None,
                }
            )
        )
    else:
        click.echo("\n".join(batch_lines(results, hearts)))
    if plot:
        from pondside.batch.plot import throughput_plot

        throughput_plot(results, hearts, plot)
        click.echo(f"plot: {plot}")
