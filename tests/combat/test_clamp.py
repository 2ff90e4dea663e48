"""Opponents nobody wrote, held to Lantern Marsh's threat tiers exactly as spec/combat-2
says: health into the band, defense / to-hit / save difficulty at most 2 above, damage
scaled down in the stated order (dice, flat, one strike of a sequence, sides) measured
against one target and never to 0, actions beyond the first six dropped. Tiers:
Flicker 3-8 health, defense 8, +3, 2-4 a round, save 9; Pack 8-16, 8, +3, 4-8, 10;
Dread 18-32, 11, +5, 8-14, 12."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat.clamp import clamp_block, round_damage
from shared.dice import parse_dice
from tests.combat.kit import marsh, ruleset

RS = ruleset(marsh())
TIERS = {t.id: t for t in RS.combat.threat.tiers}


def _block(tier: str, actions: list[dict], **numbers) -> dict:
    return {"tier": tier, "health": 10, "defense": 8, "initiativeModifier": 0, "actions": actions, **numbers}


def _act(aid: str, **rest) -> dict:
    return {"id": aid, "name": aid.capitalize(), "budget": "act", "toHit": 3, **rest}


def test_damage_is_reduced_dice_then_flat_then_one_strike_then_sides():
    actions = [_act("claw", damage={"dice": "2d6", "flat": 2}), _act("bite", damage={"dice": "1d8", "flat": 1}),
               {"id": "maul", "name": "Maul", "budget": "act",
                "sequence": [{"action": "claw", "times": 2}, {"action": "bite"}]}]
    block, notes = clamp_block(RS, "Mire brute", _block("pack", actions))
    # 23.5 a round -> 2d6 to 1d6 (16.5) -> claw's flat 2 to 1 (14.5) -> two claws to one (10)
    # -> bite's d8 to d6 (9) -> claw's d6 to d4 (8), inside Pack's 4 to 8.
    by_id = {a["id"]: a for a in block["actions"]}
    assert by_id["claw"]["damage"] == {"dice": "1d4", "flat": 1}
    assert by_id["bite"]["damage"] == {"dice": "1d6", "flat": 1}
    assert by_id["maul"]["sequence"] == [{"action": "claw", "times": 1}, {"action": "bite"}]
    assert round_damage(by_id["maul"], by_id) == 8
    assert notes == ["Mire brute's Maul is scaled down to fit Pack's damage per round (4 to 8)."]


def test_the_flat_part_inside_the_dice_text_is_kept():
    block, _ = clamp_block(RS, "Eel", _block("pack", [_act("bite", damage={"dice": "2d6+3"})]))
    assert block["actions"][0]["damage"] == {"dice": "1d6+3"}  # 10 -> 6.5


def test_nothing_is_reduced_to_zero_and_the_log_says_it_still_hits_too_hard():
    strikes = [_act(a, damage={"dice": "1d2", "flat": 1}) for a in ("a", "b", "c")]
    seq = {"id": "flurry", "name": "Flurry", "budget": "act", "sequence": [{"action": a} for a in ("a", "b", "c")]}
    block, notes = clamp_block(RS, "Wisp", _block("flicker", strikes + [seq], health=5))
    assert all(a["damage"] == {"dice": "1d2", "flat": 1} for a in block["actions"][:3])
    assert notes == ["Wisp's Flurry is scaled down as far as it goes without reducing anything to 0 and still "
                     "deals 7.5 a round, above Flicker's 4."]


def test_one_target_is_measured_not_every_target_an_area_reaches():
    blast = _act("blast", damage={"dice": "2d6"}, targetCount=3,
                 save={"save": "grit_save", "difficulty": 10, "onSuccess": "half"})
    del blast["toHit"]
    block, notes = clamp_block(RS, "Bog witch", _block("pack", [blast]))
    assert block["actions"][0]["damage"] == {"dice": "2d6"} and notes == []  # 7 against one target


def test_health_into_the_band_defense_to_hit_and_difficulties_at_most_2_above():
    hex_ = _act("hex", toHit=9, damage={"dice": "1d6"}, saveDifficulty=15,
                applies=[{"condition": "hexed", "duration": {"rounds": 1}}])
    gaze = _act("gaze", damage={"dice": "1d4"}, save={"save": "nerve_save", "difficulty": 16, "onSuccess": "none"})
    del gaze["toHit"]
    block, notes = clamp_block(RS, "Marsh hag", _block("dread", [hex_, gaze], health=60, defense=15))
    assert notes == [
        "Marsh hag's health 60 is held to 32 (Dread: 18 to 32).",
        "Marsh hag's defense 15 is held to 13 (at most 2 above Dread).",
        "Marsh hag's Hex to hit 9 is held to 7.",
        "Marsh hag's Hex difficulty 15 is held to 14.",
        "Marsh hag's Gaze difficulty 16 is held to 14.",
    ]


def test_rolled_health_is_held_when_a_roll_could_leave_the_band():
    block, notes = clamp_block(RS, "Bog brute", _block("pack", [_act("slam", damage={"flat": 4})],
                                                         health={"dice": "4d6", "flat": 2}))
    assert block["health"] == 16
    assert notes == ["Bog brute's health 4d6 + 2 (6 to 26) is held to 16 (Pack: 8 to 16)."]
    kept, none = clamp_block(RS, "Bog pup", _block("pack", [_act("nip", damage={"flat": 4})],
                                                    health={"dice": "2d4", "flat": 6}))
    assert kept["health"] == {"dice": "2d4", "flat": 6} and none == []  # 8 to 14: always inside


def test_names_the_ruleset_lacks_and_actions_past_six_are_dropped():
    actions = [_act(f"a{i}", damage={"flat": 1}) for i in range(1, 8)]
    actions[0]["damage"]["type"] = "plasma"
    actions[5] = {"id": "a6", "name": "A6", "budget": "act", "sequence": [{"action": "a1"}, {"action": "a7"}]}
    block, notes = clamp_block(RS, "Heron", _block("pack", actions, saves={"luck_save": 2, "grit_save": 1}))
    assert [a["id"] for a in block["actions"]] == ["a1", "a2", "a3", "a4", "a5", "a6"]
    assert block["actions"][5]["sequence"] == [{"action": "a1"}]
    assert notes == [
        "Heron's actions beyond the first six are dropped: A7.",
        "Heron's A6 no longer strikes with a7, which was dropped.",
        "Heron's save 'luck_save' is not one of this ruleset's, so it is dropped.",
        "Heron's A1: damage type 'plasma' is not one of this ruleset's, so it is dropped.",
    ]


def test_an_undeclared_tier_falls_to_the_bottom_of_the_scale():
    block, notes = clamp_block(RS, "Thing", _block("mythic", [_act("poke", damage={"flat": 2})], health=5))
    assert block["tier"] == "flicker"
    assert notes == ["Thing's tier 'mythic' is not declared, so it falls back to Flicker."]


DIE = st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20])


@st.composite
def proposals(draw):
    n = draw(st.integers(1, 3))
    actions = [_act(f"s{i}", damage={"dice": f"{draw(st.integers(1, 6))}d{draw(DIE)}", "flat": draw(st.integers(0, 6))})
               for i in range(n)]
    actions.append({"id": "combo", "name": "Combo", "budget": "act",
                    "sequence": [{"action": a["id"], "times": draw(st.integers(1, 3))} for a in actions]})
    return draw(st.sampled_from(sorted(TIERS))), actions, draw(st.integers(1, 200))


@given(proposals())
@settings(max_examples=150, deadline=None)
def test_every_round_fits_or_nothing_more_can_be_reduced_and_nothing_reaches_zero(case):
    tier_id, actions, health = case
    block, _notes = clamp_block(RS, "X", _block(tier_id, actions, health=health))
    tier = TIERS[tier_id]
    assert tier.health[0] <= block["health"] <= tier.health[1]
    by_id = {a["id"]: a for a in block["actions"]}
    for action in block["actions"]:
        for step in action.get("sequence") or []:
            assert step["times"] >= 1
        if "damage" in action:
            expr = parse_dice(action["damage"]["dice"])
            assert expr.count >= 1 and all(t.sides >= 2 for t in expr.terms)
            assert action["damage"]["flat"] >= 0
    for action in block["actions"]:
        if round_damage(action, by_id) > tier.damagePerRound[1]:
            units = [by_id[s["action"]] for s in action.get("sequence") or []] or [action]
            assert all(parse_dice(u["damage"]["dice"]).count == 1 and u["damage"]["flat"] <= 1
                       and parse_dice(u["damage"]["dice"]).sides == 2 for u in units)
            assert all(s.get("times", 1) == 1 for s in action.get("sequence") or [])
    assert isinstance(round_damage(block["actions"][0], by_id), Fraction)
