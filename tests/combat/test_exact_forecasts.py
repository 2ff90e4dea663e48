"""Forecasts are exact: a die added to a roll is counted face by face, and the damage is
what lands through the target's immunity, resistance and vulnerability and its save. On the
5e (SRD 5.1) package as it ships (tests/combat/srd_kit.py), changed only where a test says.

The Zombie (Armor Class 8, health 3d8 + 9 from 8, 1, 6 = 24); initiative Mira 10 + 2 = 12,
Zombie 5 - 2 = 3. Mira's spell attack is +5 (proficiency 2, Intelligence 16: +3), her spell
save DC 13. The d20 rolls with natural 20 a critical (double dice), natural 1 a miss.
"""

from __future__ import annotations

from fractions import Fraction

from shared.combat import decide_for
from shared.dice import attack_forecast, chance_at_least, mean_damage
from tests.combat.kit import Bout, add_condition, foe
from tests.combat.srd_kit import brom, entry, mira, srd, srd_package

START = [8, 1, 6, 10, 5]
FIRE_BOLT = ("fire-bolt", "Fire Bolt", 0)
MAGIC_MISSILE = ("magic-missile", "Magic Missile", 1)


def test_a_die_added_to_the_roll_is_counted_face_by_face():
    # d20 + 7 + 1d4 against 13 hits when d20 + d4 >= 6: with the d4 at 1, 2, 3, 4 the d20
    # needs 5, 4, 3, 2 or more: 16, 17, 18, 19 of 20, (16 + 17 + 18 + 19) / 80 = 7/8 (not
    # 17/20 = 0.85 from +2.5 rounded to +2). A natural 1 misses anyway (1 + 7 + 4 = 12), a
    # natural 20 is the only critical.
    odds = attack_forecast("1d20+7", 13, naturals_max="critical", naturals_min="miss", added="1d4")
    assert (odds.hit, odds.critical) == (Fraction(7, 8), Fraction(1, 20))
    # A check with a die beside it: 1d20 + 1d4 >= 20: d4 = 1..4 needs 19..16: 2 + 3 + 4 + 5 = 14 of 80.
    assert chance_at_least("1d20", 20, added="1d4") == Fraction(7, 40)
    # With advantage the d20 is thrown twice, the d4 once: P(best d20 >= 6 - d4).
    adv = attack_forecast("1d20+7", 13, "advantage", added="1d4")
    assert adv.hit == sum((1 - Fraction(5 - k, 20) ** 2 for k in range(1, 5)), Fraction(0)) / 4


def test_the_menu_counts_a_blessing_die_on_the_attack():
    # Brom's longsword (+5: Strength 16 +3, proficiency +2) Blessed (+1d4 to attacks) against the
    # Ghoul's Armor Class 12: d20 + d4 >= 7: 15 + 16 + 17 + 18 = 66 of 80 = 0.825.
    # Damage 1d8 + 3 (7.5), a critical 2d8 + 3 (12): (33/40 - 1/20) x 7.5 + 1/20 x 12 = 6.4125.
    pkg = srd_package()
    add_condition(pkg, "blessed", "Blessed", modifiers=[{"to": "attacks", "dice": "1d4"}])
    b = Bout(srd(pkg), [brom()], [foe("ghoul")], dice=[4, 4, 4, 4, 4, 15, 5])
    b.put("brom", "blessed")
    fc = b.options("brom")["attack:attacks:longsword"].forecasts[0]
    assert fc.hit == 0.825
    assert fc.damage == round(float((Fraction(33, 40) - Fraction(1, 20)) * Fraction(15, 2) + Fraction(1, 20) * 12), 3)


def _zombie(**guard: list[str]) -> dict:
    pkg = srd_package()
    entry(pkg, "creatures", "zombie")["creature"].update(guard)
    return pkg


