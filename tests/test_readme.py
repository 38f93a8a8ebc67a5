"""Every command and Python snippet of the README runs as shown (issue 16, item 3).

The README is the first thing a new user tries. Its examples are checked here, each the way
that person would run it:
- a Python block is run as written, in a fresh namespace;
- a `$ pondside engine` session is sent to the engine, and its answers must be the ones shown
  (``...`` in a shown line stands for anything);
- any other `$ pondside ...` block is run, and the lines it shows must appear in the output in
  that order (``...`` lines skip; the run's time and a terminal's progress bar vary);
- an inline `pondside CMD ...` is run when it is concrete, and when it is a template (``GAME``,
  ``[--jobs N]``) its command and every ``--option`` it names must exist;
- the bot specs and game-option flags it names must be accepted.
`make ...` lines and installs are left out: they set up what runs these tests.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pondside.bots import check_spec
from pondside.cli import main
from pondside.games import all_games, get_game

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")
BLOCKS = [
    (lang, body) for lang, body in re.findall(r"^```(\w*)\n(.*?)^```$", TEXT, flags=re.M | re.S)
]
# Inline code outside the fenced blocks.
PROSE = re.sub(r"^```.*?^```$", "", TEXT, flags=re.M | re.S)
INLINE = re.findall(r"`([^`\n]+)`", PROSE)


def shell_blocks() -> list[tuple[str, list[str]]]:
    """(command, shown output lines) of every ``$ pondside ...`` block."""
    out = []
    for lang, body in BLOCKS:
        lines = body.splitlines()
        if lang in ("", "sh", "console") and lines and lines[0].startswith("$ pondside "):
            out.append((lines[0][2:], lines[1:]))
    return out


def fits(shown: str, actual: str) -> bool:
    """``actual`` is the line ``shown``, where ``...`` in ``shown`` stands for anything."""
    pattern = ".*".join(re.escape(part) for part in shown.strip().split("..."))
    return re.fullmatch(pattern, actual.strip()) is not None


# A terminal's progress bar and the run's duration differ from run to run.
VARIES = [(re.compile(r"\(\d+(\.\d+)? s\)"), "(… s)")]
PROGRESS = re.compile(r"━.*\d+/\d+")


def normal(line: str) -> str:
    for pattern, replacement in VARIES:
        line = pattern.sub(replacement, line)
    # A rule (a title between lines) is as wide as the terminal.
    return line.strip().strip("─").strip()


def run_command(command: str, input: str = "") -> str:
    """Run a README command as a person would (the installed program, a standard 80-column
    terminal, which the README's examples are drawn in)."""
    args = command.split()[1:]
    env = {**os.environ, "COLUMNS": "80", "LINES": "24", "TERM": "dumb", "NO_COLOR": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pondside", *args],
        input=input,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, f"`{command}` failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_readme_has_examples_to_check() -> None:
    commands = [c for c, _ in shell_blocks()]
    assert any(c.startswith("pondside engine") for c in commands)
    assert any(c.startswith("pondside play") for c in commands)
    assert any(c.startswith("pondside simulate") for c in commands)
    assert any(lang == "python" for lang, _ in BLOCKS)


@pytest.mark.parametrize("n", range(sum(lang == "python" for lang, _ in BLOCKS)))
def test_issue16_3_python_snippets_run_as_written(n: int) -> None:
    code = [body for lang, body in BLOCKS if lang == "python"][n]
    exec(compile(code, f"README.md python block {n}", "exec"), {"__name__": "readme"})


def test_issue16_3_the_engine_session_answers_as_shown() -> None:
    (command, shown), *_ = [(c, s) for c, s in shell_blocks() if c == "pondside engine"]
    requests = [line for line in shown if line.startswith('{"op"')]
    answers = [line for line in shown if not line.startswith('{"op"')]
    assert len(requests) == len(answers), "the README's engine session pairs each request"
    got = run_command(command, "".join(r + "\n" for r in requests)).splitlines()
    assert len(got) == len(answers)
    for request, want, have in zip(requests, answers, got, strict=True):
        json.loads(have)
        assert fits(want, have), f"{request}\n  README shows {want}\n  the engine says {have}"


@pytest.mark.parametrize(
    "command", [c for c, _ in shell_blocks() if c != "pondside engine"], ids=lambda c: c[:40]
)
def test_issue16_3_commands_print_what_the_readme_shows(command: str) -> None:
    shown = dict(shell_blocks())[command]
    # A person answers the prompts the README shows; the rest of the match is played by
    # choosing the first action until the input ends, which abandons the match.
    prompts = [
        (m.group(1), m.group(2)) for line in shown if (m := re.search(r"(.*\)): (\S+)$", line))
    ]
    printed = run_command(command, "".join(answer + "\n" for _, answer in prompts))
    for prompt, _ in prompts:  # piped, the answer is not echoed: what follows the prompt is
        printed = printed.replace(prompt + ": ", prompt + ":\n")
    output = [normal(line) for line in printed.splitlines()]
    at = 0
    for line in shown:
        if line.strip() == "..." or PROGRESS.search(line) or not line.strip():
            continue
        want = normal(re.sub(r"\): \S+$", "):", line))
        for i in range(at, len(output)):
            if fits(want, output[i]):
                at = i + 1
                break
        else:
            pytest.fail(f"`{command}` does not print, in this order, the README's line\n{want}\n"
                        "It printed:\n" + "\n".join(output))  # fmt: skip


def inline_commands() -> list[str]:
    return sorted({c for c in INLINE if c.startswith("pondside ")})


def is_template(command: str) -> bool:
    return bool(re.search(r"\b[A-Z]{2,}\b|\[|\.\.\.", command))


@pytest.mark.parametrize("command", inline_commands())
def test_issue16_3_inline_commands_exist_as_written(command: str) -> None:
    words = command.split()
    name = words[1]
    assert name in main.commands, f"`{command}`: there is no command `pondside {name}`"
    path = [name]
    group = main.commands[name]
    if isinstance(group, click.Group) and len(words) > 2 and words[2] in group.commands:
        path.append(words[2])  # a command of a group: `pondside batch bench` has its own help
    help_text = CliRunner().invoke(main, [*path, "--help"]).output
    for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", command):
        assert option in help_text, f"`{command}`: `pondside {name}` has no option {option}"
    if is_template(command) or name == "serve" or ".json" in command:
        return  # a template, a server that runs until stopped, a record the reader has
    run_command(command)


def test_issue16_3_the_bot_specs_it_names_are_accepted() -> None:
    specs = [c for c in INLINE if re.fullmatch(r"(random|heuristic|ismcts|mcs)(:\w+=[\w.]+)*", c)]
    assert len(specs) >= 4
    for spec in specs:
        check_spec(spec, get_game("lame-duck"))


def test_issue16_3_the_options_it_names_are_options_of_a_game_or_a_command() -> None:
    """`--expert --rounds 3` is a game's (checked by the game, with its value); `--jobs N` a
    command's."""
    from pondside.cli import parse_game_options

    flags = [c for c in INLINE if re.fullmatch(r"--[a-z-]+( [\w.]+)?( --[a-z-]+( [\w.]+)?)*", c)]
    assert len(flags) >= 8
    helps = " ".join(CliRunner().invoke(main, [name, "--help"]).output for name in main.commands)
    for flag in flags:
        if all(word in helps for word in flag.split() if word.startswith("--")):
            continue
        takers = []
        for game in all_games():
            try:
                parse_game_options(game, flag.split(), ())
            except click.ClickException:  # this game has no such option
                continue
            takers.append(game.info.slug)
        assert takers, f"`{flag}` is an option of no game and no command"
