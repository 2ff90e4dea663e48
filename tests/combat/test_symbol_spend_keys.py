"""Symbol-pool keys one by one with scripted dice and the exact log lines (spec/combat-2
"Combat rolled with symbol dice"): a spend's `max` above 1, `when: "miss"`, an explicit
`worth`, a track spend, a `critical`-only spend, soak `byKind`, `remap` and `per-blow` marks,
and the menu's forecast of a creature's hit followed by a save. The package is
tests/combat/symbol_kit.py's.

Faces by number: Ability 1 -, 2 s, 3 s, 4 ss, 5 a, 6 a, 7 sa, 8 aa; Proficiency 1 -, 2-3 s,
4-5 ss, 6 a, 7-9 sa, 10-11 aa, 12 t; Difficulty 1 -, 2 f, 3 ff, 4-6 h, 7 hh, 8 fh; Setback
1-2 -, 3-4 f, 5-6 h.
"""

from __future__ import annotations

import copy
import statistics
from fractions import Fraction
from itertools import product
from typing import Any

from tests.combat.kit import Bout, ruleset
from tests.combat.symbol_kit import bout, juno, symbol_package
from tests.ruleset.test_pools import dice_pool_package

AXE = "attack:gear:road-axe"
INIT = [6, 6, 1, 1]
PRESS = {"id": "press", "label": "Press on", "by": "attacker", "symbol": "a", "cost": 1, "when": "hit", "damage": 1}
REGROUP = {"id": "regroup", "label": "Regroup", "by": "attacker", "symbol": "a", "cost": 1, "when": "miss",
           "boost": {"dice": 1, "on": "attacker"}}
SHOVE = {"id": "shove", "label": "Shove back", "by": "attacker", "symbol": "a", "cost": 1,
         "setback": {"dice": 1, "on": "target"}}
KEEN = {"id": "keen", "label": "Keen edge", "by": "attacker", "symbol": "a", "cost": 2, "when": "hit", "critical": True}


def with_spends(*spends: dict[str, Any]) -> dict[str, Any]:
    pkg = symbol_package()
    pkg["combat"]["symbols"]["spends"] = list(spends)
    return pkg


# ---------------------------------------------------------------------------
# spends
# ---------------------------------------------------------------------------


def test_a_spend_with_max_above_one_is_bought_that_many_times_a_roll():
    b = bout(with_spends({**PRESS, "max": 2}), INIT + [7, 8, 1, 1, 4])
    assert b.choose("juno", AXE, "dock-bruiser")[:5] == [
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 1: Ability sa, Ability aa, "
        "Ability -, Difficulty - → 1 success, 3 advantages, a hit.",
        "Juno spends 1 advantage on Press on: + 1 damage.",
        "Juno spends 1 advantage on Press on: + 1 damage.",
        "Left on the roll for the Game Master to narrate: 1 advantage.",
        "Road axe (4, + 1 for 1 success, + 1 (Press on), + 1 (Press on), 2 soaked by Dock bruiser's own soak = 5) "
        "deals 5 damage to Dock bruiser.",
    ]


def test_a_miss_spend_is_bought_only_on_a_miss():
    b = bout(with_spends({**PRESS, "max": 2}, REGROUP), INIT + [5, 6, 1, 1])
    assert b.choose("juno", AXE, "dock-bruiser")[:3] == [
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 1: Ability a, Ability a, "
        "Ability -, Difficulty - → no successes, 2 advantages, a miss.",
        "Juno spends 1 advantage on Regroup: 1 boost die on Juno's next roll.",
        "Left on the roll for the Game Master to narrate: 1 advantage.",
    ]
    assert b.who("juno").symbol_dice == {"boost": 1}
    b = bout(with_spends({**PRESS, "max": 2}, REGROUP), INIT + [5, 6, 2, 1, 3])
    assert b.choose("juno", AXE, "dock-bruiser")[1:3] == [
        "Juno spends 1 advantage on Press on: + 1 damage.", "Juno spends 1 advantage on Press on: + 1 damage."]
    assert b.who("juno").symbol_dice == {}


def test_an_explicit_worth_weighs_a_spend_over_its_default():
    press = {**PRESS, "damage": 2}
    b = bout(with_spends(press, {**SHOVE, "worth": 3}), INIT + [2, 5, 1, 1, 4])
    assert b.choose("juno", AXE, "dock-bruiser")[1] == (
        "Juno spends 1 advantage on Shove back: 1 setback die on Dock bruiser's next roll.")
    assert b.who("dock-bruiser").symbol_dice == {"setback": 1}
    # By default a setback die is worth 0.55, less than 2 damage.
    b = bout(with_spends(press, SHOVE), INIT + [2, 5, 1, 1, 4])
    assert b.choose("juno", AXE, "dock-bruiser")[1] == "Juno spends 1 advantage on Press on: + 2 damage."


