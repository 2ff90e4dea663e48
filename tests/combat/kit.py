"""Building blocks for the resolver tests: small packages made in the test (so they run
without ../shared), party members and creatures, and `Bout`, a driver that applies one
choice at a time and keeps the log.

Two packages are the starting points:

* `roads()`: tests/ruleset/minimal.py's Ember-Roads-like package (2d6 + the stat you swing
  with against Guard, Grit as health) plus a small bestiary and a threat scale;
* `marsh()`: examples/lantern-marsh.json (1d12 with advantage, natural 12 a critical that
  adds the dice's highest face, natural 1 a miss, saves, charms that cost Lamp oil).

Every combatant in these fights is controlled by a player (foes too), so `advance` resolves
exactly the choice it is given and stops at the next decision: with scripted dice every
face in a test is accounted for, and `Bout.dice_left()` says how many were not used.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from shared.combat import BattleState, advance, menu, start_battle
from shared.combat.fight import Refusal
from shared.combat.state import HeldCondition
from shared.ruleset import validate_package
from shared.ruleset.package import Ruleset
from tests.ruleset.minimal import minimal_package

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
UPSTREAM = ROOT / "tests" / "data" / "upstream"


# ---------------------------------------------------------------------------
# packages
# ---------------------------------------------------------------------------


def roads() -> dict[str, Any]:
    """The minimal Ember-Roads-like package with a bestiary ("trouble") and three tiers."""
    pkg = minimal_package()
    pkg["sheet"]["live"]["conditions"].append({"id": "pinned", "label": "Pinned"})
    pkg["combat"]["conditions"].append({"condition": "pinned", "effects": ["cannot-act"]})
    pkg["combat"]["threat"] = {"tiers": [
        {"id": "stray", "label": "Stray trouble", "health": [3, 8], "defense": 5, "toHit": 0,
         "damagePerRound": [2, 5], "saveDifficulty": 0},
        {"id": "pack", "label": "Pack trouble", "health": [8, 16], "defense": 6, "toHit": 1,
         "damagePerRound": [4, 7], "saveDifficulty": 0},
    ]}
    pkg["catalogs"] = [{"id": "trouble", "label": "Road trouble", "holds": "creatures", "entries": [
        creature_entry("rust-jackal", "Rust jackal", {
            "health": 10, "defense": 6, "initiativeModifier": 1, "tier": "pack",
            "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 2,
                         "damage": {"dice": "1d6", "type": "cut"}}],
        }),
    ]}]
    return pkg


def marsh(*, d20: bool = False) -> dict[str, Any]:
    """examples/lantern-marsh.json; `d20` rolls attacks (and saves) on 1d20 and lets
    abilities reach 5, for the spec's d20 log samples."""
    pkg = json.loads((EXAMPLES / "lantern-marsh.json").read_text())
    if d20:
        pkg["combat"]["attackRoll"]["dice"] = {"count": 1, "sides": 20}
        for ability in pkg["sheet"]["abilities"]:
            ability["max"] = 5
    return pkg


def creature_entry(eid: str, label: str, block: dict[str, Any]) -> dict[str, Any]:
    return {"id": eid, "label": label, "creature": block}


def add_creature(pkg: dict[str, Any], eid: str, label: str, block: dict[str, Any]) -> dict[str, Any]:
    """Adds a creature to the package's (first) bestiary."""
    bestiary = next(c for c in pkg["catalogs"] if c.get("holds") == "creatures")
    bestiary["entries"].append(creature_entry(eid, label, block))
    return pkg


def add_condition(pkg: dict[str, Any], cid: str, label: str, **rule: Any) -> dict[str, Any]:
    """Declares a condition on the sheet and what it does in combat."""
    pkg["sheet"]["live"].setdefault("conditions", []).append({"id": cid, "label": label})
    pkg["combat"].setdefault("conditions", []).append({"condition": cid, **rule})
    return pkg


def add_charm(pkg: dict[str, Any], eid: str, label: str, mechanics: dict[str, Any]) -> dict[str, Any]:
    """Adds an entry with `mechanics` to Lantern Marsh's charms catalog."""
    charms = next(c for c in pkg["catalogs"] if c["id"] == "charms")
    charms["entries"].append({"id": eid, "label": label, "summary": label,
                              "rows": [{"list": "charms", "values": {"name": label}}], "mechanics": mechanics})
    return pkg


def ruleset(data: dict[str, Any]) -> Ruleset:
    """A validated package; a test package with problems fails the test with every line."""
    pkg, problems = validate_package(copy.deepcopy(data))
    assert pkg is not None and not problems, "\n".join(problems.lines())
    return pkg


# ---------------------------------------------------------------------------
# combatants
# ---------------------------------------------------------------------------


