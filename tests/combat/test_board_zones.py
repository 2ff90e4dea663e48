"""Lasting zones on a board (spec/mechanics-1 "Lasting zones", 1.172, and "Moving zones and
zone terrain", 1.173; shared/combat/zones.py, zone_state.py), with exact log lines from
scripted dice. The package, Ilsa (Wisdom caster, spell save DC 12) and the foes are
tests/combat/zones_kit.py's: Marinara's 5e Moonbeam and the spec's Spike Growth, the 5e
example's Thorn Lurker (3d8 + 3 hit points, no Constitution save bonus: its block lists
only a Dexterity save) and Cinder Hound (5d8 hit points, Constitution save + 4, speed 40
feet: 8 cells).
"""

from __future__ import annotations

import copy

from shared.combat import advance, decide_for, menu, start_battle
from shared.combat.contests import contest_targets
from shared.combat.fight import Fight
from shared.combat.screen import screen_view
from shared.combat.state import BattleState, HeldCondition
from tests.combat import zones_kit as ZK
from tests.combat.item_kit import brom as item_brom
from tests.combat.item_kit import item_package
from tests.combat.kit import foe, ruleset

#: The Lurker's 3d8 + 3 = 8 + 8 + 4 + 3 = 23, the Hound's 5d8 = 25, initiative: Ilsa 20
#: (+ 3: 23), the Lurker 1 (+ 2), the Hound 1 (+ 1).
START = [8, 8, 4, 5, 5, 5, 5, 5, 20, 1, 1]


def _go(rs, state, actor, option, *targets, cell=None):
    choice = {"actor": actor, "option": option, "targets": list(targets)}
    if cell is not None:
        choice["cell"] = cell
    result = advance(rs, state, choice)
    assert not hasattr(result, "code"), result
    return result[0], [e.text for e in result[1]]


def _listed(rs, state) -> list[str]:
    return [z.label for z in screen_view(rs, state, battle="b", revision=0, last_seq=0, status="active").zones]


def _moonbeam(dice):
    rs = ruleset(ZK.package())
    state, _ = start_battle(rs, [ZK.ilsa([0, 2])], ZK.foes([5, 2], [8, 2]), board=ZK.BOARD, dice=START + dice)
    return rs, state


#: Moonbeam's 2d10 (5 + 4) and the Lurker's save (7); at its turn start 2d10 (3 + 5) and a
#: save of 15; moved onto the Hound 2d10 (6 + 3) and its save 4; at the Hound's turn start
#: 2d10 (2 + 2) and a save of 3; the Hound's bite: 15 to hit, 1d6 4, 1d4 2; Ilsa's
#: concentration save 3.
STORY = [5, 4, 7, 3, 5, 15, 6, 3, 4, 2, 2, 3, 15, 4, 2, 3]


