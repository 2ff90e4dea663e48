"""A save's `succeeds` (mechanics-1 1.181): who succeeds without rolling, any one reason
being enough. Stinking Cloud's Constitution save: a creature immune to poison damage, immune
to being poisoned, or passing the type-and-tag test makes it without a roll, and the log
says why.

Package: the vendored 5e-srd (tests/combat/test_cures.py's, with creature types), its
Zombie as shipped (`conditionImmunities: ["poisoned"]`), and Stinking Cloud written from the
SRD 5.1 text in the shape of its `spells/cure-wounds` entry: a 3rd-level slot, a
Constitution save against Mira's DC 13 (negates), the spec's own `against` and `succeeds`;
in a fight without a board its cloud is written as two targets, and the turn spent
retching as incapacitated for 1 round.
"""

from __future__ import annotations

from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import fighter, mira
from tests.combat.test_cures import package
from tests.combat.test_remaining_health import spell

STINKING_CLOUD = {"kind": "debuff", "range": 90, "targets": "enemy", "targetCount": 2,
                  "save": {"save": "con_save", "onSuccess": "negates", "against": {"damage": ["poison"]},
                           "succeeds": {"immune": ["poison"], "conditionImmune": ["poisoned"],
                                        "is": {"tags": ["nonbreathing"]}}},
                  "applies": [{"condition": "incapacitated", "duration": {"rounds": 1}}],
                  "cost": [{"pool": "slots_3", "amount": 1}]}


def test_the_poison_immune_zombie_succeeds_without_a_roll_and_the_goblin_rolls():
    pkg = spell(package(), "stinking-cloud", "Stinking Cloud", 3, STINKING_CLOUD)
    pkg["combat"]["creatureTypes"]["tags"] = [{"id": "nonbreathing", "label": "nonbreathing"}]
    caster = mira(("stinking-cloud", "Stinking Cloud", 3), slots_max_3=1)
    # The Goblin's 2d6 (3, 4) = 7, the Zombie's 3d8 + 9 (2, 2, 3) + 9 = 16; initiative Mira
    # 18 + 2 first; then only the Goblin's save is rolled: 8 + 0 = 8 against 13, a failure.
    bout = Bout(ruleset(pkg), [caster], [foe("goblin"), foe("zombie")], dice=[3, 4, 2, 2, 3, 18, 5, 1, 8])
    assert bout.choose("mira", "ability:spells:stinking-cloud", "goblin", "zombie")[1:5] == [
        "Mira uses Stinking Cloud on Goblin, Zombie.",
        "Goblin rolls a Constitution save against Stinking Cloud: 8 against 13, a failure.",
        "Goblin is Incapacitated for 1 round.",
        "Zombie succeeds at the Constitution save against Stinking Cloud without rolling (immune to being Poisoned).",
    ]
    assert bout.who("zombie").conditions == []
    assert bout.dice_left() == 0


#: Calm Emotions (SRD 5.1, written in the same shape): a Charisma save, negates, calmed for
#: 10 rounds; the user's own side may fail it (`alliesMayFail`, mechanics-3 1.278).
CALM_EMOTIONS = {"kind": "debuff", "range": 60, "targets": "any", "targetCount": 2,
                 "save": {"save": "cha_save", "onSuccess": "negates", "alliesMayFail": True},
                 "applies": [{"condition": "charmed", "duration": {"rounds": 10}}],
                 "cost": [{"pool": "slots_2", "amount": 1}]}


def test_calm_emotions_lets_an_ally_fail_without_rolling_and_the_goblin_rolls():
    pkg = spell(package(), "calm-emotions", "Calm Emotions", 2, CALM_EMOTIONS)
    pkg["capabilityApi"] = {"major": 1, "minor": 278}
    caster = mira(("calm-emotions", "Calm Emotions", 2))
    # The Goblin's 2d6 (3, 4) = 7; initiative Mira 18 + 2 first, the Goblin 5 + 2; Brom
    # (tests/combat/srd_kit fighter) 1 + 1. Brom fails without a roll; the Goblin's
    # Charisma save (its block lists none: + 0) 15 against 13 is a success.
    bout = Bout(ruleset(pkg), [caster, fighter()], [foe("goblin")], dice=[3, 4, 18, 1, 5, 15])
    assert bout.choose("mira", "ability:spells:calm-emotions", "brom", "goblin")[1:5] == [
        "Mira uses Calm Emotions on Brom, Goblin.",
        "Brom fails the Charisma save against Calm Emotions without rolling (on Mira's side).",
        "Brom is Charmed for 10 rounds.",
        "Goblin rolls a Charisma save against Calm Emotions: 15 against 13, a success.",
    ]
    assert bout.dice_left() == 0
