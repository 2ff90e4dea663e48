"""Lantern Marsh with an encounter budget (Capability API 1.803) for the budget and
invention tests: worth Flicker 25, Pack 100, Dread 400; a member's level is their Rank;
steps easy/medium/hard/deadly; the 5e 2014 crowd multipliers with a party of fewer than
three reading one row up."""

from __future__ import annotations

import json
from typing import Any

from tests.combat.kit import marsh

WORTH = {"flicker": 25, "pack": 100, "dread": 400}


def budget_marsh() -> dict[str, Any]:
    pkg = marsh()
    for tier in pkg["combat"]["threat"]["tiers"]:
        tier["worth"] = WORTH[tier["id"]]
    pkg["combat"]["threat"]["budget"] = {
        "level": ["rank"],
        "steps": [{"id": "easy", "label": "Easy"}, {"id": "medium", "label": "Medium"},
                  {"id": "hard", "label": "Hard"}, {"id": "deadly", "label": "Deadly"}],
        "byLevel": [{"level": 1, "worth": [25, 50, 75, 100]}, {"level": 2, "worth": [50, 100, 150, 200]},
                    {"level": 3, "worth": [75, 150, 225, 400]}],
        "crowd": [{"from": 1, "times": 1}, {"from": 2, "times": 1.5}, {"from": 3, "times": 2},
                  {"from": 7, "times": 2.5}, {"from": 11, "times": 3}, {"from": 15, "times": 4}],
        "smallParty": 3, "largeParty": 5,
    }
    return pkg


def party(*ranks: int) -> list[dict[str, Any]]:
    """Juno and Wren of the example party (Rank 2 each) with the ranks given."""
    from tests.conftest import EXAMPLES

    members = json.loads((EXAMPLES / "party.json").read_text())
    out = []
    for i, rank in enumerate(ranks):
        member = json.loads(json.dumps(members[i % len(members)]))
        member["name"] = f"{member['name']} {i + 1}" if i >= len(members) else member["name"]
        member["sheet"]["fields"]["rank"] = rank
        out.append(member)
    return out