def test_moonbeam_stays_affects_at_turn_start_moves_onto_the_hound_and_ends_with_concentration():
    rs, state = _moonbeam(STORY)
    # Cast on the Lurker's cell: Constitution save 7 + 0 against DC 12 fails; 2d10 = 9
    # radiant, 23 - 9 = 14. The zone is listed with its 10 rounds.
    state, lines = _go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[5, 2])
    assert lines == [
        "Ilsa aims Moonbeam at 5, 2, catching Thorn Lurker.",
        "Ilsa spends 1 2nd-level slot on Moonbeam.",
        "Ilsa uses Moonbeam on Thorn Lurker.",
        "Moonbeam stays on 5, 2 (1 cell) for 10 rounds.",
        "Thorn Lurker rolls a Constitution save against Moonbeam: 7 against 12, a failure.",
        "Moonbeam (9 (5 + 4)) deals 9 radiant damage to Thorn Lurker.",
        "Thorn Lurker has 14 of 23 Hit points.",
    ]
    assert _listed(rs, state) == ["Moonbeam, 10 rounds"]
    assert [z.cells for z in state.zones] == [[[5, 2]]]
    # Ilsa's turn is over: the casting turn does not count ("counted the same way as for a
    # summon", 1.172; 1.122 "not counting the turn of the casting"), so 10 rounds are left. The
    # Lurker's turn starts in it: 2d10 = 8, a save of 15 succeeds, half of 8 = 4; 14 - 4 = 10.
    state, lines = _go(rs, state, "ilsa", "end-turn")
    assert _listed(rs, state) == ["Moonbeam, 10 rounds"]
    assert lines == [
        "Thorn Lurker's turn.",
        "Moonbeam affects Thorn Lurker: its turn starts in it.",
        "Thorn Lurker rolls a Constitution save against Moonbeam: 15 against 12, a success.",
        "Moonbeam (8 (3 + 5), halved by the save) deals 4 radiant damage to Thorn Lurker.",
        "Thorn Lurker has 10 of 23 Hit points.",
    ]
    state, _ = _go(rs, state, "thorn-lurker", "end-turn")
    state, _ = _go(rs, state, "cinder-hound", "end-turn")
    # "Move Moonbeam": an action, up to 60 feet (12 cells) from its centre; moved onto the
    # Hound (3 cells, 15 feet), it affects it as `enter` says: 4 + 4 = 8 against 12 fails,
    # 2d10 = 9, 25 - 9 = 16.
    move = {o.id: o for o in menu(rs, state, "ilsa")}["zone:spells/moonbeam"]
    assert (move.label, move.budget, move.text) == ("Move Moonbeam", "action", "Action; up to 60 ft from 5, 2")
    assert move.board["catches"] == {"0,2": ["ilsa"], "8,2": ["cinder-hound"]}
    assert len(move.board["to"]) == 10 * 4 - 1
    state, lines = _go(rs, state, "ilsa", "zone:spells/moonbeam", cell=[8, 2])
    assert lines == [
        "Ilsa moves Moonbeam 15 ft to 8, 2.",
        "Moonbeam affects Cinder Hound: it moves onto them.",
        "Cinder Hound rolls a Constitution save against Moonbeam: 4 + 4 = 8 against 12, a failure.",
        "Moonbeam (9 (6 + 3)) deals 9 radiant damage to Cinder Hound.",
        "Cinder Hound has 16 of 25 Hit points.",
    ]
    assert "zone:spells/moonbeam" not in {o.id for o in menu(rs, state, "ilsa")}  # the action is spent
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # The Lurker no longer stands in it; the Hound's turn starts in it: 3 + 4 = 7 fails,
    # 2d10 = 4, 16 - 4 = 12.
    state, lines = _go(rs, state, "thorn-lurker", "end-turn")
    assert lines[-4:] == [
        "Moonbeam affects Cinder Hound: its turn starts in it.",
        "Cinder Hound rolls a Constitution save against Moonbeam: 3 + 4 = 7 against 12, a failure.",
        "Moonbeam (4 (2 + 2)) deals 4 radiant damage to Cinder Hound.",
        "Cinder Hound has 12 of 25 Hit points.",
    ]
    # The Hound walks up to Ilsa (leaving the zone sets nothing off) and bites: 5 piercing and
    # 2 fire; her concentration save 3 + 1 (Constitution 12) = 4 against 10 fails, and the
    # zone ends with it.
    state, _ = _go(rs, state, "cinder-hound", "move:1,2")
    state, lines = _go(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    assert lines[-3:] == [
        "Ilsa rolls a Constitution save to keep concentrating on Moonbeam: 3 + 1 = 4 against 10, a failure.",
        "Ilsa stops concentrating on Moonbeam: concentration is broken.",
        "Moonbeam ends: Ilsa's concentration ended.",
    ]
    assert state.zones == [] and _listed(rs, state) == []


def test_a_zone_is_saved_and_reloaded_exactly_and_plays_on_the_same():
    rs, state = _moonbeam(STORY)
    state, _ = _go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[5, 2])
    data = state.model_dump(mode="json")
    assert data["zones"][0] | {"plan": None} == {
        "entry": "spells/moonbeam", "name": "Moonbeam", "owner": "ilsa", "plan": None, "shape": "burst", "size": 1,
        "width": 1, "centre": [5, 2], "origin": [0, 2], "cells": [[5, 2]], "rounds": 10, "fresh": True,
        "concentration": True, "triggers": ["enter", "turn-start"], "affected": ["thorn-lurker"]}
    again = BattleState.model_validate(data)
    assert again.model_dump(mode="json") == data
    _, lines = _go(rs, state, "ilsa", "end-turn")
    _, reloaded = _go(rs, again, "ilsa", "end-turn")
    assert reloaded == lines and "Moonbeam affects Thorn Lurker: its turn starts in it." in lines


