"""A held weapon's attack mode with a `line` (spec/mechanics-1 1.190): a bolt everyone
standing between the wielder and the target (not those two) saves against before the
attack roll; "the line needs a grid for it to travel across" (shared/combat/mode_line.py).

The SRD 5.1 Javelin of Lightning (tests/combat/test_item_attacks_hit.py's, on the 5e example
with an item catalog) with the spec's own line: 4d6 lightning, a Dexterity save against 13,
half on a success. Brom (Str 16, +5 to hit) hurls it at the far Cinder Hound; Ilsa (Dex 16,
proficient in Dexterity saves: +5) and a nearer hound (no Dexterity save bonus in its stat
block: +0) stand on the cells between them.

Dice: each hound's health 5d8 (4 each) = 20; initiative Brom 15 + 1 = 16, Ilsa 1 + 3 = 4,
each hound 1 + 1 = 2.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.combat.item_kit import brom, typed_item_package
from tests.combat.kit import FIXTURES, Bout, foe, ruleset
from tests.combat.test_item_attacks_hit import BOLT, JAVELIN

LINE = {"dice": "4d6", "type": "lightning", "save": {"save": "dex_save", "difficulty": 13, "onSuccess": "half"}}
BOARD = {"rows": ["..........", "..........", ".........."]}
START = [4] * 10 + [15, 1, 1, 1]


def javelin(line: dict[str, Any] | None = LINE) -> dict[str, Any]:
    jav = copy.deepcopy(JAVELIN)
    if line is not None:
        jav["item"]["attack"]["modes"][0]["line"] = copy.deepcopy(line)
    return jav


def bout(dice: list[int], *, line: dict[str, Any] | None = LINE, board: bool = True,
         near: list[int] | None = None) -> Bout:
    """Brom on 0, 1; Ilsa on 2, 1; a hound on `near` (4, 1: on the line) and the target
    hound on 7, 1."""
    here = (lambda cell: {"position": cell}) if board else (lambda cell: {})
    wielder = brom(items=[{"item": "items/javelin-of-lightning", "worn": True}]) | here([0, 1])
    ilsa = copy.deepcopy(json.loads((FIXTURES / "5e-party.json").read_text())[1]) | here([2, 1])
    foes = [foe("cinder-hound", **here(near or [4, 1])), foe("cinder-hound", **here([7, 1]))]
    return Bout(ruleset(typed_item_package(javelin(line))), [wielder, ilsa], foes, dice=START + dice,
                board=BOARD if board else None)


def hp(b: Bout, who: str) -> int:
    """A party member's hit points, kept on the sheet (21 when never hurt)."""
    return int(((b.who(who).sheet or {}).get("live") or {}).get("pools", {}).get("hp", 21))


def test_everyone_between_saves_against_the_bolt_before_the_attack_roll():
    """4d6 (2, 3, 4, 5) = 14, rolled once. Ilsa 10 + 5 = 15 against 13 succeeds: half, 7
    (21 -> 14). The near hound 5 against 13 fails: 14 (20 -> 6). Then the throw: 12 + 5 = 17
    hits; 1d6 (3) + 3 = 6 piercing (20 -> 14) and the mode's 4d6 (1, 2, 3, 4) = 10 lightning
    (14 -> 4). The far hound, the target, never saves; Brom neither."""
    b = bout([2, 3, 4, 5, 10, 5, 12, 3, 1, 2, 3, 4])
    assert b.choose("brom", BOLT, "cinder-hound-2") == [
        "Brom spends 1 charge of Javelin of Lightning (Lightning bolt): 0/1 charges.",
        "Javelin of Lightning (Lightning bolt)'s bolt crackles at everyone between Brom and Cinder Hound 2: "
        "Ilsa, Cinder Hound.",
        "Ilsa rolls a Dexterity save against Javelin of Lightning (Lightning bolt)'s bolt: 10 + 5 = 15 against 13, "
        "a success.",
        "Javelin of Lightning (Lightning bolt)'s bolt (14 (2 + 3 + 4 + 5), halved by the save) deals 7 lightning "
        "damage to Ilsa.",
        "Ilsa has 14 of 21 Hit points.",
        "Cinder Hound rolls a Dexterity save against Javelin of Lightning (Lightning bolt)'s bolt: 5 against 13, "
        "a failure.",
        "Javelin of Lightning (Lightning bolt)'s bolt (14 (2 + 3 + 4 + 5)) deals 14 lightning damage to Cinder Hound.",
        "Cinder Hound has 6 of 20 Hit points.",
        "Brom attacks Cinder Hound 2 with Javelin of Lightning (Lightning bolt): 12 + 5 = 17 against Armor Class 12, "
        "a hit.",
        "Javelin of Lightning (Lightning bolt) (3 + 3 = 6) deals 6 piercing damage to Cinder Hound 2.",
        "Cinder Hound 2 has 14 of 20 Hit points.",
        "Javelin of Lightning (Lightning bolt) (10 (1 + 2 + 3 + 4)) deals 10 lightning damage to Cinder Hound 2.",
        "Cinder Hound 2 has 4 of 20 Hit points.",
    ]
    assert b.dice_left() == 0


def test_one_off_the_line_is_not_caught():
    """The near hound on 4, 0 is off the cells between 0, 1 and 7, 1: only Ilsa saves (10 + 5
    = 15, half of 14 is 7)."""
    b = bout([2, 3, 4, 5, 10, 12, 3, 1, 2, 3, 4], near=[4, 0])
    said = b.choose("brom", BOLT, "cinder-hound-2")
    assert said[1] == ("Javelin of Lightning (Lightning bolt)'s bolt crackles at everyone between Brom and "
                       "Cinder Hound 2: Ilsa.")
    assert (b.who("cinder-hound").health, hp(b, "ilsa")) == (20, 14)
    assert b.dice_left() == 0


def test_a_save_for_none_spares_who_makes_it():
    """With `onSuccess` "none", Ilsa's 15 against 13 spares her; the hound takes 14."""
    line = dict(LINE, save=dict(LINE["save"], onSuccess="none"))
    b = bout([2, 3, 4, 5, 10, 5, 12, 3, 1, 2, 3, 4], line=line)
    b.choose("brom", BOLT, "cinder-hound-2")
    assert (hp(b, "ilsa"), b.who("cinder-hound").health) == (21, 6)


def test_without_a_board_the_bolt_catches_no_one():
    """Off a board there are no cells for it to travel across: a note, then the throw."""
    b = bout([12, 3, 1, 2, 3, 4], board=False)
    said = b.choose("brom", BOLT, "cinder-hound-2")
    assert said[1] == ("Javelin of Lightning (Lightning bolt)'s bolt needs a board to travel across, so it catches "
                       "no one between Brom and Cinder Hound 2.")
    assert said[2].startswith("Brom attacks Cinder Hound 2 with Javelin of Lightning (Lightning bolt): 12 + 5 = 17")
    assert b.dice_left() == 0
