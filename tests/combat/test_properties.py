"""Properties of whole fights under random choices (hypothesis): health stays within
[0, max] and budgets never go negative after every step, every fight ends within the round
cap, the same seed and choices give the same events, and a fight saved to JSON mid-way and
continued gives the same events as one that never stopped.

Player- and GM-controlled combatants pick a random option from their menu and random
targets from it; Engine-controlled ones are resolved inside `advance`. The scenarios are
Lantern Marsh's example fight and a symbol-pool fight with answers that roll and players
choosing their own spends (always), and the upstream 5e fixtures when ../shared is here.
Fast by default (30 examples a property); `COMBAT_PROPERTY_EXAMPLES=300` runs longer.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.combat import BattleState, advance, menu, start_battle
from shared.combat import numbers as N
from shared.combat.engine import MAX_ROUNDS
from shared.combat.fight import Fight, Refusal
from shared.ruleset import load_package
from tests.combat.kit import EXAMPLES, FIXTURES, UPSTREAM, ruleset
from tests.combat.symbol_kit import duelist, riposte_package

EXAMPLES_PER_PROPERTY = int(os.environ.get("COMBAT_PROPERTY_EXAMPLES", "30"))
FAST = settings(max_examples=EXAMPLES_PER_PROPERTY, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@dataclass(frozen=True)
class Scenario:
    name: str
    ruleset: Any
    party: list
    foes: list


def _scenarios() -> list[Scenario]:
    found = [Scenario("lantern-marsh", load_package(EXAMPLES / "lantern-marsh.json"),
                      json.loads((EXAMPLES / "party.json").read_text()), json.loads((EXAMPLES / "foes.json").read_text())),
             # Symbol dice with answers that roll (Riposte, Retort) and players choosing their
             # own spends, on a turn and inside a window answer.
             Scenario("symbol-answers", ruleset(riposte_package()), [duelist(), duelist("Ada")],
                      [{"creature": "dock-bruiser", "controller": "engine"}, {"creature": "gull", "controller": "engine"}])]
    five = UPSTREAM / "ruleset-5e-2014.example.json"
    if five.exists():
        found.append(Scenario("5e", load_package(five), json.loads((FIXTURES / "5e-party.json").read_text()),
                              json.loads((FIXTURES / "5e-foes.json").read_text())))
    return found


SCENARIOS = _scenarios()

#: Decisions in one fight at the most: the round cap times everyone's turns, with room for
#: several choices a turn. A fight that needs more has not ended.
MAX_DECISIONS = (MAX_ROUNDS + 2) * 12 * 4

Pick = Callable[[BattleState, list], dict[str, Any]]


def _random_pick(data: st.DataObject) -> Pick:
    def pick(state: BattleState, options: list) -> dict[str, Any]:
        # Mostly something that acts on someone (so fights end in a sensible number of
        # steps), sometimes anything at all: a dodge, a dash, ending the turn.
        acting = [o for o in options if o.group not in ("standard", "end")]
        if acting and data.draw(st.integers(0, 3), label="act") > 0:
            options = acting
        option = data.draw(st.sampled_from(options), label="option")
        targets: list[str] = []
        if option.count:
            targets = data.draw(st.lists(st.sampled_from(option.targets), min_size=1, max_size=option.count,
                                         unique=True), label="targets")
        return {"actor": state.pending.actor, "option": option.id, "targets": targets}

    return pick


def _replay(choices: list[dict[str, Any]]) -> Pick:
    queue = list(choices)

    def pick(state: BattleState, options: list) -> dict[str, Any]:
        return queue.pop(0)

    return pick


def _setup(scenario: Scenario, seed: int, gm_foes: bool) -> tuple[BattleState, list]:
    foes = [dict(f, controller="gm") for f in scenario.foes] if gm_foes else scenario.foes
    state, events = start_battle(scenario.ruleset, scenario.party, foes, seed=seed)
    return state, events


def _play(scenario: Scenario, state: BattleState, pick: Pick, *, steps: int | None = None,
          check: Callable[[BattleState], None] | None = None) -> tuple[BattleState, list[dict[str, Any]]]:
    """Decides until the fight ends (or `steps` decisions were made); returns the state and
    the choices made."""
    made: list[dict[str, Any]] = []
    for _ in range(MAX_DECISIONS):
        if state.outcome or state.pending is None or (steps is not None and len(made) >= steps):
            return state, made
        options = menu(scenario.ruleset, state, state.pending.actor)
        assert options, f"{state.pending.actor} must decide but has an empty menu"
        choice = pick(state, options)
        result = advance(scenario.ruleset, state, choice)
        assert not isinstance(result, Refusal), f"a choice from the menu was refused: {result} ({choice})"
        state, _events = result
        made.append(choice)
        if check is not None:
            check(state)
    raise AssertionError(f"no outcome after {MAX_DECISIONS} decisions")


def _check_bounds(scenario: Scenario) -> Callable[[BattleState], None]:
    def check(state: BattleState) -> None:
        fight = Fight(scenario.ruleset, state)
        for c in state.combatants:
            current, top, temp = N.health(fight, c)
            assert 0 <= current <= top, f"{c.name} has {current} of {top}"
            assert temp >= 0, f"{c.name} has {temp} temporary points"
            assert all(v >= 0 for v in c.budgets.values()), f"{c.name}'s budgets {c.budgets}"
            assert c.strikes >= 0 and all(v >= 0 for v in c.uses.values()), f"{c.name}: {c.strikes}, {c.uses}"
            assert c.signature_points >= 0
            assert c.dying is None or min(c.dying.values()) >= 0
        assert [e.seq for e in state.events] == list(range(1, state.seq + 1)), "events are numbered 1, 2, 3, ..."

    return check


def _events(state: BattleState) -> list[dict[str, Any]]:
    return [e.model_dump(mode="json") for e in state.events]


@FAST
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**32 - 1), gm_foes=st.booleans(), data=st.data())
def test_bounds_hold_after_every_step_and_the_fight_ends(scenario: Scenario, seed: int, gm_foes: bool, data):
    state, _ = _setup(scenario, seed, gm_foes)
    check = _check_bounds(scenario)
    check(state)
    state, _ = _play(scenario, state, _random_pick(data), check=check)
    assert state.outcome in ("victory", "defeat", "stalemate")
    assert state.pending is None and state.round <= MAX_ROUNDS + 1


@FAST
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**32 - 1), gm_foes=st.booleans(), data=st.data())
def test_replaying_and_reloading_mid_fight_give_the_same_events(scenario: Scenario, seed: int, gm_foes: bool, data):
    straight, choices = _play(scenario, _setup(scenario, seed, gm_foes)[0], _random_pick(data))

    # The same seed and the same choices again, stopped after `stop` of them, stored as JSON,
    # loaded back (as another worker would load it) and continued with the rest: the same
    # events, to the last field, as the fight that never stopped. (With `stop` at either end
    # this is a plain replay.)
    stop = data.draw(st.integers(0, len(choices)), label="stop")
    first, _ = _play(scenario, _setup(scenario, seed, gm_foes)[0], _replay(choices), steps=stop)
    stored = json.dumps(first.model_dump(mode="json"))
    reloaded = BattleState.model_validate(json.loads(stored))
    assert reloaded.model_dump(mode="json") == first.model_dump(mode="json")
    rest, _ = _play(scenario, reloaded, _replay(choices[stop:]))
    assert _events(rest) == _events(straight)
    assert rest.model_dump(mode="json") == straight.model_dump(mode="json")


@FAST
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**32 - 1))
def test_the_same_seed_sets_up_the_same_fight(scenario: Scenario, seed: int):
    one, _ = _setup(scenario, seed, False)
    two, _ = _setup(scenario, seed, False)
    assert one.model_dump(mode="json") == two.model_dump(mode="json")
