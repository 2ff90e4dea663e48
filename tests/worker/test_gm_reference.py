"""The ruleset's full rules reference for the Game Master (top-level `gmReference`,
spec/sheet.md "Full GM rules reference"): once per request, under "Game Master rules
reference" at the end of the system prompt of both requests the GM model gets (the
director's decision and the invention of opponents), never in the per-turn user message."""

from __future__ import annotations

import json

from shared.combat import advance, decide_for, menu, start_battle
from shared.combat.invention import asks_in, gm_numbers
from shared.ruleset import load_package
from shared.service.director_prompt import director_messages
from shared.service.invent_prompt import invention_messages
from tests.conftest import EXAMPLES
from tests.games.fixtures import game_package, member

#: The spec's own example.
REFERENCE = ("When a journey crosses hostile country, judge supplies, shelter and exposure before the next leg. "
             "A failed navigation check costs time rather than silently moving the party to its destination.")
PARTY = json.loads((EXAMPLES / "party.json").read_text())
FOES = [dict(f, controller="gm") for f in json.loads((EXAMPLES / "foes.json").read_text())]
INVENTED = [{"invent": 2, "tier": "pack", "brief": "marsh wolves"}]


def _director(pkg):
    rs = load_package(pkg)
    state, _ = start_battle(rs, PARTY, FOES, seed=11)
    while state.pending is not None and state.pending.controller != "gm" and not state.outcome:
        state, _ = advance(rs, state, decide_for(rs, state))
    assert state.pending is not None and state.pending.controller == "gm"
    return director_messages(rs, state, menu(rs, state, state.pending.actor))


def _invention(pkg):
    rs = load_package(pkg)
    asks, _ = asks_in(INVENTED)
    return invention_messages(rs, gm_numbers(rs, [member("Juno", 3)], INVENTED, asks, "normal"))


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
