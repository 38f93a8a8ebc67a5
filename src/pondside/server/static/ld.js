// Lame Duck's rules as the page needs them (rules/lame-duck.md): ducks per card (LD-2),
// where a card goes (LD-6), and the steps of a frame's events, each with
// the sentence that explains it. The server decides everything; this only retells it.

import { plural } from "./room.js";

export const COLUMN_LIMIT = 5;
export const TURNS = 10;

/** LD-2: 55 → 7; other multiples of 11 → 5; of 10 → 3; other ending in 5 → 2; else 1. */
export function ducks(card) {
  if (card === 55) return 7;
  if (card % 11 === 0) return 5;
  if (card % 10 === 0) return 3;
  if (card % 10 === 5) return 2;
  return 1;
}

export function columnDucks(column) {
  return column.reduce((sum, c) => sum + ducks(c), 0);
}

/** LD-6: the column whose last card is lower than `card` and closest to it; -1 if too low. */
export function targetColumn(columns, card) {
  let best = -1;
  let bestEnd = 0;
  columns.forEach((col, i) => {
    const end = col[col.length - 1];
    if (end > bestEnd && end < card) {
      best = i;
      bestEnd = end;
    }
  });
  return best;
}

/**
 * Who is who in sentences. `names[seat]` is a display name; `me` is this page's seat or null.
 */
export function speaker(names, me) {
  return {
    who: (s) => (s === me ? "you" : names[s]),
    Who: (s) => (s === me ? "You" : names[s]),
    whose: (s) => (s === me ? "your" : `${names[s]}'s`),
    Whose: (s) => (s === me ? "Your" : `${names[s]}'s`),
    takes: (s) => (s === me ? "take" : "takes"),
    has: (s) => (s === me ? "have" : "has"),
  };
}

/**
 * The steps of one frame: its events replayed on the columns shown before it, each with the
 * columns and totals after it and a plain sentence saying what happened and why.
 * `before` is the view shown before the frame (or null when unknown).
 */
export function steps(before, events, names, me) {
  const sp = speaker(names, me);
  const out = [];
  let columns = before ? before.columns.map((c) => [...c]) : null;
  const totals = before ? [...before.totals] : null;
  for (const ev of events) {
    const step = { ev, text: null };
    switch (ev.type) {
      case "chose":
        break;
      case "reveal": {
        const list = ev.cards.map(([s, c]) => `${c} (${sp.who(s)})`).join(", ");
        step.text = `The cards are revealed: ${list}. They are placed one at a time, lowest first.`;
        break;
      }
      case "too_low":
        step.text = `${sp.Whose(ev.seat)} ${ev.card} is the lowest card and lower than the last card of every column, so ${sp.who(ev.seat)} must choose which column to take.`;
        break;
      case "place": {
        if (columns) {
          const col = columns[ev.column];
          const end = col[col.length - 1];
          step.text = `${sp.Whose(ev.seat)} ${ev.card} goes to the column ending in ${end}: the smallest gap (${ev.card - end}).`;
          col.push(ev.card);
        } else {
          step.text = `${sp.Whose(ev.seat)} ${ev.card} goes to column ${ev.column + 1}.`;
        }
        break;
      }
      case "take": {
        const cards = plural(ev.cards.length, "card", "cards");
        const dk = plural(ev.ducks, "duck", "ducks");
        if (ev.reason === "too low") {
          step.text = `${sp.Whose(ev.seat)} ${ev.card} is lower than every column: ${sp.who(ev.seat)} ${sp.takes(ev.seat)} column ${ev.column + 1} (${dk}, ${cards}); the ${ev.card} starts it again.`;
        } else {
          step.text = `${sp.Whose(ev.seat)} ${ev.card} is the sixth card of column ${ev.column + 1}: ${sp.who(ev.seat)} ${sp.takes(ev.seat)} ${cards} (${dk}); the ${ev.card} starts the column again.`;
        }
        if (columns) columns[ev.column] = [ev.card];
        if (totals) totals[ev.seat] += ev.ducks;
        break;
      }
      case "round_end": {
        const list = ev.ducks.map((d, s) => `${sp.Who(s)} ${d}`).join(", ");
        step.text = `Round ${ev.round} is over. Ducks this round: ${list}.`;
        if (totals) ev.totals.forEach((t, s) => (totals[s] = t));
        break;
      }
      case "deal":
        step.text = `Round ${ev.round}: ten new cards each and four new columns (${ev.columns.map((c) => c[0]).join(", ")}).`;
        columns = ev.columns.map((c) => [...c]);
        break;
      case "match_end": {
        const best = Math.min(...ev.scores);
        const winners = ev.scores.map((s, i) => [s, i]).filter(([s]) => s === best).map(([, i]) => sp.Who(i));
        const verb = winners.length === 1 && winners[0] !== "You" ? "wins" : "win";
        step.text = `The match is over: ${winners.join(" and ")} ${verb} with ${plural(best, "duck", "ducks")}.`;
        break;
      }
      default:
        break;
    }
    step.columns = columns ? columns.map((c) => [...c]) : null;
    step.totals = totals ? [...totals] : null;
    out.push(step);
  }
  return out;
}

/** What the card preview says of a hand card, ignoring the others' cards (as the page says). */
export function preview(columns, card) {
  const col = targetColumn(columns, card);
  if (col < 0) {
    return { column: -1, text: `${card} is lower than every column: you would choose a column to take.` };
  }
  const c = columns[col];
  const end = c[c.length - 1];
  if (c.length >= COLUMN_LIMIT) {
    const d = columnDucks(c);
    return {
      column: col,
      sixth: true,
      text: `${card} would go to column ${col + 1} (ending in ${end}) as its sixth card: you would take ${plural(c.length, "card", "cards")} (${plural(d, "duck", "ducks")}).`,
    };
  }
  return { column: col, text: `${card} would go to column ${col + 1}, after ${end}. Others' cards may change this.` };
}
