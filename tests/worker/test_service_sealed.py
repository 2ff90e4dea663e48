"""A lowered maximum through BattleService, on both stores, the battle reloaded from the store
between the steps: the 5e example's Cinder Hound with `reducesMax` and `drain` on its Searing
bite (tests/combat/test_reduces_max.py) bites Ilsa (21 hit points); what it dealt comes off her
maximum, the seal is on her sheet as the store gives the battle back, the sheet the fight
leaves (final_sheets) keeps it, and the long rest gives it back."""

from __future__ import annotations

import re
from typing import Any

from shared.combat import final_sheets
from shared.service.battles import BattleService
from shared.sheet import heal, rest
from tests.combat.test_target_holds import five_e, party

BATTLE = "b-sealed"
#: A seed whose bite hits Ilsa (19 + 4 = 23 against Armor Class 14): the damage is read from
#: the log, and each number checked against it.
SEED = 1


def _choose(service: BattleService, choice: dict[str, Any], request_id: str) -> list[str]:
    # Every step reads the battle back from the store: a reload between any two choices.
    _state, revision = service.load(BATTLE)
    done = service.apply(BATTLE, revision, choice, request_id)
    assert done["ok"], done
    return [e["text"] for e in done["events"]]


def test_a_lowered_maximum_is_on_the_sheet_after_a_reload_and_after_the_fight(service):
    digest = service.put_ruleset(five_e(reducesMax={}, drain={}))
    created = service.create(digest, party(), [{"creature": "cinder-hound", "controller": "player"}], seed=SEED,
                             battle_id=BATTLE)
    assert created["ok"], created
    for i in range(3):
        state, _ = service.load(BATTLE)
        if state.pending.actor == "cinder-hound":
            break
        _choose(service, {"actor": state.pending.actor, "option": "end-turn", "targets": []}, f"pass-{i}")
    hound = service.load(BATTLE)[0].combatant("cinder-hound")
    lines = _choose(service, {"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["ilsa"]}, "bite")
    assert lines[0].endswith("a hit."), lines[0]
    parts = [int(m.group(1)) for line in lines if (m := re.fullmatch(r"Searing bite \(.*\) deals (\d+) \w+ damage to Ilsa\.", line))]
    dealt = sum(parts)
    assert len(parts) == 2 and dealt > 0
    left = 21 - dealt
    assert f"Searing bite lowers Ilsa's Hit points maximum by {dealt} to {left}: no healing gives it back until a rest." in lines
    # Its health was rolled (5d8); healing stops at that maximum.
    healed = min(dealt, hound.health_max - hound.health)
    assert f"Searing bite (drains {dealt} of the {dealt} damage dealt) heals Cinder Hound for {healed}." in lines
    state, _ = service.load(BATTLE)
    ilsa = state.combatant("ilsa").sheet
    assert ilsa["live"]["sealed"] == {"hp": {"rest": dealt}} and ilsa["live"]["pools"]["hp"] == left
    # The sheet the fight leaves keeps the seal: healing stops at the lowered maximum, and
    # the long rest gives the maximum back and fills it.
    sheet = final_sheets(state)["ilsa"]
    rs = service.rules_of(state)
    mended = heal(rs, sheet, 30, pool="hp")
    assert isinstance(mended, dict) and mended["live"]["pools"]["hp"] == left
    rested = rest(rs, sheet, "long")
    assert isinstance(rested, dict) and "sealed" not in rested["live"] and rested["live"]["pools"]["hp"] == 21

