// A first sketch of this game's table: every legal action as a button. Replaced by the
// game's real table.
export default {
  render(ctx) {
    const { el, view } = ctx;
    const pre = el("pre", "sketch", JSON.stringify({ ...view, last_events: undefined }, null, 1));
    ctx.board.replaceChildren(pre);
    ctx.hand.replaceChildren();
    ctx.actions.replaceChildren(
      ...ctx.legal.slice(0, 40).map((a) => {
        const b = el("button", "btn", a);
        b.type = "button";
        b.disabled = !!ctx.pending;
        b.addEventListener("click", () => ctx.send(a));
        return b;
      }),
    );
  },
  status(ctx) {
    return ctx.legal.length ? "Your move." : "Waiting.";
  },
  explain(before, events) {
    return events.map((e) => JSON.stringify(e));
  },
};
