"""How much work one step does, counted rather than timed (bench/resolve.py times it):

* `menu()` draws the menu once, with forecasts; `advance()` draws it once to check the
  choice and then at most once more for each turn it hands to a player or the GM, never
  with forecasts, and works out no odds at all when nobody it resolves is Engine-controlled;
* `has_choice` (which lets the resolver skip drawing a whole menu) always agrees with the
  menu it stands in for;
* the working copy `advance` changes is equal to the state it was made from, shares the
  parts that are never changed in place, and changing anything else in it leaves the
  caller's state as it was;
* a block's actions read from a freshly loaded state are not parsed again;
* `Plan.revised` (what a menu makes a plan for each payment, charge and cure mode with)
  makes the plan `dataclasses.replace` makes.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.combat import BattleState, advance, menu, start_battle
from shared.combat import contests as CT
from shared.combat import engine as EN
from shared.combat import menu_build as MN
from shared.combat import options as O
from shared.combat import plan_reading as PR
from shared.combat import plans as PL
from shared.combat.fight import Fight
from shared.combat.snapshot import working_copy
from shared.combat.state import HeldCondition
from shared.ruleset import load_package
from tests.combat.kit import EXAMPLES
from tests.combat.test_properties import FAST, SCENARIOS, Scenario, _play, _random_pick


def _marsh() -> tuple[Any, list[dict[str, Any]], list[dict[str, Any]]]:
    rs = load_package(EXAMPLES / "lantern-marsh.json")
    party = [dict(m, controller="player") for m in json.loads((EXAMPLES / "party.json").read_text())]
    foes = [dict(f, controller="gm") for f in json.loads((EXAMPLES / "foes.json").read_text())]
    return rs, party, foes


class Tally:
    """Counts menus drawn (with or without forecasts) and attack odds and contest chances
    worked out, by wrapping the real functions (they still do all their work)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.menus: list[bool] = []
        self.odds = 0
        real_build, real_key, real_win = MN.build_menu, O._hit_key, CT.win_chance

        def build_menu(fight: Fight, actor: Any, *, forecasts: bool = True, blanks: bool = True) -> list[Any]:
            self.menus.append(forecasts)
            return real_build(fight, actor, forecasts=forecasts, blanks=blanks)

        def hit_key(*args: Any) -> Any:
            self.odds += 1
            return real_key(*args)

        def win_chance(*args: Any, **kwargs: Any) -> Any:
            self.odds += 1
            return real_win(*args, **kwargs)

        monkeypatch.setattr(MN, "build_menu", build_menu)
        monkeypatch.setattr(EN, "build_menu", build_menu)
        monkeypatch.setattr(O, "_hit_key", hit_key)
        monkeypatch.setattr(CT, "win_chance", win_chance)

    def reset(self) -> None:
        self.menus, self.odds = [], 0


def test_a_step_draws_the_menu_with_forecasts_once_and_advance_works_out_no_odds(monkeypatch):
    rs, party, foes = _marsh()
    calls: list[int] = []
    real_has_choice = EN.has_choice

    def has_choice(fight: Fight, actor: Any) -> bool:
        calls.append(1)
        return real_has_choice(fight, actor)

    monkeypatch.setattr(EN, "has_choice", has_choice)
    tally = Tally(monkeypatch)
    steps = skipped_menus = 0
    for seed in range(3):
        state, _ = start_battle(rs, party, foes, seed=seed)
        while state.pending is not None and not state.outcome:
            tally.reset()
            options = menu(rs, state, state.pending.actor)
            assert tally.menus == [True] and options
            assert tally.odds > 0, "the menu shows forecasts"
            choice = EN.decide_for(rs, state)
            tally.reset()
            calls.clear()
            state, _ = advance(rs, state, choice)
            assert tally.menus and tally.menus[0] is False, "the choice is checked against a menu without forecasts"
            assert not any(tally.menus), "advance draws no forecasts"
            assert tally.odds == 0, "advance works out no odds when everyone is a player or the GM"
            assert len(tally.menus) <= 1 + len(calls), "at most one more menu for each turn handed over"
            skipped_menus += len(calls) - (len(tally.menus) - 1)
            steps += 1
    assert steps > 20
    assert skipped_menus > steps // 4, "handing a turn over usually draws no menu at all"


@FAST
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_has_choice_agrees_with_the_menu(scenario: Scenario, seed: int, data):
    foes = [dict(f, controller="gm") for f in scenario.foes]
    state, _ = start_battle(scenario.ruleset, scenario.party, foes, seed=seed)
    states = [state]
    for _ in range(12):
        if state.outcome or state.pending is None:
            break
        state, _ = _play(scenario, state, _random_pick(data), steps=1)
        states.append(state)
    for state in states:
        for c in state.combatants:
            items = MN.build_menu(Fight(scenario.ruleset, state), c, forecasts=False)
            expected = any(i.plan.kind != "end" for i in items)
            assert MN.has_choice(Fight(scenario.ruleset, state), c) is expected, (c.id, [i.option.id for i in items])


