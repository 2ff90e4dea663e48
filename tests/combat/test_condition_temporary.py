"""Temporary points a condition gives each turn, with the number its applier fixed for them
(mechanics-3 1.274): Heroism's `value` is Mira's spellcasting modifier read as she casts it,
and its `heroic` condition's `temporary` gives Brom that many temporary points at the start
of each of his turns; with `lostWhenEnds` what is left of them goes when the condition ends.

Package: the vendored 5e-srd; Heroism written from the SRD 5.1 text in the shape of its
`spells/cure-wounds` entry (a 1st-level slot, touch, concentration, 10 rounds) with the
spec's own `value` (`abilityModFromField: spellcasting_ability`), and its `heroic` condition
(the spell's "at the start of each of its turns, gains temporary hit points equal to your
spellcasting ability modifier"). Mira: Intelligence 16, +3; in this test her sheet's
spellcasting ability is Charisma 14 (+2), so Brom gains 2 each turn.
"""

from __future__ import annotations

from typing import Any

from tests.combat.kit import Bout, add_condition, foe, ruleset
from tests.combat.srd_kit import fighter, mira, srd_package
from tests.combat.test_remaining_health import spell

HEROISM = {"kind": "buff", "range": 0, "targets": "ally", "concentration": True,
           "applies": [{"condition": "heroic", "duration": {"rounds": 10},
                        "value": {"abilityModFromField": "spellcasting_ability"}}],
           "cost": [{"pool": "slots_1", "amount": 1}]}


def package(**temporary: Any) -> dict[str, Any]:
    pkg = add_condition(srd_package(), "heroic", "Heroic",
                        temporary={"at": "turn-start", "value": True, **temporary})
    return spell(pkg, "heroism", "Heroism", 1, HEROISM)


def caster() -> dict[str, Any]:
    bard = mira(("heroism", "Heroism", 1), spellcasting_ability="cha")
    bard["sheet"]["abilities"]["cha"] = 14
    return bard


def test_heroism_gives_2_temporary_points_at_the_start_of_each_of_broms_turns():
    # The Goblin's 2d6 (3, 4) = 7; initiative Mira 18 + 2 = 20, Brom 10 + 1 = 11, the
    # Goblin 5 + 2 = 7.
    bout = Bout(ruleset(package()), [caster(), fighter()], [foe("goblin")], dice=[3, 4, 18, 10, 5])
    assert bout.choose("mira", "ability:spells:heroism", "brom")[1:] == [
        "Mira uses Heroism on Brom.",
        "Brom is Heroic for 10 rounds.",
        "Brom's turn.",
        "Heroic gives Brom 2 temporary Hit points.",
    ]
    held = bout.who("brom").conditions[0]
    assert (held.id, held.value, held.granted) == ("heroic", 2, 2)
    assert bout.who("brom").sheet["live"]["temp"] == {"hp": 2}
    bout.choose("brom", "end-turn")
    bout.choose("goblin", "end-turn")
    bout.choose("mira", "end-turn")
    assert bout.log[-2:] == ["Brom's turn.", "Heroic gives Brom 2 temporary Hit points."]
    assert bout.dice_left() == 0


def test_the_points_left_are_lost_when_it_ends():
    # As above; in round 2 Mira starts Heroism again (on herself), which ends her
    # concentration on the first: Brom's Heroic ends and the 2 points it gave go with it.
    bout = Bout(ruleset(package(lostWhenEnds=True)), [caster(), fighter()], [foe("goblin")], dice=[3, 4, 18, 10, 5])
    bout.choose("mira", "ability:spells:heroism", "brom")
    bout.choose("brom", "end-turn")
    bout.choose("goblin", "end-turn")
    assert bout.who("brom").sheet["live"]["temp"] == {"hp": 2}
    assert bout.choose("mira", "ability:spells:heroism", "mira")[1:6] == [
        "Mira uses Heroism on Mira.",
        "Mira stops concentrating on Heroism: starting Heroism.",
        "Brom is no longer Heroic: Mira's concentration ended.",
        "Brom loses the 2 temporary Hit points Heroic left.",
        "Mira is Heroic for 10 rounds.",
    ]
    assert "temp" not in bout.who("brom").sheet["live"]
    assert bout.dice_left() == 0
