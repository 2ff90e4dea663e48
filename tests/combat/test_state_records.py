"""The typed records inside the battle state (a held-back action, a daze, a tier hold, the
open window and the step it holds, a held spend) read the JSON the dict-shaped state wrote
and write it back key for key: a battle saved before they were typed loads and saves unchanged
(the keys, their order and what is left out)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat.state import (ActionStep, Combatant, Daze, DelayedAction, FallStep, Pending, TierHold,
                                 WalkStep)

ids = st.text("abcdefghij-", min_size=1, max_size=8)


def _same(model: type, written: dict) -> None:
    read = model.model_validate(written)
    assert json.dumps(read.model_dump(mode="json")) == json.dumps(written)
    assert json.dumps(model.model_validate_json(json.dumps(written)).model_dump(mode="json")) == json.dumps(written)


def test_a_delayed_action_reads_and_writes_its_list_key():
    # delays.held_back's record as it was written: `list` first, `cost_steps` last.
    written = {"list": "spells", "entry": "spells/hex", "name": "Hex", "budget": "action", "targets": ["rat"],
               "to_hit": 5, "to_hit_parts": [["Wits", 3], ["rank", 2]], "save_dc": 13, "cost_steps": 0}
    _same(DelayedAction, written)
    assert DelayedAction.model_validate(written).list_id == "spells"
    assert DelayedAction.model_validate(written).to_hit_parts == [("Wits", 3), ("rank", 2)]


def test_a_tier_hold_writes_only_what_was_held():
    _same(TierHold, {"defense": 10, "toHit": 5, "saveDifficulty": 12,
                     "weapons": {"kit:hooked-pole": {"dice": "1d6+4", "strikes": 1}}})
    _same(TierHold, {"entries": {"charms/cinder-burst": {"dice": "3d8", "flat": 0, "steps": 0}}})
    assert TierHold(to_hit=5).model_dump(mode="json") == {"toHit": 5}
    assert TierHold().model_dump(mode="json") == {}


@given(st.one_of(st.none(), st.integers(0, 30)), st.one_of(st.none(), st.integers(0, 30)),
       st.one_of(st.none(), st.integers(0, 30)),
       st.dictionaries(ids, st.builds(lambda d, n: {"dice": d, "strikes": n}, st.sampled_from(["1d6", "2d8+1"]),
                                      st.integers(1, 3)), max_size=2),
       st.dictionaries(ids, st.builds(lambda d, f, n: {"dice": d, "flat": f, "steps": n},
                                      st.sampled_from(["1d6", "3d8"]), st.integers(0, 4), st.integers(0, 2)),
                       max_size=2))
@settings(max_examples=80, deadline=None)
def test_any_tier_hold_round_trips(defense, to_hit, dc, weapons, entries):
    written: dict = {}
    for key, value in (("defense", defense), ("toHit", to_hit), ("saveDifficulty", dc), ("weapons", weapons),
                       ("entries", entries)):
        if value is not None and value != {}:
            written[key] = value
    _same(TierHold, written)


def test_a_daze_and_a_combatant_holding_these_records_round_trip():
    _same(Daze, {"by": "juno", "marked": True})
    combatant = Combatant(id="rat", name="Rat", side="foes", kind="block", dazed=Daze(by="juno", marked=False),
                          held=TierHold(defense=10))
    written = combatant.model_dump(mode="json")
    assert written["dazed"] == {"by": "juno", "marked": False}
    assert written["held"] == {"defense": 10}
    assert written["delayed"] is None
    assert Combatant.model_validate_json(json.dumps(written)).model_dump(mode="json") == written


#: `Pending` records as the dict-shaped windows saved them (tests/combat/fixtures/saved-pending.json,
#: taken from fights of the window tests before the records were typed): one per kind of held
#: step, an action step with each of its later keys, and a player's own spends held mid-answer.
SAVED = json.loads((Path(__file__).parent / "fixtures" / "saved-pending.json").read_text())


@pytest.mark.parametrize("kind", sorted(SAVED))
def test_a_window_saved_before_the_records_were_typed_loads_and_saves_byte_for_byte(kind):
    text = json.dumps(SAVED[kind], separators=(",", ":"), ensure_ascii=False)
    pending = Pending.model_validate_json(text)
    assert pending.model_dump_json() == text


def test_the_saved_records_read_by_attribute():
    walk = Pending.model_validate(SAVED["walk"]).window
    assert walk is not None and isinstance(walk.resume, WalkStep)
    assert (walk.moment, walk.asking, walk.resume.from_cell, walk.resume.cells, walk.resume.now) == (
        "leaves-reach", ["ogre"], [1, 1], [[0, 1]], ["ogre"])
    fall = Pending.model_validate(SAVED["fall"]).window
    assert fall is not None and isinstance(fall.resume, FallStep)
    assert [(f.faller, f.levels, f.source) for f in fall.resume.falls] == [("juno", 2, "ogre")]
    strike = Pending.model_validate(SAVED["action+applied+strike+then"]).window
    assert strike is not None and isinstance(strike.resume, ActionStep)
    assert strike.resume.strike is True and strike.resume.then is not None
    assert (strike.resume.then.id, strike.resume.then.moment) == ("w9", "leaves-reach")
    assert isinstance(strike.resume.then.resume, WalkStep)
    spend = Pending.model_validate(SAVED["spend"])
    assert spend.decision == "spend" and spend.spend is not None
    assert spend.spend.resume.cursor is not None and "roll" in spend.spend.resume.cursor
    # Held mid-answer: the answer's step keeps the window it answers.
    assert spend.spend.resume.answer is not None and spend.spend.resume.answer.window.moment == SAVED["spend"][
        "spend"]["resume"]["answer"]["window"]["moment"]
