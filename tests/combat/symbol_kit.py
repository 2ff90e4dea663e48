"""A small symbol-pool package for the symbol-fight tests, made in the test so they run
without ../shared: tests/ruleset/test_pools.py's Genesys-like package (Ability and
Proficiency dice built `larger-upgraded`, Difficulty dice from `defense`, Boost and Setback
dice, one net success needed) with the spec's own `symbols` example, a Nerve save, and a
bestiary of two creatures written in the fight's own numbers: the documented Dock bruiser
(three dice, one upgraded, Soak 2) and a Gull, which throws two plain dice.

Every combatant is player-controlled, so with scripted dice every face a test uses is
accounted for. Initiative is 2d6 + Wits (Juno first, then the foes in order) unless a test
throws it as a pool. A symbol die is one die of the battle's sequence with as many sides as
it has faces: face 1 is the first face the resolution lists.
"""

from __future__ import annotations

from typing import Any

from tests.combat.kit import Bout, member, ruleset
from tests.ruleset.test_pools import symbol_pool_package


def symbol_package(**combat: Any) -> dict[str, Any]:
    pkg = symbol_pool_package()
    pkg["sheet"]["saves"] = [{"id": "nerve", "label": "Nerve", "ability": "wits"}]
    pkg["sheet"]["live"]["conditions"].append({"id": "dazed", "label": "Dazed"})
    pkg["combat"]["threat"] = {"tiers": [{"id": "rival", "label": "Rival", "health": [4, 14], "defense": 1, "toHit": 2,
                                          "damagePerRound": [3, 6], "saveDifficulty": 2}]}
    pkg["catalogs"] = [{"id": "rivals", "label": "Rivals", "holds": "creatures", "entries": [
        {"id": "dock-bruiser", "label": "Dock bruiser", "creature": {
            "tier": "rival", "health": 12, "defense": 1, "initiativeModifier": 2, "saves": {"nerve": 1},
            "soak": {"all": 2},
            "actions": [{"id": "haymaker", "name": "Haymaker", "budget": "act", "toHit": 3, "upgrades": 1,
                         "damage": {"flat": 4}}]}},
        {"id": "gull", "label": "Gull", "creature": {
            "tier": "rival", "health": 4, "defense": 0, "initiativeModifier": 1,
            "actions": [{"id": "peck", "name": "Peck", "budget": "act", "toHit": 2, "damage": {"flat": 1}}]}},
    ]}]
    # Damage is the row's dice alone (the minimal package adds the swing ability back).
    del pkg["combat"]["attacks"][0]["damage"]["ability"]
    pkg["combat"].update(combat)
    return pkg


def juno(brawn: int = 3, damage: str = "1d6", **extra: Any) -> dict[str, Any]:
    sheet = {"abilities": {"brawn": brawn, "wits": 1}, "fields": {"toughness": 1},
             "lists": {"gear": [{"name": "Road axe", "swing": "brawn", "damage": damage}]}}
    sheet.update(extra)
    return member("Juno", sheet)


def bout(pkg: dict[str, Any], dice: list[int], *foes: str, party: list[dict[str, Any]] | None = None) -> Bout:
    return Bout(ruleset(pkg), party or [juno()], [{"creature": f, "controller": "player"} for f in foes or ("dock-bruiser",)],
                dice=dice)


def riposte_package(on: str = "harmed") -> dict[str, Any]:
    """The symbol package with answers that roll: the party's Riposte (a `moves` catalog
    entry, 3 dice to hit, 1d6, on `on` at the source, a Reaction) and the Dock bruiser's
    Retort (2 dice, 1 damage, on `harmed` at the source, a Reaction)."""
    pkg = symbol_package()
    pkg["combat"]["economy"]["budgets"].append({"id": "reaction", "label": "Reaction", "per": "turn", "count": 1})
    pkg["sheet"]["lists"].append({"id": "moves", "label": "Moves", "section": "about", "maxItems": 4, "columns": [
        {"id": "name", "label": "Name", "type": "text", "maxLength": 60, "required": True}]})
    pkg["combat"]["abilities"] = [{"list": "moves", "budget": "act", "toHit": {"const": 3}}]
    pkg["catalogs"].append({"id": "moves", "label": "Moves", "feeds": ["moves"], "entries": [
        {"id": "riposte", "label": "Riposte", "summary": "Strike back.",
         "rows": [{"list": "moves", "values": {"name": "Riposte"}}],
         "mechanics": {"kind": "attack", "targets": "enemy", "attackRoll": True, "amount": {"dice": "1d6"},
                       "budget": "reaction", "reaction": {"on": on, "at": "source"}}}]})
    bruiser = pkg["catalogs"][0]["entries"][0]["creature"]
    bruiser["actions"].append({"id": "retort", "name": "Retort", "budget": "reaction", "toHit": 2,
                               "damage": {"flat": 1}, "reaction": {"on": "harmed", "at": "source"}})
    return pkg


def duelist(name: str = "Juno", *, own_spends: bool = True) -> dict[str, Any]:
    """Juno (or another party member with her numbers) holding Riposte, choosing her own spends."""
    member = juno(lists={"gear": [{"name": "Road axe", "swing": "brawn", "damage": "1d6"}],
                         "moves": [{"name": "Riposte", "_catalog": "moves/riposte"}]})
    member["name"], member["player"] = name, name.lower()
    member["ownSpends"] = own_spends
    return member
