"""The carry limit in a fight (the `items` block's `carry.limit`, shared/sheet/carry.py,
belongings.py): a thing lying within reach that would take its bearer past the most they can
carry is not offered to pick up. On the vendored Ember Roads (a traveller carries 12 bulk at
most): Juno carries a worn leather coat (3), a hand axe (1) and 5 road rations (1 each), 9
bulk, on a board; a stack of arrows (1 bulk each) lies next to her.

Dice: every die a 3 (initiative Juno 3 + 3 + 1 = 7 and the jackals the same: Juno first).
"""

from __future__ import annotations

import json

from shared.combat.state import Dropped
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, ruleset

BOARD = {"rows": ["......"] * 3}


def _bout() -> Bout:
    juno = json.loads((FIXTURES / "ember-party.json").read_text())[0] | {"position": [0, 0]}
    juno["sheet"]["live"] = {"items": [{"item": "outfitter/leather-coat", "worn": True},
                                       {"item": "outfitter/hand-axe", "worn": True},
                                       {"item": "outfitter/road-rations", "quantity": 5}]}
    jackals = json.loads((FIXTURES / "ember-foes.json").read_text())[0] | {"position": [5, 2]}
    return Bout(ruleset(json.loads((UPSTREAM / "ember-roads.json").read_text())), [juno], [jackals],
                dice=[3] * 40, board=BOARD)


def _arrows(b: Bout, quantity: int) -> list[str]:
    b.state.dropped = [Dropped(item="outfitter/arrows", name="Arrows", quantity=quantity, cell=[1, 0],
                               by="rust-jackal")]
    return [o for o in b.options("juno") if o.startswith("pick-up:")]


def test_arrows_past_the_carry_limit_are_not_offered():
    """3 arrows: 9 + 3 = 12, at the limit: offered and picked up. 4 arrows: 13, past it."""
    b = _bout()
    assert _arrows(b, 4) == []
    assert _arrows(b, 3) == ["pick-up:arrows@1-0"]
    assert b.choose("juno", "pick-up:arrows@1-0") == ["Juno picks up Arrows (3) from 1, 0."]
    assert b.who("juno").sheet["live"]["items"][-1] == {"item": "outfitter/arrows", "quantity": 3}
