"""`CombatCondition.whileSourceInSight` has no gate of its own (spec/combat-1 "conditions"),
so the capability guard (test_capability_guard.py) never sees it; it is held to the guard's
rule here, as tests/ruleset/test_item_keys_played.py does for the item keys: with and
without it, built by the guard's own `FightProbe`, a scripted fight differs.

The fight is tests/combat/sight_kit.py's fear: blinded Brom (Longsword + 5) is made
Frightened by the Grave Piper's Wailing note (Wisdom save: 4 + 0 against 12, a failure;
2d4 = 3 + 2 = 5 psychic), then swings at the Cinder Hound (Armor Class 12) with 17 and 4
to come. He cannot see the Piper: with the package's `whileSourceInSight`, the fear's
disadvantage is suspended (one die: 17 + 5 = 22, a hit); without it, it applies (4 + 5 = 9).
"""

from __future__ import annotations

from typing import Any

from tests.combat import sight_kit as SK
from tests.combat.kit import foe
from tests.ruleset.capability_probes import FightProbe, fight_log


def _fear(with_key: bool) -> tuple[Any, ...]:
    return (SK.fear_package(sight=with_key), [SK.brom(holds=["blinded"])],
            [foe("grave-piper"), foe("cinder-hound")], list(SK.FEAR_DICE), [SK.WAIL, SK.SWING])


def test_while_source_in_sight_changes_a_scripted_fight():
    probe = FightProbe(_fear)
    with_key, without = fight_log(probe, True), fight_log(probe, False)
    assert "Brom is Frightened for 3 rounds." in with_key
    assert "Brom attacks Cinder Hound with Longsword: 17 + 5 = 22 against Armor Class 12, a hit." in with_key
    assert ("Brom attacks Cinder Hound with Longsword: 4 (disadvantage; dropped 17) + 5 = 9 "
            "against Armor Class 12, a miss.") in without
