"""Damage with exact numbers: resist / vulnerable / immune (case-insensitive), `resist-all`,
temporary points used up first, concentration broken by a failed save, going down and the
dying saves of a 5e-like rule.

Lantern Marsh: Juno swings a Reed axe (+3, 1d8 + 3 cut) and a Frost hook (+3, 1d4 + 3 cold);
Wren's Lantern Flare is a charm attack (+5, 1d8 fire, 1 Lamp oil). The Marsh eel (Guard 8,
Breath 40) resists "Cut", is vulnerable to fire and immune to cold.
"""

from __future__ import annotations

from shared.combat import effects as E
from shared.combat.fight import Fight
from tests.combat.kit import (
    Bout, add_charm, add_condition, add_creature, foe, juno_marsh, marsh, ruleset, wren_marsh,
)

AXE, HOOK, FLARE = "attack:kit:reed-axe", "attack:kit:frost-hook", "ability:charms:lantern-flare"


def _hound(pkg: dict, health: int = 30) -> dict:
    return add_creature(pkg, "reed-hound", "Reed hound", {
        "health": health, "defense": 8, "initiativeModifier": 0, "tier": "pack",
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 3, "damage": {"dice": "1d6", "type": "cut"}}],
    })


def _eel_pkg() -> dict:
    pkg = marsh()
    add_creature(pkg, "marsh-eel", "Marsh eel", {
        "health": 40, "defense": 8, "initiativeModifier": 0, "tier": "pack",
        "resist": ["Cut"], "vulnerable": ["fire"], "immune": ["cold"],
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 3, "damage": {"dice": "1d6", "type": "cut"}}],
    })
    add_condition(pkg, "stoneskin", "Stoneskin", effects=["resist-all"])
    return pkg


def _juno_with_hook() -> dict:
    juno = juno_marsh()
    juno["sheet"]["lists"]["kit"].append({"name": "Frost hook", "rolls": "might", "damage": "1d4", "harm": "cold"})
    return juno


def _eel_bout(dice: list[int], *, stoneskin: bool = False) -> Bout:
    # Initiative: Juno 12 + 1, Wren 11 + 1, the eel 1.
    bout = Bout(ruleset(_eel_pkg()), [_juno_with_hook(), wren_marsh("lantern-flare")], [foe("marsh-eel")],
                dice=[12, 11, 1, *dice])
    if stoneskin:
        bout.put("marsh-eel", "stoneskin")
    return bout


def test_resistance_halves_rounding_down_and_matches_the_type_whatever_its_case():
    bout = _eel_bout([9, 4])
    assert bout.choose("juno", AXE, "marsh-eel")[1:3] == [
        "Reed axe (4 + 3 = 7) deals 3 cut damage to Marsh eel (resisted: halved).",
        "Marsh eel has 37 of 40 Breath.",
    ]


def test_vulnerability_doubles():
    bout = _eel_bout([9, 4, 9, 5])
    bout.choose("juno", AXE, "marsh-eel")
    assert bout.choose("wren", FLARE, "marsh-eel")[:5] == [
        "Wren spends 1 Lamp oil on Lantern Flare.",
        "Wren uses Lantern Flare on Marsh eel.",
        "Wren attacks Marsh eel with Lantern Flare: 9 + 5 = 14 against Guard 8, a hit.",
        "Lantern Flare (5) deals 10 fire damage to Marsh eel (vulnerable: doubled).",
        "Marsh eel has 27 of 40 Breath.",
    ]


def test_immunity_takes_nothing_and_writes_nothing():
    bout = _eel_bout([9, 3])
    assert bout.choose("juno", HOOK, "marsh-eel")[:2] == [
        "Juno attacks Marsh eel with Frost hook: 9 + 3 = 12 against Guard 8, a hit.",
        "Frost hook (3 + 3 = 6) deals 0 cold damage to Marsh eel (Marsh eel is immune to cold).",
    ]
    assert bout.who("marsh-eel").health == 40


def test_resist_all_halves_on_top_of_a_resistance_and_cancels_a_vulnerability():
    bout = _eel_bout([9, 5, 9, 5], stoneskin=True)
    # Cut: resisted and resist-all, halved twice: 8 -> 4 -> 2.
    assert bout.choose("juno", AXE, "marsh-eel")[1] == \
        "Reed axe (5 + 3 = 8) deals 2 cut damage to Marsh eel (resisted: halved)."
    # Fire: vulnerable and resist-all cancel out.
    assert bout.choose("wren", FLARE, "marsh-eel")[3] == "Lantern Flare (5) deals 5 fire damage to Marsh eel."


