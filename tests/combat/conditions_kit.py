"""A Lantern Marsh package for the condition and targeting tests (test_conditions_*.py):
schemaVersion 2 at Capability API 1.300, creature types, and three creatures with fixed
health so every die in a test is one the test names.

Lantern Marsh rolls 1d12 (attacks and saves; advantage rolls twice; a natural 12 is a
critical that adds the dice's highest face again; a natural 1 misses). Juno: Might 3,
Nerve 1 (Guard 8), Breath 11, Reed axe 1d8 + 3 cut at +3. Wren: Lore 3, Rank 2, charm
attack +5, charm difficulty 12, Breath 7, Lamp hook 1d6 cut at +0.

Creatures (defense 8, no save bonuses unless said):
- Stoat: a beast with the `swamp` tag, health 20, Nip +2 for 1d4 cut.
- Ghoul: undead, health 20, Claw +4 for 1d6 cut.
- Lump: no type or tags, health 20, Thump +1 for 1d4 cut.
"""

from __future__ import annotations

from typing import Any

from tests.combat.kit import Bout, add_charm, add_condition, add_creature, foe, juno_marsh, marsh, ruleset, wren_marsh

AXE = "attack:kit:reed-axe"
HOOK = "attack:kit:lamp-hook"


def creature(kind: str | None, health: int, action: dict[str, Any], *, tags: list[str] | None = None,
             **extra: Any) -> dict[str, Any]:
    block: dict[str, Any] = {"health": health, "defense": 8, "initiativeModifier": 0, "tier": "pack",
                             "saves": {"nerve_save": 0, "grit_save": 0}, "actions": [action], **extra}
    if kind is not None:
        block["type"] = kind
    if tags:
        block["tags"] = tags
    return block


def base(minor: int = 300) -> dict[str, Any]:
    pkg = marsh()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": minor}
    pkg["sheet"]["fields"].append({"id": "kin", "label": "Kin", "type": "text", "maxLength": 20, "section": "about"})
    pkg["combat"]["creatureTypes"] = {
        "types": [{"id": "humanoid", "label": "Humanoid"}, {"id": "beast", "label": "Beast"},
                  {"id": "undead", "label": "Undead"}],
        "tags": [{"id": "swamp", "label": "swamp-born"}],
        "field": "kin", "default": "humanoid",
    }
    add_creature(pkg, "stoat", "Stoat", creature("beast", 20, {
        "id": "nip", "name": "Nip", "budget": "act", "toHit": 2, "damage": {"dice": "1d4", "type": "cut"}}, tags=["swamp"]))
    add_creature(pkg, "ghoul", "Ghoul", creature("undead", 20, {
        "id": "claw", "name": "Claw", "budget": "act", "toHit": 4, "damage": {"dice": "1d6", "type": "cut"}}))
    add_creature(pkg, "lump", "Lump", creature(None, 20, {
        "id": "thump", "name": "Thump", "budget": "act", "toHit": 1, "damage": {"dice": "1d4", "type": "cut"}}))
    return pkg


def charm(pkg: dict[str, Any], eid: str, mechanics: dict[str, Any]) -> str:
    """Adds a charm and returns its option id."""
    add_charm(pkg, eid, " ".join(p.capitalize() for p in eid.split("-")), mechanics)
    return f"ability:charms:{eid.replace('_', '-')}"


def condition(pkg: dict[str, Any], cid: str, **rule: Any) -> None:
    add_condition(pkg, cid, cid.replace("_", " ").capitalize(), **rule)


def bout(pkg: dict[str, Any], party: list[dict[str, Any]], foes: list[dict[str, Any]], dice: list[int]) -> Bout:
    return Bout(ruleset(pkg), party, foes, dice=dice)


def juno_wren_vs(pkg: dict[str, Any], foes: list[str], dice: list[int], *, charms: tuple[str, ...] = (),
                 juno: dict[str, Any] | None = None) -> Bout:
    """Initiative Juno 12 + 1, Wren 11 + 1, then each foe at 1 (in the order given)."""
    party = [juno or juno_marsh(), wren_marsh(*charms)]
    return bout(pkg, party, [foe(f) for f in foes], [12, 11] + [1] * len(foes) + dice)


__all__ = ["AXE", "HOOK", "Bout", "base", "bout", "charm", "condition", "creature", "foe", "juno_marsh",
           "juno_wren_vs", "wren_marsh"]
