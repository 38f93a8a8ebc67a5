"""The lab's figures against hand-computed ones on small fixed matches, and its intervals'
coverage by simulation."""

from __future__ import annotations

import random

import pytest

from pondside.lab.metrics import (
    Trace,
    differences,
    figures,
    ladder_cell,
    meeting_share,
    paired,
    per_deal,
    skill_expression,
)
from pondside.lab.results import parse_target, verdict
from pondside.sim.stats import wilson_interval


def trace(
    places: tuple[int, ...],
    scores: tuple[float, ...],
    line: list[tuple[int, tuple[float, ...]]] | None = None,
    *,
    deal: int = 0,
    decisions: int = 10,
    choices: int = 5,
    legal: int = 30,
    seats: tuple[str, ...] | None = None,
    lower: bool = True,
) -> Trace:
    n = len(places)
    return Trace(
        deal=deal,
        seats=seats or ("casual",) * n,
        places=places,
        scores=scores,
        decisions=decisions,
        choices=choices,
        legal=legal,
        hands=1,
        line=tuple(line or [(0, (0.0,) * n)]),
        lower_is_better=lower,
    )


# A three-seat match, fewest points best: seat 2 leads, seat 0 takes the lead for a while,
# seat 2 leads again and wins. Points: start (all tied), 2, 4, 6, 8.
COMEBACK = trace(
    (2, 3, 1),
    (3.0, 5.0, 2.0),
    [
        (0, (0.0, 0.0, 0.0)),  # everyone leads: no sole leader
        (2, (1.0, 1.0, 0.0)),  # seat 2 leads
        (4, (1.0, 3.0, 2.0)),  # seat 0 leads: the winner trails
        (6, (3.0, 5.0, 2.0)),  # seat 2 leads, and keeps the lead to the end
    ],
)


def test_lead_changes_count_changes_of_the_sole_leader() -> None:
    assert COMEBACK.lead_changes() == 2  # 2 → 0 → 2


def test_drama_is_the_share_of_points_where_no_winner_led() -> None:
    # At the start all share the lead (the winner among them); only the point at 4 trails.
    assert COMEBACK.drama() == pytest.approx(1 / 4)


def test_decisiveness_is_the_share_left_once_the_winner_led_for_good() -> None:
    # Safe from decision 6 of 10: 4 decisions were left.
    assert COMEBACK.decisiveness() == pytest.approx(0.4)


def test_a_match_won_from_the_first_point_is_decided_early() -> None:
    t = trace((1, 2), (0.0, 5.0), [(0, (0.0, 0.0)), (1, (0.0, 5.0))], decisions=10)
    assert t.decisiveness() == pytest.approx(0.9)
    assert t.drama() == 0.0


def test_spread_and_margin_higher_is_better() -> None:
    t = trace((2, 1, 3), (10.0, 16.0, 4.0), lower=False)
    assert t.score_spread() == pytest.approx(4.898979, abs=1e-6)  # pstdev of 10, 16, 4
    assert t.margin() == 6.0


def test_the_margin_of_a_partnership_is_over_the_other_side() -> None:
    # Ladders' partnerships: seats 0 and 2 share the win and the score.
    t = trace((1, 3, 1, 3), (140.0, 25.0, 140.0, 25.0), lower=False)
    assert t.margin() == 115.0
    assert trace((1, 1), (3.0, 3.0)).margin() == 0.0


def test_seat_win_rates_balance_and_first_seat_advantage_by_hand() -> None:
    # Four two-seat matches: seat 0 wins two, seat 1 one, and one tie (half each).
    traces = [
        trace((1, 2), (0.0, 1.0)),
        trace((1, 2), (0.0, 1.0)),
        trace((2, 1), (1.0, 0.0)),
        trace((1, 1), (0.0, 0.0)),
    ]
    f = figures(traces, 2)
    assert [r.value for r in f.seat_win] == [0.625, 0.375]
    assert (f.seat_win[0].low, f.seat_win[0].high) == wilson_interval(2.5, 4)
    assert f.balance == pytest.approx(0.75)
    assert f.first_seat_advantage.value == pytest.approx(0.125)
    assert f.per_match["decision_points"].value == 0.5
    assert f.branching == 3.0
    assert f.value("seat1_win") == 0.375


