"""`advance(..., pause=True)` stops before the Engine's first move and `resume` makes the
rest: the worker publishes a choice's own events before the Engine's turns this way. The
two halves, with the state read back from JSON between them as a worker stores it, must
give exactly what one unpaused `advance` gives: the same events (seq, text, dice, every
field) and the same state, one revision further on (the pause is a revision of its own).
Checked on every choice of the golden fights of `test_step_golden` (player and GM modes,
ten seeds each)."""

from __future__ import annotations

import random

import pytest

from shared.combat import BattleState, Refusal, advance, engine_owes, resume, start_battle
from shared.ruleset import load_package
from tests.combat.test_step_golden import MAX_STEPS, SEEDS, choose, fights, sides
from shared.service.decision import open_decision

FIGHTS = {f.name: f for f in fights()}
RULESETS = {}


def _ruleset(fight):
    if fight.ruleset not in RULESETS:
        import json

        RULESETS[fight.ruleset] = load_package(json.loads(fight.ruleset.read_text()))
    return RULESETS[fight.ruleset]


def _stored(state: BattleState) -> BattleState:
    return BattleState.model_validate_json(state.model_dump_json())


def _without_revision(state: BattleState) -> dict:
    return state.model_dump(mode="json", exclude={"revision"})


@pytest.mark.parametrize("mode", ["player", "gm"])
@pytest.mark.parametrize("name", sorted(FIGHTS))
def test_a_paused_choice_and_its_resume_are_the_unpaused_choice(name, mode):
    fight = FIGHTS[name]
    ruleset = _ruleset(fight)
    paused_somewhere = 0
    for seed in SEEDS:
        party, foes = sides(fight, mode)
        state, _ = start_battle(ruleset, party, foes, seed=seed)
        assert not engine_owes(state), "a new fight waits on a person or is over"
        rng = random.Random(seed)
        for _ in range(MAX_STEPS):
            if state.pending is None or state.outcome:
                break
            choice = choose(rng, open_decision(ruleset, state).model_dump(mode="json"))
            whole = advance(ruleset, _stored(state), choice, owned=True)
            first = advance(ruleset, _stored(state), choice, owned=True, pause=True)
            assert not isinstance(whole, Refusal) and not isinstance(first, Refusal), (name, mode, seed, choice)
            after, events = first
            assert after.revision == state.revision + 1
            if engine_owes(after):
                paused_somewhere += 1
                rest = resume(ruleset, _stored(after), owned=True)
                assert not isinstance(rest, Refusal)
                after, more = rest
                events = [*events, *more]
                assert after.revision == state.revision + 2
            assert not engine_owes(after)
            assert [e.model_dump(mode="json") for e in events] == [e.model_dump(mode="json") for e in whole[1]]
            assert _without_revision(after) == _without_revision(whole[0])
            state = whole[0]
        assert state.outcome, f"{name} {mode} seed {seed} did not end"
    if mode == "player":
        assert paused_somewhere > 0, "the Engine's foes move after some choice of every fight"


def test_resume_refuses_a_fight_that_waits_on_a_person_and_leaves_the_callers_state():
    fight = FIGHTS["skirmish"]
    ruleset = _ruleset(fight)
    state, _ = start_battle(ruleset, *sides(fight, "player"), seed=2)
    refused = resume(ruleset, state)
    assert isinstance(refused, Refusal) and refused.code == "not-paused"
    choice = choose(random.Random(0), open_decision(ruleset, state).model_dump(mode="json"))
    for _ in range(20):
        paused = advance(ruleset, state, choice, pause=True)
        assert not isinstance(paused, Refusal)
        if engine_owes(paused[0]):
            break
        state = paused[0]
        choice = choose(random.Random(0), open_decision(ruleset, state).model_dump(mode="json"))
    else:
        pytest.fail("the foes never moved")
    before = paused[0].model_dump(mode="json")
    rest = resume(ruleset, paused[0])
    assert not isinstance(rest, Refusal) and rest[1], "the Engine's moves add events"
    assert paused[0].model_dump(mode="json") == before, "resume without owned leaves the state as it was"
