"""The Engine's tactics with exact choices: the same state gives the same choice, no dice
are consumed, and an option that can reach either side is never aimed at a friend for
nothing (neither its damage nor the conditions it puts on)."""

from __future__ import annotations

from shared.combat import decide_for
from tests.combat.kit import Bout, add_charm, add_creature, foe, juno_marsh, marsh, ruleset, state_copy, wren_marsh


def _pkg() -> dict:
    pkg = marsh()
    add_creature(pkg, "reed-hound", "Reed hound", {
        "health": 30, "defense": 8, "initiativeModifier": 0, "tier": "pack",
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 3, "damage": {"dice": "1d6", "type": "cut"}}],
    })
    add_charm(pkg, "spore-burst", "Spore Burst", {
        "kind": "attack", "targets": "any", "targetCount": 3, "amount": {"dice": "1d4"}, "damageType": "cold",
        "applies": [{"condition": "dazzled", "duration": {"rounds": 1}}]})
    add_charm(pkg, "glare", "Glare", {"kind": "debuff", "targets": "any",
                                      "applies": [{"condition": "dazzled", "duration": {"rounds": 1}}]})
    return pkg


def test_an_option_for_either_side_is_aimed_at_foes_only():
    # Initiative: Wren 12 + 1, Juno 11 + 1, the hounds 1. Juno is down at 0 Breath.
    juno = juno_marsh(live={"pools": {"breath": 0}})
    bout = Bout(ruleset(_pkg()), [wren_marsh("spore-burst"), juno], [foe("reed-hound", count=2)],
                dice=[12, 11, 1, 1])
    option = bout.options("wren")["ability:charms:spore-burst"]
    assert "juno" in option.targets and option.count == 3
    before = state_copy(bout.state)
    choice = decide_for(bout.rs, bout.state)
    assert choice == {"actor": "wren", "option": "ability:charms:spore-burst", "targets": ["reed-hound", "reed-hound-2"]}
    assert decide_for(bout.rs, bout.state) == choice
    assert state_copy(bout.state) == before


def test_a_harmful_condition_alone_is_not_put_on_a_friend():
    bout = Bout(ruleset(_pkg()), [wren_marsh("glare"), juno_marsh()], [foe("reed-hound")], dice=[12, 11, 1])
    assert decide_for(bout.rs, bout.state) == {"actor": "wren", "option": "ability:charms:glare",
                                               "targets": ["reed-hound"]}
    glare = next(o for o in bout.options("wren").values() if o.id == "ability:charms:glare")
    assert set(glare.targets) == {"wren", "juno", "reed-hound"}
