"""``bench``: how fast a game plays at random, how long a bot takes a decision, and with
``--report`` every game's figures against OpenSpiel's (the tables of docs/benchmarks.md)."""

from __future__ import annotations

import json

import click

from pondside.bots import check_spec, parse_spec
from pondside.engine import PondsideError

from .common import EXTRA, console, fail, game_arg, option_pairs, parse_game_options


@click.command(context_settings=EXTRA)
@click.argument("game_slug", metavar="[GAME]", required=False)
@click.option(
    "--report",
    is_flag=True,
    help="Every game's random play and ISMCTS (1,000 iterations, --positions) against OpenSpiel's "
    "hearts when installed (the goals of issue 17), and legal-action times.",
)
@click.option("--seconds", type=click.FloatRange(min=0.05), default=5.0, show_default=True)
@click.option("--players", "-p", type=int, default=None)
@click.option(
    "--json", "as_json", is_flag=True, help='Print {"game", "deals_per_s", "decisions_per_s"}.'
)
@click.option(
    "--bot",
    "bot_spec",
    default=None,
    help="Time this bot instead: median seconds per decision (e.g. ismcts:iterations=1000).",
)
@click.option(
    "--positions",
    type=click.IntRange(min=1),
    default=None,
    help="With --bot: how many sampled positions (default 40); with --report (default 20).",
)
@option_pairs()
@click.pass_context
def bench(
    ctx: click.Context,
    game_slug: str | None,
    report: bool,
    seconds: float,
    players: int | None,
    as_json: bool,
    bot_spec: str | None,
    positions: int | None,
    pairs: tuple[str, ...],
) -> None:
    """Random complete deals and decisions per second on one core (median of 5 runs);
    with --bot, the bot's median seconds per decision over sampled positions; with --report,
    every game (the tables of docs/benchmarks.md)."""
    from pondside.sim.bench import bench_bot, bench_game, bench_openspiel_ismcts

    if report:
        if game_slug:
            fail("--report times every game: leave out GAME")
        from pondside.sim.bench_report import measure

        measured = measure(seconds, positions or 20, legal_actions=not as_json)
        if as_json:
            click.echo(json.dumps(measured.to_json()))
        else:
            for line in measured.lines():
                click.echo(line)
        return
    if not game_slug:
        fail("bench needs a GAME, or --report for every game")
    game = game_arg(game_slug)
    options = parse_game_options(game, ctx.args, pairs)
    if bot_spec:
        try:
            check_spec(bot_spec, game)
            timed = bench_bot(game, bot_spec, positions or 40)
        except PondsideError as exc:
            fail(str(exc))
        if as_json:
            click.echo(json.dumps(timed.to_json()))
            return
        console.print(
            f"{game.info.name}, {bot_spec}: {timed.seconds_per_decision_median:.3f} s per "
            f"decision (median of {timed.positions} positions)"
        )
        iterations = _iterations(bot_spec)
        theirs = (
            bench_openspiel_ismcts(iterations or 1000) if bot_spec.startswith("ismcts") else None
        )
        if theirs:
            console.print(
                f"OpenSpiel's Python ISMCTS on hearts, {iterations or 1000} iterations: "
                f"{theirs:.3f} s per decision; ours takes "
                f"{timed.seconds_per_decision_median / theirs:.2f}x its time"
            )
        return
    try:
        result = bench_game(game, players, options, seconds)
    except PondsideError as exc:
        fail(str(exc))
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    console.print(
        f"{game.info.name}: {result.deals_per_s:,.0f} random deals/s, "
        f"{result.decisions_per_s:,.0f} decisions/s "
        f"(one core, CPU time, median of {result.runs} runs)"
    )


def _iterations(spec: str) -> int | None:
    value = parse_spec(spec)[1].get("iterations")
    return value if isinstance(value, int) else None
