// What the events of one Ladders action did, in sentences (engine: games/ladders.py, the
// event dicts of `apply`). This page's player is "you"; others are named, with the singular
// "their" since the page cannot know anyone's pronouns.
import { cardWords, numberWords, WILD } from "./ladders-cards.js";

/** Words about seats, for the page whose player sits at `me` (null: a spectator). */
export function speaker(names, me) {
  const you = (s) => s === me;
  return {
    /** "You" or "Ann", to start a sentence. */
    who: (s) => (you(s) ? "You" : names[s]),
    /** "your" or "Ann's". */
    whose: (s) => (you(s) ? "your" : `${names[s]}'s`),
    /** "your" or "their": the subject's own things. */
    own: (s) => (you(s) ? "your" : "their"),
    /** The verb for the subject: verb(s, "play", "plays"). */
    verb: (s, base, third) => (you(s) ? base : third),
    /** "You and Cid" or "Ann and Cid" for a side's seats, this page's seat first; `lower`
     * after a colon ("you and Cid"). */
    side: (seats, lower = false) => {
      const sorted = [...seats].sort((a, b) => (you(b) ? 1 : 0) - (you(a) ? 1 : 0) || a - b);
      const words = sorted.map((s, i) => (you(s) ? (i === 0 && !lower ? "You" : "you") : names[s]));
      return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}` : words[0];
    },
  };
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function playSentence(e, w) {
  const s = e.seat;
  const card = e.card === WILD ? `a SKIP PORTAL (as ${numberWords(e.as).replace(/^an? /, "")})` : cardWords(e.card);
  const owner = e.owner ?? s;
  const pile = owner === s ? w.own(s) : w.whose(owner);
  const from = {
    hand: `from ${w.own(s)} hand`,
    climb: `from ${pile} CLIMB`,
    "partner climb": `from ${pile} CLIMB`,
    rung: `from ${pile} RUNG pile ${(e.rung ?? 0) + 1}`,
    "partner rung": `from ${pile} RUNG pile ${(e.rung ?? 0) + 1}`,
  }[e.from];
  const slot = e.to + 1;
  if (e.as === 1) return `${w.who(s)} ${w.verb(s, "start", "starts")} ACCENT pile ${slot} with ${card} ${from}.`;
  return `${w.who(s)} ${w.verb(s, "play", "plays")} ${card} ${from} onto ACCENT pile ${slot}.`;
}

function roundEnd(e, me, w) {
  const winners = e.winners;
  if (!winners.length) {
    return `Nobody can move any more: round ${e.round} ends, and as several sides share the fewest CLIMB cards, nobody scores.`;
  }
  const pts = e.points[winners[0]];
  const left = Math.round((pts - 25) / 5);
  const sum = `25 + 5 × ${left} card${left === 1 ? "" : "s"} left in the other CLIMB piles = ${pts} points`;
  const team = winners.length > 1;
  const subject = w.side(winners);
  const mine = winners.includes(me);
  const each = team ? " each" : "";
  if (e.reason === "climb") {
    const what = team ? `empty both ${mine ? "your" : "their"} CLIMB piles` : `${w.verb(winners[0], "empty", "empties")} ${w.own(winners[0])} CLIMB`;
    const win = team ? "win" : w.verb(winners[0], "win", "wins");
    return `${subject} ${what} and ${win} round ${e.round}: ${sum}${each}.`;
  }
  const have = team ? "have" : w.verb(winners[0], "have", "has");
  const win = team ? "win" : w.verb(winners[0], "win", "wins");
  return `Nobody can move any more: round ${e.round} ends. ${subject} ${have} the fewest CLIMB cards and ${win} ${sum}${each}.`;
}

function matchEnd(e, w, teams) {
  const first = e.places.map((p, s) => (p === 1 ? s : -1)).filter((s) => s >= 0);
  const score = e.scores[first[0]];
  // Partners share their side's place (LA-14): two first places of one side are one win.
  if (first.length === 1 || (teams && first.length === 2)) {
    const one = first.length === 1;
    const verb = one ? w.verb(first[0], "win", "wins") : "win";
    return `The match is over: ${w.side(first, true)} ${verb} with ${score} points${one ? "" : " each"}.`;
  }
  return `The match is over: ${w.side(first, true)} share first place with ${score} points.`;
}

/** The sentences for one action's events (game.js's `explain`). */
export function explain(before, events, names, me, after) {
  const w = speaker(names, me);
  const teams = !!((after || before)?.options?.teams);
  const out = [];
  for (const e of events) {
    const s = e.seat;
    switch (e.type) {
      case "deal": {
        const tops = e.climb_tops.map((c, i) => `${i === me ? "you" : names[i]} ${c === WILD ? "SKIP PORTAL" : c}`);
        out.push(`Round ${e.round}: ${w.who(e.dealer)} ${w.verb(e.dealer, "deal", "deals")}. The CLIMB tops: ${tops.join(", ")}.`);
        break;
      }
      case "turn":
        out.push(s === me ? "Your turn." : `${names[s]}'s turn.`);
        break;
      case "draw":
        out.push(`${w.who(s)} ${w.verb(s, "draw", "draws")} ${e.cards} card${e.cards === 1 ? "" : "s"}.`);
        break;
      case "reshuffle":
        out.push(`DRAW is empty: the ${e.cards} cards of DISCARD are shuffled into a new DRAW.`);
        break;
      case "play":
        out.push(playSentence(e, w));
        break;
      case "complete":
        out.push(`ACCENT pile ${e.slot + 1} reaches 12 and goes to DISCARD; its place is free again.`);
        break;
      case "turn_up":
        out.push(`${cap(w.whose(s))} next CLIMB card turns up: ${cardWords(e.card)}.`);
        break;
      case "discard":
        out.push(`${w.who(s)} ${w.verb(s, "end", "ends")} ${w.own(s)} turn, leaving ${cardWords(e.card)} on ${w.own(s)} RUNG pile ${e.rung + 1}.`);
        break;
      case "pass":
        out.push(`${w.who(s)} ${w.verb(s, "have", "has")} no card and no play left: ${w.own(s)} turn ends.`);
        break;
      case "round_end":
        out.push(roundEnd(e, me, w));
        break;
      case "match_end":
        out.push(matchEnd(e, w, teams));
        break;
      default:
        break;
    }
  }
  return out;
}
