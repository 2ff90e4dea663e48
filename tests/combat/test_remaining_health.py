"""Targeting by remaining health, instant kills and reviving (mechanics-1 1.196, 1.176;
mechanics-2 1.199): Sleep's `healthPool` is rolled once and spent from the least health left
upward, skipping the unconscious (`healthPoolSkips`); Power Word Kill (`healthAtMost` 100,
`kills`) kills a target at 100 or less and leaves one above it alone; Revivify (`revives`
within 10 rounds, 1 hit point) is offered only against the dead, and brings them back.

Packages: the vendored 5e-srd, its creatures as shipped (Ghoul 5d8, Zombie 3d8 + 9, Giant
Spider 4d10 + 4, Adult Black Dragon 17d12 + 85), and three spells written from the SRD 5.1
text in the shape of its `spells/cure-wounds` entry (same row keys): Sleep (a 1st-level
slot, 5d8 and 2d8 more a slot level, unconscious for 10 rounds; in a fight without a board
its 20-foot burst is written as three targets), Power Word Kill and Revivify (a 9th- and a
3rd-level slot).
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import entry, fighter, mira, srd_package
from tests.ruleset.minimal import problems_of

SLEEP = {"kind": "debuff", "range": 90, "targets": "enemy", "targetCount": 3,
         "healthPool": {"dice": "5d8"}, "healthPoolSkips": {"conditions": ["unconscious"]},
         "applies": [{"condition": "unconscious", "duration": {"rounds": 10}}],
         "cost": [{"pool": "slots_1", "amount": 1}], "perCostStep": {"dice": "2d8"}}
POWER_WORD_KILL = {"kind": "debuff", "range": 60, "targets": "enemy", "healthAtMost": 100, "kills": True,
                   "cost": [{"pool": "slots_9", "amount": 1}]}
REVIVIFY = {"kind": "utility", "range": 0, "targets": "ally", "revives": {"withinRounds": 10, "health": {"flat": 1}},
            "cost": [{"pool": "slots_3", "amount": 1}]}


def spell(pkg: dict[str, Any], eid: str, label: str, level: int, mechanics: dict[str, Any]) -> dict[str, Any]:
    spells = next(c for c in pkg["catalogs"] if c["id"] == "spells")
    made = copy.deepcopy(entry(pkg, "spells", "cure-wounds"))
    made.update(id=eid, label=label, summary=label)
    made["rows"][0]["values"].update(name=label, level=level)
    made["mechanics"] = copy.deepcopy(mechanics)
    spells["entries"].append(made)
    return pkg


def package() -> dict[str, Any]:
    pkg = srd_package()
    spell(pkg, "sleep", "Sleep", 1, SLEEP)
    spell(pkg, "power-word-kill", "Power Word Kill", 9, POWER_WORD_KILL)
    return spell(pkg, "revivify", "Revivify", 3, REVIVIFY)


def caster() -> dict[str, Any]:
    return mira(("sleep", "Sleep", 1), ("power-word-kill", "Power Word Kill", 9), ("revivify", "Revivify", 3),
                slots_max_3=1, slots_max_9=1)


#: The Ghoul's 5d8 (6 x 5) = 30, the Zombie's 3d8 + 9 (2, 2, 3) = 16, the Giant Spider's
#: 4d10 + 4 (5, 5, 5, 4) = 23; initiative Mira 18 + 2 = 20 first, then the spider 1 + 3,
#: the Ghoul 1 + 2, the Zombie 1 - 2.
THREE = [6, 6, 6, 6, 6, 2, 2, 3, 5, 5, 5, 4, 18, 1, 1, 1]
FOES = [foe("ghoul"), foe("zombie"), foe("giant-spider")]


def test_sleep_rolls_26_against_30_16_and_23_and_puts_the_16_to_sleep_leaving_10():
    # The pool 5d8: 6 + 6 + 6 + 4 + 4 = 26. Least health first: the Zombie's 16 <= 26 is
    # covered (26 - 16 = 10 left); the Giant Spider's 23 > 10 is not, nor the Ghoul's 30.
    bout = Bout(ruleset(package()), [caster()], copy.deepcopy(FOES), dice=THREE + [6, 6, 6, 4, 4])
    assert bout.choose("mira", "ability:spells:sleep", "ghoul", "zombie", "giant-spider") == [
        "Mira spends 1 1st-level slot on Sleep.",
        "Mira uses Sleep on Ghoul, Zombie, Giant Spider.",
        "Sleep rolls its pool of Hit points: 5d8 = 26 (6 + 6 + 6 + 4 + 4); it covers Zombie (16 Hit points), leaving 10.",
        "Zombie is Unconscious for 10 rounds.",
        "Giant Spider's turn.",
    ]
    assert [h.id for h in bout.who("zombie").conditions] == ["unconscious"]
    assert bout.who("ghoul").conditions == bout.who("giant-spider").conditions == []
    assert bout.dice_left() == 0


def test_a_higher_slot_adds_2d8_and_the_unconscious_are_skipped_for_free():
    # From a 2nd-level slot: 5d8 + 2d8 = 7d8, 4 x 7 = 28. The Zombie is already unconscious,
    # so it is skipped and costs nothing: the spider's 23 <= 28 (5 left), the Ghoul's 30 > 5.
    bout = Bout(ruleset(package()), [caster()], copy.deepcopy(FOES), dice=THREE + [4] * 7)
    bout.put("zombie", "unconscious")
    lines = bout.choose("mira", "ability:spells:sleep@slots_2", "ghoul", "zombie", "giant-spider")
    assert lines[:5] == [
        "Mira spends 1 2nd-level slot on Sleep.",
        "Mira pays 1 step above the base for Sleep.",
        "Mira uses Sleep on Ghoul, Zombie, Giant Spider.",
        "Sleep rolls its pool of Hit points: 7d8 = 28 (4 + 4 + 4 + 4 + 4 + 4 + 4); it covers Giant Spider "
        "(23 Hit points) (Zombie is skipped), leaving 5.",
        "Giant Spider is Unconscious for 10 rounds.",
    ]
    assert bout.dice_left() == 0


def test_power_word_kill_kills_the_ghoul_at_30_and_leaves_the_aboleth_above_100_alone():
    # The Aboleth's 18d10 + 36: 18 x 10 = 180 + 36 = 216 > 100. Initiative Mira 18 + 2 first.
    bout = Bout(ruleset(package()), [caster()], [foe("aboleth")], dice=[10] * 18 + [18, 1])
    assert bout.choose("mira", "ability:spells:power-word-kill", "aboleth")[:3] == [
        "Mira spends 1 9th-level slot on Power Word Kill.",
        "Mira uses Power Word Kill on Aboleth.",
        "Aboleth has 216 Hit points, more than 100: Power Word Kill does not affect them.",
    ]
    aboleth = bout.who("aboleth")
    assert (aboleth.out, aboleth.health) == (False, 216)
    # The Ghoul's 30 <= 100: it dies at once, and with it the fight.
    bout = Bout(ruleset(package()), [caster()], [foe("ghoul")], dice=[6] * 5 + [18, 1])
    lines = bout.choose("mira", "ability:spells:power-word-kill", "ghoul")
    assert lines[1:3] == ["Mira uses Power Word Kill on Ghoul.", "Mira's Power Word Kill kills Ghoul."]
    ghoul = bout.who("ghoul")
    assert (ghoul.out, ghoul.health) == (True, 0)
    assert bout.state.outcome == "victory"
    assert bout.dice_left() == 0


def test_revivify_is_offered_only_against_the_dead_and_brings_brom_back_with_1():
    # The Goblin's 2d6 (3, 4) = 7; initiative Brom 16 + 1 = 17, Mira 14 + 2 = 16, the
    # Goblin 10 + 2 = 12. Brom starts at 0 with two failures on the sheet; his
    # roll against death, 9, is the third: he dies in round 1.
    brom = fighter(hp=0)
    brom["sheet"]["live"]["tracks"] = {"death_save_failures": 2}
    bout = Bout(ruleset(package()), [brom, caster()], [foe("goblin")], dice=[3, 4, 16, 14, 10, 9])
    assert "Brom dies." in bout.log
    assert bout.who("brom").died_round == 1
    option = bout.options("mira")["ability:spells:revivify"]
    # Only Brom: Mira is alive, so it would help her nothing.
    assert option.targets == ["brom"]
    assert bout.choose("mira", "ability:spells:revivify", "brom") == [
        "Mira spends 1 3rd-level slot on Revivify.",
        "Mira uses Revivify on Brom.",
        "Mira's Revivify brings Brom back: Brom has 1 of 20 Hit points.",
        "Brom is no longer Unconscious: Brom is back up.",
        "Goblin's turn.",
    ]
    brom_now = bout.who("brom")
    assert (brom_now.out, brom_now.down, brom_now.dying, brom_now.died_round) == (False, False, None, None)
    assert brom_now.sheet["live"] == {"pools": {"hp": 1}, "tracks": {"death_save_failures": 0}}


def test_a_health_pool_rolls_no_attack():
    pkg = package()
    sleep = entry(pkg, "spells", "sleep")
    sleep["mechanics"]["attackRoll"] = True
    # Where Sleep sits in the vendored spells catalog moves as entries are vendored beside it.
    (at,) = [i for i, e in enumerate(pkg["catalogs"][0]["entries"]) if e is sleep]
    assert problems_of(pkg) == [
        f'catalogs[0].entries[{at}].mechanics: a "healthPool" picks whom it affects by health, so it rolls no "attackRoll"']


#: Color Spray as the SRD writes it (a 1st-level slot, 6d10 hit points of creatures, least
#: first, blinded until the end of the caster's next turn: one round here), skipping those
#: who cannot see the caster (mechanics-2 1.199 `unseeing`).
COLOR_SPRAY = {"kind": "debuff", "range": 15, "targets": "enemy", "targetCount": 3,
               "healthPool": {"dice": "6d10"}, "healthPoolSkips": {"unseeing": True},
               "applies": [{"condition": "blinded", "duration": {"rounds": 1}}],
               "cost": [{"pool": "slots_1", "amount": 1}]}


def color_spray_package(unseeing: bool = True) -> dict[str, Any]:
    """The SRD package with Color Spray, `combat.sight` naming the eyes and Blinded lacking
    them (mechanics-1 1.178): a blinded creature cannot see anyone."""
    pkg = srd_package()
    mech = copy.deepcopy(COLOR_SPRAY)
    if not unseeing:
        mech["healthPoolSkips"] = {"conditions": ["unconscious"]}
    spell(pkg, "color-spray", "Color Spray", 1, mech)
    pkg["combat"]["sight"] = {"eyes": "sight"}
    blinded = next(c for c in pkg["combat"]["conditions"] if c["condition"] == "blinded")
    blinded["lacks"] = ["sight"]
    return pkg


def test_color_spray_skips_the_blinded_zombie_and_covers_the_spider():
    # The pool 6d10: 6 x 5 = 30. Least health first: the Zombie (16) is blinded and cannot
    # see Mira, so it is skipped and costs nothing; the Giant Spider's 23 <= 30 is covered
    # (30 - 23 = 7 left); the Ghoul's 30 > 7 is not.
    bout = Bout(ruleset(color_spray_package()), [mira(("color-spray", "Color Spray", 1))], copy.deepcopy(FOES),
                dice=THREE + [5] * 6)
    bout.put("zombie", "blinded")
    assert bout.choose("mira", "ability:spells:color-spray", "ghoul", "zombie", "giant-spider")[:4] == [
        "Mira spends 1 1st-level slot on Color Spray.",
        "Mira uses Color Spray on Ghoul, Zombie, Giant Spider.",
        "Color Spray rolls its pool of Hit points: 6d10 = 30 (5 + 5 + 5 + 5 + 5 + 5); it covers Giant Spider "
        "(23 Hit points) (Zombie cannot see Mira), leaving 7.",
        "Giant Spider is Blinded for 1 round.",
    ]
    assert bout.dice_left() == 0


def test_without_unseeing_the_blinded_zombie_uses_up_16_of_the_30():
    # The same roll: the Zombie's 16 <= 30 is covered (14 left), the spider's 23 > 14 is not.
    bout = Bout(ruleset(color_spray_package(unseeing=False)), [mira(("color-spray", "Color Spray", 1))],
                copy.deepcopy(FOES), dice=THREE + [5] * 6)
    bout.put("zombie", "blinded")
    assert bout.choose("mira", "ability:spells:color-spray", "ghoul", "zombie", "giant-spider")[2] == (
        "Color Spray rolls its pool of Hit points: 6d10 = 30 (5 + 5 + 5 + 5 + 5 + 5); it covers Zombie "
        "(16 Hit points), leaving 14.")