def test_a_zone_ends_when_its_time_is_up():
    # Set-up: the zone's last round, as on the ninth of Ilsa's turns after the casting (no longer
    # fresh: the casting turn is the one that does not count); the end of her turn ends it.
    rs, state = _moonbeam(STORY)
    state, _ = _go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[5, 2])
    state.zones[0].rounds, state.zones[0].fresh = 1, False
    state, lines = _go(rs, state, "ilsa", "end-turn")
    assert lines[0] == "Moonbeam ends: its time is up."
    assert state.zones == []


#: Spike Growth on 5, 2 covers x 2 to 8 (a 20-foot burst: 4 cells, every cell fewer than 4
#: steps away), every row of the 4-row board. The Hound's three 2d4: 1 + 2, 2 + 2, 3 + 1.
SPIKES = [1, 2, 2, 2, 3, 1]


def test_a_hound_walking_through_spike_growth_pays_double_and_is_hurt_every_cell():
    rs = ruleset(ZK.package())
    state, _ = start_battle(rs, [ZK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), board=ZK.BOARD,
                            dice=[5, 5, 5, 5, 5, 20, 1] + SPIKES)
    # `atCast: false`: the casting does nothing to the Hound it was aimed at.
    state, lines = _go(rs, state, "ilsa", "ability:spells:spike-growth", cell=[5, 2])
    assert lines == [
        "Ilsa aims Spike Growth at 5, 2, catching Cinder Hound.",
        "Ilsa spends 1 2nd-level slot on Spike Growth.",
        "Ilsa uses Spike Growth on Cinder Hound.",
        "Spike Growth stays on 5, 2 (28 cells) for 100 rounds.",
    ]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # Three cells west inside it: each costs 2 (difficult), 6 cells = 30 feet of its 40, and
    # each deals 2d4 piercing with no save: 3, 4, 4; 25 - 11 = 14.
    walk = {o.id: o for o in menu(rs, state, "cinder-hound")}["move:5,2"]
    # (Every path of three steps costs the same; the walk takes the first the search finds.)
    assert (walk.board["cells"], walk.board["cost"], walk.board["path"]) == (6, "30 ft", [[7, 1], [6, 1], [5, 2]])
    state, lines = _go(rs, state, "cinder-hound", "move:5,2")
    assert lines == [
        "Spike Growth (3 (1 + 2)) deals 3 piercing damage to Cinder Hound.",
        "Cinder Hound has 22 of 25 Hit points.",
        "Spike Growth (4 (2 + 2)) deals 4 piercing damage to Cinder Hound.",
        "Cinder Hound has 18 of 25 Hit points.",
        "Spike Growth (4 (3 + 1)) deals 4 piercing damage to Cinder Hound.",
        "Cinder Hound has 14 of 25 Hit points.",
        "Cinder Hound moves to 5, 2 for 30 ft and has 10 ft left.",
    ]


# -- spell holds (1.174, 1.175) --------------------------------------------------------------


