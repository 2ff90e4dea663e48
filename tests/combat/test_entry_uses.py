"""A catalog entry's uses are the row pools its pick wrote on the sheet (5e's Class
resources counter beside Second Wind, Ember Roads' Limited tricks row beside Last Ember):
every use pays one from each, with the rest of its cost, all or nothing, and at 0 the entry
leaves the menu. Fought on the packages as they ship (tests/data/upstream).
"""

from __future__ import annotations

import copy
import json

from shared.ruleset import load_package
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, foe, ruleset
from tests.combat.srd_kit import fighter, srd_package


def test_second_wind_and_action_surge_each_spend_their_counter_once_a_fight():
    # 5e-srd. Dice: the Goblin's health 2d6 (3, 4) = 7; initiative Brom 15 + Dex 1 = 16,
    # Goblin 10 + 2 = 12; Second Wind's 1d10 (7): 10 + 7 = 17 of 20.
    bout = Bout(ruleset(srd_package()), [fighter(hp=10, features=("second-wind", "action-surge"))], [foe("goblin")],
                dice=[3, 4, 15, 10, 7])
    menu = bout.options("brom")
    assert menu["ability:features:second-wind"].costs == [
        {"pool": "counters:second-wind", "amount": 1, "label": "Second Wind"}]
    assert menu["ability:features:action-surge"].costs == [
        {"pool": "counters:action-surge", "amount": 1, "label": "Action Surge"}]
    assert bout.choose("brom", "ability:features:second-wind") == [
        "Brom spends 1 use of Second Wind on Second Wind: 0 of 1 left.",
        "Brom uses Second Wind on Brom.",
        "Second Wind (7) heals Brom for 7.",
        "Brom has 17 of 20 Hit points.",
    ]
    assert "ability:features:second-wind" not in bout.options("brom")
    assert bout.choose("brom", "ability:features:action-surge") == [
        "Brom spends 1 use of Action Surge on Action Surge: 0 of 1 left.",
        "Action Surge gives Brom 1 Action: 2 left this turn.",
        "Brom uses Action Surge on Brom.",
    ]
    assert "ability:features:action-surge" not in bout.options("brom")
    assert bout.who("brom").sheet["live"]["pools"] == {"hp": 17, "counters:second-wind": 0, "counters:action-surge": 0}
    # A new turn refills the bonus action, not the counters.
    bout.choose("brom", "end-turn")
    bout.choose("goblin", "end-turn")
    assert bout.waiting() == "brom"
    menu = bout.options("brom")
    assert "ability:features:second-wind" not in menu and "ability:features:action-surge" not in menu
    assert bout.dice_left() == 0


def _five_e_brom(counter: dict) -> dict:
    brom = copy.deepcopy(json.loads((FIXTURES / "5e-party.json").read_text())[0])
    brom["sheet"]["fields"]["level"] = 2
    brom["sheet"]["lists"]["features"] = [{"name": "Second Effort", "_catalog": "feats/second-effort"}]
    # The counter row as a hand-kept sheet has it: no `_catalog`, the name the entry gives it.
    brom["sheet"]["lists"]["counters"] = [counter]
    return brom


def test_second_effort_spends_the_counter_named_as_its_row_and_is_gone_at_0():
    rs = load_package(UPSTREAM / "ruleset-5e-2014.example.json")
    brom = _five_e_brom({"name": "Second Effort", "max": 1, "recharge": "short"})
    # The Thorn lurker's health 3d8 + 3 (4, 4, 4); initiative Brom 15 + Dex 1 = 16 first,
    # the lurker 2 + 2 = 4 after.
    bout = Bout(rs, [brom], [foe("thorn-lurker")], dice=[4, 4, 4, 15, 2])
    assert bout.options("brom")["ability:features:second-effort"].costs == [
        {"pool": "counters:second-effort", "amount": 1, "label": "Second Effort"}]
    assert bout.choose("brom", "ability:features:second-effort") == [
        "Brom spends 1 use of Second Effort on Second Effort: 0 of 1 left.",
        "Second Effort gives Brom 1 Action: 2 left this turn.",
        "Brom uses Second Effort on Brom.",
    ]
    assert "ability:features:second-effort" not in bout.options("brom")
    assert bout.who("brom").budgets["action"] == 2

    # Stored at 0 it is never offered; a counter row with a maximum of 0 holds no use either.
    spent = _five_e_brom({"name": "Second Effort", "max": 1, "recharge": "short"})
    spent["sheet"]["live"] = {"pools": {"counters:second-effort": 0}}
    none = _five_e_brom({"name": "Second Effort", "max": 0, "recharge": "short"})
    for member in (spent, none):
        assert "ability:features:second-effort" not in Bout(rs, [member], [foe("thorn-lurker")], dice=[4, 4, 4, 15, 2]).options("brom")


def test_last_ember_pays_its_grit_and_its_trick_all_or_nothing():
    rs = load_package(UPSTREAM / "ember-roads.json")
    party = json.loads((FIXTURES / "ember-party.json").read_text())
    juno, pell = copy.deepcopy(party[0]), copy.deepcopy(party[1])
    # The trick's uses are scaled by Heart (a Heart of 0 leaves none): Heart 1 gives one use.
    juno["sheet"]["abilities"]["heart"] = 1
    juno["sheet"]["lists"]["knacks"] = [{"name": "Last Ember", "_catalog": "knacks/last-ember"}]
    juno["sheet"]["lists"]["tricks"] = [{"name": "Last Ember", "uses": 1, "recharge": "camp", "_catalog": "knacks/last-ember"}]
    pell["sheet"]["live"] = {"pools": {"grit": 2}}
    # The Rust jackal's health 3d6 (3, 3, 3) = 9; initiative 2d6 each: Juno 6 + 6 + Wits 1 = 13,
    # Pell 1 + 1 + 2 = 4, the jackal 1 + 1 + 1 = 3. Last Ember heals a flat 3: no die.
    dice = [3, 3, 3, 6, 6, 1, 1, 1, 1]
    bout = Bout(rs, [juno, pell], [foe("rust-jackal")], dice=dice)
    assert bout.waiting() == "juno"
    assert bout.options("juno")["ability:knacks:last-ember"].costs == [
        {"pool": "grit", "amount": 1, "label": "Grit"},
        {"pool": "tricks:last-ember", "amount": 1, "label": "Last Ember"},
    ]
    assert bout.choose("juno", "ability:knacks:last-ember", "pell")[:5] == [
        "Juno spends 1 Grit on Last Ember.",
        "Juno spends 1 use of Last Ember on Last Ember: 0 of 1 left.",
        "Juno uses Last Ember on Pell.",
        "Last Ember (3) heals Pell for 3.",
        "Pell has 5 of 6 Grit.",
    ]
    # Grit 4 + Toughness 3 + Brawn 3 = 10, one paid.
    assert bout.who("juno").sheet["live"]["pools"] == {"grit": 9, "tricks:last-ember": 0}

    # With the trick spent, Last Ember is not offered and nothing is paid, though Grit is there.
    juno["sheet"]["live"] = {"pools": {"tricks:last-ember": 0}}
    bout = Bout(rs, [juno, pell], [foe("rust-jackal")], dice=dice)
    assert "ability:knacks:last-ember" not in bout.options("juno")
    assert bout.who("juno").sheet["live"]["pools"] == {"tricks:last-ember": 0}
