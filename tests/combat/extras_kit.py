"""Small packages for the tests of payments, riders, creature extras and contests, built
on tests/combat/kit.py's `roads()` (2d6 + the stat you swing with against Guard).

`knack_roads()` adds what those rules read: a `knacks` list fed by a `knacks` catalog
(`combat.abilities` with Wits to hit and a save difficulty of 8), three Ember pools in one
group (`ember_1` 2, `ember_2` 1, `ember_3` 1: slot-like payment levels), a `quick` turn
budget, a Nerve save, a live concentration text, `combat.checks` (Brawn, Wits) and a
distance unit (paces). Initiative rolls 2d6 for each combatant first; creatures here have
plain health, so with scripted dice the first two faces are Juno's initiative and the
next two each creature's.
"""

from __future__ import annotations

from typing import Any

from tests.combat.kit import member, roads


def knack_roads(*, advantage: bool = False, d20: bool = False) -> dict[str, Any]:
    pkg = roads()
    sheet = pkg["sheet"]
    sheet["saves"] = [{"id": "nerve", "label": "Nerve", "ability": "wits"}]
    gear = sheet["lists"][0]
    gear["columns"] += [
        {"id": "harm", "label": "Harm", "type": "text", "maxLength": 20},
        {"id": "light", "label": "Light", "type": "boolean"},
    ]
    sheet["lists"].append({"id": "knacks", "label": "Knacks", "section": "about", "maxItems": 10,
                           "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 60}]})
    sheet["fields"].append({"id": "strikes", "label": "Strikes", "type": "number", "min": 1, "max": 4,
                            "default": 1, "section": "about"})
    live = sheet["live"]
    live["pools"] += [
        {"id": "ember_1", "label": "Ember 1", "max": {"const": 2}, "group": "embers"},
        {"id": "ember_2", "label": "Ember 2", "max": {"const": 1}, "group": "embers"},
        {"id": "ember_3", "label": "Ember 3", "max": {"const": 1}, "group": "embers"},
    ]
    live["text"] = [{"id": "concentration", "label": "Concentrating on", "maxLength": 80}]
    live["conditions"] += [{"id": "held", "label": "Held"}, {"id": "warded", "label": "Warded"},
                           {"id": "braced", "label": "Braced"}]
    combat = pkg["combat"]
    combat["economy"]["budgets"].append({"id": "quick", "label": "Quick", "per": "turn", "count": 1})
    combat["attacks"][0]["damage"]["type"] = {"column": "harm"}
    combat["abilities"] = [{"list": "knacks", "budget": "act", "toHit": {"abilityMod": "wits"},
                            "saveDifficulty": {"const": 8}}]
    combat["concentration"] = {"text": "concentration", "save": "nerve", "floor": 10, "fromDamage": 0.5}
    combat["checks"] = [{"id": "brawn", "label": "Brawn", "value": {"abilityMod": "brawn"}},
                        {"id": "wits", "label": "Wits", "value": {"abilityMod": "wits"}}]
    combat["distance"] = {"label": "paces", "perCell": 2}
    combat["conditions"] += [
        {"condition": "held", "effects": ["speed-zero"], "endsWhenSourceDown": True},
        {"condition": "warded", "modifiers": [{"to": "defense", "flat": 2}]},
        {"condition": "braced", "modifiers": [{"to": "defense", "flat": 1}]},
    ]
    if advantage or d20:
        combat["attackRoll"]["advantage"] = True
    if d20:
        combat["attackRoll"] = {"dice": {"count": 1, "sides": 20}, "advantage": True,
                                "naturals": {"max": "critical", "min": "miss"}, "critical": "double-dice"}
    pkg["catalogs"].append({"id": "knacks", "label": "Knacks", "feeds": ["knacks"], "entries": []})
    return pkg


def add_knack(pkg: dict[str, Any], eid: str, label: str, mechanics: dict[str, Any]) -> dict[str, Any]:
    knacks = next(c for c in pkg["catalogs"] if c["id"] == "knacks")
    knacks["entries"].append({"id": eid, "label": label, "summary": label,
                              "rows": [{"list": "knacks", "values": {"name": label}}], "mechanics": mechanics})
    return pkg


def knack_rows(*eids: str) -> list[dict[str, Any]]:
    return [{"name": " ".join(p.capitalize() for p in eid.split("-")), "_catalog": f"knacks/{eid}"} for eid in eids]


def juno(*knacks: str, light: bool = False, **extra: Any) -> dict[str, Any]:
    """Juno: Brawn 3, Wits 0, Toughness 3 (Grit 10), a Road axe (1d6 cut, swung with Brawn)."""
    sheet: dict[str, Any] = {
        "abilities": {"brawn": 3, "wits": 0}, "fields": {"toughness": 3},
        "lists": {"gear": [{"name": "Road axe", "swing": "brawn", "damage": "1d6", "harm": "cut", "light": light}],
                  "knacks": knack_rows(*knacks)},
    }
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(sheet.get(key), dict):
            sheet[key] = {**sheet[key], **value}
        else:
            sheet[key] = value
    return member("Juno", sheet)


def pell() -> dict[str, Any]:
    """Pell: an ally with a Sling (Wits 2)."""
    return member("Pell", {"abilities": {"brawn": 0, "wits": 2}, "fields": {"toughness": 2},
                           "lists": {"gear": [{"name": "Sling", "swing": "wits", "damage": "1d4", "harm": "bruise"}]}})