def _webbed(dice):
    """Ilsa casts Web (a 20-foot box: 4 x 4 cells) at 6, 2: in line with her on y, it is centred
    there (y 1 to 4, cut to 1 to 3 by the board) and runs away from her (x 6 to 9): 12 cells,
    the Hound on 8, 2 among them. Its Dexterity save (no bonus: its block lists only a
    Constitution save) of 5 against DC 12 fails: Restrained. At its turn start in the web it
    saves again, with disadvantage (restrained): 20 and 12, 12 against 12, a success."""
    rs = ruleset(ZK.package())
    state, _ = start_battle(rs, [ZK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), board=ZK.BOARD,
                            dice=[5, 5, 5, 5, 5, 20, 1, 5, 20, 12] + dice)
    state, lines = _go(rs, state, "ilsa", "ability:spells:web", cell=[6, 2])
    assert lines[3:] == [
        "Web stays on 6, 2 (12 cells) for 600 rounds.",
        "Cinder Hound rolls a Dexterity save against Web: 5 against 12, a failure.",
        "Cinder Hound is Restrained for 100 rounds.",
    ]
    state, lines = _go(rs, state, "ilsa", "end-turn")
    assert lines[-1] == "Cinder Hound rolls a Dexterity save against Web: 12 (disadvantage; dropped 20) against 12, a success."
    assert [h.model_dump(exclude_defaults=True) for h in state.combatant("cinder-hound").conditions] == [
        {"id": "restrained", "source": "ilsa", "rounds": 100, "dc": 12, "concentration": "ilsa", "escape": 12,
         "escape_checks": ["might"]}]
    return rs, state


def test_the_web_is_escaped_against_the_spells_dc_with_its_own_checks():
    # `escapeChecks: ["might"]`: Athletics only (the contest's own would take Acrobatics too),
    # against difficulty 12, the spell's DC, whoever holds on and however far: Ilsa is 8
    # cells away. The Hound adds nothing (no checks in its block): 9 of 20 faces reach 12.
    rs, state = _webbed([12])
    tear = {o.id: o for o in menu(rs, state, "cinder-hound")}["contest:tear_restrained"]
    assert tear.targets == ["ilsa"] and tear.forecasts[0].win == 0.45
    assert tear.text == "Action; Athletics against difficulty 12 (the spell's save DC); on a win you are no longer Restrained"
    state, lines = _go(rs, state, "cinder-hound", "contest:tear_restrained", "ilsa")
    assert lines[:2] == [
        "Cinder Hound tries Break free (restrained) on Ilsa: 12 + 0 = 12 with Athletics against difficulty 12, and wins.",
        "Cinder Hound is no longer Restrained: Cinder Hound won Break free (restrained).",
    ]


def test_a_hold_without_an_escape_dc_is_never_offered_an_escapable_contest():
    # Set-up: Ilsa's petrification and a restraint of hers, neither with an `escapeDc` (holds
    # no spell's DC breaks): `from.escapable` offers no escape from either, while the web's
    # own hold is offered.
    rs, state = _webbed([])
    hound = state.combatant("cinder-hound")
    fight = Fight(rs, state)
    tear = {c.id: c for c in rs.combat.contests}
    hound.conditions.append(HeldCondition(id="petrified", source="ilsa"))
    assert contest_targets(fight, hound, tear["tear_petrified"]) == []
    assert [c.id for c in contest_targets(fight, hound, tear["tear_restrained"])] == ["ilsa"]
    hound.conditions = [HeldCondition(id="restrained", source="ilsa")]
    assert contest_targets(fight, hound, tear["tear_restrained"]) == []
    assert not [o.id for o in menu(rs, state, "cinder-hound") if o.id.startswith("contest:")]


# -- the Engine's tactics ----------------------------------------------------------------------


