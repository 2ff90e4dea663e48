"""Initiative rolled twice (1.240) and health kept on a plain track (1.383), with scripted
dice and exact log lines."""

from __future__ import annotations

from tests.combat.kit import Bout, add_charm, add_creature, foe, juno_marsh, marsh, ruleset

STUMP = {"health": 5, "defense": 8, "initiativeModifier": 0, "tier": "flicker",
         "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 3,
                      "damage": {"dice": "1d4", "type": "cut"}, "reach": 1}]}


def _pkg():
    return add_creature(marsh(), "stump", "Stump", STUMP)


def test_an_entry_with_initiative_mode_rolls_initiative_twice_keeping_the_better():
    pkg = add_charm(_pkg(), "feral-instinct", "Feral Instinct", {"kind": "utility", "initiativeMode": "advantage"})
    juno = juno_marsh(lists={"kit": [{"name": "Reed axe", "rolls": "might", "damage": "1d8", "harm": "cut"}],
                             "charms": [{"name": "Feral Instinct", "_catalog": "charms/feral-instinct"}]})
    bout = Bout(ruleset(pkg), [juno], [foe("stump")], dice=[3, 9, 4])
    assert "Initiative: Juno 9 (advantage; dropped 3) + 1 = 10; Stump 4. Order: Juno, Stump." in bout.started


def test_advantage_and_disadvantage_on_initiative_cancel_out():
    pkg = _pkg()
    pkg["combat"]["initiative"]["checkAbility"] = "nerve"
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 240}
    pkg["sheet"]["live"]["conditions"] += [{"id": "foresight", "label": "Foresight"}, {"id": "groggy", "label": "Groggy"}]
    pkg["combat"]["conditions"] += [{"condition": "foresight", "effects": ["own-checks-advantage"]},
                                    {"condition": "groggy", "effects": ["own-checks-disadvantage"]}]
    juno = juno_marsh(live={"conditions": ["foresight"]})
    one = Bout(ruleset(pkg), [juno], [foe("stump")], dice=[3, 9, 4])
    assert "Initiative: Juno 9 (advantage; dropped 3) + 1 = 10; Stump 4. Order: Juno, Stump." in one.started
    both = Bout(ruleset(pkg), [juno_marsh(live={"conditions": ["foresight", "groggy"]})], [foe("stump")], dice=[3, 9])
    assert "Initiative: Juno 3 + 1 = 4; Stump 9. Order: Stump, Juno." in both.started


def test_health_on_a_plain_track_fills_toward_its_maximum():
    pkg = _pkg()
    pkg["sheet"]["live"]["tracks"].append({"id": "wounds", "label": "Wounds", "min": 0, "max": 6, "default": 0})
    pkg["combat"]["health"] = {"track": "wounds"}
    bout = Bout(ruleset(pkg), [juno_marsh()], [foe("stump")], dice=[1, 12, 10, 3])
    assert bout.waiting() == "stump"
    assert bout.choose("stump", "action:bite", "juno")[:3] == [
        "Stump attacks Juno with Bite: 10 + 3 = 13 against Guard 8, a hit.",
        "Bite (3) deals 3 cut damage to Juno.",
        "Juno has 3 of 6 Wounds.",
    ]
    assert bout.who("juno").sheet["live"]["tracks"] == {"wounds": 3}