def test_differences_pair_the_same_deals() -> None:
    # Option set B turns seat 0's loss on deal 1 into a win; deal 2 only A played.
    a = [trace((1, 2), (0.0, 1.0), deal=0), trace((2, 1), (1.0, 0.0), deal=1)]
    a.append(trace((1, 2), (0.0, 1.0), deal=2))
    b = [trace((1, 2), (0.0, 1.0), deal=0), trace((1, 2), (0.0, 1.0), deal=1)]
    seat0 = differences(a, b, 2)[0]
    assert (seat0.a, seat0.b, seat0.diff, seat0.deals) == (0.5, 1.0, 0.5, 2)


def test_per_deal_averages_the_turns_of_the_seats() -> None:
    ts = [trace((1, 2), (0.0, 1.0), deal=3), trace((2, 1), (1.0, 0.0), deal=3)]
    assert per_deal(ts, lambda t: t.win_shares()[0]) == {3: 0.5}


def test_ladder_cell_counts_each_meeting_of_the_two_levels() -> None:
    # expert at seats 0 and 2, random at 1 and 3; places 1, 2, 3, 4: of the four pairs
    # (expert, random) the expert placed above in (0,1), (0,3), (2,3): 3 of 4.
    t = trace((1, 2, 3, 4), (0.0, 1.0, 2.0, 3.0), seats=("expert", "random") * 2)
    assert meeting_share(t, "expert", "random") == 0.75
    assert meeting_share(t, "random", "expert") == 0.25
    assert meeting_share(t, "expert", "casual") is None
    cell = ladder_cell([t, t], "expert", "random")
    assert (cell.value, cell.n) == (0.75, 2)
    assert skill_expression(cell).value == pytest.approx(0.5)


def test_targets_read_points_and_absolute_values() -> None:
    f = figures([trace((1, 2), (0.0, 1.0)), trace((2, 1), (1.0, 0.0))] * 5, 2)
    (c,) = parse_target("abs(first_seat_advantage) <= 1 point")
    assert c.holds(f)
    assert not parse_target("balance > 1")[0].holds(f)


@pytest.mark.parametrize(
    ("text", "says"),
    [("balance", "FIGURE OP NUMBER"), ("fairness <= 1", "figure among"), ("x == 2", "OP is")],
)
def test_a_bad_target_says_what_is_expected(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_target(text)


def test_verdict_names_only_what_changed_significantly() -> None:
    a = [trace((2, 1), (1.0, 0.0), deal=d) for d in range(30)]
    b = [trace((1, 2), (0.0, 1.0), deal=d) for d in range(30)]
    said = verdict(differences(a, b, 2))
    assert said.startswith("Over 30 deals, seat 0's win rate rose 100 points")
    assert "seat 1's win rate fell 100 points" in said
    assert "decisions" not in said  # the same length under both
    same = verdict(differences(a, a, 2))
    assert same.startswith("Nothing changed significantly over 30 deals")


def test_wilson_intervals_cover_about_95_percent() -> None:
    """Coverage by simulation: 400 samples of 300 matches at a true rate of 25%."""
    rng = random.Random(30)
    covered = 0
    for _ in range(400):
        wins = sum(rng.random() < 0.25 for _ in range(300))
        lo, hi = wilson_interval(wins, 300)
        covered += lo <= 0.25 <= hi
    assert 0.92 <= covered / 400 <= 0.98


@pytest.mark.parametrize(
    ("nested", "least"),
    # Nested: B wins every deal A wins and a tenth more (the hardest case: most differences
    # are 0, none is -1); the interval covers about 92% there (2,000 samples), 94% otherwise.
    [(False, 0.92), (True, 0.89)],
)
def test_paired_difference_intervals_cover_about_95_percent(nested: bool, least: float) -> None:
    """Seat 0's win rate from 50% to 60%, over 150 deals both option sets played."""
    rng = random.Random(31)
    covered = 0
    for _ in range(400):
        a, b = {}, {}
        for d in range(150):
            luck = rng.random()  # the deal's, shared by both option sets when nested
            a[d] = float(luck < 0.5)
            b[d] = float(luck < 0.6 if nested else rng.random() < 0.6)
        seat0 = paired("seat0_win", a, b, bounded=True)
        covered += seat0.low <= 0.1 <= seat0.high
    assert least <= covered / 400 <= 0.99
