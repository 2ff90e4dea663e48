"""What worn and carried items do in a fight: an item's `worn` effect while it is worn, its
`carried` effect while it is held at all, and a requirement's `otherwise` while the value
it reads from the owner's sheet is below `atLeast` (combat-1: "levels, and items' `worn`,
`carried` and requirement `otherwise` effects, share these modifiers too"). They are read
by the same readers as conditions and levels, so each shows under the item's name.

Ember Roads (tests/data/upstream) rolls 2d6 + the stat the gear is swung with against
Guard (7 for Juno: 4 + Brawn 3; the Rust jackal's 6); Lantern Marsh (conditions_kit.py)
rolls 1d12 saves. The numbers are worked out beside each test.
"""

from __future__ import annotations

import json
from typing import Any

from shared.combat import numbers as N
from shared.combat.fight import Fight
from tests.combat.conditions_kit import base, juno_marsh, juno_wren_vs
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, foe, ruleset

GLARE, AXE, WORRY = "action:glare", "attack:gear:road-axe", "action:worry"


# ---------------------------------------------------------------------------
# Ember Roads with a coat of +10 to attacks and +5 defense
# ---------------------------------------------------------------------------


def _roads(**items: dict[str, Any]) -> dict[str, Any]:
    pkg = json.loads((UPSTREAM / "ember-roads.json").read_text())
    outfitter = next(c for c in pkg["catalogs"] if c["id"] == "outfitter")
    for eid, item in items.items():
        outfitter["entries"].append({"id": eid, "label": eid.replace("_", " ").capitalize(),
                                     "summary": "An item for the test.", "item": item})
    return pkg


WARD_COAT = {"category": "armor", "slots": {"body": 1},
             "worn": {"modifiers": [{"to": "attacks", "flat": 10}, {"to": "defense", "flat": 5}]}}


def _roads_bout(pkg: dict[str, Any], dice: list[int], *, juno_items: list[dict[str, Any]] | None = None,
                pell_items: list[dict[str, Any]] | None = None) -> Bout:
    juno, pell = json.loads((FIXTURES / "ember-party.json").read_text())[:2]
    if juno_items is not None:
        juno["sheet"]["live"] = {"items": juno_items}
    if pell_items is not None:
        pell["sheet"]["live"] = {"items": pell_items}
    # The Rust jackal's health 3d6 (3, 3, 3) = 9; initiative Juno 1 + 1 + Wits 1 = 3,
    # Pell 1 + 1 + Wits 2 = 4, the jackal 6 + 6 + 1 = 13: the jackal, Pell, Juno.
    return Bout(ruleset(pkg), [juno, pell], [foe("rust-jackal")], dice=[3, 3, 3, 1, 1, 1, 1, 6, 6] + dice)


def _coat_fight(juno_items: list[dict[str, Any]] | None, dice: list[int]) -> tuple[list[str], list[str]]:
    """The jackal's Worry (4 + 4 = 8, + 2 = 10) at Juno, then Juno's Road axe (1 + 1 = 2,
    + Brawn 3) at the jackal; each hit rolls its damage die (3) next."""
    bout = _roads_bout(_roads(ward_coat=WARD_COAT), dice, juno_items=juno_items)
    worry = bout.choose("rust-jackal", WORRY, "juno")
    bout.choose("pell", "end-turn")
    return worry, bout.choose("juno", AXE, "rust-jackal")


def test_a_worn_coat_adds_ten_to_her_attack_rolls_and_five_to_her_defense():
    worry, swing = _coat_fight([{"item": "outfitter/ward_coat", "worn": True}], [4, 4, 1, 1, 3])
    # Guard 7 + 5 = 12: the jackal's 10 misses.
    assert worry[0] == "Rust Jackal attacks Juno with Worry: 8 (4 + 4) + 2 = 10 against Guard 12 (+ 5 Ward coat), a miss."
    # 2 + 3 + 10 = 15 against Guard 6: a hit, 1d6 = 3 + Brawn 3 (the swing stat) = 6; the
    # coat changes attack rolls, not damage.
    assert swing[:2] == ["Juno attacks Rust Jackal with Road axe: 2 (1 + 1) + 3 + 10 (Ward coat) = 15 against Guard 6, a hit.",
                         "Road axe (3 + 3 = 6) deals 6 cut damage to Rust Jackal."]


def test_the_same_fight_without_the_coat_plays_otherwise():
    worry, swing = _coat_fight(None, [4, 4, 3, 1, 1])
    # Guard 7: the jackal's 10 hits (1d4 = 3); Juno's 2 + 3 = 5 misses Guard 6.
    assert worry[:2] == ["Rust Jackal attacks Juno with Worry: 8 (4 + 4) + 2 = 10 against Guard 7, a hit.",
                         "Worry (3) deals 3 cut damage to Juno."]
    assert swing[0] == "Juno attacks Rust Jackal with Road axe: 2 (1 + 1) + 3 = 5 against Guard 6, a miss."


