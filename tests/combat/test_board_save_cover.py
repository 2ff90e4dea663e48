"""Cover against saves on a board (spec/combat-3 "Line of sight and cover": `cover.saves`,
`ignoresCover`, Capability API 1.74), with exact log lines from scripted dice.

Lantern Marsh rolled on a d20 (`marsh(d20=True)`), with `cover` {bonus 2, threeQuarters 5,
saves [grit_save]}. Wren (first: initiative 12 + 1) casts a charm the hounds save against
at difficulty 12 (Wren's Rank 2 charm difficulty); a hound's Grit save adds nothing, so the
save's line is the die, the cover part and the total. Cover is measured from where a burst
lands, and from the maker for anything else; only what lies between helps a save, not the
forest the saver stands in; a save marked `ignoresCover`, a save `cover.saves` does not
name, and a save that ends a condition get none.
"""

from __future__ import annotations

from shared.combat import advance, menu, start_battle
from tests.combat.kit import add_charm, add_creature, foe, juno_marsh, marsh, ruleset, wren_marsh

COVER = {"bonus": 2, "threeQuarters": 5, "saves": ["grit_save"]}
#: Two hounds' health (2d6 + 2 each), then initiative: Wren 12, the hounds 1.
START = [3, 3, 3, 3, 12, 1, 1]


def _gas_pkg(area=None, save=None, cover=None) -> dict:
    pkg = marsh(d20=True)
    mechanics = {"kind": "attack", "range": 6, "targets": "enemy", "amount": {"dice": "1d8"}, "damageType": "fire",
                 "save": save or {"save": "grit_save", "onSuccess": "half"}}
    if area is not None:
        mechanics["area"] = area
    add_charm(pkg, "marsh-gas", "Marsh Gas", mechanics)
    pkg["combat"]["cover"] = cover or COVER
    return pkg


def _start(pkg, wren_at, hounds, rows, dice):
    rs = ruleset(pkg)
    foes = [foe("bog-hound", position=at) for at in hounds]
    state, _ = start_battle(rs, [wren_marsh("marsh-gas") | {"position": wren_at}], foes, board={"rows": rows},
                            dice=START[:2 * len(hounds)] + START[4:5 + len(hounds)] + dice)
    assert state.pending.actor == "wren"
    return rs, state


def _cast(rs, state, **choice):
    result = advance(rs, state, {"actor": "wren", "option": "ability:charms:marsh-gas", **choice})
    assert not hasattr(result, "code"), result
    return result[0], [e.text for e in result[1]]


# -- a burst: measured from where it lands -------------------------------------------------

BURST_ROWS = ["........", "....T...", "......T."]


def test_a_bursts_saves_measure_cover_from_where_it_lands():
    # The gas lands on 5, 1. Forest (4, 1) lies between it and the first hound on 3, 1
    # (nothing lies between that hound and Wren on 0, 1); the second hound stands in the
    # forest on 6, 2, beside the landing cell, with nothing between: no cover for a save.
    # Dice: the shared 1d8 (7), then each hound's save (10): 10 + 2 = 12 is a success.
    rs, state = _start(_gas_pkg(area={"shape": "burst", "size": 3}), [0, 1], [[3, 1], [6, 2]], BURST_ROWS,
                       [7, 10, 10])
    gas = {o.id: o for o in menu(rs, state, "wren")}["ability:charms:marsh-gas"]
    assert gas.board["catches"]["5,1"] == ["bog-hound", "bog-hound-2"]
    assert gas.board["saveCover"]["5,1"] == {"bog-hound": "+ 2 half cover"}
    state, lines = _cast(rs, state, cell=[5, 1])
    assert lines == [
        "Wren aims Marsh Gas at 5, 1, catching Bog Hound, Bog Hound 2.",
        "Wren uses Marsh Gas on Bog Hound, Bog Hound 2.",
        "Bog Hound rolls a Grit save against Marsh Gas: 10 + 2 half cover = 12 against 12, a success.",
        "Marsh Gas (7, halved by the save) deals 3 fire damage to Bog Hound.",
        "Bog Hound has 5 of 8 Breath.",
        "Bog Hound 2 rolls a Grit save against Marsh Gas: 10 against 12, a failure.",
        "Marsh Gas (7) deals 7 fire damage to Bog Hound 2.",
        "Bog Hound 2 has 1 of 8 Breath.",
    ]


