"""A summon through BattleService, on both stores, with the battle read back from the store
between every two choices: Ilsa's Spiritual Weapon (tests/combat/test_summons.py: the 5e
package, the Cinder Hound, a wall down column 5 of the top two rows) is left beside the Hound
on 2, 1, survives the reload with its cell and rounds, and on her next turn moves through the
wall to strike the Hound behind it for her bonus action alone."""

from __future__ import annotations

import re
from typing import Any

from shared.service.battles import BattleService
from tests.combat import test_summons as TS
from tests.combat import zones_kit as ZK


def _choose(service: BattleService, battle: str, choice: dict[str, Any], request_id: str) -> list[str]:
    # Every step reads the battle back from the store: a reload between any two choices.
    _state, revision = service.load(battle)
    done = service.apply(battle, revision, choice, request_id)
    assert done["ok"], done
    return [e["text"] for e in done["events"]]


def _until(service: BattleService, battle: str, actor: str, tag: str) -> None:
    for i in range(4):
        state, _ = service.load(battle)
        if state.pending is not None and state.pending.actor == actor:
            return
        _choose(service, battle, {"actor": state.pending.actor, "option": "end-turn", "targets": []}, f"{tag}-{i}")
    raise AssertionError(f"{actor} never got a turn")


def test_a_summon_survives_a_reload_and_strikes_through_the_wall(service):
    digest = service.put_ruleset(TS.package())
    created = service.create(digest, [TS.ilsa([1, 1])], ZK.foes(hound=[3, 1]), seed=5, battle_id="b-summon",
                             board=TS.WALLED)
    assert created["ok"], created
    _until(service, "b-summon", "ilsa", "a")
    lines = _choose(service, "b-summon", {"actor": "ilsa", "option": TS.CAST, "targets": ["cinder-hound"]}, "cast")
    assert lines[:2] == ["Ilsa spends 1 2nd-level slot on Spiritual Weapon.", "Ilsa uses Spiritual Weapon on Cinder Hound."]
    # Hit or miss, the casting leaves the weapon beside the Hound, on the cell nearest Ilsa.
    assert lines[-1] == "Ilsa's Spiritual Weapon stays on 2, 1 beside Cinder Hound for 10 rounds."
    state, _ = service.load("b-summon")
    assert [(s.entry, s.owner, s.cell, s.rounds, s.fresh) for s in state.summons] == [
        ("spells/spiritual-weapon", "ilsa", [2, 1], 10, True)]
    _choose(service, "b-summon", {"actor": "ilsa", "option": "end-turn", "targets": []}, "ilsa-ends")
    _until(service, "b-summon", "cinder-hound", "b")
    _choose(service, "b-summon", {"actor": "cinder-hound", "option": "move:7,1", "targets": []}, "hound-walks")
    _until(service, "b-summon", "ilsa", "c")
    state, _ = service.load("b-summon")
    # Her casting turn did not count: still 10 rounds, the weapon where it was left.
    assert [(s.cell, s.rounds, s.fresh) for s in state.summons] == [([2, 1], 10, False)]
    lines = _choose(service, "b-summon", {"actor": "ilsa", "option": TS.STRIKE, "targets": ["cinder-hound"]}, "strike")
    assert lines[:2] == ["Spiritual Weapon moves 20 ft to 6, 1.", "Ilsa's Spiritual Weapon strikes at Cinder Hound."]
    roll = re.fullmatch(r"Ilsa attacks Cinder Hound with Spiritual Weapon: (\d+) \+ 4 = (\d+) against Armor Class 12, "
                        r"a (hit|miss|critical hit)\.", lines[2])
    assert roll is not None, lines[2]
    state, _ = service.load("b-summon")
    ilsa = state.combatant("ilsa")
    assert state.summons[0].cell == [6, 1]
    assert ilsa.budgets["bonus"] == 0 and ilsa.budgets["action"] == 1 and ilsa.sheet["live"]["pools"]["slots_2"] == 1
