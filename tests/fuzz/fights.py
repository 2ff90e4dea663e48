"""Fights for the choice fuzzers: every package we have with the party that fights in it,
every combatant a person's to decide (party members the players', foes the GM's), so each
decision of the fight goes through a generated choice.

Owns: `FIGHTS` and `choices(data, state, ruleset)`, a hypothesis-driven choice that is
valid (from the menu) about half the time and otherwise garbage: an option id nobody
offers, the wrong actor, an unknown actor, targets that are unknown, repeated, too many or
not text, a cell that is not two whole numbers, a choice that is not an object at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from shared.combat import BattleState, menu
from shared.ruleset import load_package
from tests.conftest import EXAMPLES, UPSTREAM
from tests.combat.kit import FIXTURES

_PAIRS = [("ember-roads.json", "ember-party.json", "ember-foes.json"),
          ("gravewatch.json", "gravewatch-party.json", "gravewatch-foes.json"),
          ("ruleset-5e-2014.example.json", "5e-party.json", "5e-foes.json")]


@dataclass(frozen=True)
class FightSetup:
    name: str
    package: dict[str, Any]
    ruleset: Any
    party: list[dict[str, Any]]
    foes: list[dict[str, Any]]

    def __repr__(self) -> str:
        return f"FightSetup({self.name})"


def _people(party: list[dict[str, Any]], foes: list[dict[str, Any]]) -> tuple[list, list]:
    players = [dict(m, controller="player", player=f"p{i % 2 + 1}") for i, m in enumerate(party)]
    return players, [dict(f, controller="gm") for f in foes]


def _fights() -> list[FightSetup]:
    marsh = json.loads((EXAMPLES / "lantern-marsh.json").read_text())
    out = [FightSetup("lantern-marsh", marsh, load_package(marsh),
                      *_people(json.loads((EXAMPLES / "party.json").read_text()),
                               json.loads((EXAMPLES / "foes.json").read_text())))]
    for package, party, foes in _PAIRS:
        if (UPSTREAM / package).exists():
            data = json.loads((UPSTREAM / package).read_text())
            out.append(FightSetup(package.removesuffix(".json"), data, load_package(data),
                                  *_people(json.loads((FIXTURES / party).read_text()),
                                           json.loads((FIXTURES / foes).read_text()))))
    return out


FIGHTS = _fights()

GARBAGE_TEXT = st.sampled_from(["", "attack", "attack:kit:nothing", "pass", "end-turn ", "END-TURN", "move",
                                "ability:x:y", "\x00", "a" * 500, "[clock: name=\"x\" tick=\"1\"]",
                                "juno\nforged line"]) | st.text(max_size=20)


def choice(data: st.DataObject, state: BattleState, ruleset: Any) -> tuple[str, Any]:
    """(what kind of choice it is, the choice) for the fight's pending decision."""
    actor = state.pending.actor
    ids = [c.id for c in state.combatants]
    options = menu(ruleset, state, actor, forecasts=False)
    kind = data.draw(st.sampled_from(["valid"] * 6 + ["option", "actor", "unknown-actor", "targets", "cell",
                                                     "shape", "foreign-option"]), label="kind")
    if kind in ("valid", "targets", "cell") and options:
        option = data.draw(st.sampled_from(options), label="option")
        targets: Any = []
        if option.count:
            targets = data.draw(st.lists(st.sampled_from(option.targets), min_size=1, max_size=option.count,
                                         unique=True), label="targets")
        made: dict[str, Any] = {"actor": actor, "option": option.id, "targets": targets}
        if kind == "targets":
            made["targets"] = data.draw(st.sampled_from([
                ["nobody"], ids, [ids[0], ids[0]], [actor], "everyone", [1, 2], None, targets + ["nobody"]]),
                label="bad targets")
        elif kind == "cell":
            made["cell"] = data.draw(st.sampled_from([["a", None], [10**30, -(10**30)], [-1, -1], [1], [0, 0, 0],
                                                      [1.5, 2.5], "A1", [True, False]]), label="cell")
        return kind, made
    if kind == "option":
        return kind, {"actor": actor, "option": data.draw(GARBAGE_TEXT, label="option id"), "targets": []}
    if kind == "actor":
        others = [i for i in ids if i != actor]
        if others and options:
            return kind, {"actor": data.draw(st.sampled_from(others)), "option": options[0].id, "targets": []}
        return kind, {"actor": actor, "option": "no-such-option"}
    if kind == "unknown-actor":
        return kind, {"actor": data.draw(GARBAGE_TEXT, label="actor"), "option": "end-turn"}
    if kind == "foreign-option":
        # An option id from another combatant's turn menu, offered to this one.
        return kind, {"actor": actor, "option": data.draw(st.sampled_from(
            ["attack:kit:reed-axe", "action:bite", "standard:dodge", "contest:grapple", "ability:charms:lamp-ward"]))}
    return "shape", data.draw(st.sampled_from([None, [], "end-turn", 7, {"actor": actor}, {"option": "pass"},
                                               {"actor": 5, "option": "pass"},
                                               {"actor": actor, "option": None},
                                               {"actor": actor, "option": "end-turn", "targets": "x"}]),
                              label="shape")
