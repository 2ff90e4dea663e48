"""Refusals are values (`{code, message}`) and change nothing: the state given to `advance`
is exactly as it was, dice cursor and revision included."""

from __future__ import annotations

import pytest

from shared.combat import Refusal, advance, decide_for, menu
from shared.sheet import Refusal as SheetRefusal
from tests.combat.kit import Bout, foe, juno_roads, member, roads, ruleset, state_copy

AXE = "attack:gear:road-axe"


def _pell() -> dict:
    return member("Pell", {"abilities": {"brawn": 0, "wits": 2}, "fields": {"toughness": 2},
                           "lists": {"gear": [{"name": "Sling", "swing": "wits", "damage": "1d4"}]}})


@pytest.fixture()
def bout() -> Bout:
    # Initiative: Juno 6 + 6, Pell 1 + 1 + 2, the jackals 1 + 1 + 1 each: Juno decides first.
    return Bout(ruleset(roads()), [juno_roads(), _pell()], [foe("rust-jackal", count=2)],
                dice=[6, 6, 1, 1, 1, 1, 1, 1, 5, 3, 4])


CASES = [
    ({"actor": "pell", "option": "end-turn"}, "not-your-turn", "it is Juno's decision, not Pell's"),
    ({"actor": "rust-jackal", "option": "action:bite", "targets": ["juno"]}, "not-your-turn",
     "it is Juno's decision, not Rust jackal's"),
    ({"actor": "ghost", "option": "end-turn"}, "unknown-actor", "there is no combatant 'ghost' in this fight"),
    ({"actor": "juno", "option": "attack:gear:sling", "targets": ["rust-jackal"]}, "unknown-option",
     "'attack:gear:sling' is not on Juno's menu now"),
    ({"actor": "juno", "option": AXE}, "needs-target", "Road axe needs a target: one of rust-jackal, rust-jackal-2"),
    ({"actor": "juno", "option": AXE, "targets": ["pell"]}, "bad-target", "'pell' cannot be aimed at with Road axe now"),
    ({"actor": "juno", "option": AXE, "targets": ["rust-jackal", "rust-jackal"]}, "bad-target", "a target is named twice"),
    ({"actor": "juno", "option": AXE, "targets": ["rust-jackal", "rust-jackal-2"]}, "bad-target",
     "Road axe takes at most 1 target(s)"),
    ({"actor": "juno", "option": "standard:help", "targets": ["juno"]}, "bad-target",
     "'juno' cannot be aimed at with Help now"),
    ({"actor": "juno"}, "malformed", 'a choice needs "actor" and "option" as text'),
    ({"actor": "juno", "option": AXE, "targets": "rust-jackal"}, "malformed", '"targets" is a list of combatant ids'),
    ("end-turn", "malformed", "a choice is an object with actor and option"),
]


@pytest.mark.parametrize(("choice", "code", "message"), CASES, ids=[c[1] + "-" + str(i) for i, c in enumerate(CASES)])
def test_a_refused_choice_is_a_value_and_changes_nothing(bout: Bout, choice, code, message):
    before = state_copy(bout.state)
    result = advance(bout.rs, bout.state, choice)
    assert isinstance(result, Refusal)
    assert result.as_dict() == {"code": code, "message": message}
    assert state_copy(bout.state) == before


def test_an_accepted_choice_leaves_the_input_state_alone_too(bout: Bout):
    before = state_copy(bout.state)
    new_state, events = advance(bout.rs, bout.state, {"actor": "juno", "option": AXE, "targets": ["rust-jackal"]})
    assert state_copy(bout.state) == before
    assert new_state.revision == bout.state.revision + 1
    assert events[0].seq == bout.state.seq + 1


def test_menu_and_the_engines_choice_consume_no_dice_and_change_nothing(bout: Bout):
    before = state_copy(bout.state)
    assert [o.id for o in menu(bout.rs, bout.state, "juno")][0] == AXE
    assert menu(bout.rs, bout.state, "pell") == []
    assert decide_for(bout.rs, bout.state) == {"actor": "juno", "option": AXE, "targets": ["rust-jackal"]}
    assert state_copy(bout.state) == before


