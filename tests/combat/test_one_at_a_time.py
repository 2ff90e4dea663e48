"""A condition's `oneAtATime` group (mechanics-2 1.256): while a creature holds one condition
of the group, no other condition of it, nor the same one again, is put on it; the event says
which one it already has. Played with scripted dice on the minimal Ember-Roads package.

The set-up of every fight (as tests/combat/test_drain.py): initiative on 2d6 (Juno 6+1 +0
Wits = 7; the jackal 1+1 +1 = 3), Juno's Road axe 6+6 +3 Brawn = 15 against the jackal's
Guard 6 hits for 5 + 3 = 8, then the jackal's Bite 6+6 +2 = 14 against Juno's Guard 6 hits
for 4 (Juno: 10 → 6 Grit) and puts Pinned on her for 1 round.
"""

from __future__ import annotations

from tests.combat.kit import Bout, add_condition, foe, juno_roads, roads, ruleset

DICE = [6, 1, 1, 1, 6, 6, 5, 6, 6, 4]
HIT = ["Rust jackal attacks Juno with Bite: 12 (6 + 6) + 2 = 14 against Guard 6, a hit.",
       "Bite (4) deals 4 cut damage to Juno.",
       "Juno has 6 of 10 Grit."]


def _bite(marked: str | None, pinned: str | None, holds: str) -> list[str]:
    """Juno holds `holds` when the Bite (which puts Pinned on) lands; Marked and Pinned are of
    the `oneAtATime` groups given (None: no group)."""
    pkg = add_condition(roads(), "marked", "Marked", **({"oneAtATime": marked} if marked else {}))
    if pinned:
        next(c for c in pkg["combat"]["conditions"] if c["condition"] == "pinned")["oneAtATime"] = pinned
    pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0]["applies"] = [{"condition": "pinned", "duration": {"rounds": 1}}]
    b = Bout(ruleset(pkg), [juno_roads()], [foe("rust-jackal")], dice=list(DICE))
    b.choose("juno", "attack:gear:road-axe", "rust-jackal")
    b.put("juno", holds)
    out = b.choose("rust-jackal", "action:bite", "juno")
    assert b.dice_left() == 0
    return out


def test_a_condition_of_the_group_held_keeps_another_off():
    assert _bite("grip", "grip", "marked")[:4] == HIT + [
        "Pinned is not put on Juno: Juno is already Marked, one of a kind held one at a time."]


def test_the_same_condition_again_is_kept_off_too():
    # Juno already holds Pinned (no clock): the Bite neither puts it on again nor gives it a clock.
    out = _bite(None, "grip", "pinned")
    assert out[:4] == HIT + ["Pinned is not put on Juno: Juno is already Pinned, one of a kind held one at a time."]


def test_conditions_of_other_groups_or_of_none_go_on():
    assert _bite("grip", "awe", "marked")[:4] == HIT + ["Juno is Pinned for 1 round."]
    assert _bite(None, None, "marked")[:4] == HIT + ["Juno is Pinned for 1 round."]
