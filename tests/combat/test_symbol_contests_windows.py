"""Symbol-pool contests and hit windows, with scripted dice and the exact log lines (spec/combat-2
"Combat rolled with symbol dice": "A contest throws each side's dice, and the side with more
net successes wins"; "Cover and a condition's `defense` modifier add difficulty dice"; spec/
combat-3 "Windows": a hit held before its damage). The package is tests/combat/symbol_kit.py's.

Faces by number: Ability 1 -, 2 s, 3 s, 4 ss, 5 a, 6 a, 7 sa, 8 aa; Difficulty 1 -, 2 f, 3 ff,
4-6 h, 7 hh, 8 fh; Boost 1-2 -, 3 s, 4 sa, 5 aa, 6 a; Setback 1-2 -, 3-4 f, 5-6 h.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

from shared.combat.fight import Fight
from shared.combat.state import BattleState, HeldCondition
from shared.combat.symbol_hold import miss_chance
from shared.combat.window_answers import engine_answer
from shared.combat.windows import window_items
from tests.combat.kit import add_condition
from tests.combat.symbol_kit import bout, symbol_package

AXE = "attack:gear:road-axe"
INIT = [6, 6, 1, 1]
#: Net successes one Ability die shows, face by face.
ABILITY_SUCCESSES = [0, 1, 1, 2, 0, 0, 1, 0]


def contest_package(ties: str | None = None) -> dict:
    pkg = symbol_package()
    pkg["combat"]["checks"] = [{"id": "brawn", "label": "Brawn", "value": {"abilityMod": "brawn"}}]
    shove = {"id": "shove", "label": "Shove", "budget": "act", "attacker": {"checks": ["brawn"]},
             "defender": {"checks": ["brawn"]}, "onWin": {"applies": [{"condition": "disarmed"}]}}
    if ties:
        shove["ties"] = ties
    pkg["combat"]["contests"] = [shove]
    pkg["catalogs"][0]["entries"][1]["creature"]["checks"] = {"brawn": 1}
    return pkg


# ---------------------------------------------------------------------------
# contests
# ---------------------------------------------------------------------------


def test_a_contest_throws_each_sides_dice_and_more_net_successes_wins():
    b = bout(contest_package(), INIT + [2, 1, 5, 1], "gull")
    assert b.choose("juno", "contest:shove", "gull")[:2] == [
        "Juno tries Shove on Gull: 3 dice (Brawn 3): Ability s, Ability -, Ability a → 1 success, 1 advantage "
        "with Brawn against 1 die (Brawn 1): Ability - → no successes with Brawn, and wins.",
        "Gull is Disarmed.",
    ]
    assert b.dice_left() == 0


def test_a_tied_contest_goes_to_the_defender_unless_ties_says_attacker():
    b = bout(contest_package(), INIT + [2, 1, 1, 3], "gull")
    assert b.choose("juno", "contest:shove", "gull")[0].endswith(
        "against 1 die (Brawn 1): Ability s → 1 success with Brawn, and loses.")
    b = bout(contest_package("attacker"), INIT + [2, 1, 1, 3], "gull")
    assert b.choose("juno", "contest:shove", "gull")[0].endswith("→ 1 success with Brawn, and wins.")


def test_a_contest_uses_up_the_boost_dice_a_spend_left():
    b = bout(contest_package(), INIT + [2, 1, 1, 4, 3], "gull")
    b.who("juno").symbol_dice = {"boost": 1}
    assert b.choose("juno", "contest:shove", "gull")[0] == (
        "Juno tries Shove on Gull: 3 dice (Brawn 3, dice a spend left them), 1 boost die: Ability s, Ability -, "
        "Ability -, Boost sa → 2 successes, 1 advantage with Brawn against 1 die (Brawn 1): Ability s → 1 success "
        "with Brawn, and wins.")
    assert b.who("juno").symbol_dice == {}


def _wins(mine: int, theirs: int, ties: bool) -> Fraction:
    """P(mine Ability dice show more net successes than theirs), counted face by face."""
    won = total = 0
    for faces in product(range(8), repeat=mine + theirs):
        a = sum(ABILITY_SUCCESSES[f] for f in faces[:mine])
        d = sum(ABILITY_SUCCESSES[f] for f in faces[mine:])
        won += a > d or (ties and a == d)
        total += 1
    return Fraction(won, total)


def test_the_menus_win_chance_is_exact():
    b = bout(contest_package(), INIT, "gull")
    assert b.options("juno")["contest:shove"].forecasts[0].win == round(float(_wins(3, 1, False)), 4) == 0.6963
    b = bout(contest_package("attacker"), INIT, "gull")
    assert b.options("juno")["contest:shove"].forecasts[0].win == round(float(_wins(3, 1, True)), 4) == 0.9023


# ---------------------------------------------------------------------------
# hit windows
# ---------------------------------------------------------------------------


def brace_package(flat: int = 1) -> dict:
    pkg = symbol_package()
    add_condition(pkg, "braced", "Braced", modifiers=[{"to": "defense", "flat": flat}])
    bruiser = pkg["catalogs"][0]["entries"][0]["creature"]
    bruiser["actions"].append({"id": "brace", "name": "Brace", "budget": "act", "self": True,
                               "reaction": {"on": "hit"},
                               "applies": [{"condition": "braced", "duration": {"rounds": 1}}]})
    return pkg


def test_a_symbol_hit_is_held_before_anyone_spends_and_more_defense_throws_more_difficulty_dice():
    b = bout(brace_package(), INIT + [2, 7, 5, 4, 3])
    assert b.choose("juno", AXE, "dock-bruiser") == [
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 1: Ability s, Ability sa, "
        "Ability a, Difficulty h → 2 successes, 1 advantage, a hit.",
        "The fight waits: Juno's Road axe (2 successes against Defense 1) hits Dock bruiser. Asked in turn: "
        "Dock bruiser.",
    ]
    assert list(b.options("dock-bruiser")) == ["action:brace", "pass"]
    saved = json.dumps(b.state.model_dump(mode="json"))
    first = b.choose("dock-bruiser", "action:brace")
    assert first[:5] == [
        "Dock bruiser answers with Brace.",
        "Dock bruiser uses Brace on Dock bruiser.",
        "Dock bruiser is Braced for 1 round.",
        "Juno's Road axe against Dock bruiser's Defense 2 (+ 1 Braced) now: 1 more difficulty die: Difficulty ff "
        "→ no successes, 1 advantage, now misses.",
        # What the hit would have bought waits for it to stand: a miss buys nothing the hit did.
        "Left on the roll for the Game Master to narrate: 1 advantage.",
    ]
    assert b.dice_left() == 0
    b.state = BattleState.model_validate(json.loads(saved))
    assert b.choose("dock-bruiser", "action:brace") == first


def test_a_pass_leaves_the_held_throw_as_it_was_and_the_spends_follow():
    b = bout(brace_package(), INIT + [2, 7, 5, 4, 3])
    b.choose("juno", AXE, "dock-bruiser")
    assert b.choose("dock-bruiser", "pass")[:4] == [
        "Dock bruiser passes.",
        "Left on the roll for the Game Master to narrate: 1 advantage.",
        "Road axe (3, + 2 for 2 successes, 2 soaked by Dock bruiser's own soak = 3) deals 3 damage to Dock bruiser.",
        "Dock bruiser has 9 of 12 Grit.",
    ]


def test_a_defense_that_fell_sets_aside_the_last_difficulty_dice():
    pkg = symbol_package()
    add_condition(pkg, "opened", "Opened up", modifiers=[{"to": "defense", "flat": -1}])
    bruiser = pkg["catalogs"][0]["entries"][0]["creature"]
    bruiser["defense"] = 2
    bruiser["actions"].append({"id": "lunge", "name": "Reckless lunge", "budget": "act", "self": True,
                               "reaction": {"on": "hit"},
                               "applies": [{"condition": "opened", "duration": {"rounds": 1}}]})
    b = bout(pkg, INIT + [4, 1, 1, 3, 5, 6])
    assert b.choose("juno", AXE, "dock-bruiser")[0] == (
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 2: Ability ss, Ability -, "
        "Ability -, Difficulty ff, Difficulty h → no successes, 1 threat, a miss.")
    # A miss opens no window; the same throw against Defense 1 hits, and an answer that
    # lowers the defense sets the last difficulty die aside.
    b = bout(pkg, INIT + [4, 1, 1, 2, 5, 6])
    b.choose("juno", AXE, "dock-bruiser")
    assert b.choose("dock-bruiser", "action:lunge")[3] == (
        "Juno's Road axe against Dock bruiser's Defense 1 (- 1 Opened up) now: 1 difficulty die set aside: "
        "Difficulty h → 1 success, still hits.")


def test_the_engine_braces_only_when_the_hit_more_likely_than_not_becomes_a_miss():
    # 1 net success held against one success needed: one more Difficulty die fails it on
    # f, ff or fh (3 faces of 8); two more on anything but both dice free of failures.
    for flat, chance, braces in ((1, Fraction(3, 8), False), (2, 1 - Fraction(5, 8) ** 2, True)):
        b = bout(brace_package(flat), INIT + [2, 1, 1, 1])
        b.choose("juno", AXE, "dock-bruiser")
        fight = Fight(b.rs, b.state)
        holder = fight.get("dock-bruiser")
        w = b.state.pending.window
        items = window_items(fight, holder)
        picked, _targets = engine_answer(fight, holder, items)
        assert picked.option.id == ("action:brace" if braces else "pass")
        trial = Fight(b.rs, b.state.model_copy(deep=True))
        trial.get("dock-bruiser").conditions.append(HeldCondition(id="braced"))
        assert miss_chance(trial, trial.get("juno"), trial.get("dock-bruiser"), w.resume.cursor["held"]) == \
            float(chance)
        # Weighing the answer threw nothing: initiative and the attack's four dice.
        assert b.state.dice.cursor == 8
