"""Rules summaries, one Markdown file per game slug, printed by `pondside rules GAME`."""
