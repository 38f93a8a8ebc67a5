"""``pondside batch``: the batched engines from the command line (``docs/batch.md``)."""

from __future__ import annotations

import json
from typing import Any

import click

from pondside.engine import PondsideError, spell
from pondside.games import get_game


@click.group()
def batch() -> None:
    """Batched engines: many tables at once on NumPy (or JAX) arrays (docs/batch.md)."""


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
@click.option(
    "--backend",
    type=click.Choice(["numpy", "jax"]),
    default="numpy",
    show_default=True,
    help="The batched engine checked: NumPy, or JAX (Lame Duck; pip install 'pondside[jax]').",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_command(
    game_slug: str,
    tables: int,
    players: int | None,
    seed: int,
    pairs: tuple[str, ...],
    sample: float,
    backend: str,
    as_json: bool,
) -> None:
    """Play random tables on GAME's batched engine and replay every one through the exact
    engine: scores and places of every seat, and on a sample every view at every step."""
    from pondside.batch.check import check

    try:
        options = _options(game_slug, pairs)
        report = check(game_slug, tables, players, options or None, seed, sample, backend=backend)
    except PondsideError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": report.game,
                    "backend": backend,
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
            f"{report.game} ({backend}): {report.tables:,} tables replayed through "
            "Match.from_record, "
            f"{report.views:,} views compared step by step, {len(report.mismatches)} mismatches, "
            f"{report.seconds:.1f} s"
        )
        for m in report.mismatches[:10]:
            click.echo(f"MISMATCH at {m.players} players {m.options}: {m.what}")
            click.echo(f"  record: {json.dumps(m.record)}")
    if report.mismatches:
        raise SystemExit(1)


def _sizes(text: str, what: str) -> list[int]:
    """A comma-separated list of positive integers (``--batches``, ``--players``)."""
    try:
        sizes = [int(part.replace("_", "")) for part in text.split(",") if part.strip()]
    except ValueError:
        sizes = []
    if not sizes or min(sizes) < 1:
        raise click.BadParameter(f"give {what} as positive whole numbers with commas, not {text!r}")
    return sizes


@batch.command("bench")
@click.option(
    "--seconds",
    type=click.FloatRange(min=0.05),
    default=1.0,
    show_default=True,
    help="Seconds per batch size and player count (CPU time; wall time on the JAX backend).",
)
@click.option(
    "--backend",
    type=click.Choice(["numpy", "jax"]),
    default="numpy",
    show_default=True,
    help="numpy: every batched engine. jax: Lame Duck's JAX engine (pip install "
    "'pondside[jax]'), beside its NumPy engine in the same run.",
)
@click.option(
    "--batches",
    default="1,64,1024,16384",
    show_default=True,
    help="Batch sizes, with commas (e.g. 1024,65536,262144).",
)
@click.option(
    "--players",
    "players_text",
    default=None,
    help="Player counts, with commas (default: 2,4,10 for Lame Duck, each game's own otherwise).",
)
@click.option(
    "--game",
    "game_slug",
    default=None,
    help="numpy: only this game's batched engine (default: every one).",
)
@click.option(
    "--steps",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="JAX: steps of each compiled rollout (one lax.scan a call).",
)
@click.option(
    "--baseline/--no-baseline",
    default=True,
    show_default=True,
    help="JAX: time the NumPy engine at the same sizes in the same run.",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also draw table-steps/s against the batch size into this image (PNG, SVG).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Also write the figures as JSON to this file.",
)
def bench_command(
    seconds: float,
    backend: str,
    batches: str,
    players_text: str | None,
    game_slug: str | None,
    steps: int,
    baseline: bool,
    plot: str | None,
    as_json: bool,
    out: str | None,
) -> None:
    """Table-steps and seat decisions a second of every batched engine at batch 1, 64, 1,024
    and 16,384, beside OpenSpiel's hearts when it is installed (as in bench --report); with
    --backend jax, Lame Duck's JAX engine (compiled rollouts, on the first JAX device) beside
    its NumPy engine."""
    from pondside.batch.check import ENGINES
    from pondside.sim.bench import (
        BATCH_PLAYERS,
        batch_lines,
        bench_batch,
        bench_batches,
        bench_openspiel,
    )

    sizes = _sizes(batches, "batch sizes")
    counts = _sizes(players_text, "player counts") if players_text else None
    if backend == "jax":
        _bench_jax(seconds, sizes, counts or [2, 4, 10], steps, baseline, as_json, out)
        return
    if game_slug is not None and game_slug not in ENGINES:
        raise click.BadParameter(f"the batched engines are {', '.join(ENGINES)}, not {game_slug!r}")
    hearts = bench_openspiel("hearts", seconds)
    if sizes == [1, 64, 1024, 16384] and game_slug is None and counts is None:
        results = bench_batches(seconds)
    else:
        results = [
            bench_batch(slug, size, players, seconds)
            for slug in ([game_slug] if game_slug else ENGINES)
            for players in counts or BATCH_PLAYERS.get(slug, (get_game(slug).info.default_players,))
            for size in sizes
        ]
    figures = {
        "batch": [r.to_json() for r in results],
        "openspiel_hearts": hearts.to_json() if hearts else None,
    }
    _write(figures, out)
    if as_json:
        click.echo(json.dumps(figures))
    else:
        click.echo("\n".join(batch_lines(results, hearts)))
    if plot:
        from pondside.batch.plot import throughput_plot

        throughput_plot(results, hearts, plot)
        click.echo(f"plot: {plot}")


def _write(figures: dict[str, Any], out: str | None) -> None:
    """``--out``: the figures as JSON into that file."""
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=1)


def _bench_jax(
    seconds: float,
    sizes: list[int],
    counts: list[int],
    steps: int,
    baseline: bool,
    as_json: bool,
    out: str | None,
) -> None:
    """``batch bench --backend jax``: each player count and size on JAX, then on NumPy."""
    from pondside.sim.bench import bench_batch, bench_jax_batch, jax_batch_lines

    game = get_game("lame-duck")
    for p in counts:
        if not game.info.min_players <= p <= game.info.max_players:
            raise click.BadParameter(
                f"Lame Duck seats {game.info.min_players}-{game.info.max_players}, not {p}"
            )
    try:
        results = []
        for p in counts:
            for size in sizes:
                results.append(bench_jax_batch(size, p, seconds, steps))
                # A line on stderr as each is timed: the large batches take a while.
                click.echo(jax_batch_lines(results[-1:], [])[-1], err=True)
    except PondsideError as exc:
        raise click.ClickException(str(exc)) from None
    numpy = [bench_batch("lame-duck", s, p, seconds) for p in counts for s in sizes if baseline]
    figures = {"jax": [r.to_json() for r in results], "numpy": [r.to_json() for r in numpy]}
    _write(figures, out)
    if as_json:
        click.echo(json.dumps(figures))
    else:
        click.echo("\n".join(jax_batch_lines(results, numpy)))
