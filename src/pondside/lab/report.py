"""A lab run's files: one self-contained HTML report (tables, inline SVG plots), the JSON of
every figure and a CSV of the same figures, one per row. A stopped run's files say so."""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pondside.games import get_game
from pondside.sim.report import load_matplotlib

from .metrics import LABELS, PER_MATCH, Figures, Rate
from .results import LabResult, described
from .run import LADDER

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FILES = ("report.html", "figures.json", "figures.csv")


def write_report(result: LabResult, folder: Path, command: str, notes: str = "") -> list[Path]:
    """Write the three files into ``folder`` (made if missing); returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    data = result.to_json()
    data["command"] = command
    paths = [folder / name for name in FILES]
    paths[1].write_text(json.dumps(data, indent=1) + "\n")
    with paths[2].open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["section", "setting", "figure", "which", "value", "low", "high", "n"])
        writer.writerows(csv_rows(result))
    paths[0].write_text(html_report(result, command, notes))
    return paths


def csv_rows(result: LabResult) -> Iterator[list[Any]]:
    """Every figure on a row: what part of the report, which setting, which figure, which seat
    (or the column's level, or B against A), and its value with its interval."""
    plan = result.plan
    sections = [
        *(("set", s.label, f) for s, f in zip(plan.sets, result.set_figures(), strict=True)),
        *(
            ("sweep", s.label, f)
            for s, f in zip(plan.sweep_values, result.sweep_figures(), strict=True)
        ),
    ]
    for section, label, f in sections:
        for seat, r in enumerate(f.seat_win):
            yield [section, label, "seat_win_rate", seat, r.value, r.low, r.high, r.n]
        yield [section, label, "balance", "", f.balance, "", "", f.matches]
        a = f.first_seat_advantage
        yield [section, label, "first_seat_advantage", 0, a.value, a.low, a.high, a.n]
        for name, m in f.per_match.items():
            yield [section, label, name, "mean", m.value, m.low, m.high, m.n]
            yield [section, label, name, "sd", m.sd, "", "", m.n]
    for i, diffs in enumerate(result.set_differences()):
        label = f"{result.plan.sets[i + 1].label} vs {result.plan.sets[0].label}"
        for d in diffs:
            yield ["difference", label, d.figure, "b-a", d.diff, d.low, d.high, d.deals]
    if result.plan.ladder_deals:
        base = result.plan.sets[0].label
        for level, cells in zip(LADDER, result.ladder(), strict=True):
            for b, cell in zip(LADDER, cells, strict=True):
                if cell is not None:
                    yield [
                        "ladder",
                        base,
                        f"{level} vs",
                        b,
                        cell.value,
                        cell.low,
                        cell.high,
                        cell.n,
                    ]
        skill = result.skill()
        if skill is not None:
            row = [skill.value, skill.low, skill.high, skill.n]
            yield ["ladder", base, "skill_expression", "", *row]


# --- plots ---------------------------------------------------------------------------------
def svg(fig: Figure) -> str:
    """A figure as inline SVG (its fonts as paths, so the report needs nothing else)."""
    import matplotlib.pyplot as plt

    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = out.getvalue()
    return text[text.index("<svg") :]


def new_figure(width: float = 7.0, height: float = 3.4) -> Figure:
    load_matplotlib()
    import matplotlib.pyplot as plt

    plt.rcParams["svg.fonttype"] = "path"
    return plt.figure(figsize=(width, height))


def plot_seat_rates(labels: list[str], sets: list[Figures], players: int) -> str:
    fig = new_figure()
    ax = fig.add_subplot()
    width = 0.8 / max(len(sets), 1)
    for i, (label, f) in enumerate(zip(labels, sets, strict=True)):
        xs = [s + (i - (len(sets) - 1) / 2) * width for s in range(players)]
        ys = [100 * r.value for r in f.seat_win]
        errs = [
            [100 * (r.value - r.low) for r in f.seat_win],
            [100 * (r.high - r.value) for r in f.seat_win],
        ]
        ax.bar(xs, ys, width, yerr=errs, capsize=3, label=label)
    ax.axhline(100 / players, color="black", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("win rate, % (95% interval)")
    ax.legend(fontsize="small")
    return svg(fig)


def plot_lengths(labels: list[str], sets: list[Figures]) -> str:
    fig = new_figure()
    ax = fig.add_subplot()
    every = [x for f in sets for x in f.lengths]
    if every:
        bins = min(40, max(5, len(set(every))))
        edges = (min(every), max(every) + 1)
        for label, f in zip(labels, sets, strict=True):
            ax.hist(f.lengths, bins=bins, range=edges, histtype="step", linewidth=1.5, label=label)
    ax.set_xlabel("decisions a match")
    ax.set_ylabel("matches")
    ax.legend(fontsize="small")
    return svg(fig)


def plot_ladder(matrix: list[list[Rate | None]]) -> str:
    fig = new_figure(4.8, 4.0)
    ax = fig.add_subplot()
    values = [[0.5 if c is None else c.value for c in row] for row in matrix]
    image = ax.imshow(values, cmap="RdBu", vmin=0, vmax=1)
    for r, row in enumerate(matrix):
        for c, cell in enumerate(row):
            text = "—" if cell is None else f"{100 * cell.value:.0f}%"
            dark = cell is not None and abs(cell.value - 0.5) > 0.3  # white on the deep colours
            ax.text(
                c, r, text, ha="center", va="center", fontsize=9, color="white" if dark else "black"
            )
    ax.set_xticks(range(len(LADDER)), LADDER)
    ax.set_yticks(range(len(LADDER)), LADDER)
    ax.set_xlabel("against")
    fig.colorbar(image, ax=ax, label="row's win share")
    return svg(fig)


def plot_sweep(result: LabResult) -> str:
    sweep = result.sweep_figures()
    fig = new_figure()
    ax = fig.add_subplot()
    xs = range(len(sweep))
    adv = [f.first_seat_advantage for f in sweep]
    ax.errorbar(
        xs,
        [100 * a.value for a in adv],
        yerr=[[100 * (a.value - a.low) for a in adv], [100 * (a.high - a.value) for a in adv]],
        marker="o",
        capsize=3,
        label="first seat's advantage, points",
    )
    ax.plot(xs, [100 * (1 - f.balance) for f in sweep], marker="s", label="1 − balance, points")
    ax.axhline(0, color="black", linewidth=0.8)
    for x, f in zip(xs, sweep, strict=True):
        if result.meets(f):
            ax.axvspan(x - 0.3, x + 0.3, color="green", alpha=0.15)
    ax.set_xticks(list(xs), [s.label.split("=", 1)[-1] for s in result.plan.sweep_values])
    ax.set_xlabel(str(result.plan.sweep) + (" (green: meets the target)" if result.target else ""))
    ax.legend(fontsize="small")
    return svg(fig)


# --- the page ------------------------------------------------------------------------------
STYLE = """
body { font-family: system-ui, sans-serif; max-width: 64rem; margin: 2rem auto; padding: 0 1rem;
  color: #1d232b; line-height: 1.45 }
table { border-collapse: collapse; margin: 0.8rem 0 1.4rem }
th, td { border: 1px solid #c9ced6; padding: 0.25rem 0.55rem; text-align: right }
th:first-child, td:first-child { text-align: left }
thead th { background: #eef1f5 }
.yes { background: #dff3e2 } .no { color: #7b8491 }
.partial { background: #fff3cd; padding: 0.5rem 0.8rem; border: 1px solid #e0c46c }
code, pre { background: #f3f4f6; padding: 0.1rem 0.3rem; border-radius: 3px }
pre { padding: 0.6rem; white-space: pre-wrap }
svg { max-width: 100%; height: auto }
"""


def esc(text: Any) -> str:
    return html.escape(str(text))


def table(head: list[str], rows: list[list[str]], classes: list[str] | None = None) -> str:
    """An HTML table of text already escaped (cells may hold markup)."""
    out = ["<table><thead><tr>", *(f"<th>{h}</th>" for h in head), "</tr></thead><tbody>"]
    for i, row in enumerate(rows):
        cls = f' class="{classes[i]}"' if classes and classes[i] else ""
        out.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>")
    return "".join(out) + "</tbody></table>"


def pct(r: Rate) -> str:
    return f"{100 * r.value:.1f}% <small>({100 * r.low:.1f}–{100 * r.high:.1f})</small>"


def figure_rows(sets: list[Figures]) -> list[list[str]]:
    players = sets[0].players
    rows = [[f"seat {s} win rate", *(pct(f.seat_win[s]) for f in sets)] for s in range(players)]
    rows.append(["balance", *(f"{f.balance:.3f}" for f in sets)])
    rows.append(
        [
            "first seat's advantage, points",
            *(
                f"{100 * a.value:+.1f} <small>({100 * a.low:+.1f} to {100 * a.high:+.1f})</small>"
                for f in sets
                for a in [f.first_seat_advantage]
            ),
        ]
    )
    for name in PER_MATCH:
        rows.append(
            [
                LABELS[name],
                *(
                    f"{m.value:.3g} <small>± {m.sd:.3g} sd</small>"
                    for f in sets
                    for m in [f.per_match[name]]
                ),
            ]
        )
    rows.append(["matches", *(str(f.matches) for f in sets)])
    return rows


def html_report(result: LabResult, command: str, notes: str = "") -> str:
    plan = result.plan
    game = get_game(plan.game)
    name = game.info.name
    labels = [s.label for s in plan.sets]
    sets = result.set_figures()
    parts = [
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{esc(name)}: the designer's lab</title><style>{STYLE}</style></head><body>",
        f"<h1>{esc(name)}: the designer's lab</h1>",
    ]
    if result.partial:
        parts.append(
            f"<p class='partial'>Stopped after {result.done} of {plan.matches} matches: every "
            "figure below is of the matches that finished.</p>"
        )
    parts.append(f"<p>Made by <code>{esc(command)}</code> in {result.seconds:.0f} s.</p>")
    parts.append(sizes(result))
    parts.append("<h2>What a designer learns</h2>" + reading(result) + notes)
    parts.append("<h2>Figures of each option set</h2>")
    parts.append(table(["figure", *map(esc, labels)], figure_rows(sets)))
    parts.append("<h3>Seat win rates</h3>" + plot_seat_rates(labels, sets, plan.players))
    parts.append("<h3>Length</h3>" + plot_lengths(labels, sets))
    for i, diffs in enumerate(result.set_differences()):
        a, b = labels[0], labels[i + 1]
        parts.append(f"<h2>{esc(b)} against {esc(a)}, deal by deal</h2>")
        from .results import verdict

        parts.append(f"<p><strong>Verdict.</strong> {esc(verdict(diffs))}</p>")
        rows = [
            [
                esc(LABELS.get(d.figure, d.figure.replace("_", " "))),
                f"{d.a:.4g}",
                f"{d.b:.4g}",
                f"{d.diff:+.4g}",
                f"{d.low:+.4g} to {d.high:+.4g}",
                "yes" if d.significant else "no",
            ]
            for d in diffs
        ]
        parts.append(
            table(
                ["figure", esc(a), esc(b), "B − A", "95% interval", "significant"],
                rows,
                ["yes" if d.significant else "" for d in diffs],
            )
        )
    if plan.sweep_values:
        parts.append(sweep_section(result))
    if plan.ladder_deals:
        parts.append(ladder_section(result))
    parts.append(definitions())
    parts.append("</body></html>")
    return "\n".join(parts)


def sizes(result: LabResult) -> str:
    plan = result.plan
    bots = ", ".join(sorted(set(plan.bots)))
    text = (
        f"<p>{plan.players} seats; {plan.deals} deals for each option set and sweep value, each "
        f"played by <code>{esc(bots)}</code> at every seat"
    )
    if len(set(plan.bots)) > 1:
        text += f" (seats turned over each deal, {plan.players} matches a deal)"
    text += f"; seed {plan.seed}. Deal <i>d</i> is dealt alike under every option set."
    if plan.ladder_deals:
        budgets = ", ".join(f"{k} {v} iterations" for k, v in sorted(plan.budgets.items()))
        text += (
            f" The ladder: {plan.ladder_deals} deals for each pair of levels, each played twice "
            f"(seats swapped), the search levels at {esc(budgets or 'their own budgets')}."
        )
    return text + "</p>"


def sweep_section(result: LabResult) -> str:
    sweep = result.sweep_figures()
    target = " and ".join(map(str, result.target))
    head = [esc(str(result.plan.sweep)), "first seat's advantage", "balance", "decisions"]
    head += ["lead changes", "drama", "decision points", "branching"]
    head += ["seat win rates", "meets the target"] if target else ["seat win rates"]
    rows, classes = [], []
    for s, f in zip(result.plan.sweep_values, sweep, strict=True):
        a = f.first_seat_advantage
        row = [
            esc(s.label.split("=", 1)[-1]),
            f"{100 * a.value:+.1f} <small>({100 * a.low:+.1f} to {100 * a.high:+.1f})</small>",
            f"{f.balance:.3f}",
            *(
                f"{f.per_match[k].value:.{d}f}"
                for k, d in (("decisions", 1), ("lead_changes", 2), ("drama", 3))
            ),
            *(f"{f.per_match[k].value:.3f}" for k in ("decision_points", "branching")),
            " / ".join(f"{100 * r.value:.1f}" for r in f.seat_win),
        ]
        meets = result.meets(f)
        if target:
            row.append("yes" if meets else "no")
        rows.append(row)
        classes.append("yes" if meets else "")
    met = result.sweep_met()
    said = (
        f"<p>Target: <code>{esc(target)}</code>, read on each value's estimate (its interval "
        "says how sure that is). "
        if target
        else "<p>"
    )
    if target:
        said += f"Met by {esc(', '.join(met))}.</p>" if met else "No value meets it.</p>"
    else:
        said += "</p>"
    return (
        f"<h2>Sweep over {esc(str(result.plan.sweep))}</h2>{said}"
        + table(head, rows, classes)
        + plot_sweep(result)
    )


def ladder_section(result: LabResult) -> str:
    matrix = result.ladder()
    rows = [
        [esc(a), *("—" if c is None else pct(c) for c in row)]
        for a, row in zip(LADDER, matrix, strict=True)
    ]
    skill = result.skill()
    text = (
        "<p>Each cell: the share of the row level's meetings with the column level in which the "
        "row's seat placed above the column's (ties half), with its 95% interval.</p>"
    )
    if skill is not None:
        text += (
            f"<p><strong>Skill expression</strong> (expert's share against random less random's "
            f"against expert): {100 * skill.value:+.1f} points "
            f"({100 * skill.low:+.1f} to {100 * skill.high:+.1f}).</p>"
        )
    return (
        "<h2>The level ladder</h2>"
        + text
        + table(["row against column", *LADDER], rows)
        + plot_ladder(matrix)
    )


def reading(result: LabResult) -> str:
    """The figures read in sentences: balance, the seats, length, what a rule change did,
    the sweep's target and the skill expression."""
    plan = result.plan
    sets = result.set_figures()
    out = []
    for s, f in zip(plan.sets, sets, strict=True):
        if not f.matches:
            continue
        fair = 1 / plan.players
        unequal = [
            f"seat {i} ({100 * r.value:.1f}%)"
            for i, r in enumerate(f.seat_win)
            if r.low > fair or r.high < fair
        ]
        seats = (
            f"the seats are not equal: {', '.join(unequal)} "
            f"{'lies' if len(unequal) == 1 else 'lie'} outside the fair "
            f"{100 * fair:.1f}% at 95%"
            if unequal
            else f"no seat's win rate differs from the fair {100 * fair:.1f}% at 95%"
        )
        m = f.per_match
        out.append(
            f"With {esc(s.label)}, balance is {f.balance:.3f} and {seats}. A match lasts "
            f"{m['decisions'].value:.0f} decisions (sd {m['decisions'].sd:.0f}) over "
            f"{m['hands'].value:.1f} hands; {100 * m['decision_points'].value:.0f}% of decisions "
            f"offer a real choice, among {m['branching'].value:.1f} actions on average; the "
            f"lead changes {m['lead_changes'].value:.1f} times and the winner trailed at "
            f"{100 * m['drama'].value:.0f}% of the score line's points."
        )
        if not m["lead_changes"].value and not m["drama"].value:
            out[-1] += (
                " The scores move only when the match ends, so the score line has no lead to "
                "change: lead changes, drama and decisiveness say nothing here (play a longer "
                "match to see them)."
            )
    for i, diffs in enumerate(result.set_differences()):
        changed = [described(d) for d in diffs if d.significant]
        b = plan.sets[i + 1].label
        against = f"With {esc(b)} against {esc(plan.sets[0].label)}"
        out.append(
            f"{against}: {esc('; '.join(changed))}."
            if changed
            else f"{against}, nothing changed significantly."
        )
    if plan.sweep_values and result.target:
        met = result.sweep_met()
        target = " and ".join(map(str, result.target))
        out.append(
            f"Of the sweep's values, {esc(', '.join(met)) if met else 'none'} "
            f"{'meets' if len(met) == 1 else 'meet'} the target <code>{esc(target)}</code>."
        )
    skill = result.skill()
    if skill is not None:
        out.append(
            f"Skill shows: the expert level's edge over random is {100 * skill.value:+.0f} points "
            f"({100 * skill.low:+.0f} to {100 * skill.high:+.0f}) on the same deals."
        )
    return "".join(f"<p>{p}</p>" for p in out)


def definitions() -> str:
    from . import metrics

    doc = metrics.__doc__ or ""
    return f"<h2>How each figure is defined</h2><pre>{esc(doc.split(chr(10), 2)[2].strip())}</pre>"
