"""Harm a condition deals each turn on behalf of its applier (mechanics-1 1.189), its
growth per raised-cost step (mechanics-2 1.255, Acid Arrow) and stacking applications
(1.189, the Sword of Wounding), on tests/combat/harms_kit.py's 5e package.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.combat.state import BattleState
from tests.combat import harms_kit as HK
from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import entry, fighter
from tests.ruleset.minimal import problems_of

#: The Ghoul's 5d8 (4 x 5) = 20.
GHOUL_20 = [4] * 5


def arrow_bout(acid_step: bool = True) -> Bout:
    # Initiative Ilsa 18 + 3 = 21, the Ghoul 1 + 2 = 3. Acid Arrow: 15 + 4 = 19 against the
    # Ghoul's Armor Class 12, 4d4 + 1d4 (the 3rd-level slot) = 5 x 1 = 5; the Ghoul's turn
    # end: 2d4 + 1d4 = 2 + 3 + 4 = 9 (without harmsPerCostStep 2d4 = 2 + 3 = 5).
    dice = GHOUL_20 + [18, 1, 15, 1, 1, 1, 1, 1, 2, 3] + ([4] if acid_step else [])
    return Bout(ruleset(HK.package(acid_step=acid_step)), [HK.ilsa()], [foe("ghoul")], dice=dice)


def test_acid_arrow_from_a_3rd_level_slot_deals_3d4_9_acid_at_the_ghouls_turn_end_on_behalf_of_ilsa():
    bout = arrow_bout()
    assert bout.choose("ilsa", "ability:spells:acid-arrow@slots_3", "ghoul") == [
        "Ilsa spends 1 3rd-level slot on Acid Arrow.",
        "Ilsa pays 1 step above the base for Acid Arrow.",
        "Ilsa uses Acid Arrow on Ghoul.",
        "Ilsa attacks Ghoul with Acid Arrow: 15 + 4 = 19 against Armor Class 12, a hit.",
        "Acid Arrow (5 (1 + 1 + 1 + 1 + 1)) deals 5 acid damage to Ghoul.",
        "Ghoul has 15 of 20 Hit points.",
        "Ghoul is Acid burn for 1 round.",
        "Ghoul's turn.",
    ]
    held = bout.who("ghoul").conditions[0]
    assert (held.id, held.source, held.harm_more) == ("acid_burn", "ilsa", "1d4")
    # Harm comes before the clock: the round is up only after it is dealt.
    assert bout.choose("ghoul", "end-turn")[:3] == [
        "Acid burn on behalf of Ilsa (3d4: 9 (2 + 3 + 4)) deals 9 acid damage to Ghoul.",
        "Ghoul has 6 of 20 Hit points.",
        "Ghoul is no longer Acid burn: its time is up.",
    ]
    damage = [e for e in bout.state.events if e.kind == "damage"][-1]
    assert (damage.data["source"], damage.data["amount"], damage.data["type"]) == ("ilsa", 9, "acid")
    assert bout.who("ghoul").health == 6
    assert bout.dice_left() == 0


def test_without_harms_per_cost_step_the_later_acid_stays_2d4():
    bout = arrow_bout(acid_step=False)
    bout.choose("ilsa", "ability:spells:acid-arrow@slots_3", "ghoul")
    assert bout.who("ghoul").conditions[0].harm_more is None
    assert bout.choose("ghoul", "end-turn")[0] == "Acid burn on behalf of Ilsa (2d4: 5 (2 + 3)) deals 5 acid damage to Ghoul."
    assert bout.who("ghoul").health == 10
    assert bout.dice_left() == 0


def wound_bout(stacks: bool = True) -> Bout:
    # Initiative Brom 10 + 1 = 11, Ilsa 5 + 3 = 8, the Ghoul 18 + 2 = 20. Each Wounding
    # Claw: 15 + 4 = 19 against Brom's Armor Class 16, 2d4 + 2 = 1 + 1 + 2 = 4. Brom's turn
    # starts: 1d4 = 3; in round 2 one 1d4 per application, 2 and 4 (with one application, 2).
    dice = GHOUL_20 + [10, 5, 18] + [15, 1, 1, 3] + [15, 1, 1, 2] + ([4] if stacks else [])
    return Bout(ruleset(HK.package(stacks=stacks)), [fighter(), HK.ilsa()], [foe("ghoul")], dice=dice)


def two_wounds(bout: Bout) -> list[str]:
    bout.choose("ghoul", "action:wounding_claw", "brom")
    bout.choose("brom", "end-turn")
    bout.choose("ilsa", "end-turn")
    return bout.choose("ghoul", "action:wounding_claw", "brom")


def test_stacks_3_gives_two_applications_on_two_hits_each_harming_and_one_cure_clears_both():
    bout = wound_bout()
    assert bout.choose("ghoul", "action:wounding_claw", "brom")[3:] == [
        "Brom is Wounded for 10 rounds.",
        "Brom's turn.",
        "Wounded on behalf of Ghoul (1d4: 3) deals 3 necrotic damage to Brom.",
        "Brom has 13 of 20 Hit points.",
    ]
    bout.choose("brom", "end-turn")
    bout.choose("ilsa", "end-turn")
    assert bout.choose("ghoul", "action:wounding_claw", "brom")[2:] == [
        "Brom has 9 of 20 Hit points.",
        "Brom is Wounded again: 2 applications.",
        "Brom's turn.",
        "Wounded on behalf of Ghoul (1d4: 2) deals 2 necrotic damage to Brom.",
        "Brom has 7 of 20 Hit points.",
        "Wounded on behalf of Ghoul (1d4: 4) deals 4 necrotic damage to Brom.",
        "Brom has 3 of 20 Hit points.",
    ]
    assert [(h.id, h.stacks) for h in bout.who("brom").conditions] == [("wounded", 2)]
    # The stacked condition saves and reloads exactly.
    saved = bout.state.model_dump(mode="json")
    assert [h for h in saved["combatants"][0]["conditions"]][0]["stacks"] == 2
    assert BattleState.model_validate(json.loads(json.dumps(saved))) == bout.state
    bout.choose("brom", "end-turn")
    assert bout.choose("ilsa", "ability:spells:staunch", "brom")[2] == "Brom is no longer Wounded: Ilsa's Staunch ends it."
    assert bout.who("brom").conditions == []
    assert bout.dice_left() == 0


def test_without_stacks_the_second_hit_is_the_same_one_application():
    bout = wound_bout(stacks=False)
    assert two_wounds(bout)[2:] == [
        "Brom has 9 of 20 Hit points.",
        "Brom's turn.",
        "Wounded on behalf of Ghoul (1d4: 2) deals 2 necrotic damage to Brom.",
        "Brom has 7 of 20 Hit points.",
    ]
    assert [(h.id, h.stacks) for h in bout.who("brom").conditions] == [("wounded", None)]
    assert bout.dice_left() == 0



@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(limit=st.integers(min_value=2, max_value=4), hits=st.integers(min_value=1, max_value=5))
def test_applications_are_the_hits_up_to_stacks_and_each_harms_once(limit: int, hits: int):
    # Brom with 60 hit points: each round the Wounding Claw hits (15 + 4 against 16, 2d4 + 2
    # = 1 + 1 + 2 = 4), then Brom's turn starts with one 1d4 = 1 per application.
    pkg = HK.package()
    next(c for c in pkg["combat"]["conditions"] if c["condition"] == "wounded")["stacks"] = limit
    dice = GHOUL_20 + [10, 5, 18]
    for n in range(1, hits + 1):
        dice += [15, 1, 1] + [1] * min(n, limit)
    bout = Bout(ruleset(pkg), [fighter(hp_max=60), HK.ilsa()], [foe("ghoul")], dice=dice)
    for n in range(1, hits + 1):
        lines = bout.choose("ghoul", "action:wounding_claw", "brom")
        assert sum(line.startswith("Wounded on behalf of Ghoul") for line in lines) == min(n, limit)
        if n > limit:
            assert f"Brom is already Wounded {limit} times, as many as it stacks." in lines
        bout.choose("brom", "end-turn")
        bout.choose("ilsa", "end-turn")
    held = bout.who("brom").conditions[0]
    assert (held.stacks or 1) == min(hits, limit)
    assert bout.who("brom").sheet["live"]["pools"]["hp"] == 60 - 4 * hits - sum(min(n, limit) for n in range(1, hits + 1))
    assert bout.dice_left() == 0


def test_harms_per_cost_step_goes_only_where_a_use_is_paid_in_steps():
    pkg = HK.package()
    claw = next(a for a in entry(pkg, "creatures", "ghoul")["creature"]["actions"] if a["id"] == "wounding_claw")
    claw["applies"][0]["harmsPerCostStep"] = {"dice": "1d4"}
    problems = problems_of(pkg)
    assert len(problems) == 1 and problems[0].endswith(
        '.applies[0].harmsPerCostStep: "harmsPerCostStep" goes on the "applies" of an entry or an item\'s use, '
        "which are paid in cost steps; this list is paid in none")
    assert ".creature.actions[" in problems[0]