def test_temporary_points_are_used_up_first_and_do_not_stack():
    pkg = _hound(marsh())
    add_charm(pkg, "bark-skin", "Bark Skin", {"kind": "buff", "targets": "ally", "temporary": {"flat": 3}})
    add_charm(pkg, "thin-bark", "Thin Bark", {"kind": "buff", "targets": "ally", "temporary": {"flat": 2}})
    # Initiative: Wren 12 + 1, Juno 11 + 1, the hound 1.
    bout = Bout(ruleset(pkg), [juno_marsh(), wren_marsh("bark-skin", "thin-bark")], [foe("reed-hound")],
                dice=[11, 12, 1, 9, 5])
    assert bout.choose("wren", "ability:charms:bark-skin", "juno") == [
        "Wren uses Bark Skin on Juno.",
        "Bark Skin gives Juno 3 temporary Breath.",
        "Juno's turn.",
    ]
    bout.choose("juno", "end-turn")
    assert bout.choose("reed-hound", "action:bite", "juno")[:3] == [
        "Reed hound attacks Juno with Bite: 9 + 3 = 12 against Guard 8, a hit.",
        "Bite (5) deals 5 cut damage to Juno.",
        "Juno has 9 of 11 Breath.",
    ]
    assert bout.who("juno").sheet["live"] == {"pools": {"breath": 9}}
    bout.choose("wren", "ability:charms:bark-skin", "juno")
    bout.choose("juno", "end-turn")
    bout.choose("reed-hound", "end-turn")
    # Only the bigger buffer stands: 3 already there, 2 more leaves 3.
    bout.choose("wren", "ability:charms:thin-bark", "juno")
    assert bout.who("juno").sheet["live"]["temp"] == {"breath": 3}


def test_a_block_creature_keeps_its_temporary_points_on_the_combatant():
    bout = Bout(ruleset(_hound(marsh())), [juno_marsh()], [foe("reed-hound")], dice=[12, 1, 9, 5])
    bout.who("reed-hound").temp = 4
    assert bout.choose("juno", AXE, "reed-hound")[1:3] == [
        "Reed axe (5 + 3 = 8) deals 8 cut damage to Reed hound.",
        "Reed hound has 26 of 30 Breath.",
    ]
    assert bout.who("reed-hound").temp == 0


# ---------------------------------------------------------------------------
# concentration
# ---------------------------------------------------------------------------


def _focus_pkg() -> dict:
    pkg = _hound(marsh(d20=True))
    pkg["sheet"]["live"]["text"] = [{"id": "focus", "label": "Concentrating on", "maxLength": 80}]
    pkg["combat"]["concentration"] = {"text": "focus", "save": "grit_save", "floor": 10, "fromDamage": 0.5}
    add_charm(pkg, "binding-reeds", "Binding Reeds", {
        "kind": "debuff", "targets": "enemy", "concentration": True, "save": {"save": "nerve_save", "onSuccess": "none"},
        "applies": [{"condition": "mired", "duration": {"rounds": 10}}]})
    add_charm(pkg, "still-water", "Still Water", {
        "kind": "buff", "targets": "self", "concentration": True,
        "applies": [{"condition": "warded", "duration": {"rounds": 10}}]})
    return pkg


def test_a_failed_concentration_save_ends_it_and_removes_its_conditions():
    # Initiative: Wren 12 + 1, the hound 1. The hound's Nerve save 5 fails against 12; its bite
    # hits for 4, and Wren's Grit save (d20 + 0) of 3 fails against max(10, 4 * 0.5).
    bout = Bout(ruleset(_focus_pkg()), [wren_marsh("binding-reeds", "still-water")], [foe("reed-hound")],
                dice=[12, 1, 5, 15, 4, 3])
    assert bout.choose("wren", "ability:charms:binding-reeds", "reed-hound")[:3] == [
        "Wren uses Binding Reeds on Reed hound.",
        "Reed hound rolls a Nerve save against Binding Reeds: 5 against 12, a failure.",
        "Reed hound is Mired for 10 rounds.",
    ]
    assert bout.who("wren").sheet["live"] == {"text": {"focus": "Binding Reeds"}}
    assert bout.choose("reed-hound", "action:bite", "wren")[:6] == [
        "Reed hound attacks Wren with Bite: 15 + 3 = 18 against Guard 8, a hit.",
        "Bite (4) deals 4 cut damage to Wren.",
        "Wren has 3 of 7 Breath.",
        "Wren rolls a Grit save to keep concentrating on Binding Reeds: 3 against 10, a failure.",
        "Wren stops concentrating on Binding Reeds: concentration is broken.",
        "Reed hound is no longer Mired: Wren's concentration ended.",
    ]
    assert bout.who("wren").concentration is None
    assert bout.who("wren").sheet["live"] == {"pools": {"breath": 3}}
    assert bout.who("reed-hound").conditions == []


