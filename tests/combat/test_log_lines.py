"""The log in the author's terms with the real arithmetic: the spec's own samples, exactly."""

from __future__ import annotations

from tests.combat.kit import Bout, add_condition, add_creature, foe, juno_marsh, juno_roads, marsh, roads, ruleset


def _hound(pkg: dict) -> dict:
    return add_creature(pkg, "reed-hound", "Reed hound", {
        "health": 30, "defense": 8, "initiativeModifier": 0, "tier": "pack",
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 3, "damage": {"dice": "1d6", "type": "cut"}}],
    })


def test_the_spec_attack_line_on_an_ember_roads_like_package():
    rs = ruleset(roads())
    # Initiative 2d6 + Wits: Juno 6 + 6, the jackal 1 + 1 + 1. Then Juno's 5 and 3 to hit, 4 damage;
    # the jackal's 1 and 1 to bite.
    bout = Bout(rs, [juno_roads()], [foe("rust-jackal", name="Rust jackal")], dice=[6, 6, 1, 1, 5, 3, 4, 1, 1])
    assert bout.started == [
        "The fight begins: Juno against Rust jackal.",
        "Initiative: Juno 12 (6 + 6); Rust jackal 2 (1 + 1) + 1 = 3. Order: Juno, Rust jackal.",
        "Round 1.",
        "Juno's turn.",
    ]
    assert bout.choose("juno", "attack:gear:road-axe", "rust-jackal") == [
        "Juno attacks Rust jackal with Road axe: 8 (5 + 3) + 3 = 11 against Guard 6, a hit.",
        "Road axe (4 + 3 = 7) deals 7 damage to Rust jackal.",
        "Rust jackal has 3 of 10 Grit.",
        "Rust jackal's turn.",
    ]
    assert bout.choose("rust-jackal", "action:bite", "juno") == [
        "Rust jackal attacks Juno with Bite: 2 (1 + 1) + 2 = 4 against Guard 6, a miss.",
        "Round 2.",
        "Juno's turn.",
    ]
    assert bout.dice_left() == 0


def test_a_condition_modifier_is_named_beside_the_roll():
    pkg = _hound(marsh(d20=True))
    add_condition(pkg, "blessed", "Blessed", modifiers=[{"to": "attacks", "flat": 3}])
    rs = ruleset(pkg)
    bout = Bout(rs, [juno_marsh(might=5)], [foe("reed-hound")], dice=[12, 1, 12, 4])
    bout.put("juno", "blessed")
    # The menu's hit chance counts Blessed: 5 + 3 against Guard 8 misses only on a natural 1.
    option = bout.options("juno")["attack:kit:reed-axe"]
    assert option.forecasts[0].hit == 0.95
    assert bout.choose("juno", "attack:kit:reed-axe", "reed-hound")[:2] == [
        "Juno attacks Reed hound with Reed axe: 12 + 5 + 3 (Blessed) = 20 against Guard 8, a hit.",
        "Reed axe (4 + 5 = 9) deals 9 cut damage to Reed hound.",
    ]


def test_rolled_and_negative_modifiers_and_levels_are_named_too():
    pkg = _hound(marsh())
    add_condition(pkg, "inspired", "Inspired", modifiers=[{"to": "attacks", "dice": "1d4"}])
    add_condition(pkg, "weary", "Weary", modifiers=[{"to": "attacks", "dice": "1d4", "minus": True}])
    rs = ruleset(pkg)
    # Dread 2 is a level of the Dread track: -1 to attacks, shown as the track and its number.
    juno = juno_marsh(live={"tracks": {"dread": 2}})
    bout = Bout(rs, [juno], [foe("reed-hound")], dice=[12, 1, 7, 3, 2, 5])
    bout.put("juno", "inspired")
    bout.put("juno", "weary")
    assert bout.choose("juno", "attack:kit:reed-axe", "reed-hound")[:2] == [
        "Juno attacks Reed hound with Reed axe: 7 + 3 + 3 (Inspired) - 2 (Weary) - 1 (Dread 2) = 10 against Guard 8, a hit.",
        "Reed axe (5 + 3 = 8) deals 8 cut damage to Reed hound.",
    ]