def test_a_coat_carried_but_not_worn_does_nothing_worn_items_do():
    bout = _roads_bout(_roads(ward_coat=WARD_COAT), [], juno_items=[{"item": "outfitter/ward_coat", "worn": False}])
    fight = Fight(bout.rs, bout.state)
    assert N.defense(fight, bout.who("juno")) == (7, [])
    assert N.modifiers(fight, bout.who("juno"), "attacks") == []


def test_a_carried_effect_holds_without_being_worn_and_once_for_a_stack():
    charm = {"category": "gear", "stack": 5, "carried": {"modifiers": [{"to": "attacks", "flat": 2}]}}
    # Five lucky charms in one stack are one effect, + 2.
    bout = _roads_bout(_roads(lucky_charm=charm), [1, 1, 3],
                       juno_items=[{"item": "outfitter/lucky_charm", "quantity": 5}])
    bout.choose("rust-jackal", "end-turn")
    bout.choose("pell", "end-turn")
    # 1 + 1 + Brawn 3 + 2 = 7 against Guard 6, a hit for 1d6 = 3.
    assert bout.choose("juno", AXE, "rust-jackal")[0] == (
        "Juno attacks Rust Jackal with Road axe: 2 (1 + 1) + 3 + 2 (Lucky charm) = 7 against Guard 6, a hit.")


# ---------------------------------------------------------------------------
# requires: an unmet requirement's `otherwise`
# ---------------------------------------------------------------------------


#: A maul that wants Wits 2 to swing well: below it, - 2 to attack rolls.
MAUL = {"category": "weapon", "slots": {"hands": 2},
        "requires": [{"value": {"abilityScore": "wits"}, "atLeast": 2,
                      "otherwise": {"modifiers": [{"to": "attacks", "flat": -2}]}}]}


def test_an_unmet_requirement_puts_its_otherwise_on_the_attack_line():
    # Juno has Wits 1, under 2: 6 + 6 + Brawn 3 - 2 = 13 against Guard 6, a hit for 1d6 = 3.
    bout = _roads_bout(_roads(maul=MAUL), [6, 6, 3], juno_items=[{"item": "outfitter/maul", "worn": True}])
    bout.choose("rust-jackal", "end-turn")
    bout.choose("pell", "end-turn")
    assert bout.choose("juno", AXE, "rust-jackal")[0] == (
        "Juno attacks Rust Jackal with Road axe: 12 (6 + 6) + 3 - 2 (Maul, Wits under 2) = 13 against Guard 6, a hit.")


def test_a_met_requirement_or_an_item_not_in_use_changes_nothing():
    worn = [{"item": "outfitter/maul", "worn": True}]
    bout = _roads_bout(_roads(maul=MAUL), [], juno_items=[{"item": "outfitter/maul", "worn": False}], pell_items=worn)
    fight = Fight(bout.rs, bout.state)
    # Pell has Wits 2, which is not under 2; Juno's maul is in her pack, not in her hands.
    assert N.modifiers(fight, bout.who("pell"), "attacks") == []
    assert N.modifiers(fight, bout.who("juno"), "attacks") == []


# ---------------------------------------------------------------------------
# the upstream packages' own items
# ---------------------------------------------------------------------------


def test_ember_roads_leather_coat_and_waystone_change_the_checks_they_name():
    leather_and_stone = [{"item": "outfitter/leather-coat", "worn": True}, {"item": "outfitter/waystone"}]
    bout = _roads_bout(json.loads((UPSTREAM / "ember-roads.json").read_text()), [], juno_items=leather_and_stone)
    fight, juno = Fight(bout.rs, bout.state), bout.who("juno")
    # The coat creaks: - 1 to Sneak; the waystone: + 1 to Sway; neither reaches another skill
    # nor combat's own contest checks (which no skill narrows to).
    assert N.modifiers(fight, juno, "checks", skill="sneak") == [N.Bonus("Leather coat", -1)]
    assert N.modifiers(fight, juno, "checks", skill="sway") == [N.Bonus("Waystone", 1)]
    assert N.modifiers(fight, juno, "checks", skill="scout") == []
    assert N.modifiers(fight, juno, "checks") == []