def test_the_engine_does_not_walk_into_a_zone_without_reason():
    # Moonbeam cast on the Lurker, then moved beside Ilsa onto 0, 1 (5 cells: 25 feet; nobody
    # there). The Hound (8, 2) closes on Ilsa to bite: 0, 1 would be its pick, but ending its
    # walk there, Moonbeam would hit it (`harms` on the option, weighed as a strike taken),
    # so it takes 1, 1, as near, instead.
    rs, state = _moonbeam([5, 4, 7, 3, 5, 15])
    state, _ = _go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[5, 2])
    for actor in ("ilsa", "thorn-lurker", "cinder-hound"):
        state, _ = _go(rs, state, actor, "end-turn")
    state, lines = _go(rs, state, "ilsa", "zone:spells/moonbeam", cell=[0, 1])
    assert lines == ["Ilsa moves Moonbeam 25 ft to 0, 1."]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    state, _ = _go(rs, state, "thorn-lurker", "end-turn")
    walks = {o.id: o.board for o in menu(rs, state, "cinder-hound") if o.id.startswith("move:")}
    assert walks["move:0,1"]["harms"] == [[0, 1]] and "harms" not in walks["move:1,1"]
    assert decide_for(rs, state) == {"actor": "cinder-hound", "option": "move:1,1", "targets": []}
    unzoned = state.model_copy(deep=True)
    unzoned.zones = []
    assert decide_for(rs, unzoned) == {"actor": "cinder-hound", "option": "move:0,1", "targets": []}


def test_the_engine_moves_its_zone_onto_the_most_foes():
    # Ilsa played by the Engine on her second turn: "Move Moonbeam" newly covers the Hound on
    # 8, 2 (and Ilsa herself on 0, 2, never taken), so it goes there.
    rs, state = _moonbeam([5, 4, 7, 3, 5, 15])
    state, _ = _go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[5, 2])
    for actor in ("ilsa", "thorn-lurker", "cinder-hound"):
        state, _ = _go(rs, state, actor, "end-turn")
    assert decide_for(rs, state) == {"actor": "ilsa", "option": "zone:spells/moonbeam", "targets": [], "cell": [8, 2]}


def test_a_drifting_zone_moves_away_from_its_caster_as_her_turn_starts():
    # Moonbeam with Cloudkill's `drift: {distance: 10}` (2 cells). As Ilsa's second turn
    # starts it drifts from 5, 2 straight away from her (0, 2): to 7, 2, onto the Hound
    # standing there, which `enter` affects: 4 + 4 = 8 against 12 fails, 2d10 = 6 + 3 = 9.
    rs = ruleset(ZK.package(zone=dict(ZK.MOONBEAM_ZONE) | {"drift": {"distance": 10}}))
    state, _ = start_battle(rs, [ZK.ilsa([0, 2])], ZK.foes([5, 2], [7, 2]), board=ZK.BOARD,
                            dice=START + [5, 4, 7, 3, 5, 15, 6, 3, 4])
    state, _ = _go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[5, 2])
    for actor in ("ilsa", "thorn-lurker"):
        state, _ = _go(rs, state, actor, "end-turn")
    state, lines = _go(rs, state, "cinder-hound", "end-turn")
    assert lines == [
        "Round 2.",
        "Ilsa's turn.",
        "Moonbeam drifts 10 ft to 7, 2.",
        "Moonbeam affects Cinder Hound: it drifts onto them.",
        "Cinder Hound rolls a Constitution save against Moonbeam: 4 + 4 = 8 against 12, a failure.",
        "Moonbeam (9 (6 + 3)) deals 9 radiant damage to Cinder Hound.",
        "Cinder Hound has 16 of 25 Hit points.",
    ]
    assert [z.cells for z in state.zones] == [[[7, 2]]]


# -- an item's use (1.174) -------------------------------------------------------------------