# -- anything else: measured from the maker ------------------------------------------------

#: From 0, 0 the line to 5, 3 slips between two walls, but three corner lines of every
#: corner of Wren's cell hit a wall: three-quarters cover (tests/combat/test_board_geometry.py).
GAP_ROWS = ["......", "...#..", "..#...", "......"]


def test_a_save_against_the_maker_behind_a_narrow_gap_has_three_quarters_cover():
    # Dice: the 1d8 (7), then the hound's save (7): 7 + 5 = 12 is a success.
    rs, state = _start(_gas_pkg(), [0, 0], [[5, 3]], GAP_ROWS, [7, 7])
    gas = {o.id: o for o in menu(rs, state, "wren")}["ability:charms:marsh-gas"]
    assert gas.board["targets"]["bog-hound"]["saveCover"] == "+ 5 three-quarters cover"
    state, lines = _cast(rs, state, targets=["bog-hound"])
    assert lines[1] == "Bog Hound rolls a Grit save against Marsh Gas: 7 + 5 three-quarters cover = 12 against 12, a success."
    assert lines[2] == "Marsh Gas (7, halved by the save) deals 3 fire damage to Bog Hound."


def test_three_quarters_falls_back_on_bonus_without_three_quarters():
    rs, state = _start(_gas_pkg(cover={"bonus": 2, "saves": ["grit_save"]}), [0, 0], [[5, 3]], GAP_ROWS, [7, 7])
    _state, lines = _cast(rs, state, targets=["bog-hound"])
    assert lines[1] == "Bog Hound rolls a Grit save against Marsh Gas: 7 + 2 three-quarters cover = 9 against 12, a failure."


def test_ignores_cover_and_a_save_cover_does_not_name_get_nothing():
    ignoring = _gas_pkg(save={"save": "grit_save", "onSuccess": "half", "ignoresCover": True})
    unnamed = _gas_pkg(cover={"bonus": 2, "threeQuarters": 5, "saves": ["nerve_save"]})
    for pkg in (ignoring, unnamed):
        rs, state = _start(pkg, [0, 0], [[5, 3]], GAP_ROWS, [7, 7])
        gas = {o.id: o for o in menu(rs, state, "wren")}["ability:charms:marsh-gas"]
        assert "saveCover" not in gas.board["targets"]["bog-hound"]
        _state, lines = _cast(rs, state, targets=["bog-hound"])
        assert lines[1] == "Bog Hound rolls a Grit save against Marsh Gas: 7 against 12, a failure."


def test_a_save_that_ends_a_condition_gets_no_cover():
    # Bog Hex (Lantern Marsh): a Nerve save against it, then Hexed until a Nerve save at the
    # end of the hound's turn. Forest on 2, 0 lies between Wren and the hound.
    pkg = marsh(d20=True)
    pkg["combat"]["cover"] = {"bonus": 2, "saves": ["nerve_save"]}
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [wren_marsh("bog-hex") | {"position": [0, 0]}], [foe("bog-hound", position=[3, 0])],
                            board={"rows": ["..T.", "...."]}, dice=[3, 3, 12, 1] + [5] * 10)
    state, events = advance(rs, state, {"actor": "wren", "option": "ability:charms:bog-hex", "targets": ["bog-hound"]})
    assert events[2].text == "Bog Hound rolls a Nerve save against Bog Hex: 5 + 2 half cover = 7 against 12, a failure."
    state, _ = advance(rs, state, {"actor": "wren", "option": "end-turn"})
    state, events = advance(rs, state, {"actor": "bog-hound", "option": "end-turn"})
    assert events[0].text == "Bog Hound rolls a Nerve save to end Hexed: 5 - 1 (Hexed) = 4 against 12, a failure."