def _states(seeds: range) -> list[BattleState]:
    rs, party, foes = _marsh()
    out = []
    for seed in seeds:
        state, _ = start_battle(rs, party, foes, seed=seed)
        while state.pending is not None and not state.outcome:
            out.append(state)
            state, _ = advance(rs, state, EN.decide_for(rs, state))
        out.append(state)
    return out


def test_the_working_copy_is_the_state_and_changing_it_changes_nothing_else():
    for state in _states(range(2)):
        before = state.model_dump(mode="json")
        fresh = working_copy(state)
        assert fresh.model_dump(mode="json") == before
        assert fresh.events is not state.events and all(a is b for a, b in zip(fresh.events, state.events))
        for mine, theirs in zip(fresh.combatants, state.combatants):
            assert mine is not theirs and mine.sheet is theirs.sheet and mine.block is theirs.block
            # An empty list or map is made anew, not shared (the copy skips copying it).
            for name, value in theirs.__dict__.items():
                if type(value) in (list, dict) and not value and name not in ("sheet", "block"):
                    assert mine.__dict__[name] == value and mine.__dict__[name] is not value, name
        # Everything the resolver changes in place, changed in the copy.
        fresh.events.append(fresh.events[0])
        fresh.dice.cursor += 5
        fresh.order.reverse()
        if fresh.pending is not None:
            fresh.pending.actor = "nobody"
            if fresh.pending.window is not None:
                fresh.pending.window.asking.append("nobody")
        for c in fresh.combatants:
            c.health -= 1
            c.budgets["x"] = 1
            c.uses["x"] = 1
            c.recharge["x"] = False
            c.tracks["x"] = 1
            c.spent["x"] = 1
            c.riders_used.append("x")
            for held in c.conditions:
                held.rounds = 99
            c.conditions.append(HeldCondition(id="x"))
            if c.dying is not None:
                c.dying["x"] = 1
            if c.concentration is not None:
                c.concentration.conditions.append(["x", "y"])
        assert state.model_dump(mode="json") == before


def test_block_actions_of_a_freshly_loaded_state_are_not_parsed_again():
    state = _states(range(1))[0]
    again = BattleState.model_validate(json.loads(state.model_dump_json()))
    creatures = [(a, b) for a, b in zip(state.combatants, again.combatants) if (a.block or {}).get("actions")]
    assert creatures
    for original, loaded in creatures:
        assert loaded.block["actions"] is not original.block["actions"]
        assert PR.block_actions(loaded) is PR.block_actions(original)


def test_a_forecast_built_without_validation_is_the_validated_one():
    for numbers in ({}, {"hit": 0.5833, "damage": 4.861}, {"heal": 5.5}, {"win": 0.4219}, {"hit": None, "damage": 3.0}):
        fast, checked = PL.forecast("bog-hound-2", **numbers), PL.Forecast(target="bog-hound-2", **numbers)
        assert fast == checked
        assert fast.model_dump_json() == checked.model_dump_json()
        assert fast.model_fields_set == checked.model_fields_set
    with pytest.raises(TypeError):
        PL.forecast("bog-hound-2", chance=0.5)


#: Changes a menu makes to a plan (payments, extra charges, cure modes, aiming), and others.
_CHANGES = st.fixed_dictionaries({}, optional={
    "option_id": st.sampled_from(["spell:x@slot_2", "item:y@charges:1", "z@cure:2"]),
    "cost_steps": st.integers(0, 4), "charge_steps": st.integers(0, 3), "cure": st.integers(0, 3),
    "costs": st.lists(st.tuples(st.sampled_from(["slot_1", "ki"]), st.integers(1, 3)), max_size=2),
    "budget": st.none(), "aim": st.tuples(st.integers(0, 9), st.integers(0, 9)),
})


@FAST
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 2**16), changes=_CHANGES)
def test_a_revised_plan_is_the_plan_replace_makes(scenario: Scenario, seed: int, changes: dict[str, Any]):
    state, _ = start_battle(scenario.ruleset, scenario.party, [dict(f, controller="gm") for f in scenario.foes],
                            seed=seed)
    plans = [i.plan for c in state.combatants for i in MN.build_menu(Fight(scenario.ruleset, state), c)]
    assert plans
    for plan in plans:
        revised, replaced = plan.revised(**changes), dataclasses.replace(plan, **changes)
        assert revised == replaced and type(revised) is PL.Plan and revised is not plan
        assert all(getattr(revised, f.name) is getattr(replaced, f.name) for f in dataclasses.fields(PL.Plan))
        assert dataclasses.asdict(plan) == dataclasses.asdict(dataclasses.replace(revised, **{
            name: getattr(plan, name) for name in changes}))  # the original is left as it was


def test_revising_a_plan_by_a_field_it_lacks_is_refused_as_replace_refuses_it():
    plan = PL.Plan(kind="end", name="End turn")
    with pytest.raises(TypeError, match="no field 'costz'"):
        plan.revised(costz=[])
    with pytest.raises(TypeError):
        dataclasses.replace(plan, costz=[])