def test_starting_a_second_concentration_ends_the_first():
    bout = Bout(ruleset(_focus_pkg()), [wren_marsh("binding-reeds", "still-water")], [foe("reed-hound")],
                dice=[12, 1, 5, 15, 4, 13])
    bout.choose("wren", "ability:charms:binding-reeds", "reed-hound")
    assert "a success." in bout.choose("reed-hound", "action:bite", "wren")[3]
    assert bout.choose("wren", "ability:charms:still-water")[:4] == [
        "Wren uses Still Water on Wren.",
        "Wren stops concentrating on Binding Reeds: starting Still Water.",
        "Reed hound is no longer Mired: Wren's concentration ended.",
        "Wren is Warded for 10 rounds.",
    ]
    assert bout.who("wren").sheet["live"]["text"] == {"focus": "Still Water"}


# ---------------------------------------------------------------------------
# going down and dying (5e-like: d20, 10 or more is a success, natural 20 back with 1,
# natural 1 two failures, damage while down one failure, a critical two)
# ---------------------------------------------------------------------------


def _dying_pkg() -> dict:
    pkg = _hound(marsh(d20=True))
    pkg["sheet"]["live"]["tracks"] += [{"id": "death_ok", "label": "Death save successes", "min": 0, "max": 3},
                                       {"id": "death_no", "label": "Death save failures", "min": 0, "max": 3}]
    add_condition(pkg, "fallen", "Fallen", effects=["cannot-act", "attacks-against-advantage"])
    pkg["combat"]["dying"] = {
        "kind": "saves", "successes": "death_ok", "failures": "death_no", "dice": {"count": 1, "sides": 20},
        "succeedAt": 10, "naturals": {"max": "revive-1", "min": "two-failures"},
        "damageWhileDown": "one-failure", "criticalWhileDown": "two-failures", "condition": "fallen"}
    return pkg


def _downed(dice: list[int]) -> Bout:
    """Juno starts at 2 Breath; the hound (first) bites her down with 15 and 4. Wren is second."""
    juno = juno_marsh(live={"pools": {"breath": 2}})
    bout = Bout(ruleset(_dying_pkg()), [juno, wren_marsh("marsh-mend")], [foe("reed-hound")],
                dice=[1, 2, 12, 15, 4, *dice])
    assert bout.choose("reed-hound", "action:bite", "juno")[2:5] == [
        "Juno has 0 of 11 Breath.",
        "Juno goes down and is dying.",
        "Wren's turn.",
    ]
    assert bout.who("juno").sheet["live"]["conditions"] == ["fallen"]
    return bout


def test_dying_saves_count_successes_and_a_natural_one_is_two_failures():
    bout = _downed([12, 1, 5])
    assert bout.choose("wren", "end-turn") == [
        "Juno's turn.",
        "Juno marks a success (12 against death, needing 10): 1 of 3 successes, 0 of 3 failures.",
        "Round 2.",
        "Reed hound's turn.",
    ]
    bout.choose("reed-hound", "end-turn")
    assert bout.choose("wren", "end-turn")[:2] == [
        "Juno's turn.",
        "Juno marks 2 failures (a natural 1 against death): 1 of 3 successes, 2 of 3 failures.",
    ]
    bout.choose("reed-hound", "end-turn")
    assert bout.choose("wren", "end-turn") == [
        "Juno's turn.",
        "Juno marks 1 failure (5 against death, needing 10): 1 of 3 successes, 3 of 3 failures.",
        "Juno dies.",
        "Round 4.",
        "Reed hound's turn.",
    ]
    assert bout.who("juno").out


def test_three_successes_make_a_dying_member_stable():
    bout = _downed([10, 19, 11])
    for _ in range(2):
        bout.choose("wren", "end-turn")
        bout.choose("reed-hound", "end-turn")
    assert bout.choose("wren", "end-turn")[1:3] == [
        "Juno marks a success (11 against death, needing 10): 3 of 3 successes, 0 of 3 failures.",
        "Juno is stable, down but no longer dying.",
    ]


