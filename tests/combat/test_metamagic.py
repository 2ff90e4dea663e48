"""Metamagic (spec/mechanics-2.md 1.253, 1.254, 1.255's Heightened target), fought on
Marinara's 5e package as it ships with the options of tests/combat/metamagic_kit.py written
beside the vendored `sorcerer-metamagic` feature and its Sorcery Points (the vendored Font of
Magic counter).

Sera: a level-5 sorcerer, spell attack +6 (Charisma +3, proficiency +3), spell save DC 14,
Sorcery Points 5; Fire Bolt 2d10 at level 5. Brom: a level-3 fighter, Dexterity 12 (+1), 28
hit points. The Zombie: Armor Class 8, health 3d8 + 9 = 8 + 8 + 8 + 9 = 33. The Goblin: Armor
Class 15, health 2d6 = 3 + 4 = 7. Initiative: Sera 15 + 2 = 17, Brom 10 + 1 = 11, the Zombie
2 - 2 = 0, the Goblin 5 + 2 = 7. (The package's creatures add only the saves their stat
block lists: the Zombie's Dexterity save and the Goblin's Wisdom save are the bare d20.)
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat.engine import advance, menu
from shared.protocol import ChoiceRequest
from shared.service.director_prompt import director_messages, read_choice
from shared.dice import ScriptedRoller
from shared.sheet import Refusal
from shared.sheet.uses import UseAsk, use_entry
from tests.combat.kit import Bout, foe, play, ruleset
from tests.combat.metamagic_kit import metamagic_package, sera, subtle_package
from tests.combat.srd_kit import brom

START = [8, 8, 8, 3, 4, 15, 10, 2, 5]
BOARD = {"rows": ["............"] * 8}
QUICKENED = "ability:features:quickened-spell"
TWINNED = "ability:features:twinned-spell"
EMPOWERED = "ability:features:empowered-spell"
HEIGHTENED = "ability:features:heightened-spell"
CAREFUL = "ability:features:careful-spell"
SUBTLE = "ability:features:subtle-spell"
FIRE_BOLT = "ability:spells:fire-bolt"
FIREBALL = "ability:spells:fireball"
HOLD_PERSON = "ability:spells:hold-person"

_RS: list[Any] = []


def rs() -> Any:
    if not _RS:
        _RS.append(ruleset(metamagic_package()))
    return _RS[0]


def bout(options: tuple[str, ...], dice: list[int], **kw: Any) -> Bout:
    return Bout(rs(), [sera(*options), brom()], [foe("zombie"), foe("goblin")], dice=START + dice, **kw)


def refused(b: Bout, **choice: Any) -> Refusal:
    result = advance(b.rs, b.state, {"actor": "sera", **choice})
    assert isinstance(result, Refusal), result
    return result


def test_metamagic_is_never_on_the_menu_alone_and_is_offered_where_it_changes_something():
    b = bout(("quickened", "twinned", "empowered", "heightened", "careful"), [])
    menu = b.options("sera")
    assert not any(oid.startswith("ability:features:") for oid in menu)
    offered = {oid: [a.id for a in o.alters or []] for oid, o in menu.items() if oid.startswith("ability:spells")}
    # Fire Bolt: one target, no save, damage dice, no higher slot: Quickened, Twinned, Empowered.
    # Fireball: an area (never Twinned), a save (Heightened), damage (Empowered); off the board
    # it is aimed at the other side only, so Careful has nobody of Sera's to spare.
    # Hold Person: a save, no damage: Quickened, Twinned, Heightened.
    assert offered[FIRE_BOLT] == [QUICKENED, TWINNED, EMPOWERED]
    assert offered[FIREBALL] == [QUICKENED, EMPOWERED, HEIGHTENED]
    assert offered[HOLD_PERSON] == [QUICKENED, TWINNED, HEIGHTENED]
    quick = menu[FIRE_BOLT].alters[0]
    assert quick.model_dump(exclude_none=True) == {
        "id": QUICKENED, "label": "Quickened Spell", "budget": "bonus",
        "costs": [{"pool": "counters:sorcery-points", "amount": 2, "label": "Sorcery Points"}]}
    assert menu[FIRE_BOLT].model_dump(mode="json")["alters"][1] == {
        "id": TWINNED, "label": "Twinned Spell", "twins": True,
        "costs": [{"pool": "counters:sorcery-points", "amount": 1, "label": "Sorcery Points"}]}


def test_twinned_spends_the_level_the_spell_is_paid_at_and_never_less_than_one():
    # `usesSpentByLevel`: Fire Bolt is a cantrip (nothing paid: 0, at least 1), Hold Person
    # paid with a 2nd-level slot 2, with a 3rd-level slot 3.
    menu = bout(("twinned",), []).options("sera")
    price = {oid: menu[oid].alters[0].costs[0]["amount"]
             for oid in (FIRE_BOLT, HOLD_PERSON, f"{HOLD_PERSON}@slots_3")}
    assert price == {FIRE_BOLT: 1, HOLD_PERSON: 2, f"{HOLD_PERSON}@slots_3": 3}
    # With 1 point left Hold Person cannot be twinned (2 needed), Fire Bolt still can.
    b = Bout(rs(), [sera("twinned", points=1), brom()], [foe("zombie"), foe("goblin")], dice=START)
    menu = b.options("sera")
    assert menu[HOLD_PERSON].alters is None and [a.id for a in menu[FIRE_BOLT].alters] == [TWINNED]


def test_quickened_fire_bolt_is_a_bonus_action_for_two_points():
    # Quickened: 2 points (5 -> 3), paid from the bonus action. Attack roll 12 + 6 = 18
    # against 8; 2d10 = 3 + 5 = 8: the Zombie 33 - 8 = 25.
    b = bout(("quickened",), [12, 3, 5])
    assert b.options("sera")[FIRE_BOLT].budget == "action"
    state, log = play(rs(), b.state, "sera", FIRE_BOLT, "zombie", alters=[QUICKENED])
    assert log == [
        "Sera spends 2 uses of Sorcery Points on Quickened Spell: 3 of 5 left.",
        "Sera's Quickened Spell alters Fire Bolt: paid with a Bonus action.",
        "Sera uses Fire Bolt on Zombie.",
        "Sera attacks Zombie with Fire Bolt: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Fire Bolt (8 (3 + 5)) deals 8 fire damage to Zombie.",
        "Zombie has 25 of 33 Hit points.",
    ]
    sera_now = state.combatant("sera")
    assert sera_now.sheet["live"]["pools"] == {"counters:sorcery-points": 3}
    assert (sera_now.budgets["action"], sera_now.budgets["bonus"]) == (1, 0)
    # The action is still there: Fire Bolt is offered on it, and Quickened (the bonus action
    # spent) no more.
    b.state = state
    again = b.options("sera")[FIRE_BOLT]
    assert (again.budget, again.alters, again.alterNeeded) == ("action", None, None)


def test_twinned_and_empowered_fire_bolt_strike_two_and_reroll_the_lowest_dice():
    # Twinned (1 point, a cantrip) and Empowered (1 point; it joins): 5 -> 3. Each target
    # is rolled for on its own. The Zombie: 12 + 6 = 18 against 8, 2d10 = 1 + 2; Empowered
    # rerolls up to 3 dice below the d10's average 5.5, lowest first: 1 -> 6, 2 -> 4, so
    # 3 - 3 + 10 = 10 (33 - 10 = 23). The Goblin: 9 + 6 = 15 against 15, 2d10 = 9 + 9 =
    # 18, no die below 5.5 to reroll.
    b = bout(("twinned", "empowered"), [12, 1, 2, 6, 4, 9, 9, 9])
    state, log = play(rs(), b.state, "sera", FIRE_BOLT, "zombie", "goblin", alters=[TWINNED, EMPOWERED])
    assert log[:12] == [
        "Sera spends 1 use of Sorcery Points on Twinned Spell: 4 of 5 left.",
        "Sera's Twinned Spell alters Fire Bolt: one more target.",
        "Sera spends 1 use of Sorcery Points on Empowered Spell: 3 of 5 left.",
        "Sera's Empowered Spell alters Fire Bolt: up to 3 damage dice rolled again.",
        "Sera uses Fire Bolt on Zombie, Goblin.",
        "Sera attacks Zombie with Fire Bolt: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Fire Bolt (3 (1 + 2); Empowered Spell rolls 1 → 6 and 2 → 4, 10 in all) deals 10 fire damage to Zombie.",
        "Zombie has 23 of 33 Hit points.",
        "Sera attacks Goblin with Fire Bolt: 9 + 6 = 15 against Armor Class 15, a hit.",
        "Fire Bolt (18 (9 + 9)) deals 18 fire damage to Goblin.",
        "Goblin has 0 of 7 Hit points.",
        "Goblin drops out of the fight.",
    ]
    assert state.combatant("sera").sheet["live"]["pools"] == {"counters:sorcery-points": 3}
    assert [e.kind for e in state.events].count("altered") == 2


def test_without_twinned_a_single_target_spell_takes_one_target():
    b = bout(("twinned",), [])
    assert refused(b, option=FIRE_BOLT, targets=["zombie", "goblin"]) == \
        Refusal("bad-target", "Fire Bolt takes at most 1 target(s)")


def test_only_one_change_a_use_unless_it_joins():
    b = bout(("quickened", "twinned", "empowered"), [])
    assert refused(b, option=FIRE_BOLT, targets=["zombie"], alters=[QUICKENED, TWINNED]) == Refusal(
        "bad-alter", "only one metamagic is applied to Fire Bolt, unless it joins another: Quickened Spell, "
                     "Twinned Spell")
    assert refused(b, option=FIRE_BOLT, targets=["zombie"], alters=[QUICKENED, QUICKENED]) == \
        Refusal("bad-alter", "a metamagic id is named twice")
    assert refused(b, option=HOLD_PERSON, targets=["zombie"], alters=[EMPOWERED]) == Refusal(
        "bad-alter", f"'{EMPOWERED}' is not offered with Hold Person now (offered: {QUICKENED}, {TWINNED})")


def test_heightened_gives_the_chosen_target_disadvantage_on_its_first_save():
    # Heightened (3 points: 5 -> 2) on Hold Person at the Goblin: its Wisdom save rolls two
    # d20s, 18 and 5, and keeps the lower: 5 against DC 14, a failure: paralyzed.
    b = bout(("heightened",), [18, 5])
    state, log = play(rs(), b.state, "sera", HOLD_PERSON, "goblin", alters=[HEIGHTENED])
    assert log[:6] == [
        "Sera spends 1 2nd-level slot on Hold Person.",
        "Sera spends 3 uses of Sorcery Points on Heightened Spell: 2 of 5 left.",
        "Sera's Heightened Spell alters Hold Person: Goblin's first save with disadvantage.",
        "Sera uses Hold Person on Goblin.",
        "Goblin rolls a Wisdom save against Hold Person: 5 (disadvantage; dropped 18) against 14, a failure.",
        "Goblin is Paralyzed until saved.",
    ]
    assert state.combatant("sera").sheet["live"]["pools"] == {"counters:sorcery-points": 2, "slots_2": 2}


def test_heightens_names_one_the_spell_is_aimed_at_and_never_the_user():
    b = bout(("heightened",), [])
    assert refused(b, option=FIREBALL, targets=["zombie"], alters=[HEIGHTENED], heightens="sera") == Refusal(
        "bad-alter", "heightens names one of those Fireball is aimed at, other than its user: zombie, not 'sera'")
    assert refused(b, option=FIREBALL, targets=["zombie"], alters=[HEIGHTENED], heightens="goblin").code == "bad-alter"
    assert refused(b, option=FIREBALL, targets=["zombie"], heightens="zombie") == Refusal(
        "bad-alter", "heightens names who rolls with disadvantage, and no change that heightens is chosen")


def test_empowered_fireball_rerolls_its_three_lowest_dice_once_for_everyone():
    # 8d6 = 1 + 2 + 1 + 6 + 5 + 3 + 4 + 2 = 24; the dice below 3.5, lowest first: 1, 1, 2
    # (the first 2) rerolled 4, 6, 5: 24 - 4 + 15 = 35. The Zombie's save 9 against 14 fails.
    b = bout(("empowered",), [1, 2, 1, 6, 5, 3, 4, 2, 4, 6, 5, 9])
    _state, log = play(rs(), b.state, "sera", FIREBALL, "zombie", alters=[EMPOWERED])
    assert log[3:7] == [
        "Sera uses Fireball on Zombie.",
        "Zombie rolls a Dexterity save against Fireball: 9 against 14, a failure.",
        "Fireball (24 (1 + 2 + 1 + 6 + 5 + 3 + 4 + 2); Empowered Spell rolls 1 → 4 and 1 → 6 and 2 → 5, 35 in all) "
        "deals 35 fire damage to Zombie.",
        "Zombie has 0 of 33 Hit points.",
    ]


@settings(max_examples=25, deadline=None)
@given(faces=st.lists(st.integers(min_value=1, max_value=6), min_size=8, max_size=8),
       again=st.lists(st.integers(min_value=1, max_value=6), min_size=3, max_size=3))
def test_empowered_rerolls_at_most_three_dice_all_below_average_lowest_first(faces, again):
    """Whatever the dice, the damage is the faces with the lowest (at most three) of those
    below 3.5 replaced by the rerolled ones; the other dice stand."""
    low = sorted(range(8), key=lambda i: faces[i])
    picked = [i for i in low if faces[i] < 3.5][:3]
    expected = sum(faces) - sum(faces[i] for i in picked) + sum(again[:len(picked)])
    b = bout(("empowered",), faces + again[:len(picked)] + [1])
    _state, log = play(rs(), b.state, "sera", FIREBALL, "zombie", alters=[EMPOWERED])
    # The Zombie's save (1 against 14) fails: it takes the whole amount.
    assert f"Zombie has {max(0, 33 - expected)} of 33 Hit points." in log


def test_with_the_action_spent_a_spell_is_offered_only_with_quickened():
    # Fire Bolt with the action (12 + 6 = 18, 3 + 5 = 8); then every spell is offered on the
    # bonus action with `alterNeeded`, and a choice without Quickened is refused.
    b = bout(("quickened", "heightened"), [12, 3, 5, 18])
    b.choose("sera", FIRE_BOLT, "zombie")
    menu = b.options("sera")
    hold = menu[HOLD_PERSON]
    assert (hold.budget, hold.alterNeeded, [a.id for a in hold.alters]) == ("bonus", [QUICKENED], [QUICKENED])
    assert hold.model_dump(mode="json")["alterNeeded"] == [QUICKENED]
    assert refused(b, option=HOLD_PERSON, targets=["zombie"]) == Refusal(
        "bad-alter", f"Hold Person can be used now only with {QUICKENED}: the choice's alters must include it")
    # Heightened does not join, so it is not offered beside the Quickened it would need.
    assert refused(b, option=HOLD_PERSON, targets=["zombie"], alters=[HEIGHTENED]).code == "bad-alter"
    _state, log = play(rs(), b.state, "sera", HOLD_PERSON, "zombie", alters=[QUICKENED])
    assert log[:5] == [
        "Sera spends 1 2nd-level slot on Hold Person.",
        "Sera spends 2 uses of Sorcery Points on Quickened Spell: 3 of 5 left.",
        "Sera's Quickened Spell alters Hold Person: paid with a Bonus action.",
        "Sera uses Hold Person on Zombie.",
        "Zombie rolls a Wisdom save against Hold Person: 18 against 14, a success.",
    ]


# ---------------------------------------------------------------------------
# Careful on a board: a Fireball catching Brom
# ---------------------------------------------------------------------------


def board_bout(dice: list[int]) -> Bout:
    return Bout(rs(), [sera("careful", "heightened") | {"position": [0, 3]}, brom() | {"position": [7, 3]}],
                [foe("zombie", position=[8, 3]), foe("goblin", position=[8, 4])], board=BOARD, dice=START + dice)


def test_careful_spares_an_ally_caught_in_a_fireball():
    # A 20-foot burst at 8, 3 catches Brom, the Zombie and the Goblin; Careful spares up to
    # Sera's Charisma modifier, 3. Brom, spared, succeeds without rolling and takes half of
    # 8d6 = 3 + 4 + 5 + 6 + 1 + 2 + 3 + 4 = 28: 14 (28 - 14 = 14 left). The Zombie rolls 10
    # and the Goblin 12 against 14: both fail and take 28.
    b = board_bout([3, 4, 5, 6, 1, 2, 3, 4, 10, 12])
    fireball = b.options("sera")[FIREBALL]
    assert fireball.board["catches"]["8,3"] == ["brom", "zombie", "goblin"]
    careful = next(a for a in fireball.alters if a.id == CAREFUL)
    assert careful.spares == 3
    state, log = play(rs(), b.state, "sera", FIREBALL, cell=[8, 3], alters=[CAREFUL], spares=["brom"])
    assert log[:12] == [
        "Sera aims Fireball at 8, 3, catching Brom, Zombie, Goblin.",
        "Sera spends 1 3rd-level slot on Fireball.",
        "Sera spends 1 use of Sorcery Points on Careful Spell: 4 of 5 left.",
        "Sera's Careful Spell alters Fireball: sparing Brom.",
        "Sera uses Fireball on Brom, Zombie, Goblin.",
        "Brom succeeds at the Dexterity save against Fireball without rolling (spared by Careful Spell).",
        "Fireball (28 (3 + 4 + 5 + 6 + 1 + 2 + 3 + 4), halved by the save) deals 14 fire damage to Brom.",
        "Brom has 14 of 28 Hit points.",
        "Zombie rolls a Dexterity save against Fireball: 10 against 14, a failure.",
        "Fireball (28 (3 + 4 + 5 + 6 + 1 + 2 + 3 + 4)) deals 28 fire damage to Zombie.",
        "Zombie has 5 of 33 Hit points.",
        "Goblin rolls a Dexterity save against Fireball: 12 against 14, a failure.",
    ]


def test_careful_without_spares_spares_the_first_caught_and_an_empty_list_spares_nobody():
    b = board_bout([3, 4, 5, 6, 1, 2, 3, 4, 10, 12, 9])
    _state, log = play(rs(), b.state, "sera", FIREBALL, cell=[8, 3], alters=[CAREFUL])
    assert log[3] == "Sera's Careful Spell alters Fireball: sparing Brom."
    b = board_bout([3, 4, 5, 6, 1, 2, 3, 4, 9, 10, 12])
    _state, log = play(rs(), b.state, "sera", FIREBALL, cell=[8, 3], alters=[CAREFUL], spares=[])
    assert log[3] == "Sera's Careful Spell alters Fireball: sparing nobody."
    # Brom rolls 9 + 1 = 10 against 14 and takes the whole 28 (28 - 28 = 0).
    assert log[5] == "Brom rolls a Dexterity save against Fireball: 9 + 1 = 10 against 14, a failure."


def test_spares_is_refused_as_bad_alter():
    b = board_bout([])
    aim = {"option": FIREBALL, "cell": [8, 3]}
    # Without a change that spares someone.
    assert refused(b, **aim, spares=["brom"]) == Refusal(
        "bad-alter", "spares names whom a change spares, and no change that spares anyone is chosen")
    assert refused(b, **aim, alters=[HEIGHTENED], spares=["brom"]).code == "bad-alter"
    # More ids than are spared (3).
    assert refused(b, **aim, alters=[CAREFUL], spares=["brom", "sera", "zombie", "goblin"]) == \
        Refusal("bad-alter", "Fireball spares at most 3, not 4")
    # A repeated id.
    assert refused(b, **aim, alters=[CAREFUL], spares=["brom", "brom"]) == \
        Refusal("bad-alter", "spares names someone twice")
    # An id from the other side.
    assert refused(b, **aim, alters=[CAREFUL], spares=["zombie"]) == \
        Refusal("bad-alter", "'zombie' is not on Sera's side: only the user's side is spared")


# ---------------------------------------------------------------------------
# On the wire: the GM's prompt and reply, the choice request
# ---------------------------------------------------------------------------


def test_the_gm_is_told_of_the_metamagic_and_its_reply_may_add_it():
    b = bout(("quickened", "twinned"), [12, 3, 5])
    options = menu(rs(), b.state, "sera")
    user = director_messages(rs(), b.state, options)[-1]["content"]
    assert "    - ability:features:twinned-spell: Twinned Spell (costs 1 Sorcery Points; one more target)" in user
    assert ("    - ability:features:quickened-spell: Quickened Spell (costs 2 Sorcery Points; spends bonus instead)"
            in user)
    reply = read_choice(f"{FIRE_BOLT} {TWINNED} -> zombie goblin", "sera", options, b.state)
    assert reply == {"actor": "sera", "option": FIRE_BOLT, "targets": ["zombie", "goblin"], "alters": [TWINNED]}
    # The same choice through the gateway's request model.
    request = ChoiceRequest(actor="sera", option_id=FIRE_BOLT, targets=["zombie", "goblin"], alters=[TWINNED],
                            request_id="r1", revision=b.state.revision)
    assert request.as_choice() == reply
    # A spell castable only with Quickened: a reply without it takes the one it needs.
    b.choose("sera", FIRE_BOLT, "zombie")
    options = menu(rs(), b.state, "sera")
    assert read_choice(f"{HOLD_PERSON} -> zombie", "sera", options, b.state)["alters"] == [QUICKENED]
    user = director_messages(rs(), b.state, options)[-1]["content"]
    assert f"    only castable now with {QUICKENED}" in user


# ---------------------------------------------------------------------------
# Subtle: components dropped, nobody answers the casting
# ---------------------------------------------------------------------------

#: The Zombie's health 8 + 8 + 8 + 9 = 33; the Mage's 9d8 = nine 4s = 36; initiative Sera
#: 15 + 2 = 17, Brom 10 + 1 = 11, the Zombie 2 - 2 = 0, the Mage 5 + 2 = 7.
MAGE_START = [8, 8, 8] + [4] * 9 + [15, 10, 2, 5]
GM_MAGE = {"controller": "player", "player": "gm"}


def subtle_bout(dice: list[int], *, board: bool = False) -> Bout:
    rs_subtle = ruleset(subtle_package(counter=True))
    party = [sera("subtle", "careful", "twinned"), brom()]
    foes = [foe("zombie"), foe("mage", **GM_MAGE)]
    if board:
        party = [party[0] | {"position": [0, 3]}, party[1] | {"position": [7, 3]}]
        foes = [foe("zombie", position=[8, 3]), foe("mage", position=[8, 4], **GM_MAGE)]
    return Bout(rs_subtle, party, foes, dice=MAGE_START + dice, board=BOARD if board else None)


def test_subtle_hold_person_opens_no_window_for_the_mages_counter():
    # Without Subtle the Mage is asked in the `used` window (its Counter answers a spell's
    # casting); with it nobody is: 1 point (5 -> 4), and the Mage saves 12 + 4 = 16 against 14.
    b = subtle_bout([12])
    assert b.choose("sera", HOLD_PERSON, "mage") == [
        "Sera spends 1 2nd-level slot on Hold Person.",
        "The fight waits: Sera uses Hold Person. Asked in turn: Mage.",
    ]
    b = subtle_bout([12])
    _state, log = play(b.rs, b.state, "sera", HOLD_PERSON, "mage", alters=[SUBTLE])
    assert log[:6] == [
        "Sera spends 1 2nd-level slot on Hold Person.",
        "Sera spends 1 use of Sorcery Points on Subtle Spell: 4 of 5 left.",
        "Sera's Subtle Spell alters Hold Person: needing no verbal or somatic component; nobody can answer its "
        "casting.",
        "Sera uses Hold Person on Mage.",
        "Mage rolls a Wisdom save against Hold Person: 12 + 4 = 16 against 14, a success.",
        "Brom's turn.",
    ]


def test_gagged_sera_is_offered_her_spells_only_with_subtle():
    # Gagged forbids the verbal component: Hold Person (V, S, M) is offered only with Subtle
    # (which drops V and S), marked `alterNeeded`; Burning Hands lists no components.
    b = subtle_bout([12, 3, 5])
    b.put("sera", "gagged")
    menu = b.options("sera")
    hold = menu[HOLD_PERSON]
    assert (hold.alterNeeded, [a.id for a in hold.alters]) == ([SUBTLE], [SUBTLE])
    assert menu["ability:spells:burning-hands"].alters is None
    assert refused(b, option=HOLD_PERSON, targets=["mage"]) == Refusal(
        "bad-alter", f"Hold Person can be used now only with {SUBTLE}: the choice's alters must include it")
    # Twinned does not join, and Subtle is needed: Twinned is not offered beside it.
    assert refused(b, option=FIRE_BOLT, targets=["zombie"], alters=[SUBTLE, TWINNED]) == Refusal(
        "bad-alter", f"'{TWINNED}' is not offered with Fire Bolt now (offered: {SUBTLE})")
    _state, log = play(b.rs, b.state, "sera", FIRE_BOLT, "zombie", alters=[SUBTLE])
    assert log[1:5] == [
        "Sera's Subtle Spell alters Fire Bolt: needing no verbal or somatic component; nobody can answer its casting.",
        "Sera uses Fire Bolt on Zombie.",
        "Sera attacks Zombie with Fire Bolt: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Fire Bolt (8 (3 + 5)) deals 8 fire damage to Zombie.",
    ]


def test_careful_holds_through_the_window_that_answers_the_casting():
    # The Mage is asked about Sera's Careful Fireball and passes; Brom, chosen before the
    # window, is still the one spared: 8d6 = eight 3s = 24, half 12 (28 - 12 = 16).
    b = subtle_bout([3] * 8 + [10, 11], board=True)
    state, log = play(b.rs, b.state, "sera", FIREBALL, cell=[8, 3], alters=[CAREFUL], spares=["brom"])
    assert log[-1] == "The fight waits: Sera uses Fireball. Asked in turn: Mage."
    _state, log = play(b.rs, state, "mage", "pass")
    assert log[:5] == [
        "Mage passes.",
        "Sera uses Fireball on Brom, Zombie, Mage.",
        "Brom succeeds at the Dexterity save against Fireball without rolling (spared by Careful Spell).",
        "Fireball (24 (3 + 3 + 3 + 3 + 3 + 3 + 3 + 3), halved by the save) deals 12 fire damage to Brom.",
        "Brom has 16 of 28 Hit points.",
    ]


def test_metamagic_is_never_used_alone_outside_a_fight_either():
    # The use command (shared/sheet/uses.py) refuses it and spends nothing.
    refusal = use_entry(rs(), sera("quickened")["sheet"], UseAsk("Quickened Spell"), ScriptedRoller([]), "Sera")
    assert refusal == Refusal("no-use", "Quickened Spell changes how another entry is used: it is chosen with that "
                                        "entry in a fight, never used alone")


def test_the_engines_own_sorcerer_casts_no_spell_that_only_quickened_would_allow():
    # Everyone under the Engine's tactics (seed 7). After Sera's Fireball has spent her action,
    # every spell is offered only on the bonus action with `alterNeeded: [Quickened]`; the
    # Engine chooses no metamagic, so it takes none of them (taken bare, a second Fireball
    # would have been cast unpaid), and her Sorcery Points stay 5.
    engine = {"controller": "engine"}
    b = Bout(rs(), [sera("quickened") | engine, brom() | engine], [foe("zombie") | engine, foe("goblin") | engine],
             seed=7)
    turns: list[list[str]] = []
    for line in b.log:
        if line.endswith("'s turn.") or line.startswith(("Round ", "The fight is over")):
            turns.append([line])
        elif turns:
            turns[-1].append(line)
    sera_turns = [t for t in turns if t[0] == "Sera's turn."]
    assert len(sera_turns) == 2
    for turn in sera_turns:
        # One spell a turn, on the action: one slot spent, one use.
        assert [line for line in turn if line.startswith("Sera spends")] == ["Sera spends 1 3rd-level slot on Fireball."]
        assert sum(line.startswith("Sera uses ") for line in turn) == 1
    assert not any("Quickened" in line or "Sorcery Points" in line for line in b.log)
    assert b.who("sera").sheet.get("live", {}).get("pools", {}).get("counters:sorcery-points", 5) == 5