def test_a_track_spend_moves_an_ordinary_track_one_step():
    pkg = symbol_package()
    pkg["catalogs"][0]["entries"][0]["creature"]["defense"] = 2
    b = bout(pkg, INIT + [2, 1, 1, 7, 4, 4])
    assert b.choose("juno", AXE, "dock-bruiser")[:3] == [
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 2: Ability s, Ability -, "
        "Ability -, Difficulty hh, Difficulty h → 1 success, 3 threats, a hit.",
        "Dock bruiser spends 2 threats on Overextend: Juno's Strain 0 → 1.",
        "Dock bruiser spends 1 threat on Opening: 1 setback die on Juno's next roll.",
    ]
    assert b.who("juno").sheet["live"]["tracks"] == {"strain": 1}


def test_a_track_with_no_room_for_a_whole_step_is_not_moved():
    pkg = symbol_package()
    pkg["catalogs"][0]["entries"][0]["creature"]["defense"] = 2
    b = bout(pkg, INIT + [2, 1, 1, 7, 4, 4], party=[juno(live={"tracks": {"strain": 10}})])
    assert b.choose("juno", AXE, "dock-bruiser")[1:3] == [
        "Dock bruiser spends 1 threat on Opening: 1 setback die on Juno's next roll.",
        "Left on the roll for the Game Master to narrate: 2 threats.",
    ]


def test_a_critical_only_spend_is_bought_only_with_a_worth():
    b = bout(with_spends({**KEEN, "worth": 1}), INIT + [2, 5, 6, 1, 4])
    events = b.choose("juno", AXE, "dock-bruiser")
    assert events[1:3] == [
        "Juno spends 2 advantages on Keen edge: the hit becomes a critical.",
        "Road axe (4, + 1 for 1 success, 2 soaked by Dock bruiser's own soak = 3) deals 3 damage to Dock bruiser.",
    ]
    assert [e.data["critical"] for e in b.state.events if e.kind == "damage"] == [True]
    b = bout(with_spends(KEEN), INIT + [2, 5, 6, 1, 4])
    assert b.choose("juno", AXE, "dock-bruiser")[1] == "Left on the roll for the Game Master to narrate: 2 advantages."
    assert [e.data["critical"] for e in b.state.events if e.kind == "damage"] == [False]


# ---------------------------------------------------------------------------
# kinds of harm
# ---------------------------------------------------------------------------


def harm_package(**kinds: Any) -> dict[str, Any]:
    """Health on a harm track with knocks and tears; the sheet soaks knocks with Soak and
    tears not at all (`byKind`)."""
    pkg = symbol_package()
    harm = next(t for t in dice_pool_package()["sheet"]["live"]["tracks"] if t["id"] == "harm")
    pkg["sheet"]["live"]["tracks"].append(copy.deepcopy(harm))
    combat = pkg["combat"]
    combat["health"] = {"track": "harm"}
    combat["damageTypes"] = ["blunt", "fire"]
    combat["damageKinds"] = {"default": "knock", "byType": {"fire": "tear"}, "marks": "per-point", **kinds}
    combat["symbols"]["soak"] = {"all": {"derived": "soak"}, "byKind": {"tear": {"const": 0}}}
    pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0]["damage"] = {"flat": 1, "type": "blunt"}
    return pkg


def haymaker(pkg: dict[str, Any]) -> Bout:
    b = bout(pkg, INIT + [3, 2, 1, 1])
    b.choose("juno", "end-turn")
    return b


def test_soak_by_kind_wins_over_all_for_its_kind():
    b = haymaker(harm_package())
    assert b.choose("dock-bruiser", "action:haymaker", "juno")[:3] == [
        "Dock bruiser attacks Juno with Haymaker: 3 dice, 1 upgraded against Defense 1: Proficiency s, Ability s, "
        "Ability -, Difficulty - → 2 successes, a hit.",
        "Haymaker (1, + 2 for 2 successes, 1 soaked by Soak = 2) deals 2 blunt damage to Juno.",
        "Juno has 2 of 4 Harm.",
    ]
    assert b.who("juno").sheet["live"]["marks"] == {"harm": ["knock", "knock"]}
    pkg = harm_package()
    pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0]["damage"]["type"] = "fire"
    b = haymaker(pkg)
    assert b.choose("dock-bruiser", "action:haymaker", "juno")[1] == (
        "Haymaker (1, + 2 for 2 successes) deals 3 fire damage to Juno.")
    assert b.who("juno").sheet["live"]["marks"] == {"harm": ["tear", "tear", "tear"]}


def test_a_remap_changes_the_kind_and_so_the_soak_and_the_mark():
    b = haymaker(harm_package(remap=[{"when": {"field": "toughness"}, "from": "knock", "to": "tear"}]))
    assert b.choose("dock-bruiser", "action:haymaker", "juno")[1] == (
        "Haymaker (1, + 2 for 2 successes, knock becomes tear against Juno) deals 3 blunt damage to Juno.")
    assert b.who("juno").sheet["live"]["marks"] == {"harm": ["tear", "tear", "tear"]}


