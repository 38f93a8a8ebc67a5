#!/usr/bin/env python3
"""An external Pondside bot: a program in any language that speaks the decision protocol.

It reads one JSON request per line on standard input,
    {"op": "decide", "game": "lame-duck", "seat": 2, "view": {...}, "legal": ["play 7", ...]}
and answers each with one JSON line on standard output,
    {"ok": true, "action": "play 7"}

This one needs nothing but the standard library: in Lame Duck it plays its lowest card and
takes the column with the fewest ducks; in any other game it plays the first legal action.

    pondside simulate lame-duck --bots "external:cmd=python3 examples/external_bot.py,random,random"
"""

import json
import sys


def decide(request: dict) -> str:
    legal = request["legal"]
    view = request["view"]
    if request["game"] == "lame-duck":
        if legal[0].startswith("take"):
            ducks = view["column_ducks"]
            return f"take {ducks.index(min(ducks))}"
        return min(legal, key=lambda a: int(a.split()[1]))
    return legal[0]


for line in sys.stdin:
    if not line.strip():
        continue
    try:
        answer = {"ok": True, "action": decide(json.loads(line))}
    except (KeyError, ValueError, TypeError) as exc:
        answer = {"ok": False, "error": f"cannot decide: {exc}"}
    print(json.dumps(answer), flush=True)