def member(name: str, sheet: dict[str, Any], controller: str = "player") -> dict[str, Any]:
    return {"name": name, "controller": controller, "player": name.lower(), "sheet": sheet}


def juno_roads(**extra: Any) -> dict[str, Any]:
    """Juno of the spec's log line: Brawn 3, a Road axe (1d6, swung with Brawn)."""
    sheet = {"abilities": {"brawn": 3, "wits": 0}, "fields": {"toughness": 3},
             "lists": {"gear": [{"name": "Road axe", "swing": "brawn", "damage": "1d6"}]}}
    sheet.update(extra)
    return member("Juno", sheet)


def juno_marsh(might: int = 3, **extra: Any) -> dict[str, Any]:
    """Lantern Marsh's Juno: Might 3, Nerve 1 (Guard 8), Stamina 3 (Breath 11), a Reed axe."""
    sheet = {"abilities": {"might": might, "nerve": 1, "lore": 0}, "fields": {"stamina": 3, "rank": 2},
             "lists": {"kit": [{"name": "Reed axe", "rolls": "might", "damage": "1d8", "harm": "cut"}]}}
    sheet.update(extra)
    return member("Juno", sheet)


def wren_marsh(*charms: str) -> dict[str, Any]:
    """Lantern Marsh's Wren: Lore 3, Rank 2 (charm attack +5, charm difficulty 12), Breath 7."""
    rows = [{"name": _charm_label(c), "_catalog": f"charms/{c}"} for c in charms]
    return member("Wren", {"abilities": {"might": 0, "nerve": 1, "lore": 3}, "fields": {"stamina": 2, "rank": 2},
                           "lists": {"kit": [{"name": "Lamp hook", "rolls": "might", "damage": "1d6", "harm": "cut"}],
                                     "charms": rows}})


def _charm_label(eid: str) -> str:
    return " ".join(part.capitalize() for part in eid.split("-"))


def foe(creature: str, **extra: Any) -> dict[str, Any]:
    """A bestiary creature whose every turn a player (the test) decides."""
    return {"creature": creature, "controller": "player", **extra}


# ---------------------------------------------------------------------------
# driving a fight
# ---------------------------------------------------------------------------


class Bout:
    """A fight driven one choice at a time; `log` is every event text so far."""

    def __init__(self, rs: Ruleset, party: list[dict[str, Any]], foes: list[dict[str, Any]], *,
                 dice: list[int] | None = None, seed: int = 0, board: dict[str, Any] | None = None):
        self.rs = rs
        self.state, events = start_battle(rs, party, foes, seed=seed, dice=dice, board=board)
        self.started = [e.text for e in events]

    @property
    def log(self) -> list[str]:
        return [e.text for e in self.state.events]

    def choose(self, actor: str, option: str, *targets: str) -> list[str]:
        """Applies one choice; returns the texts of the events it added."""
        result = advance(self.rs, self.state, {"actor": actor, "option": option, "targets": list(targets)})
        assert not isinstance(result, Refusal), f"refused: {result}"
        self.state, events = result
        return [e.text for e in events]

    def refusal(self, actor: str, option: str, *targets: str) -> Refusal:
        result = advance(self.rs, self.state, {"actor": actor, "option": option, "targets": list(targets)})
        assert isinstance(result, Refusal), "the choice was accepted"
        return result

    def options(self, actor: str) -> dict[str, Any]:
        return {o.id: o for o in menu(self.rs, self.state, actor)}

    def who(self, cid: str):
        c = self.state.combatant(cid)
        assert c is not None, cid
        return c

    def put(self, cid: str, condition: str, **clock: Any) -> None:
        """Puts a condition on a combatant between two choices (test set-up, as a condition a
        fight carried in from the sheet would be)."""
        self.who(cid).conditions.append(HeldCondition(id=condition, **clock))

    def waiting(self) -> str | None:
        return self.state.pending.actor if self.state.pending else None

    def dice_left(self) -> int:
        script = self.state.dice.script
        return len(script) - self.state.dice.cursor if script is not None else -1


def play(rs: Ruleset, state: BattleState, actor: str, option: str, *targets: str, cell: list[int] | None = None,
         **extra: Any) -> tuple[BattleState, list[str]]:
    """Plays one choice (`cell` and any other choice field by name) and returns the state and
    the log lines it added; a refusal fails the test."""
    choice: dict[str, Any] = {"actor": actor, "option": option, "targets": list(targets), **extra}
    if cell is not None:
        choice["cell"] = cell
    result = advance(rs, state, choice)
    assert not isinstance(result, Refusal), result
    return result[0], [e.text for e in result[1]]


def state_copy(state: BattleState) -> dict[str, Any]:
    return state.model_dump(mode="json")
