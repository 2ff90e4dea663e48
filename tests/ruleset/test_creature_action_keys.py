"""The keys spec/mechanics-2.md and mechanics-3.md give a stat block and its actions:
lowering the health maximum (`reducesMax`), `targetHolds`, `qualities`, `drain`, cures,
teleports, legendary moves and spells, and things held or kept. Examples validate; each
refusal names its path and reason."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruleset.entry_kit import BITE, CREATURE, ITEM, with_creature, with_item
from tests.ruleset.minimal import problems_of


# ---------------------------------------------------------------------------
# Stat blocks and their actions
# ---------------------------------------------------------------------------

ACTION_EXAMPLES = {
    "wight life drain (1.203)": {**BITE, "id": "drain", "name": "Life Drain", "reducesMax": {"save": "con_save", "difficulty": 13}},
    "clay golem slam (1.203)": {**BITE, "id": "slam", "name": "Slam", "reducesMax": {"save": "con_save", "difficulty": 15, "lasting": True}},
    "vampire bite (1.235)": {
        **BITE,
        "reducesMax": {"damageType": "necrotic", "heals": True},
        "targetHolds": {"conditions": ["incapacitated", "restrained"], "fromSelf": ["grappled"]},
    },
    "magical action (1.262)": {**BITE, "qualities": ["magical"]},
    "aboleth psychic drain (1.281)": {**BITE, "drain": {}},
}


@pytest.mark.parametrize("name", sorted(ACTION_EXAMPLES))
def test_action_example_validates(name):
    assert problems_of(with_creature([ACTION_EXAMPLES[name]])) == []


ACTION_REFUSALS: list[tuple[str, dict[str, Any], list[str]]] = [
    (
        "reducesMax without damage",
        {"id": "touch", "name": "Touch", "budget": "act", "autoHit": True, "reducesMax": {}},
        [f'{CREATURE}.actions[0].reducesMax: "reducesMax" lowers the maximum by the damage dealt, so it needs "damage"'],
    ),
    (
        "reducesMax save without difficulty",
        {**BITE, "reducesMax": {"save": "con_save"}},
        [f'{CREATURE}.actions[0].reducesMax.save: "save" and "difficulty" go together'],
    ),
    (
        "reducesMax naming an unknown save",
        {**BITE, "reducesMax": {"save": "wis_save", "difficulty": 13}},
        [f'{CREATURE}.actions[0].reducesMax.save: unknown save "wis_save"'],
    ),
    (
        "reducesMax.onFailedSave on an action without a save",
        {**BITE, "reducesMax": {"onFailedSave": True}},
        [f'{CREATURE}.actions[0]: "reducesMax.onFailedSave" reads the action\'s own "save", so the action needs one'],
    ),
    (
        "drain without damage",
        {"id": "touch", "name": "Touch", "budget": "act", "autoHit": True, "drain": {}},
        [f'{CREATURE}.actions[0].drain: "drain" gives back damage dealt, so it needs "damage"'],
    ),
    (
        "a quality that is no item tag",
        {**BITE, "qualities": ["silvered"]},
        [f'{CREATURE}.actions[0].qualities[0]: unknown item tag "silvered"'],
    ),
    (
        "targetHolds naming an unknown condition",
        {**BITE, "targetHolds": {"fromSelf": ["swallowed"]}},
        [f'{CREATURE}.actions[0].targetHolds.fromSelf[0]: unknown condition "swallowed": declare it in "sheet.live.conditions"'],
    ),
]


@pytest.mark.parametrize("name,action,expected", ACTION_REFUSALS, ids=[r[0] for r in ACTION_REFUSALS])
def test_action_refused(name, action, expected):
    assert sorted(problems_of(with_creature([action]))) == sorted(expected)


def test_reduces_max_needs_health_in_points():
    pkg = with_creature([{**BITE, "reducesMax": {}}])
    pkg["combat"]["health"] = {"track": "exhaustion"}
    assert f'{CREATURE}.actions[0].reducesMax: "reducesMax" needs health in points, and "combat.health" is not a pool' in problems_of(pkg)


def test_legendary_and_teleport_actions_with_a_strike_validate():
    # A teleport with a strike plays (tests/combat/test_teleport_strike.py), as do a move and
    # a spell bought between turns (tests/combat/test_legendary_moves.py,
    # test_legendary_spells.py).
    teleport = {"id": "blink", "name": "Teleport", "budget": "act", "teleport": {"distance": 40, "strike": "bite"}}
    move = {"id": "step", "name": "Move", "budget": "act", "signature": {"cost": 1}, "move": {"share": 0.5}}
    casting = {"id": "cast", "name": "Cast a Spell", "budget": "act", "signature": {"cost": 3}, "casting": {}}
    detect = {"id": "detect", "name": "Detect", "budget": "act", "signature": {"cost": 1}, "search": True}
    pkg = with_creature([BITE, teleport, move, casting, detect], signaturePoints=3)
    pkg["combat"]["hiding"] = {"stealth": "sneak", "perception": "spot"}
    pkg["combat"]["checks"] = [
        {"id": "sneak", "label": "Stealth", "value": {"abilityMod": "wits"}},
        {"id": "spot", "label": "Perception", "value": {"abilityMod": "wits"}},
    ]
    assert sorted(problems_of(pkg)) == []


def test_a_teleport_strike_is_another_plain_action():
    itself = {"id": "blink", "name": "Teleport", "budget": "act", "teleport": {"distance": 40, "strike": "blink"}}
    assert problems_of(with_creature([BITE, itself])) == [f'{CREATURE}: actions[1].teleport.strike: the strike cannot be the teleport itself']
    missing = {"id": "blink", "name": "Teleport", "budget": "act", "teleport": {"distance": 40, "strike": "claw"}}
    assert problems_of(with_creature([BITE, missing])) == [f'{CREATURE}: actions[1].teleport.strike: "claw" is not an action of this creature']


STRIKE_REFUSALS = {
    # 1.280: "It cannot be the teleport itself, a sequence, another teleport, a reaction, or
    # something bought with points."
    "a sequence": {"id": "both", "name": "Multiattack", "budget": "act", "sequence": [{"action": "bite", "times": 2}]},
    "another teleport": {"id": "both", "name": "Hop", "budget": "act", "self": True, "teleport": {"distance": 10}},
    "a reaction": {**BITE, "id": "both", "name": "Snap", "reaction": {"on": "hit"}},
    "something bought with points": {**BITE, "id": "both", "name": "Snap", "signature": {"cost": 1}},
}


@pytest.mark.parametrize("what", sorted(STRIKE_REFUSALS))
def test_a_teleport_strike_naming_what_is_no_plain_action_is_rejected(what):
    teleport = {"id": "blink", "name": "Teleport", "budget": "act", "teleport": {"distance": 40, "strike": "both"}}
    pkg = with_creature([BITE, STRIKE_REFUSALS[what], teleport], signaturePoints=3)
    assert f'{CREATURE}: actions[2].teleport.strike: "both" is {what}, not a plain action' in problems_of(pkg)


def test_a_strike_on_an_item_use_is_rejected():
    # 1.280: "Only a creature's teleport can name a strike; on a catalog entry or an item use
    # it is rejected" (the entry's: tests/ruleset/test_entry_reach_and_drain.py).
    cape = {"category": "wondrous", "use": {"kind": "buff", "targets": "self", "teleport": {"distance": 500, "strike": "bite"}}}
    assert problems_of(with_item(cape)) == [f'{ITEM}.use: only a creature\'s teleport can name a "strike"']


def test_a_legendary_move_measures_one_way():
    move = {"id": "step", "name": "Move", "budget": "act", "signature": {"cost": 1}, "move": {"share": 0.5, "distance": 60}}
    assert problems_of(with_creature([BITE, move], signaturePoints=3)) == [
        f'{CREATURE}.actions[1].move.share: "share" and "distance" are not given together'
    ]


def test_a_legendary_move_is_bought_between_turns():
    move = {"id": "step", "name": "Move", "budget": "act", "move": {}}
    assert problems_of(with_creature([BITE, move])) == [
        f'{CREATURE}.actions[1].move: "move" is bought between turns: the action needs a "signature" cost'
    ]


def test_a_legendary_spell_does_nothing_else():
    casting = {"id": "cast", "name": "Cast", "budget": "act", "signature": {"cost": 1}, "casting": {"cantripsOnly": True}, "toHit": 5,
               "damage": {"dice": "1d10"}}
    assert problems_of(with_creature([BITE, casting], signaturePoints=3)) == [
        f'{CREATURE}.actions[1]: an action with "casting" does nothing else, so "toHit" is rejected'
    ]


def test_held_and_kept_conditions_validate():
    # Played since issue 28 (tests/combat/test_auras.py, tests/ruleset/guard_auras.py).
    pkg = with_creature([BITE], held=[{"label": "Shield", "tags": ["heavy"], "defense": 2}], keepsOn=["inspired"])
    assert problems_of(pkg) == []


def test_a_cure_on_an_action_validates():
    # Played since issue 24 (tests/combat/test_cures.py::test_a_creature_action_ends_poisoned_on_an_ally).
    unicorn = {"id": "touch", "name": "Healing Touch", "budget": "act", "heal": {"dice": "2d8", "flat": 2}, "targets": "ally",
               "ends": {"conditions": ["stunned", "frightened"]}}
    assert problems_of(with_creature([BITE, unicorn])) == []


