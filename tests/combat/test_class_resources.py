"""Class resources and the strike economy (spec/mechanics-2.md 1.239, 1.242, 1.245, 1.246,
1.247, 1.251, 1.252), fought on Marinara's 5e package as it ships with the class kit of
tests/combat/monk_kit.py: the vendored Ki, Quivering Palm, Lay on Hands and Font of Magic
features, with Flurry of Blows and Flexible Casting written as 1.242 and 1.252 write them.

Kai: a level-5 monk, Dexterity 16 (+3), proficiency +3: +6 to hit; the Shortsword and the
Unarmed Strike (the Martial Arts die at level 5, a d6) deal 1d6 + 3; two attacks an Attack
action; Ki 5. The Zombie: Armor Class 8, health 3d8 + 9 (8 + 8 + 8) + 9 = 33. Initiative
Kai 15 + 3 = 18, the Zombie 2 - 2 = 0.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat.engine import advance
from shared.sheet import Refusal
from shared.sheet.ops import spend
from shared.sheet.rests import take_rest
from shared.sheet.uses import UseAsk, use_entry
from shared.dice import ScriptedRoller
from tests.combat.kit import Bout, add_condition, foe, play, ruleset
from tests.combat.srd_kit import brom
from tests.combat.monk_kit import ilsa, kai, monk_package, sera

START = [8, 8, 8, 15, 2]
FLURRY = "ability:features:flurry-of-blows"
GRANTED = "attack:attacks:unarmed-strike@flurry"


def test_flurry_of_blows_waits_for_the_attack_action_spends_a_ki_and_buys_two_unarmed_strikes():
    # Dice: each attack roll 12 (12 + 6 = 18 against Armor Class 8: a hit); damage 4, 4, 5, 6.
    b = Bout(ruleset(monk_package()), [kai()], [foe("zombie")], dice=START + [12, 4, 12, 4, 12, 5, 12, 6])
    menu = b.options("kai")
    # Before any attack Flurry of Blows is not offered (`afterAttack`), nor is the granted strike.
    assert FLURRY not in menu and GRANTED not in menu
    assert b.choose("kai", "attack:attacks:shortsword", "zombie") == [
        "Kai attacks Zombie with Shortsword: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Shortsword (4 + 3 = 7) deals 7 piercing damage to Zombie.",
        "Zombie has 26 of 33 Hit points.",
    ]
    # The Attack action was taken with the Shortsword: Flurry is offered, for one Ki.
    menu = b.options("kai")
    assert menu[FLURRY].costs == [{"pool": "counters:ki", "amount": 1, "label": "Ki"}]
    assert menu[FLURRY].budget == "bonus"
    # Extra Attack's second strike is still in hand, so the granted strike is not offered yet.
    assert GRANTED not in menu
    b.choose("kai", "attack:attacks:shortsword", "zombie")
    assert b.choose("kai", FLURRY) == [
        "Kai spends 1 use of Ki on Flurry of Blows: 4 of 5 left.",
        "Flurry of Blows gives Kai 2 Flurry of Blows: 2 left this turn.",
        "Kai uses Flurry of Blows on Kai.",
    ]
    assert b.who("kai").sheet["live"]["pools"] == {"counters:ki": 4}
    # Two Unarmed Strikes on the flurry budget, each 1d6 + 3.
    assert b.options("kai")[GRANTED].label == "Unarmed Strike (Flurry of Blows)"
    assert b.choose("kai", GRANTED, "zombie") == [
        "Kai attacks Zombie with Unarmed Strike: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Unarmed Strike (5 + 3 = 8) deals 8 bludgeoning damage to Zombie.",
        "Zombie has 11 of 33 Hit points.",
    ]
    assert list(b.options("kai")) == [GRANTED, "end-turn"]
    assert b.choose("kai", GRANTED, "zombie")[:2] == [
        "Kai attacks Zombie with Unarmed Strike: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Unarmed Strike (6 + 3 = 9) deals 9 bludgeoning damage to Zombie.",
    ]
    # Flurry's strikes were paid by a grant: never the Attack action, and spent after two.
    assert b.who("kai").attack_action == ["shortsword"]
    assert b.dice_left() == 0


def test_flurry_needs_its_ki_and_the_attack_action_lasts_one_turn():
    # Kai at Ki 0: the Attack action taken, Flurry is still not offered (its row has nothing
    # to spend); the Attack action is forgotten when his next turn begins.
    b = Bout(ruleset(monk_package()), [kai(ki=0)], [foe("zombie")], dice=START + [12, 4])
    b.choose("kai", "attack:attacks:unarmed-strike", "zombie")
    # The Attack action was taken with an Unarmed Strike, but Ki 0 pays for nothing.
    assert FLURRY not in b.options("kai")
    b.choose("kai", "end-turn")
    b.choose("zombie", "end-turn")
    assert b.who("kai").attack_action == []


def test_quivering_palm_answers_an_unarmed_hit_for_three_ki_and_leaves_the_menu_at_two():
    # A level-17 Kai (proficiency +6: +9 to hit). Attack roll 12 + 9 = 21 against 8: a hit.
    rs = ruleset(monk_package())
    b = Bout(rs, [kai(ki=3, level=17, features=("quivering",))], [foe("zombie")], dice=START + [12, 5])
    assert b.choose("kai", "attack:attacks:unarmed-strike", "zombie") == [
        "Kai attacks Zombie with Unarmed Strike: 12 + 9 = 21 against Armor Class 8, a hit.",
        "The fight waits: Kai's Unarmed Strike (21 against Armor Class 8) hits Zombie. Asked in turn: Kai.",
    ]
    window = b.options("kai")
    assert list(window) == ["ability:features:quivering-palm", "pass"]
    assert window["ability:features:quivering-palm"].costs == [{"pool": "counters:ki", "amount": 3, "label": "Ki"}]
    assert b.choose("kai", "ability:features:quivering-palm", "zombie") == [
        "Kai answers with Quivering Palm.",
        "Kai spends 3 uses of Ki on Quivering Palm: 0 of 17 left.",
        "Kai uses Quivering Palm on Zombie.",
        "Zombie is Quivering for 10 rounds.",
        "Unarmed Strike (5 + 3 = 8) deals 8 bludgeoning damage to Zombie.",
        "Zombie has 25 of 33 Hit points.",
    ]
    # At Ki 2 the same hit is not held: three uses are not there to spend (`usesSpent: 3`).
    b = Bout(rs, [kai(ki=2, level=17, features=("quivering",))], [foe("zombie")], dice=START + [12, 5])
    assert b.choose("kai", "attack:attacks:unarmed-strike", "zombie") == [
        "Kai attacks Zombie with Unarmed Strike: 12 + 9 = 21 against Armor Class 8, a hit.",
        "Unarmed Strike (5 + 3 = 8) deals 8 bludgeoning damage to Zombie.",
        "Zombie has 25 of 33 Hit points.",
    ]
    assert "ability:features:quivering-palm" not in b.options("kai")
    assert b.who("kai").sheet["live"]["pools"] == {"counters:ki": 2}


def test_quivering_palm_answers_only_an_unarmed_strike():
    b = Bout(ruleset(monk_package()), [kai(ki=3, level=17, features=("quivering",))], [foe("zombie")],
             dice=START + [12, 5])
    # `names: ["Unarmed Strike"]`: a Shortsword hit is not held for it.
    assert b.choose("kai", "attack:attacks:shortsword", "zombie")[1] == \
        "Shortsword (5 + 3 = 8) deals 8 piercing damage to Zombie."


def test_lay_on_hands_heals_the_uses_chosen():
    # Ilsa, a level-3 paladin at 10 of 28 with Lay on Hands 15 (level 3 x 5), lays hands on
    # herself choosing 7: 7 x the amount (flat 1) = 7, and 15 - 7 = 8 left.
    rs = ruleset(monk_package())
    b = Bout(rs, [ilsa(pool=15, hp=10)], [foe("zombie")], dice=START)
    option = b.options("ilsa")["ability:features:lay-on-hands"]
    assert option.amount == {"max": 15}
    state, log = play(rs, b.state, "ilsa", "ability:features:lay-on-hands", "ilsa", amount=7)
    assert log[:4] == [
        "Ilsa spends 7 uses of Lay on Hands on Lay on Hands: 8 of 15 left.",
        "Ilsa uses Lay on Hands on Ilsa.",
        "Lay on Hands (7) heals Ilsa for 7.",
        "Ilsa has 17 of 28 Hit points.",
    ]
    assert state.combatant("ilsa").sheet["live"]["pools"] == {"counters:lay-on-hands": 8, "hp": 17}


def test_lay_on_hands_without_an_amount_spends_what_fills_the_target():
    # 28 - 20 = 8 missing, one use heals 1: 8 uses, 15 - 8 = 7 left. More than left is refused.
    rs = ruleset(monk_package())
    b = Bout(rs, [ilsa(pool=15, hp=20)], [foe("zombie")], dice=START)
    refused = advance(rs, b.state, {"actor": "ilsa", "option": "ability:features:lay-on-hands",
                                    "targets": ["ilsa"], "amount": 16})
    assert isinstance(refused, Refusal) and refused.code == "bad-amount"
    assert refused.message == "Lay on Hands spends from 1 to 15 uses now, not 16"
    _state, log = play(rs, b.state, "ilsa", "ability:features:lay-on-hands", "ilsa")
    assert log[0] == "Ilsa spends 8 uses of Lay on Hands on Lay on Hands: 7 of 15 left."
    assert log[3] == "Ilsa has 28 of 28 Hit points."


@settings(max_examples=15, deadline=None)
@given(pool=st.integers(min_value=1, max_value=15), chosen=st.integers(min_value=1, max_value=15),
       hp=st.integers(min_value=1, max_value=28))
def test_lay_on_hands_spends_exactly_the_uses_it_heals_with(pool, chosen, hp):
    """Whatever is chosen within what is left, the pool drops by it and the healing is that
    many points (capped by the maximum); beyond what is left nothing happens."""
    rs = ruleset(monk_package())
    b = Bout(rs, [ilsa(pool=pool, hp=hp)], [foe("zombie")], dice=START)
    result = advance(rs, b.state, {"actor": "ilsa", "option": "ability:features:lay-on-hands",
                                   "targets": ["ilsa"], "amount": chosen})
    if chosen > pool:
        assert isinstance(result, Refusal)
        return
    assert not isinstance(result, Refusal)
    pools = result[0].combatant("ilsa").sheet["live"]["pools"]
    assert pools["counters:lay-on-hands"] == pool - chosen
    assert pools["hp"] == min(28, hp + chosen)


def test_font_of_magic_turns_a_2nd_level_slot_into_two_sorcery_points():
    # Sera (level 3, Sorcery Points 3, at 0) pays the entry's slots_1 cost with a 2nd-level
    # slot: one step above the cheapest, so the refill is its 1 + `perCostStep` 1 = 2.
    rs = ruleset(monk_package())
    b = Bout(rs, [sera(points=0)], [foe("zombie")], dice=START)
    menu = b.options("sera")
    # 3 points are not there to spend: no slot can be made from them.
    assert "ability:features:create-a-2nd-level-slot" not in menu
    assert b.choose("sera", "ability:features:slot-to-sorcery-points@slots_2") == [
        "Sera spends 1 2nd-level slot on Slot to Sorcery Points.",
        "Sera pays 1 step above the base for Slot to Sorcery Points.",
        "Sera uses Slot to Sorcery Points on Sera.",
        "Slot to Sorcery Points (2) gives Sera 2 Sorcery Points: 2 of 3.",
    ]
    assert b.who("sera").sheet["live"]["pools"] == {"counters:sorcery-points": 2, "slots_2": 1}


def test_font_of_magic_makes_a_slot_past_the_maximum_until_a_long_rest():
    # 3 points (`usesSpent: 3` of the row `usesOf` names) make a 2nd-level slot; both slots
    # are there, so the third is kept above the maximum (`overMax`) until a rest fills it.
    rs = ruleset(monk_package())
    b = Bout(rs, [sera(points=3)], [foe("zombie")], dice=START)
    assert b.choose("sera", "ability:features:create-a-2nd-level-slot") == [
        "Sera spends 3 uses of Sorcery Points on Create a 2nd-level Slot: 0 of 3 left.",
        "Sera uses Create a 2nd-level Slot on Sera.",
        "Create a 2nd-level Slot (1) gives Sera 1 2nd-level slots: 3 of 2.",
    ]
    sheet = b.who("sera").sheet
    assert sheet["live"]["pools"] == {"counters:sorcery-points": 0, "slots_2": 2}
    assert sheet["live"]["excess"] == {"slots_2": 1}
    # The slot above the maximum is spent first; the long rest takes what is left of it.
    spent = spend(rs, sheet, "slots_2", 1)
    assert spent["live"]["pools"]["slots_2"] == 2 and "excess" not in spent["live"]
    rested = take_rest(rs, sheet, "long")
    assert not isinstance(rested, Refusal)
    assert rested.sheet["live"]["pools"]["slots_2"] == 2 and "excess" not in rested.sheet["live"]


def test_a_refill_of_a_pool_the_user_lacks_is_not_offered():
    # Without the Sorcery Points counter on the sheet, turning a slot into points is not
    # offered ("a pool the user does not have, on the user themselves").
    rs = ruleset(monk_package())
    member = sera(points=0)
    member["sheet"]["lists"]["counters"] = []
    member["sheet"]["live"] = {}
    b = Bout(rs, [member], [foe("zombie")], dice=START)
    assert not any(o.startswith("ability:features:slot-to-sorcery-points") for o in b.options("sera"))


def _blessed_package() -> dict:
    pkg = monk_package()
    add_condition(pkg, "storm_blessed", "Storm-blessed", actions=["spells/fire-bolt"])
    return pkg


def test_a_condition_gives_its_holder_a_use_while_it_lasts():
    # Brom (a level-3 fighter: no spellcasting ability, so his spell attack is proficiency
    # +2 alone) is given Fire Bolt by Storm-blessed (`actions`, 1.236) for one round. Attack
    # roll 12 + 2 = 14 against Armor Class 8; 1d10 (7): the Zombie 33 - 7 = 26.
    rs = ruleset(_blessed_package())
    b = Bout(rs, [brom()], [foe("zombie")], dice=START + [12, 7])
    assert "ability:storm_blessed:fire-bolt" not in b.options("brom")
    b.put("brom", "storm_blessed", rounds=1)
    option = b.options("brom")["ability:storm_blessed:fire-bolt"]
    # Nothing from the sheet: only its budget, the action.
    assert (option.costs, option.budget) == ([], "action")
    assert b.choose("brom", "ability:storm_blessed:fire-bolt", "zombie") == [
        "Brom uses Fire Bolt on Zombie.",
        "Brom attacks Zombie with Fire Bolt: 12 + 2 = 14 against Armor Class 8, a hit.",
        "Fire Bolt (7) deals 7 fire damage to Zombie.",
        "Zombie has 26 of 33 Hit points.",
        "Brom is no longer Storm-blessed: its time is up.",
        "Zombie's turn.",
    ]
    b.choose("zombie", "end-turn")
    assert "ability:storm_blessed:fire-bolt" not in b.options("brom")



def test_font_of_magic_refills_outside_a_fight_too():
    # The use command (shared/sheet/uses.py) pays a 2nd-level slot for the slots_1 entry: one
    # step above it, so 1 + 1 = 2 points (0 -> 2 of 3); nothing is rolled.
    rs = ruleset(monk_package())
    used = use_entry(rs, sera(points=0)["sheet"], UseAsk("Slot to Sorcery Points", level=2), ScriptedRoller([]), "Sera")
    assert not isinstance(used, Refusal)
    assert used.did == "Sera regains 2 Sorcery Points (2 of 3)"
    assert used.sheet["live"]["pools"] == {"counters:sorcery-points": 2, "slots_2": 1}