# -- a creature action's save --------------------------------------------------------------


def _spitter_pkg() -> dict:
    pkg = marsh(d20=True)
    pkg["combat"]["cover"] = {"bonus": 2, "saves": ["grit_save"]}
    spit = {"budget": "act", "range": 6, "damage": {"dice": "1d6", "type": "fire"}}
    add_creature(pkg, "spitter", "Spitter", {
        "health": 9, "defense": 8, "initiativeModifier": 0, "speed": 6, "tier": "pack",
        "actions": [{"id": "spit", "name": "Spit", **spit,
                     "save": {"save": "grit_save", "difficulty": 12, "onSuccess": "half"}},
                    {"id": "glare", "name": "Holy Glare", **spit,
                     "save": {"save": "grit_save", "difficulty": 12, "onSuccess": "half", "ignoresCover": True}}]})
    return pkg


def test_a_creature_actions_save_has_cover_from_the_creature_unless_it_ignores_cover():
    # Juno (Grit + 3) on 0, 0, the Spitter on 3, 0, forest on 2, 0 between them. Initiative:
    # Juno 1 + 1, the Spitter 12. Dice: Spit's 1d6 (5), Juno's save (5).
    rs = ruleset(_spitter_pkg())
    state, _ = start_battle(rs, [juno_marsh() | {"position": [0, 0]}], [foe("spitter", position=[3, 0])],
                            board={"rows": ["..T.", "...."]}, dice=[1, 12] + [5] * 10)
    options = {o.id: o for o in menu(rs, state, "spitter")}
    assert options["action:spit"].board["targets"]["juno"] == {
        "how": "shot", "cells": 3, "distance": "3 strides", "cover": "half", "saveCover": "+ 2 half cover"}
    assert options["action:glare"].board["targets"]["juno"] == {
        "how": "shot", "cells": 3, "distance": "3 strides", "cover": "half"}
    spat, events = advance(rs, state, {"actor": "spitter", "option": "action:spit", "targets": ["juno"]})
    assert events[1].text == "Juno rolls a Grit save against Spit: 5 + 3 + 2 half cover = 10 against 12, a failure."
    _glared, events = advance(rs, state, {"actor": "spitter", "option": "action:glare", "targets": ["juno"]})
    assert events[1].text == "Juno rolls a Grit save against Holy Glare: 5 + 3 = 8 against 12, a failure."


def test_standing_in_forest_helps_against_an_attack_but_not_a_save():
    # Juno stands in the forest on 0, 0 with nothing between her and the Spitter.
    rs = ruleset(_spitter_pkg())
    state, _ = start_battle(rs, [juno_marsh() | {"position": [0, 0]}], [foe("spitter", position=[3, 0])],
                            board={"rows": ["T...", "...."]}, dice=[1, 12] + [5] * 10)
    spit = {o.id: o for o in menu(rs, state, "spitter")}["action:spit"]
    assert spit.board["targets"]["juno"]["cover"] == "half" and "saveCover" not in spit.board["targets"]["juno"]
    _state, events = advance(rs, state, {"actor": "spitter", "option": "action:spit", "targets": ["juno"]})
    assert events[1].text == "Juno rolls a Grit save against Spit: 5 + 3 = 8 against 12, a failure."


# -- pools: cover adds dice to the save's pool ---------------------------------------------


