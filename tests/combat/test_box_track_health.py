"""Health on a track filled by box (Ember Roads fought on its Strain boxes: `combat.health`
`{"track": "strain"}`, every kind of damage a `strain` mark, per point). A blow names the box
it lands in and marks it, or the next empty box above; a blow no box can take puts the
combatant down (it used to log "The sheet refused the damage to Juno" and leave her standing).
"""

from __future__ import annotations

import json

from tests.combat.kit import FIXTURES, UPSTREAM, Bout, foe, ruleset


def _strain_roads() -> Bout:
    pkg = json.loads((UPSTREAM / "ember-roads.json").read_text())
    pkg["combat"]["health"] = {"track": "strain"}
    pkg["combat"]["damageKinds"] = {"default": "strain", "marks": "per-point"}
    juno, pell = json.loads((FIXTURES / "ember-party.json").read_text())[:2]
    # Juno's Strain boxes: 2 + Heart 0 = 2. Dice: the Rust jackal's health 3d6 (3, 3, 3) = 9;
    # initiative Juno 1 + 1 + Wits 1 = 3, Pell 1 + 1 + 2 = 4, the jackal 6 + 6 + 1 = 13;
    # Worry 6 + 6 + 2 = 14 against Juno's Guard 7, twice, for 1d4: 2, then 4.
    return Bout(ruleset(pkg), [juno, pell], [foe("rust-jackal")], dice=[3, 3, 3, 1, 1, 1, 1, 6, 6, 6, 6, 2, 6, 6, 4])


def test_a_blow_marks_the_box_it_names_and_one_no_box_can_take_puts_her_down():
    bout = _strain_roads()
    assert bout.choose("rust-jackal", "action:worry", "juno") == [
        "Rust Jackal attacks Juno with Worry: 12 (6 + 6) + 2 = 14 against Guard 7, a hit.",
        "Worry (2) deals 2 cut damage to Juno.",
        "Juno has 1 of 2 Strain.",
        "Juno is Shaken for 2 rounds.",
        "Pell's turn.",
    ]
    # One mark, in box 2, which the 2 named.
    assert bout.who("juno").sheet["live"]["marks"] == {"strain": [None, "strain"]}
    bout.choose("pell", "end-turn")
    bout.choose("juno", "end-turn")
    # A 4 names box 4: Juno has two boxes, so no box can take it.
    assert bout.choose("rust-jackal", "action:worry", "juno") == [
        "Rust Jackal attacks Juno with Worry: 12 (6 + 6) + 2 = 14 against Guard 7, a hit.",
        "Worry (4) deals 4 cut damage to Juno.",
        "No box of Juno's Strain can take a blow of 4.",
        "Juno goes down.",
        "Juno is no longer Shaken: the damage ends it.",
        "Juno is Shaken for 2 rounds.",
        "Pell's turn.",
    ]
    juno = bout.who("juno")
    assert juno.down and not juno.out
    assert juno.sheet["live"]["marks"] == {"strain": [None, "strain"]}
    # Down, she acts no more: her turn passes at once.
    assert bout.choose("pell", "end-turn") == ["Juno's turn.", "Round 3.", "Rust Jackal's turn."]
    assert bout.dice_left() == 0
