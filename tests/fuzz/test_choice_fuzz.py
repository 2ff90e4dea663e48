"""Fuzzing the resolver with generated choice sequences: valid choices mixed with garbage
option ids, wrong and unknown actors, bad targets and cells and malformed choices. No
step raises; a refusal is a value that changes nothing (the state is equal, to the last
field, to what it was); an accepted choice moves the revision on by one and numbers its
events on from the last; health stays within bounds and budgets never go negative; the
input state of `advance` is never modified.

Through the battle service on the in-memory store the same sequences also carry stale
and future revisions and repeated request ids: a stale choice is refused with
`stale-revision`, a repeated request id answers what it answered the first time, and the
stored battle changes only when a choice is applied."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shared.combat import BattleState, advance, start_battle
from shared.combat.fight import Refusal
from shared.dice.rng import SEED_MAX
from shared.store import MemoryBattleStore
from tests.combat.test_properties import Scenario, _check_bounds
from tests.fuzz.budget import budget
from tests.fuzz.fights import FIGHTS, choice
from shared.service.battles import BattleService

#: Decisions one example makes at the most.
STEPS = 40


def _dump(state: BattleState) -> dict:
    return state.model_dump(mode="json")


@budget(30, fuzz=1500)
@given(fight=st.sampled_from(FIGHTS), seed=st.integers(0, SEED_MAX), data=st.data())
def test_generated_choices_never_crash_the_resolver_or_break_an_invariant(fight, seed, data):
    state, _ = start_battle(fight.ruleset, fight.party, fight.foes, seed=seed)
    check = _check_bounds(Scenario(fight.name, fight.ruleset, fight.party, fight.foes))
    check(state)
    for _ in range(STEPS):
        if state.outcome or state.pending is None:
            break
        kind, made = choice(data, state, fight.ruleset)
        before = _dump(state)
        result = advance(fight.ruleset, state, made)
        assert _dump(state) == before, f"advance changed its input state ({kind}: {made!r})"
        if isinstance(result, Refusal):
            assert result.code and result.message and "\n" not in result.message
            assert kind != "valid", f"a choice from the menu was refused: {result} ({made!r})"
            continue
        new, events = result
        assert new.revision == state.revision + 1
        assert [e.seq for e in events] == list(range(state.seq + 1, new.seq + 1))
        check(new)
        state = new


@budget(20, fuzz=1500)
@given(fight=st.sampled_from(FIGHTS), seed=st.integers(0, SEED_MAX), data=st.data())
def test_the_service_refuses_stale_revisions_and_applies_a_request_id_once(fight, seed, data):
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(fight.package)
    created = service.create(digest, fight.party, fight.foes, seed=seed)
    assert created["ok"], created
    battle = created["battle"]
    answers: dict[str, dict] = {}
    for step in range(STEPS):
        loaded = service.load(battle)
        state, revision = loaded
        if state.outcome or state.pending is None:
            break
        kind, made = choice(data, state, service.ruleset(digest))
        at = revision + data.draw(st.sampled_from([0, 0, 0, 0, -1, 1, -revision]), label="revision shift")
        request_id = data.draw(st.sampled_from([f"r{step}", *answers]) if answers else st.just(f"r{step}"),
                               label="request id")
        before = service.store.load(battle)
        answer = service.apply(battle, at, made, request_id)
        after = service.store.load(battle)
        if request_id in answers:
            assert answer == answers[request_id], "a repeated request id answered differently"
            assert after.revision == before.revision and after.state == before.state
            continue
        if answer["ok"]:
            answers[request_id] = answer
            assert at == before.revision and after.revision == before.revision + 1
            assert [e["seq"] for e in answer["events"]] == list(range(before.last_seq + 1, after.last_seq + 1))
        else:
            assert after.revision == before.revision and after.state == before.state, answer
            if at != before.revision:
                assert answer["code"] == "stale-revision", answer
            assert kind != "valid" or at != before.revision, answer
