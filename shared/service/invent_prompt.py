"""What the GM model is asked when it invents opponents, and how its answer is read.

Owns: `invention_messages` (the tiers' numbers and worth, the party's budget, the names
the ruleset has, the stat block shape, the asks) and `read_opponents`, which finds the
JSON in the reply (a code fence or prose around it is fine) and answers the list of
proposals, or `Unusable(reason)` when there is none. Each proposal is then read leniently
and held to its tier by the pure core (`shared.combat.invention.settle`).
"""

from __future__ import annotations

import json
from typing import Any

from shared.plain_text import plain
from shared.ruleset.package import Ruleset

from .director_prompt import Unusable, with_reference

EXAMPLE = {
    "opponents": [{
        "name": "Marsh cutthroat",
        "statBlock": {
            "tier": "<tier id>", "health": 12, "defense": 8, "initiativeModifier": 1,
            "actions": [{"id": "knife", "name": "Knife", "budget": "<budget id>", "toHit": 3,
                         "damage": {"dice": "1d6", "flat": 1, "type": "<damage type>"}}],
        },
    }],
}


SHEET_EXAMPLE = {"name": "Marsh witch", "temperament": "patient", "statBlock": {
    "tier": "<tier id>", "sheet": {"abilities": {"<ability id>": 2}, "fields": {"<field id>": "<value>"},
                                   "lists": {"<list id>": [{"name": "<catalog entry name>"}]}}}}


def invention_messages(ruleset: Ruleset, numbers: dict[str, Any], limit: int = 0) -> list[dict[str, str]]:
    """The chat the GM model answers with invented opponents, within `limit` characters
    when one is set (only the rules reference is shortened to fit)."""
    system = (
        f"You are the Game Master inventing opponents for a fight under the rules of {plain(ruleset.name)}. "
        "Write each opponent as a stat block in the ruleset's own terms. The Engine holds every number "
        "to the tier's band and drops names the ruleset does not have, so stay inside the numbers given. "
        "Answer with JSON only, in this shape: " + json.dumps(EXAMPLE) + " An opponent may instead be written "
        "as a sheet, exactly as a character's (how an invented caster gets its pools and lists): "
        + json.dumps(SHEET_EXAMPLE) + ". Name catalog entries by their names; give no health, defense or other "
        "numbers beside a sheet, and an optional temperament (protective, supportive, reckless, methodical or "
        "patient) that what it has not chosen leans toward."
    )
    lines = [f"Invent {sum(a['count'] for a in numbers['asks'])} opponent(s), in this order:"]
    for ask in numbers["asks"]:
        lines.append(f"- {ask['count']} of tier {ask['tier']}" + (" (a boss)" if ask["boss"] else "")
                     + (f": {ask['brief']}" if ask.get("brief") else ""))
    lines.append("The threat tiers (health band, defense, to-hit bonus, damage per round against one target, "
                 "save difficulty" + (", worth" if any("worth" in t for t in numbers["tiers"]) else "") + "):")
    for t in numbers["tiers"]:
        lines.append(f"- {t['id']} ({t['label']}): health {t['health'][0]}-{t['health'][1]}, defense {t['defense']}, "
                     f"to hit +{t['toHit']}, damage per round {t['damagePerRound'][0]}-{t['damagePerRound'][1]}, "
                     f"save difficulty {t['saveDifficulty']}" + (f", worth {t['worth']:g}" if "worth" in t else ""))
    budget = numbers.get("budget")
    if budget:
        lines.append(f"The party's budget is {budget['amount']:g} ({budget['label']}); the fight as asked is worth "
                     f"{budget['asked']:g}. A fight worth more is lowered tier by tier.")
    lines.append(f"Action budgets: {', '.join(numbers['budgets'])}.")
    for key, label in (("saves", "Saves"), ("conditions", "Conditions"), ("damageTypes", "Damage types")):
        if numbers[key]:
            lines.append(f"{label}: {', '.join(numbers[key])}.")
    shape = numbers.get("sheet")
    if shape:
        lines.append("A sheet holds: abilities " + "; ".join(f"{k} {v}" for k, v in shape["abilities"].items())
                     + (f"; skills {', '.join(shape['skills'])}" if shape["skills"] else "")
                     + (f"; saves {', '.join(shape['saves'])}" if shape["saves"] else "")
                     + "; fields " + "; ".join(f"{k} {v}" for k, v in shape["fields"].items()) + ".")
        for lst in shape["lists"]:
            lines.append(f"List {lst['id']} (columns " + "; ".join(f"{k} {v}" for k, v in lst["columns"].items())
                         + ")" + (f", catalog names: {', '.join(lst['catalog'])}" if lst["catalog"] else "") + ".")
    # The ruleset's name and labels and the asker's brief are outside text: one line each, no tags.
    return with_reference(system, "\n".join(plain(line) for line in lines), ruleset, limit)


def read_opponents(text: str) -> list[Any] | Unusable:
    """The proposals in the reply: `{"opponents": [...]}` or a bare list."""
    for opener, closer in (("{", "}"), ("[", "]")):
        start, end = text.find(opener), text.rfind(closer)
        if start < 0 or end <= start:
            continue
        try:
            data = json.loads(text[start:end + 1])
        except ValueError:
            continue
        opponents = data.get("opponents") if isinstance(data, dict) else None
        if isinstance(opponents, list):
            return opponents
        if isinstance(data, list):
            return data
    return Unusable("the GM's reply holds no JSON list of opponents")
