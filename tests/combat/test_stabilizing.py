"""Stabilizing the dying (mechanics-1 1.176 and 1.193): Spare the Dying (`stabilizes`) is
offered only against someone dying and stops their rolls against death; a contest against a
fixed `difficulty` (the DC 10 Medicine check) rolls the actor's check alone, on `targets`
of the actor's own side, only against the dying (`targetDying`) or a holder of a condition
(`targetHolds`), and `onWin.stabilizes`.

Packages: Spare the Dying is written from the SRD 5.1 text in the shape of the vendored
5e-srd `spells/cure-wounds` entry (same row keys, `kind` "utility", touch, an ally); the
Medicine contest is the spec's own example added to the vendored 5e example
(ruleset-5e-2014.example.json), with a Medicine check read like its Athletics one
(`skillMod`). Brom and Ilsa are tests/combat/fixtures/5e-party.json (Ilsa: Wisdom 14, so
Medicine +2, untrained).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from shared.ruleset import validate_package
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, foe, ruleset
from tests.combat.pool_kit import pool_package
from tests.combat.srd_kit import entry, fighter, mira, srd_package

STABILIZE = {"id": "stabilize", "label": "Stabilize", "budget": "action", "attacker": {"checks": ["medic"]},
             "difficulty": 10, "targets": "ally", "targetDying": True, "onWin": {"stabilizes": True}}


def spare_the_dying(pkg: dict[str, Any]) -> dict[str, Any]:
    """The 5e-srd package with Spare the Dying beside Cure Wounds, shaped like it."""
    spells = next(c for c in pkg["catalogs"] if c["id"] == "spells")
    spell = copy.deepcopy(entry(pkg, "spells", "cure-wounds"))
    spell.update(id="spare-the-dying", label="Spare the Dying",
                 summary="You touch a living creature that has 0 hit points. The creature becomes stable.")
    spell["filters"] = {"level": 0, "school": "Necromancy", "classes": ["Cleric"]}
    spell["rows"][0]["values"].update(name="Spare the Dying", level=0,
                                      notes="Necromancy. Casting time: action. Range: Touch. Duration: instantaneous.")
    spell["mechanics"] = {"kind": "utility", "range": 0, "targets": "ally", "stabilizes": True}
    spells["entries"].append(spell)
    return pkg


def five_e(*contests: dict[str, Any]) -> dict[str, Any]:
    pkg = json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text())
    pkg["combat"]["checks"].append({"id": "medic", "label": "Medicine", "value": {"skillMod": "medicine"}})
    pkg["combat"]["contests"] += [copy.deepcopy(c) for c in contests]
    return pkg


def five_e_party(brom_hp: int | None = 0) -> list[dict[str, Any]]:
    party = json.loads((FIXTURES / "5e-party.json").read_text())
    if brom_hp is not None:
        party[0]["sheet"]["live"] = {"pools": {"hp": brom_hp}}
    return party


def test_spare_the_dying_is_offered_only_against_the_dying_and_his_death_saves_stop():
    # Dice: the Goblin's health 2d6 (3, 4) = 7; initiative Brom 5 + 1 = 6, Mira 18 + 2 = 20,
    # the Goblin 10 + 2 = 12; then Brom's turns would roll against death, and do not.
    bout = Bout(ruleset(spare_the_dying(srd_package())), [fighter(hp=0), mira(("spare-the-dying", "Spare the Dying", 0))],
                [foe("goblin")], dice=[3, 4, 5, 18, 10])
    assert bout.log[2] == "Brom starts the fight at 0 Hit points, down and dying."
    option = bout.options("mira")["ability:spells:spare-the-dying"]
    # Brom only: Mira is standing, so it would help her nothing.
    assert (option.targets, option.count) == (["brom"], 1)
    assert bout.choose("mira", "ability:spells:spare-the-dying", "brom") == [
        "Mira uses Spare the Dying on Brom.",
        "Mira's Spare the Dying stabilizes Brom: down but no longer dying.",
        "Goblin's turn.",
    ]
    brom = bout.who("brom")
    assert (brom.down, brom.dying, brom.out) == (True, None, False)
    bout.choose("goblin", "end-turn")
    # Brom's turn passes without a roll against death (no die is left to roll one).
    assert bout.log[-3:] == ["Brom's turn.", "Round 2.", "Mira's turn."]
    assert not any("against death" in line for line in bout.log)
    assert bout.dice_left() == 0
    # Nobody is dying now, so the cantrip has no one to help and leaves the menu.
    assert "ability:spells:spare-the-dying" not in bout.options("mira")


def test_a_dc_10_medicine_check_fails_at_7_plus_2_and_stabilizes_at_8_plus_2():
    # Dice: the Thorn lurker's health 3d8 + 3 (4, 4, 4) = 15; initiative Brom 15 + 1 = 16,
    # Ilsa 18 + 3 = 21, the lurker 2 + 2 = 4; Ilsa's Medicine 7 + 2 = 9 < 10 fails; Brom's
    # roll against death 12 (a success); Ilsa's Medicine 8 + 2 = 10 reaches 10.
    bout = Bout(ruleset(five_e(STABILIZE)), five_e_party(), [foe("thorn-lurker")], dice=[4, 4, 4, 15, 18, 2, 7, 12, 8])
    option = bout.options("ilsa")["contest:stabilize"]
    # 8 or more on the d20: 13 faces of 20.
    assert (option.targets, option.forecasts[0].win) == (["brom"], 0.65)
    assert option.text == "Action; Medicine against difficulty 10; on a win the target is stabilized"
    assert bout.choose("ilsa", "contest:stabilize", "brom") == [
        "Ilsa tries Stabilize on Brom: 7 + 2 = 9 with Medicine against difficulty 10, and loses.",
        "Brom's turn.",
        "Brom marks a success (12 against death, needing 10): 1 of 3 successes, 0 of 3 failures.",
        "Thorn Lurker's turn.",
    ]
    bout.choose("thorn-lurker", "end-turn")
    assert bout.choose("ilsa", "contest:stabilize", "brom") == [
        "Ilsa tries Stabilize on Brom: 8 + 2 = 10 with Medicine against difficulty 10, and wins.",
        "Ilsa's Stabilize stabilizes Brom: down but no longer dying.",
        "Brom's turn.",
        "Thorn Lurker's turn.",
    ]
    assert bout.who("brom").dying is None
    # The success he marked is wiped as three successes wipe theirs (effects.write_dying_counts).
    assert bout.who("brom").sheet["live"]["tracks"] == {"death_save_successes": 0}
    bout.choose("thorn-lurker", "end-turn")
    # Nobody is dying now: the check is offered against no one.
    assert "contest:stabilize" not in bout.options("ilsa")
    assert bout.dice_left() == 0


def test_targets_any_holds_the_actor_and_target_holds_narrows_to_holders():
    # The spec's Sword of Wounding check: anyone, the actor too, holding "wounded".
    treat = {"id": "treat", "label": "Treat wounds", "budget": "action", "attacker": {"checks": ["medic"]},
             "difficulty": 15, "targets": "any", "targetHolds": "poisoned",
             "onWin": {"ends": [{"condition": "poisoned", "on": "target"}]}}
    bout = Bout(ruleset(five_e(treat)), five_e_party(None), [foe("thorn-lurker")], dice=[4, 4, 4, 15, 18, 2, 15])
    assert "contest:treat" not in bout.options("ilsa")
    bout.put("ilsa", "poisoned")
    assert bout.options("ilsa")["contest:treat"].targets == ["ilsa"]
    bout.put("thorn-lurker", "poisoned")
    assert bout.options("ilsa")["contest:treat"].targets == ["ilsa", "thorn-lurker"]
    # 15 + 2 = 17 reaches 15: she is no longer poisoned.
    lines = bout.choose("ilsa", "contest:treat", "ilsa")
    assert lines[0] == "Ilsa tries Treat wounds on Ilsa: 15 + 2 = 17 with Medicine against difficulty 15, and wins."
    assert [h.id for h in bout.who("ilsa").conditions] == []


def _problems(pkg: dict[str, Any]) -> list[str]:
    _rs, problems = validate_package(pkg)
    return problems.lines()


def test_a_fixed_difficulty_is_refused_where_it_cannot_be_played():
    both = dict(STABILIZE, defender={"checks": ["might"]})
    assert any('a contest against a fixed "difficulty" has no "defender"' in line for line in _problems(five_e(both)))
    pkg = five_e(STABILIZE)
    del pkg["combat"]["dying"]
    assert _problems(pkg) == [
        'combat.contests[4].targetDying: needs a "combat.dying" rule: nobody is dying without one',
        'combat.contests[4].onWin.stabilizes: needs a "combat.dying" rule: nobody is dying without one',
    ]


def test_a_pool_fight_counts_successes_so_it_refuses_a_fixed_difficulty():
    pkg = pool_package(checks=[{"id": "brawn", "label": "Brawn", "value": {"abilityMod": "brawn"}}],
                       contests=[{"id": "heave", "label": "Heave", "budget": "act", "attacker": {"checks": ["brawn"]},
                                  "difficulty": 2, "onWin": {"applies": [{"condition": "dazed"}]}}])
    assert _problems(pkg) == [
        'combat.contests[0].difficulty: a "dice-pool" fight counts successes, so it refuses a fixed "difficulty"']