#: A wand whose use is Moonbeam's, with its zone (no concentration: an item use's is refused).
WAND_OF_MOONBEAMS = {
    "id": "wand-of-moonbeams", "label": "Wand of Moonbeams", "summary": "3 charges; a moonbeam.",
    "item": {"category": "weapon", "rarity": "rare", "charges": {"max": 3},
             "use": {"kind": "attack", "range": 120, "area": {"shape": "burst", "size": 5}, "amount": {"dice": "2d10"},
                     "damageType": "radiant", "save": {"save": "con_save", "onSuccess": "half"}, "budget": "action",
                     "charges": 1, "zone": dict(ZK.MOONBEAM_ZONE)}}}


def wand_fight(zone: bool = True):
    """The 5e example with an item catalog (tests/combat/item_kit.py): Brom (0, 2; save DC
    8 + 2 = 10, no spellcasting ability) carries the wand; the Cinder Hound (5d8: 4 each = 20)
    stands on 5, 2. Initiative: Brom 15 + 1, the Hound 1 + 1."""
    wand = copy.deepcopy(WAND_OF_MOONBEAMS)
    if not zone:
        del wand["item"]["use"]["zone"]
    brom = item_brom(items=[{"item": "items/wand-of-moonbeams", "quantity": 1}]) | {"position": [0, 2]}
    return item_package(wand), [brom], [foe("cinder-hound", position=[5, 2])], [4] * 5 + [15, 1] + [5, 4, 7, 3, 5, 15]


def test_an_items_use_leaves_its_zone_and_it_acts_as_an_entrys():
    # The use: 2d10 = 9, the Hound's Constitution save 7 + 4 = 11 against 10 succeeds, 4;
    # at its turn start in the zone 2d10 = 8, 15 + 4 = 19 succeeds, 4: 20 - 8 = 12.
    pkg, party, foes, dice = wand_fight()
    rs = ruleset(pkg)
    state, _ = start_battle(rs, party, foes, board=ZK.BOARD, dice=dice)
    state, lines = _go(rs, state, "brom", "item:wand-of-moonbeams", cell=[5, 2])
    assert lines[1:4] == [
        "Brom spends 1 charge of Wand of Moonbeams: 2/3 charges.",
        "Brom uses Wand of Moonbeams on Cinder Hound.",
        "Wand of Moonbeams stays on 5, 2 (1 cell) for 10 rounds.",
    ]
    state, lines = _go(rs, state, "brom", "end-turn")
    assert lines == [
        "Cinder Hound's turn.",
        "Wand of Moonbeams affects Cinder Hound: its turn starts in it.",
        "Cinder Hound rolls a Constitution save against Wand of Moonbeams: 15 + 4 = 19 against 10, a success.",
        "Wand of Moonbeams (8 (3 + 5), halved by the save) deals 4 radiant damage to Cinder Hound.",
        "Cinder Hound has 12 of 20 Hit points.",
    ]


def test_a_zone_with_a_damage_cap_ends_once_it_has_dealt_it():
    # Moonbeam with `damageCap: 10` (Guardian of Faith's rule): its own hits count, not the
    # casting's (the entry's effect as it appears). The Lurker's turn start: 4 (4 in all);
    # moved onto the Hound: 9 (13 in all, at least 10): it ends.
    rs = ruleset(ZK.package(zone=dict(ZK.MOONBEAM_ZONE) | {"damageCap": 10}))
    state, _ = start_battle(rs, [ZK.ilsa([0, 2])], ZK.foes([5, 2], [8, 2]), board=ZK.BOARD, dice=START + STORY)
    state, _ = _go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[5, 2])
    state, _ = _go(rs, state, "ilsa", "end-turn")
    assert state.zones[0].dealt == 4
    for actor in ("thorn-lurker", "cinder-hound"):
        state, _ = _go(rs, state, actor, "end-turn")
    state, lines = _go(rs, state, "ilsa", "zone:spells/moonbeam", cell=[8, 2])
    assert lines[-2:] == ["Cinder Hound has 16 of 25 Hit points.", "Moonbeam ends: it has dealt 13 damage, its cap of 10."]
    assert state.zones == []