def test_a_track_marked_per_blow_fills_one_box_a_blow():
    b = haymaker(harm_package(marks="per-blow"))
    assert b.choose("dock-bruiser", "action:haymaker", "juno")[1:3] == [
        "Haymaker (1, + 2 for 2 successes, 1 soaked by Soak = 2) deals 2 blunt damage to Juno.",
        "Juno has 3 of 4 Harm.",
    ]
    assert b.who("juno").sheet["live"]["marks"] == {"harm": ["knock"]}


# ---------------------------------------------------------------------------
# a creature's hit followed by a save
# ---------------------------------------------------------------------------

#: Net successes per face: Ability, Difficulty.
ABILITY = [0, 1, 1, 2, 0, 0, 1, 0]
DIFFICULTY = [0, -1, -2, 0, 0, 0, 0, -1]


def sting_package(*spends: dict[str, Any], on_success: str = "negates") -> dict[str, Any]:
    """The Gull's Sting: 2 dice to hit, 3 damage, and a Nerve save against 2 difficulty
    dice keeps it off (`negates`; or half of it; `none` keeps it all, 1.184)."""
    pkg = with_spends(*spends)
    pkg["catalogs"][0]["entries"][1]["creature"]["actions"] = [
        {"id": "sting", "name": "Sting", "budget": "act", "toHit": 2, "damage": {"flat": 3},
         "save": {"save": "nerve", "difficulty": 2, "onSuccess": on_success}}]
    return pkg


def _chance(ability: int, difficulty: int, need: int = 1) -> Fraction:
    """P(net successes >= need), counted face by face."""
    good = total = 0
    for faces in product(range(8), repeat=ability + difficulty):
        net = sum(ABILITY[f] for f in faces[:ability]) + sum(DIFFICULTY[f] for f in faces[ability:])
        good += net >= need
        total += 1
    return Fraction(good, total)


def _menu(pkg: dict[str, Any]) -> Any:
    b = bout(pkg, [1, 1, 6, 6], "gull")
    assert b.waiting() == "gull"
    return b.options("gull")["action:sting"].forecasts[0]


def test_the_forecast_of_a_hit_followed_by_a_save_is_exact():
    # Juno's Nerve save: 1 Ability die (Wits 1) against 2 Difficulty dice. Juno soaks 1.
    hit = _chance(2, 1)
    saved = _chance(1, 2)
    forecast = _menu(sting_package())
    assert forecast.hit == round(float(hit), 4)
    # The hit's 3 damage, + 1 for each net success, less Soak 1; all of it kept off by the save.
    dealt = Fraction(0)
    for faces in product(range(8), repeat=3):
        net = ABILITY[faces[0]] + ABILITY[faces[1]] + DIFFICULTY[faces[2]]
        if net >= 1:
            dealt += Fraction(3 + net - 1, 512)
    assert forecast.damage == round(float(dealt * (1 - saved)), 3)
    half = _menu(sting_package(on_success="half"))
    halved = Fraction(0)
    for faces in product(range(8), repeat=3):
        net = ABILITY[faces[0]] + ABILITY[faces[1]] + DIFFICULTY[faces[2]]
        if net >= 1:
            halved += Fraction(3 // 2 + net - 1, 512)
    assert half.damage == round(float(dealt * (1 - saved) + halved * saved), 3)
    # "none" on a creature action's save spares only what it applies: every hit's damage stays.
    kept = _menu(sting_package(on_success="none"))
    assert kept.damage == round(float(dealt), 3)


def test_the_forecast_counts_the_setback_die_a_spend_puts_on_the_save():
    # The Gull spends an advantage for a setback die on Juno's next roll: the save.
    forecast = _menu(sting_package(SHOVE))
    plain = _menu(sting_package())
    assert forecast.hit == plain.hit and forecast.damage > plain.damage


def test_the_forecast_of_a_hit_and_a_save_matches_the_seeded_roller():
    rs = ruleset(sting_package(SHOVE))
    party = [juno()]
    foes = [{"creature": "gull", "controller": "player"}]
    forecast, dealt = None, []
    for seed in range(500):
        b = Bout(rs, party, foes, seed=seed)
        if b.waiting() != "gull":
            continue
        fc = b.options("gull")["action:sting"].forecasts[0]
        forecast = forecast or fc
        seen = len(b.state.events)
        b.choose("gull", "action:sting", "juno")
        dealt.append(sum(e.data["amount"] for e in b.state.events[seen:] if e.kind == "damage"))
    n = len(dealt)
    spread = statistics.pstdev(dealt) or 1.0
    assert n > 100
    assert abs(statistics.fmean(dealt) - forecast.damage) <= 4.5 * spread / n ** 0.5