def _fire_bolt(pkg: dict | None) -> object:
    b = Bout(srd(pkg), [mira(FIRE_BOLT, MAGIC_MISSILE)], [foe("zombie")], dice=START)
    return b, b.options("mira")["ability:spells:fire-bolt"].forecasts[0]


def test_fire_bolt_forecasts_what_lands_through_immunity_resistance_and_vulnerability():
    # Fire Bolt +5 against Armor Class 8: a d20 of 3 or more hits (18 of 20; a 2 makes 7), a
    # 20 is a critical. 1d10 (5.5), critical 2d10 (11): 17/20 x 5.5 + 1/20 x 11 = 5.225.
    _b, plain = _fire_bolt(None)
    assert (plain.hit, plain.damage) == (0.9, 5.225)
    # Immune to fire: nothing lands.
    _b, immune = _fire_bolt(_zombie(immune=["fire"]))
    assert (immune.hit, immune.damage) == (0.9, 0.0)
    # Resistant: each total halved rounding down: 1d10 gives 0,1,1,2,2,3,3,4,4,5 = 2.5; 2d10
    # gives 11/2 less half the chance of an odd sum (1/2) = 5.25: 17/20 x 2.5 + 1/20 x 5.25.
    assert mean_damage("1d10", halves=1) == Fraction(5, 2)
    assert mean_damage("1d10", "double-dice", halves=1) == Fraction(21, 4)
    _b, resisted = _fire_bolt(_zombie(resist=["fire"]))
    assert resisted.damage == round(float(Fraction(17, 20) * Fraction(5, 2) + Fraction(1, 20) * Fraction(21, 4)), 3)
    # Vulnerable: doubled: 17/20 x 11 + 1/20 x 22 = 10.45.
    _b, doubled = _fire_bolt(_zombie(vulnerable=["fire"]))
    assert doubled.damage == 10.45


def test_the_engine_stops_casting_fire_bolt_at_a_creature_immune_to_fire():
    # Fire Bolt's 5.225 beats Magic Missile's 3.5 (1d4 + 1) less the slot it spends (0.5);
    # against a Zombie immune to fire Fire Bolt is worth nothing, and Magic Missile is cast.
    b, _fc = _fire_bolt(None)
    assert decide_for(b.rs, b.state) == {"actor": "mira", "option": "ability:spells:fire-bolt", "targets": ["zombie"]}
    b, _fc = _fire_bolt(_zombie(immune=["fire"]))
    assert decide_for(b.rs, b.state) == {"actor": "mira", "option": "ability:spells:magic-missile",
                                         "targets": ["zombie"]}


def test_a_spell_the_target_saves_against_forecasts_the_save():
    # Moonbeam: 2d10 radiant, a Constitution save (the Zombie's reads 0) against DC 13 halves
    # it: made on 13 or more, 8 of 20 = 0.4. 3/5 x 11 + 2/5 x 5.25 (2d10 halved, rounded down) = 8.7.
    b = Bout(srd(), [mira(("moonbeam", "Moonbeam", 2))], [foe("zombie")], dice=START)
    fc = b.options("mira")["ability:spells:moonbeam"].forecasts[0]
    assert (fc.save, fc.damage, fc.hit) == (0.4, 8.7, None)


def test_the_ghouls_claws_forecast_keeps_the_damage_a_made_save_leaves():
    # Claws +4 against Brom's Armor Class 16: a d20 of 12 or more, 9 of 20; a 20 a critical.
    # Brom's Constitution save +4 against 10 is made on 6 or more: 15 of 20 = 0.75, and it
    # keeps the 2d4 + 2 (1.184): (9/20 - 1/20) x 7 + 1/20 x 12 (4d4 + 2) = 3.4.
    b = Bout(srd(), [brom()], [foe("ghoul")], dice=[4, 4, 4, 4, 4, 5, 15])
    fc = b.options("ghoul")["action:claws"].forecasts[0]
    assert (fc.hit, fc.save, fc.damage) == (0.45, 0.75, 3.4)