def test_damage_while_down_costs_failures_and_a_critical_costs_two():
    bout = _downed([])
    fight = Fight(bout.rs, bout.state.model_copy(deep=True))
    juno, hound = fight.get("juno"), fight.get("reed-hound")
    E.deal_damage(fight, hound, juno, 3, "cut", what="Bite (3)")
    E.deal_damage(fight, hound, juno, 3, "cut", what="Bite (3)", critical=True)
    assert [e.text for e in fight.new_events] == [
        "Bite (3) deals 3 cut damage to Juno.",
        "Juno marks 1 failure (taking damage while down): 0 of 3 successes, 1 of 3 failures.",
        "Bite (3) deals 3 cut damage to Juno.",
        "Juno marks 2 failures (taking damage while down): 0 of 3 successes, 3 of 3 failures.",
        "Juno dies.",
    ]


def test_a_downed_member_can_still_be_attacked_and_each_hit_costs_failures():
    # Fallen gives attacks against Juno advantage; a hit is one failure, a critical two.
    bout = _downed([12, 4, 9, 3, 8, 20, 2, 5])
    bout.choose("wren", "end-turn")
    assert "juno" in bout.options("reed-hound")["action:bite"].targets
    assert bout.choose("reed-hound", "action:bite", "juno")[:3] == [
        "Reed hound attacks Juno with Bite: 9 (advantage; dropped 4) + 3 = 12 against Guard 8, a hit.",
        "Bite (3) deals 3 cut damage to Juno.",
        "Juno marks 1 failure (taking damage while down): 1 of 3 successes, 1 of 3 failures.",
    ]
    bout.choose("wren", "end-turn")
    lines = bout.choose("reed-hound", "action:bite", "juno")
    assert lines[:2] == [
        "Reed hound attacks Juno with Bite: 20 (advantage; dropped 2) + 3 = 23 against Guard 8, a natural 20, "
        "a critical hit.",
        "Bite (5, plus the dice's highest 6) deals 11 cut damage to Juno.",
    ]
    assert lines[2].startswith("Juno marks 2 failures (taking damage while down): 1 of 3 successes, ")
    assert lines[3] == "Juno dies."
    assert bout.dice_left() == 0


def test_healing_a_dying_member_brings_them_back_and_lets_them_act():
    bout = _downed([3])
    assert bout.choose("wren", "ability:charms:marsh-mend", "juno")[:5] == [
        "Wren uses Marsh Mend on Juno.",
        "Marsh Mend (3 + 1 = 4) heals Juno for 4.",
        "Juno is back on their feet.",
        "Juno is no longer Fallen: Juno is back up.",
        "Juno has 4 of 11 Breath.",
    ]
    assert bout.waiting() == "juno"
    assert "fallen" not in bout.who("juno").sheet["live"].get("conditions", [])


def test_a_natural_twenty_against_death_comes_back_with_one():
    bout = _downed([20])
    assert bout.choose("wren", "end-turn") == [
        "Juno's turn.",
        "Juno rolls 20 against death: a natural 20, back up with 1.",
        "Juno is no longer Fallen: Juno is back up.",
    ]
    assert bout.waiting() == "juno"
    assert bout.who("juno").sheet["live"] == {"pools": {"breath": 1}}


def test_dying_counts_are_written_to_the_sheet_tracks():
    bout = _downed([12])
    bout.choose("wren", "end-turn")
    assert bout.who("juno").sheet["live"]["tracks"] == {"death_ok": 1}


def test_without_a_dying_rule_a_member_at_zero_is_down_and_healing_brings_them_back():
    pkg = _hound(marsh(d20=True))
    juno = juno_marsh(live={"pools": {"breath": 2}})
    bout = Bout(ruleset(pkg), [juno, wren_marsh("marsh-mend")], [foe("reed-hound")], dice=[1, 2, 12, 15, 4, 2])
    assert bout.choose("reed-hound", "action:bite", "juno")[3] == "Juno goes down."
    assert bout.choose("wren", "ability:charms:marsh-mend", "juno")[1:4] == [
        "Marsh Mend (2 + 1 = 3) heals Juno for 3.",
        "Juno is back on their feet.",
        "Juno has 3 of 11 Breath.",
    ]
    assert bout.waiting() == "juno"
