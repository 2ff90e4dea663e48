"""Spells bought between turns (spec/mechanics-3 "Legendary spells", 1.284;
shared/combat/legendary_spells.py), on Marinara's 5e package as it ships
(tests/data/upstream/5e-srd).

The lich of the package's bestiary (3 signature points) is given the spellcasting its trait
describes ("spell save DC 20, +12 to hit with spell attacks") with five SRD spells of the
package's spells catalog: Fire Bolt (a cantrip: no `cost`), Magic Missile (1/day), Misty
Step (a bonus action), Counterspell (a reaction) and Hold Person; and the spec's two
legendary spells: the lich's Cantrip (`casting: {"cantripsOnly": true}`, 1 point) and the
sphinx's Cast a Spell (`casting: {}`, 3 points). Brom is tests/combat/fixtures/
5e-srd-party.json's level-5 fighter (Armor Class 18, 44 hit points).

Set-up dice: the lich's 18d8 (all 4s: 126), Brom's initiative 1 (2), the lich's 19 (22): the
lich acts first; both are decided by the test, off the board.
"""

from __future__ import annotations

from typing import Any

from shared.combat import BattleState, menu, start_battle
from tests.combat.kit import play
from tests.combat.srd_kit import entry, srd, srd_package
from tests.combat.test_5e_srd_fights import PARTY

SET_UP = [4] * 18 + [1, 19]
SPELLCASTING = {"toHit": 12, "saveDifficulty": 20, "spells": [
    {"entry": "spells/fire-bolt"}, {"entry": "spells/magic-missile", "uses": {"count": 1, "per": "day"}},
    {"entry": "spells/misty-step"}, {"entry": "spells/counterspell"}, {"entry": "spells/hold-person"}]}
CANTRIP = {"id": "cantrip", "name": "Cantrip", "budget": "action", "signature": {"cost": 1},
           "casting": {"cantripsOnly": True}}
CAST = {"id": "cast", "name": "Cast a Spell", "budget": "action", "signature": {"cost": 3}, "casting": {}}


def package(*actions: dict[str, Any]) -> dict[str, Any]:
    pkg = srd_package()
    lich = entry(pkg, "creatures", "lich")["creature"]
    lich["spellcasting"] = SPELLCASTING
    lich["actions"].extend(actions)
    return pkg


def between_turns(*actions: dict[str, Any], dice: list[int] = ()):
    rs = srd(package(*actions))
    state, _ = start_battle(rs, [PARTY[0]], [{"creature": "lich", "controller": "player", "player": "gm"}],
                            dice=[*SET_UP, *dice])
    state, _ = play(rs, state, "lich", "end-turn")
    state, lines = play(rs, state, "brom", "end-turn")
    assert lines == ["The fight waits: between turns, signature actions may be bought. Asked in turn: Lich."]
    return rs, state


def window_menu(rs, state) -> dict[str, Any]:
    return {o.id: o for o in menu(rs, state, "lich", forecasts=False)}


def test_the_lichs_cantrip_offers_only_cantrips_between_turns():
    # Of the five spells, Fire Bolt alone is paid from no pool; Misty Step (bonus) and
    # Counterspell (reaction) are not cast with the action budget anyway.
    rs, state = between_turns(CANTRIP, dice=[15, 5])
    offered = window_menu(rs, state)
    spells = {oid: o.label for oid, o in offered.items() if oid.startswith("action:cantrip")}
    assert spells == {"action:cantrip:ability:spellcasting:fire-bolt": "Cantrip: Fire Bolt"}
    # Fire Bolt +12: 15 + 12 = 27 hits Armor Class 18; 1d10 = 5 fire, 44 - 5 = 39.
    state, lines = play(rs, state, "lich", "action:cantrip:ability:spellcasting:fire-bolt", "brom")
    assert lines == [
        "Lich answers with Cantrip: Fire Bolt.",
        "Lich spends 1 signature point on Fire Bolt (2 left).",
        "Lich uses Fire Bolt on Brom.",
        "Lich attacks Brom with Fire Bolt: 15 + 12 = 27 against Armor Class 18, a hit.",
        "Fire Bolt (5) deals 5 fire damage to Brom.",
        "Brom has 39 of 44 Hit points.",
        "Round 2.",
        "Lich's turn.",
        "Lich has 3 signature points again.",
    ]
    assert BattleState.model_validate_json(state.model_dump_json()) == state


def test_cast_a_spell_offers_every_action_spell_and_spends_its_use_not_the_budget():
    rs, state = between_turns(CAST, dice=[2, 3])
    offered = window_menu(rs, state)
    assert sorted(o.label for oid, o in offered.items() if oid.startswith("action:cast:")) == [
        "Cast a Spell: Fire Bolt", "Cast a Spell: Hold Person", "Cast a Spell: Magic Missile"]
    # Magic Missile (1/day) on Brom: 1d4 + 1 = 2 + 1 = 3 force, the one dart his; 44 - 3 = 41.
    state, lines = play(rs, state, "lich", "action:cast:ability:spellcasting:magic-missile", "brom")
    assert lines[:2] == ["Lich answers with Cast a Spell: Magic Missile.",
                         "Lich spends 3 signature points on Magic Missile (0 left)."]
    assert "Lich has 0 uses of Magic Missile left." in lines
    assert "Brom has 41 of 44 Hit points." in lines
    lich = state.combatant("lich")
    # Its own turn: every budget there, and Magic Missile's one use gone from its menu.
    assert state.pending.actor == "lich" and lich.budgets["action"] == 1
    turn = {o.id for o in menu(rs, state, "lich", forecasts=False)}
    assert "ability:spellcasting:fire-bolt" in turn and "ability:spellcasting:magic-missile" not in turn


def test_without_spells_a_casting_action_offers_nothing():
    pkg = package(CANTRIP)
    entry(pkg, "creatures", "lich")["creature"].pop("spellcasting")
    rs = srd(pkg)
    state, _ = start_battle(rs, [PARTY[0]], [{"creature": "lich", "controller": "player", "player": "gm"}],
                            dice=list(SET_UP))
    state, _ = play(rs, state, "lich", "end-turn")
    state, _ = play(rs, state, "brom", "end-turn")
    assert not any(oid.startswith("action:cantrip") for oid in window_menu(rs, state))