def test_a_fight_that_is_over_refuses_everything():
    rs = ruleset(roads())
    # Juno hits the lone jackal (health 10) for 6 + 3, its bite misses, and her second blow ends it.
    bout = Bout(rs, [juno_roads()], [foe("rust-jackal")], dice=[6, 6, 1, 1, 6, 6, 6, 1, 1, 6, 6, 6])
    bout.choose("juno", AXE, "rust-jackal")
    bout.choose("rust-jackal", "action:bite", "juno")
    assert bout.choose("juno", AXE, "rust-jackal")[-1] == "The fight is over after 2 rounds: the party wins."
    before = state_copy(bout.state)
    assert bout.refusal("juno", "end-turn").as_dict() == {"code": "fight-over", "message": "the fight is over (victory)"}
    assert state_copy(bout.state) == before
    assert menu(rs, bout.state, "juno") == [] and decide_for(rs, bout.state) is None


def test_menu_and_decide_for_read_the_state_without_changing_it():
    """menu() and decide_for() work on the caller's state directly (no copy): they must
    change nothing and roll nothing."""
    import json as _json

    from shared.combat import decide_for, menu, start_battle
    from shared.ruleset import load_package
    from tests.conftest import EXAMPLES

    rs = load_package(EXAMPLES / "lantern-marsh.json")
    party = _json.loads((EXAMPLES / "party.json").read_text())
    foes = _json.loads((EXAMPLES / "foes.json").read_text())
    state, _ = start_battle(rs, party, foes, seed=4)
    before = state.model_dump(mode="json")
    options = menu(rs, state, state.pending.actor)
    choice = decide_for(rs, state)
    assert options and choice["option"] in {o.id for o in options}
    assert state.model_dump(mode="json") == before


def test_menu_with_suggestion_agrees_with_menu_and_decide_for():
    import json as _json

    from shared.combat import decide_for, menu, menu_with_suggestion, start_battle
    from shared.ruleset import load_package
    from tests.conftest import EXAMPLES

    rs = load_package(EXAMPLES / "lantern-marsh.json")
    party = _json.loads((EXAMPLES / "party.json").read_text())
    foes = _json.loads((EXAMPLES / "foes.json").read_text())
    state, _ = start_battle(rs, party, foes, seed=9)
    actor = state.pending.actor
    options, suggestion = menu_with_suggestion(rs, state, actor)
    assert [o.model_dump() for o in options] == [o.model_dump() for o in menu(rs, state, actor)]
    assert suggestion == decide_for(rs, state)
    bare = menu(rs, state, actor, forecasts=False)
    assert [o.id for o in bare] == [o.id for o in options]
    assert all(f.hit is None and f.damage is None for o in bare for f in o.forecasts)


def test_advance_on_an_owned_state_gives_the_same_step():
    import json as _json

    from shared.combat import BattleState, advance, decide_for, start_battle
    from shared.ruleset import load_package
    from tests.conftest import EXAMPLES

    rs = load_package(EXAMPLES / "lantern-marsh.json")
    party = _json.loads((EXAMPLES / "party.json").read_text())
    foes = _json.loads((EXAMPLES / "foes.json").read_text())
    state, _ = start_battle(rs, party, foes, seed=12)
    choice = decide_for(rs, state)
    copied, events = advance(rs, state, choice)
    owned = BattleState.model_validate(state.model_dump(mode="json"))
    in_place, events2 = advance(rs, owned, choice, owned=True)
    assert in_place is owned
    assert [e.text for e in events2] == [e.text for e in events]
    assert in_place.model_dump(mode="json") == copied.model_dump(mode="json")


def test_a_refused_choice_is_the_sheets_refusal(bout: Bout):
    """One refusal value for the sheet and the fight (`{code, message}`, falsy: nothing
    changed), so a caller tells it from a result by `isinstance` and from None by `is None`."""
    result = advance(bout.rs, bout.state, {"actor": "pell", "option": "end-turn"})
    assert type(result) is SheetRefusal
    assert not result
    assert result == SheetRefusal("not-your-turn", "it is Juno's decision, not Pell's")
