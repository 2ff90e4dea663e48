"""Damage a condition changes (1.133): `damage` and `damage-taken` modifiers with `attacks`
(weapon/spell/any), `blow`, `ability`, `fromSource` and `damageType`; additions merged into
the part of their type before resistance; `times` rounding the whole blow down once;
criticals doubling added dice the ruleset's way; saves and automatic hits receiving
nothing; `targetIs` on `plus` clauses; and the menu's forecasts counting the holder's own
modifiers (not a target's mark). See conditions_kit.py for the numbers."""

from __future__ import annotations

from tests.combat.conditions_kit import AXE, HOOK, base, charm, condition, juno_marsh, juno_wren_vs

SPEAR = "attack:kit:reed-spear"
FLARE = "ability:charms:lantern-flare"


def _pkg() -> dict:
    pkg = base()
    condition(pkg, "rage", modifiers=[{"to": "damage", "attacks": "weapon", "blow": "melee", "ability": "might", "flat": 2}])
    condition(pkg, "favor", modifiers=[{"to": "damage", "attacks": "weapon", "dice": "1d4", "damageType": "fire"}])
    condition(pkg, "keen", modifiers=[{"to": "damage", "damageType": "Cut", "flat": 1}])
    condition(pkg, "enfeebled", modifiers=[{"to": "damage", "attacks": "weapon", "ability": "might", "times": 0.5}])
    condition(pkg, "focus", modifiers=[{"to": "damage", "attacks": "spell", "flat": 3}])
    condition(pkg, "marked", modifiers=[{"to": "damage-taken", "attacks": "weapon", "fromSource": True, "dice": "1d6"}])
    charm(pkg, "holy-water", {"kind": "attack", "targets": "enemy", "attackRoll": True, "amount": {"dice": "1d4"},
                              "damageType": "cut",
                              "plus": [{"dice": "2d6", "type": "fire", "targetIs": {"types": ["undead"]}}]})
    charm(pkg, "marsh-gas", {"kind": "attack", "targets": "enemy", "amount": {"dice": "2d6"}, "damageType": "cold",
                             "save": {"save": "grit_save", "onSuccess": "half"}})
    return pkg


def _juno(*rows: dict) -> dict:
    return juno_marsh(lists={"kit": [{"name": "Reed axe", "rolls": "might", "damage": "1d8", "harm": "cut"}, *rows]})


# ---------------------------------------------------------------------------
# additions
# ---------------------------------------------------------------------------


def test_an_addition_of_the_hits_type_merges_into_it():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 5])
    b.put("juno", "rage", rounds=5)
    lines = b.choose("juno", AXE, "stoat")
    assert lines[:3] == ["Juno attacks Stoat with Reed axe: 9 + 3 = 12 against Guard 8, a hit.",
                         "Reed axe (5 + 3 = 8, + 2 (Rage) = 10) deals 10 cut damage to Stoat.", "Stoat has 10 of 20 Breath."]


def test_an_added_roll_below_0_adds_0_like_every_damage_roll():
    # One rule for a damage roll (rolls.roll_damage), the strike's and an addition's alike:
    # a total below 0 deals 0, as the forecast counts it. Wane's 1d4 - 3 rolls 1: 1 - 3 = -2,
    # so it adds 0 and the axe's 5 + 3 = 8 lands whole (not 8 - 2 = 6).
    pkg = _pkg()
    condition(pkg, "wane", modifiers=[{"to": "damage", "attacks": "weapon", "dice": "1d4-3"}])
    b = juno_wren_vs(pkg, ["stoat"], [9, 5, 1])
    b.put("juno", "wane", rounds=5)
    lines = b.choose("juno", AXE, "stoat")
    assert lines[:3] == ["Juno attacks Stoat with Reed axe: 9 + 3 = 12 against Guard 8, a hit.",
                         "Reed axe (5 + 3 = 8, + 0 (Wane) = 8) deals 8 cut damage to Stoat.", "Stoat has 12 of 20 Breath."]


def test_a_typed_addition_is_its_own_part_and_resisted_by_its_own_type():
    pkg = _pkg()
    next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "stoat")["creature"]["resist"] = ["fire"]
    b = juno_wren_vs(pkg, ["stoat"], [9, 5, 3])
    b.put("juno", "favor", rounds=5)
    b.put("juno", "keen", rounds=5)
    lines = b.choose("juno", AXE, "stoat")
    assert lines[1:5] == ["Reed axe (5 + 3 = 8, + 1 (Keen) = 9) deals 9 cut damage to Stoat.", "Stoat has 11 of 20 Breath.",
                          "Favor (1d4: 3) deals 1 fire damage to Stoat (resisted: halved).", "Stoat has 10 of 20 Breath."]


def test_times_halves_the_whole_blow_rounding_down_once_across_its_parts():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 6, 3])
    b.put("juno", "favor", rounds=5)
    b.put("juno", "enfeebled", rounds=5)
    lines = b.choose("juno", AXE, "stoat")
    # 9 cut and 3 fire is 12; halved once it is 6 (4.5 and 1.5 would round down to 5 apiece).
    assert lines[1:6] == ["Enfeebled halves the blow: 12 becomes 6.",
                          "Reed axe (6 + 3 = 9) deals 5 cut damage to Stoat.", "Stoat has 15 of 20 Breath.",
                          "Favor (1d4: 3) deals 1 fire damage to Stoat.", "Stoat has 14 of 20 Breath."]