def test_in_a_dice_pool_fight_cover_adds_dice_to_the_save_and_its_forecast():
    from shared.combat.fight import Fight
    from shared.combat.numbers import Bonus
    from shared.combat.pool_forecast import save_chance
    from tests.combat.pool_kit import juno as pool_juno
    from tests.combat.pool_kit import pool_package

    pkg = pool_package(distance={"label": "m", "perCell": 1}, cover={"bonus": 1, "saves": ["nerve"]})
    add_creature(pkg, "spitter", "Spitter", {
        "tier": "stray", "health": 3, "defense": 1, "initiativeModifier": 0, "saves": {"nerve": 1},
        "actions": [{"id": "spit", "name": "Spit", "budget": "act", "range": 6, "damage": {"dice": "1d10", "type": "fire"},
                     "save": {"save": "nerve", "difficulty": 1, "onSuccess": "none"}}]})
    rs = ruleset(pkg)
    # Juno's Nerve is her Wits 2; forest on 2, 0 between her and the Spitter (initiative 6 + 6).
    party = [pool_juno(abilities={"brawn": 3, "wits": 2}) | {"position": [0, 0]}]
    state, _ = start_battle(rs, party, [{"creature": "spitter", "controller": "player", "position": [3, 0]}],
                            board={"rows": ["..T.", "...."]}, dice=[1, 1, 6, 6] + [9] * 10)
    fight = Fight(rs, state)
    juno = state.combatant("juno")
    # Each d10 succeeds on 7 or more (0.4): two dice make at least one success 1 - 0.6², three 1 - 0.6³.
    assert save_chance(fight, juno, "nerve", 1) == 0.64
    assert save_chance(fight, juno, "nerve", 1, Bonus("half cover", 1)) == 0.784
    _state, events = advance(rs, state, {"actor": "spitter", "option": "action:spit", "targets": ["juno"]})
    assert events[1].text == ("Juno throws a Nerve save against Spit: 3 dice (Nerve 2 + 1 (half cover)): 9, 9, 9 → "
                              "3 successes against 1 success, a success.")


def test_in_a_symbol_pool_fight_cover_adds_dice_to_the_save_and_its_chance():
    from shared.combat.fight import Fight
    from shared.combat.numbers import Bonus
    from shared.combat.symbol_forecast import save_chance
    from shared.combat.symbol_saves import save_pool
    from tests.combat.symbol_kit import juno as symbol_juno
    from tests.combat.symbol_kit import symbol_package

    rs = ruleset(symbol_package())
    state, _ = start_battle(rs, [symbol_juno()], [{"creature": "dock-bruiser", "controller": "player"}], seed=1)
    fight, juno = Fight(rs, state), state.combatant("juno")
    half = Bonus("half cover", 1)
    assert save_pool(fight, juno, "nerve", 2, "normal").own_words() == "1 die (Wits 1)"
    covered = save_pool(fight, juno, "nerve", 2, "normal", None, half)
    assert (covered.own_words(), covered.difficulty) == ("2 dice (Wits 1, half cover 1)", 2)
    # Exact chances of net successes against 2 difficulty dice: 15/64 with one die, more with two.
    assert save_chance(fight, juno, "nerve", 2) == 0.234375
    assert save_chance(fight, juno, "nerve", 2, cover=half) == 0.43505859375


def test_the_aimed_cell_is_kept_with_an_action_a_window_holds():
    """An action a window interrupts is finished from its saved plan: the burst's landing
    cell goes with it, and a plan aimed nowhere is saved as before (no `aim` key)."""
    from shared.combat.fight import Fight
    from shared.combat.plans import Plan
    from shared.combat.plan_codec import plan_from_json, plan_to_json

    rs, state = _start(_gas_pkg(), [0, 0], [[5, 3]], GAP_ROWS, [])
    fight, wren = Fight(rs, state), state.combatant("wren")
    saved = plan_to_json(Plan(kind="entry", aim=(5, 1)))
    assert saved["aim"] == [5, 1] and plan_from_json(fight, wren, saved).aim == (5, 1)
    assert "aim" not in plan_to_json(Plan(kind="entry"))
