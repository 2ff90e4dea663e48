"""The ruleset's full rules reference for the Game Master (top-level `gmReference`,
spec/sheet.md "Full GM rules reference"): once per request, under "Game Master rules
reference" at the end of the system prompt of both requests the GM model gets (the
director's decision and the invention of opponents), never in the per-turn user message."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import advance, decide_for, menu, start_battle
from shared.combat.invention import asks_in, gm_numbers
from shared.ruleset import load_package
from shared.service.director_prompt import TRUNCATED, director_messages
from shared.service.gm import GmModel
from shared.service.invent_prompt import invention_messages
from tests.conftest import EXAMPLES
from tests.games.fixtures import game_package, member

#: The spec's own example.
REFERENCE = ("When a journey crosses hostile country, judge supplies, shelter and exposure before the next leg. "
             "A failed navigation check costs time rather than silently moving the party to its destination.")
PARTY = json.loads((EXAMPLES / "party.json").read_text())
FOES = [dict(f, controller="gm") for f in json.loads((EXAMPLES / "foes.json").read_text())]
INVENTED = [{"invent": 2, "tier": "pack", "brief": "marsh wolves"}]


def _director(pkg, limit=0):
    rs = load_package(pkg)
    state, _ = start_battle(rs, PARTY, FOES, seed=11)
    while state.pending is not None and state.pending.controller != "gm" and not state.outcome:
        state, _ = advance(rs, state, decide_for(rs, state))
    assert state.pending is not None and state.pending.controller == "gm"
    return director_messages(rs, state, menu(rs, state, state.pending.actor), limit)


def _invention(pkg, limit=0):
    rs = load_package(pkg)
    asks, _ = asks_in(INVENTED)
    return invention_messages(rs, gm_numbers(rs, [member("Juno", 3)], INVENTED, asks, "normal"), limit)


def test_the_reference_closes_the_system_prompt_of_both_requests_once():
    for build in (_director, _invention):
        system, user = build(game_package(gmReference=REFERENCE))
        assert system["content"].endswith("\n\nGame Master rules reference:\n" + REFERENCE)
        assert system["content"].count(REFERENCE) == 1
        assert REFERENCE not in user["content"]


def test_without_a_reference_the_prompts_are_as_before():
    for build in (_director, _invention):
        with_it = build(game_package(gmReference=REFERENCE))
        without = build(game_package())
        assert with_it[0]["content"] == without[0]["content"] + "\n\nGame Master rules reference:\n" + REFERENCE
        assert with_it[1] == without[1]
        assert "rules reference" not in without[0]["content"]


def _length(messages) -> int:
    return sum(len(m["content"]) for m in messages)


def test_a_reference_too_long_for_the_request_is_cut_with_a_marker_and_nothing_else_is():
    # spec/sheet.md: "the reference is shortened, with a marker saying it was truncated, before
    # the core instructions are cut". The Game Master's 16,000-character ceiling, reached.
    long_reference = ("Judge supplies before the next leg. " * 460)[:16000].rstrip()
    for build in (_director, _invention):
        without = build(game_package())
        core = _length(without)
        heading = "\n\nGame Master rules reference:\n"
        limit = core + len(heading) + 400
        system, user = build(game_package(gmReference=long_reference), limit=limit)
        assert user == without[1]
        assert system["content"].startswith(without[0]["content"] + heading + "Judge supplies before the next leg.")
        assert system["content"].endswith(TRUNCATED)
        assert _length([system, user]) <= limit
        kept = system["content"][len(without[0]["content"] + heading):-len(TRUNCATED)]
        assert long_reference.startswith(kept) and 400 - len(TRUNCATED) - 1 <= len(kept) < 400 - len(TRUNCATED) + 1
        # A limit the whole reference fits in changes nothing; one with no room leaves it out.
        assert build(game_package(gmReference=REFERENCE), limit=core + 1000) == build(game_package(gmReference=REFERENCE))
        assert build(game_package(gmReference=long_reference), limit=core + 10) == without


def test_the_context_limit_is_read_from_the_environment():
    assert GmModel.from_env({}).context == 0
    assert GmModel.from_env({"MARINARA_GM_CONTEXT": "24000"}).context == 24000
    with pytest.raises(ValueError, match="MARINARA_GM_CONTEXT='-1' must be at least 0"):
        GmModel.from_env({"MARINARA_GM_CONTEXT": "-1"})


@settings(max_examples=60, deadline=None)
@given(extra=st.integers(min_value=0, max_value=17000))
def test_a_limited_request_never_exceeds_its_limit_and_keeps_the_instructions(extra):
    package = game_package(gmReference=("Judge supplies before the next leg. " * 460)[:16000].rstrip())
    without = _invention(game_package())
    limit = _length(without) + extra
    system, user = _invention(package, limit=limit)
    assert _length([system, user]) <= limit
    assert system["content"].startswith(without[0]["content"]) and user == without[1]