def _gravewatch_ada(sinew: int, worn: bool) -> tuple[Fight, Any]:
    pkg = json.loads((UPSTREAM / "gravewatch.json").read_text())
    party = json.loads((FIXTURES / "gravewatch-party.json").read_text())
    party[0]["sheet"]["abilities"]["sinew"] = sinew
    party[0]["sheet"]["live"] = {"items": [{"item": "kit/grave-spade", "worn": worn},
                                           {"item": "kit/dawn-bell", "worn": True, "bound": True}]}
    foes = json.loads((FIXTURES / "gravewatch-foes.json").read_text())
    bout = Bout(ruleset(pkg), party, foes, seed=7)
    return Fight(bout.rs, bout.state), bout.who("ada")


def test_gravewatch_grave_spade_wants_sinew_three_and_the_dawn_bell_helps_ward():
    fight, ada = _gravewatch_ada(2, True)
    # Sinew 2 is under the spade's 3: - 1 to Dig. The worn Dawn bell: + 1 to Ward.
    assert N.modifiers(fight, ada, "checks", skill="dig") == [N.Bonus("Grave spade, Sinew under 3", -1)]
    assert N.modifiers(fight, ada, "checks", skill="ward") == [N.Bonus("Dawn bell", 1)]
    # With Sinew 3, or the spade not in hand, the requirement adds nothing.
    for fight, ada in (_gravewatch_ada(3, True), _gravewatch_ada(2, False)):
        assert N.modifiers(fight, ada, "checks", skill="dig") == []


# ---------------------------------------------------------------------------
# effects and failsSaves (Lantern Marsh: the Stoat's Glare, a Nerve save against 10)
# ---------------------------------------------------------------------------


def _marsh(**items: dict[str, Any]) -> dict[str, Any]:
    pkg = base()
    stoat = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "stoat")["creature"]
    stoat["actions"].append({"id": "glare", "name": "Glare", "budget": "act",
                             "save": {"save": "nerve_save", "difficulty": 10, "onSuccess": "negates"},
                             "applies": [{"condition": "gripped", "duration": {"rounds": 1}}]})
    pkg["sheet"]["live"].setdefault("conditions", []).append({"id": "gripped", "label": "Gripped"})
    pkg["items"] = {"categories": [{"id": "trinket", "label": "Trinket"}], "slots": [{"id": "neck", "label": "Neck", "count": 1}]}
    pkg["catalogs"].append({"id": "trinkets", "label": "Trinkets", "holds": "items", "entries": [
        {"id": eid, "label": eid.replace("_", " ").capitalize(), "summary": "A trinket.", "item": item}
        for eid, item in items.items()]})
    return pkg


def _glare_at_juno(pkg: dict[str, Any], items: list[dict[str, Any]], dice: list[int]) -> list[str]:
    b = juno_wren_vs(pkg, ["stoat"], dice, juno=juno_marsh(live={"items": items}))
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    return b.choose("stoat", GLARE, "juno")


TORC = {"category": "trinket", "slots": {"neck": 1}, "worn": {"failsSaves": ["nerve_save"]}}
BROOCH = {"category": "trinket", "slots": {"neck": 1}, "worn": {"effects": ["own-saves-advantage"]}}
PEBBLE = {"category": "trinket", "carried": {"modifiers": [{"to": "saves", "flat": 2}], "saves": ["nerve_save"]}}


def test_a_worn_failsSaves_fails_the_save_without_rolling():
    lines = _glare_at_juno(_marsh(dread_torc=TORC), [{"item": "trinkets/dread_torc", "worn": True}], [])
    assert lines[1:3] == ["Juno fails the Nerve save against Glare without rolling (Dread torc).",
                          "Juno is Gripped for 1 round."]


def test_a_torc_in_the_pack_lets_her_roll():
    # 9 + Nerve 1 = 10 against 10, a success.
    lines = _glare_at_juno(_marsh(dread_torc=TORC), [{"item": "trinkets/dread_torc", "worn": False}], [9])
    assert lines[1] == "Juno rolls a Nerve save against Glare: 9 + 1 = 10 against 10, a success."


def test_a_worn_effect_gives_advantage_on_her_saves():
    # Advantage: 3 and 9, the 9 kept; 9 + 1 = 10 against 10.
    lines = _glare_at_juno(_marsh(brooch=BROOCH), [{"item": "trinkets/brooch", "worn": True}], [3, 9])
    assert lines[1] == "Juno rolls a Nerve save against Glare: 9 (advantage; dropped 3) + 1 = 10 against 10, a success."


def test_a_carried_save_modifier_narrowed_to_nerve():
    # 7 + Nerve 1 + 2 = 10 against 10, a success (without the pebble 8, a failure).
    lines = _glare_at_juno(_marsh(pebble=PEBBLE), [{"item": "trinkets/pebble"}], [7])
    assert lines[1] == "Juno rolls a Nerve save against Glare: 7 + 1 + 2 (Pebble) = 10 against 10, a success."