def test_ability_and_blow_narrow_an_addition():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 5], juno=_juno({"name": "Reed spear", "rolls": "nerve", "damage": "1d6",
                                                             "harm": "cut"}))
    b.put("juno", "rage", rounds=5)
    lines = b.choose("juno", SPEAR, "stoat")
    assert lines[1] == "Reed spear (5 + 1 = 6) deals 6 cut damage to Stoat."


def test_weapon_additions_do_not_reach_spells_and_spell_additions_do_not_reach_weapons():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 5, 9, 2, 4], charms=("lantern-flare",))
    b.put("juno", "focus", rounds=5)
    b.put("wren", "rage", rounds=5)
    b.put("wren", "focus", rounds=5)
    assert b.choose("juno", AXE, "stoat")[1] == "Reed axe (5 + 3 = 8) deals 8 cut damage to Stoat."
    lines = b.choose("wren", FLARE, "stoat")
    assert lines[2:4] == ["Wren attacks Stoat with Lantern Flare: 9 + 5 = 14 against Guard 8, a hit.",
                          "Lantern Flare (2, + 3 (Focus) = 5) deals 5 fire damage to Stoat."]


def test_saves_and_automatic_hits_receive_nothing():
    b = juno_wren_vs(_pkg(), ["stoat"], [3, 4, 5], charms=("marsh-gas",))
    b.put("wren", "focus", rounds=5)
    b.choose("juno", "end-turn")
    lines = b.choose("wren", "ability:charms:marsh-gas", "stoat")
    assert lines[1:3] == ["Stoat rolls a Grit save against Marsh Gas: 5 against 12, a failure.",
                          "Marsh Gas (7 (3 + 4)) deals 7 cold damage to Stoat."]


def test_a_critical_adds_the_dice_highest_face_to_the_added_dice_too():
    b = juno_wren_vs(_pkg(), ["stoat"], [12, 5, 3])
    b.put("juno", "favor", rounds=5)
    lines = b.choose("juno", AXE, "stoat")
    assert lines[0] == "Juno attacks Stoat with Reed axe: 12 + 3 = 15 against Guard 8, a natural 12, a critical hit."
    assert lines[1] == "Reed axe (5 + 3 = 8, plus the dice's highest 8) deals 16 cut damage to Stoat."
    assert lines[3] == "Favor (1d4: 3, plus the dice's highest 4) deals 7 fire damage to Stoat."


# ---------------------------------------------------------------------------
# damage-taken, fromSource
# ---------------------------------------------------------------------------


def test_damage_taken_from_source_reaches_only_the_appliers_hits():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 5, 9, 2, 6])
    b.put("stoat", "marked", source="wren", rounds=5)
    assert b.choose("juno", AXE, "stoat")[1] == "Reed axe (5 + 3 = 8) deals 8 cut damage to Stoat."
    lines = b.choose("wren", HOOK, "stoat")
    assert lines[1] == "Lamp hook (2, + 6 (Marked) = 8) deals 8 cut damage to Stoat."


def test_a_stat_block_attack_is_a_weapon_and_has_no_ability():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 2, 4])
    b.put("juno", "marked", source="stoat", rounds=5)
    b.put("stoat", "rage", rounds=5)
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("stoat", "action:nip", "juno")
    assert lines[1] == "Nip (2, + 4 (Marked) = 6) deals 6 cut damage to Juno."


# ---------------------------------------------------------------------------
# targetIs on plus clauses
# ---------------------------------------------------------------------------


def test_a_clause_reaches_only_the_targets_its_test_passes():
    b = juno_wren_vs(_pkg(), ["stoat", "ghoul"], [9, 2, 9, 3, 4, 5], charms=("holy-water",))
    b.choose("juno", "end-turn")
    lines = b.choose("wren", "ability:charms:holy-water", "stoat")
    assert lines[2:5] == ["Part of Holy Water reaches only Undead, so it passes Stoat by.",
                          "Holy Water (2) deals 2 cut damage to Stoat.", "Stoat has 18 of 20 Breath."]


def test_forecasts_count_the_holders_own_modifiers_and_clauses_only_where_they_reach():
    b = juno_wren_vs(_pkg(), ["stoat", "ghoul"], [], charms=("holy-water",))
    plain = {f.target: f.damage for f in b.options("juno")[AXE].forecasts}
    # 1d12 + 3 against 8: hits on 5 to 12, a critical on 12 adds 8.
    assert plain == {"stoat": 5.667, "ghoul": 5.667}
    b.put("juno", "rage", rounds=5)
    b.put("stoat", "marked", source="juno", rounds=5)
    assert {f.target: f.damage for f in b.options("juno")[AXE].forecasts} == {"stoat": 7.0, "ghoul": 7.0}
    b.put("juno", "enfeebled", rounds=5)
    assert {f.target: f.damage for f in b.options("juno")[AXE].forecasts} == {"stoat": 3.5, "ghoul": 3.5}
    b.choose("juno", "end-turn")
    water = {f.target: f.damage for f in b.options("wren")["ability:charms:holy-water"].forecasts}
    # 1d4 at +5 hits on 3 to 12 (2.5; a natural 12 adds 4): 9/12 x 2.5 + 1/12 x 6.5. The 2d6 fire
    # reaches only the undead ghoul: 9/12 x 9.5 + 1/12 x 25.5.
    assert water == {"stoat": 2.417, "ghoul": 9.25}
