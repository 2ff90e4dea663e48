"""The battles the soak plays: which rulesets, parties, foes and boards, and why each.

Owns: `Kind` (one kind of battle: a package, a party whose members belong to players, foes
under the Engine, an optional board) and `kinds()`, the mix the soak cycles through, with
the kinds it had to skip and why. Every party member is player-controlled (a scripted
WebSocket client answers for each player), every foe Engine-controlled, so every
revision of a battle is one choice a client's socket or POST had accepted.

  ember          Ember Roads (tests/data/upstream), Juno and Pell against two Rust
                 jackals and the Toll Warden: signature actions open between-turns windows
  ember-board    the same on an open 8 x 6 board (paces, reach), the sides face to face
  5e             the 5e SRD example: Brom and Ilsa against two Cinder Hounds and a Thorn Lurker
  5e-board       the same on an open 8 x 6 board: opportunity strikes at whoever walks away
  shield         our window package (tests/combat/windows_kit.py): Wren (Shield answers a hit)
                 and Juno against an Ogre; every Ogre hit asks Wren's player, who answers
                 Shield or Pass
  shield-board   the same package with opportunity strikes and a Shove, on an open board
  marsh-board    examples/lantern-marsh.json on examples/board-marsh.json (always runs)
The upstream kinds are skipped, saying so, when tests/data/upstream is not here.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
UPSTREAM = ROOT / "tests" / "data" / "upstream"
FIXTURES = ROOT / "tests" / "combat" / "fixtures"
EXAMPLES = ROOT / "examples"

#: Open ground: every kind on a board starts the party on the left and the foes on the right.
OPEN_BOARD = {"rows": ["........"] * 6}


@dataclass(frozen=True)
class Kind:
    name: str
    package: dict[str, Any]
    party: list[dict[str, Any]]
    foes: list[dict[str, Any]]
    board: dict[str, Any] | None = None

    @property
    def players(self) -> list[str]:
        return sorted({m["player"] for m in self.party})


def _read(path: Path) -> Any:
    return json.loads(path.read_text())


def _players(members: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(copy.deepcopy(m), controller="player", player=m.get("player") or m["name"].lower())
            for m in members]


def _engine(foes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(copy.deepcopy(f), controller="engine") for f in foes]


def _placed(members: list[dict[str, Any]], x: int) -> list[dict[str, Any]]:
    return [dict(m, position=[x, 1 + 2 * i]) for i, m in enumerate(members)]


def _on_board(kind: Kind, name: str, board: dict[str, Any], party_x: int = 0, foes_x: int = 7) -> Kind:
    foes = [dict(f, count=1) if "count" in f else f for f in kind.foes]
    return Kind(name, kind.package, _placed(kind.party, party_x), _placed(foes, foes_x), board)


def kinds() -> tuple[list[Kind], list[str]]:
    """The kinds of battle the soak plays, and the ones skipped with the reason."""
    from tests.combat import board_windows_kit, windows_kit

    found: list[Kind] = []
    skipped: list[str] = []
    ember = UPSTREAM / "ember-roads.json"
    if ember.exists():
        kind = Kind("ember", _read(ember), _players(_read(FIXTURES / "ember-party.json")),
                    _engine(_read(FIXTURES / "ember-foes.json")))
        # Face to face: started apart, the Engine's tactics on this board settle into helping
        # and dodging round after round (nobody walks the first step), so nothing would end.
        found += [kind, _on_board(kind, "ember-board", OPEN_BOARD, party_x=3, foes_x=4)]
    else:
        skipped.append(f"ember, ember-board: {ember} is not here")
    five = UPSTREAM / "ruleset-5e-2014.example.json"
    if five.exists():
        kind = Kind("5e", _read(five), _players(_read(FIXTURES / "5e-party.json")),
                    _engine(_read(FIXTURES / "5e-foes.json")))
        found += [kind, _on_board(kind, "5e-board", OPEN_BOARD)]
    else:
        skipped.append(f"5e, 5e-board: {five} is not here")
    wren = windows_kit.wren("shield")
    wren["sheet"]["fields"]["stamina"] = 6
    shield_party = _players([wren, windows_kit.juno()])
    found.append(Kind("shield", windows_kit.package(), shield_party, [windows_kit.foe("ogre", controller="engine")]))
    found.append(Kind("shield-board", board_windows_kit.package(), _placed(shield_party, 0),
                      _placed([windows_kit.foe("ogre", controller="engine")], 7), OPEN_BOARD))
    found.append(Kind("marsh-board", _read(EXAMPLES / "lantern-marsh.json"), _players(_read(EXAMPLES / "party.json")),
                      _engine(_read(EXAMPLES / "foes.json")), _read(EXAMPLES / "board-marsh.json")))
    return found, skipped
