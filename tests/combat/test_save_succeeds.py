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
from tests.combat.srd_kit import mira
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
