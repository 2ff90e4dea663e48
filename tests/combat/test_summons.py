"""Summons on a 5e board (spec/mechanics-1 "Summons", 1.122; shared/combat/summons.py and
summon_state.py), with exact log lines from scripted dice.

The package, Ilsa and the Cinder Hound are tests/combat/zones_kit.py's (Marinara's 5e package,
5 feet a cell; the 5e example's Cinder Hound: Armor Class 12, 5d8 hit points, speed 40 feet,
Searing bite +4 for 1d6 + 1 piercing and 1d4 fire). Spiritual Weapon is the entry Marinara
ships in its full 5e package (Pasta-Devs/Marinara-Agents packages/ruleset-5e-2014/catalogs/
spells.json, commit 32c4a464: range 60, `attackRoll`, a 2nd-level slot, `budget: "bonus"`,
written there as a `utility` with no amount) made an attack as the SRD words it (1d8 +
the spellcasting modifier force: Ilsa's Wisdom 14 gives 1d8 + 2) with the spec's own example
`summons` (1.122: bonus budget, 10 rounds, move 20 feet, reach 5 feet: 4 + 1 cells).
Ilsa's spell attack: proficiency 2 + Wisdom 2 = +4. The set-up dice: the Hound's 5d8 = 25,
then initiative Ilsa 20 + 3 = 23 and the Hound 1 + 1 = 2.

The board: a wall down column 5 on the top two rows, open below, 10 x 3.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import decide_for, menu, start_battle
from shared.combat.screen import screen_view
from shared.combat.state import BattleState
from tests.combat import zones_kit as ZK
from tests.combat.kit import play, ruleset

CAST = "ability:spells:spiritual-weapon"
STRIKE = "summon:spells/spiritual-weapon"
START = [5, 5, 5, 5, 5, 20, 1]
WALLED = {"rows": [".....#....", ".....#....", ".........."]}
SUMMONS = {"budget": "bonus", "rounds": 10, "move": 20, "reach": 5}
#: Marinara's shipped entry (see the module docstring), its mechanics as the SRD words them.
SPIRITUAL_WEAPON = {
    "id": "spiritual-weapon", "label": "Spiritual Weapon",
    "summary": "You create a floating, spectral weapon within range that lasts for the duration or until you cast "
               "this spell again. When you cast the spell, you can make a melee spell attack against a creature "
               "within 5 feet of the weapon.",
    "rows": [{"list": "spells", "values": {"name": "Spiritual Weapon", "level": 2, "ritual": False,
                                           "concentration": False, "prepared": False,
                                           "notes": "Evocation. Casting time: bonus action. Range: 60 feet. "
                                                    "Duration: 1 minute. Components: V, S."}}],
    "mechanics": {"kind": "attack", "range": 60, "attackRoll": True, "amount": {"dice": "1d8", "flat": 2},
                  "damageType": "force", "cost": [{"pool": "slots_2", "amount": 1}], "budget": "bonus"},
}

#: The casting's lines: 15 + 4 = 19 hits Armor Class 12, 1d8 = 6, 6 + 2 = 8, 25 - 8 = 17; the
#: weapon stays beside the Hound (3, 1) on the cell nearest Ilsa (1, 1): 2, 1.
CAST_LINES = [
    "Ilsa spends 1 2nd-level slot on Spiritual Weapon.",
    "Ilsa uses Spiritual Weapon on Cinder Hound.",
    "Ilsa attacks Cinder Hound with Spiritual Weapon: 15 + 4 = 19 against Armor Class 12, a hit.",
    "Spiritual Weapon (6 + 2 = 8) deals 8 force damage to Cinder Hound.",
    "Cinder Hound has 17 of 25 Hit points.",
    "Ilsa's Spiritual Weapon stays on 2, 1 beside Cinder Hound for 10 rounds.",
]


def package(summons: dict[str, Any] | None = SUMMONS, **mechanics: Any) -> dict[str, Any]:
    pkg = ZK.package()
    weapon = copy.deepcopy(SPIRITUAL_WEAPON)
    if summons is not None:
        weapon["mechanics"]["summons"] = copy.deepcopy(summons)
    weapon["mechanics"].update(mechanics)
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(weapon)
    return pkg


def ilsa(at: list[int] | None, **fields: Any) -> dict[str, Any]:
    member = ZK.ilsa(at or [0, 0], ("spiritual-weapon", "Spiritual Weapon", 2))
    if at is None:
        member.pop("position")
    member["sheet"]["fields"].update(fields)
    return member


def fight(*, hound: list[int] | None = None, at: list[int] | None = None, board: dict[str, Any] | None = WALLED,
          dice: list[int] | None = None, pkg: dict[str, Any] | None = None, **fields: Any):
    rs = ruleset(pkg or package())
    foes = ZK.foes(hound=hound or [3, 1]) if board is not None else [{"creature": "cinder-hound", "controller": "player"}]
    state, _ = start_battle(rs, [ilsa(at or [1, 1] if board is not None else None, **fields)], foes, board=board,
                            dice=START + (dice or []))
    return rs, state


def options(rs, state, actor="ilsa"):
    return {o.id: o for o in menu(rs, state, actor)}


def cast(rs, state):
    state, lines = play(rs, state, "ilsa", CAST, "cinder-hound")
    assert lines == CAST_LINES
    return state


def to_ilsa(rs, state, hound_to: str | None = None):
    """Ilsa ends her turn; the Hound walks (`hound_to`) and ends its own."""
    state, _ = play(rs, state, "ilsa", "end-turn")
    if hound_to is not None:
        state, _ = play(rs, state, "cinder-hound", hound_to)
    state, _ = play(rs, state, "cinder-hound", "end-turn")
    assert state.pending.actor == "ilsa"
    return state


def test_the_weapon_strikes_a_hound_behind_a_wall_on_ilsas_next_turn_for_her_bonus_action_alone():
    # Round 2: the Hound has walked round the wall's end to 7, 1 (4 cells, 20 ft). From 2, 1 it
    # is 5 cells away, 4 + 1: the weapon moves 4 cells through the wall to 6, 1 (of the cells
    # within 4 of 2, 1 and 1 of the Hound, the nearest) and strikes: 12 + 4 = 16 hits, 1d8 = 5,
    # 5 + 2 = 7, 17 - 7 = 10. No slot, no action: only the bonus action is spent, and the wall
    # between Ilsa (1, 1) and the Hound gives no cover.
    rs, state = fight(dice=[15, 6, 12, 5])
    state = to_ilsa(rs, cast(rs, state), "move:7,1")
    strike = options(rs, state)[STRIKE]
    assert (strike.label, strike.group, strike.budget, strike.targets, strike.costs) == (
        "Strike with Spiritual Weapon", "summon", "bonus", ["cinder-hound"], [])
    assert strike.text == "Bonus action; it moves up to 20 ft and reaches 5 ft, from 2, 1"
    assert strike.board == {"summon": "spells/spiritual-weapon", "cell": [2, 1], "moves": {"cinder-hound": [6, 1]}}
    state, lines = play(rs, state, "ilsa", STRIKE, "cinder-hound")
    assert lines == [
        "Spiritual Weapon moves 20 ft to 6, 1.",
        "Ilsa's Spiritual Weapon strikes at Cinder Hound.",
        "Ilsa attacks Cinder Hound with Spiritual Weapon: 12 + 4 = 16 against Armor Class 12, a hit.",
        "Spiritual Weapon (5 + 2 = 7) deals 7 force damage to Cinder Hound.",
        "Cinder Hound has 10 of 25 Hit points.",
    ]
    me = state.combatant("ilsa")
    assert me.budgets["bonus"] == 0 and me.budgets["action"] == 1
    assert me.sheet["live"]["pools"]["slots_2"] == 1
    assert state.summons[0].cell == [6, 1] and state.summons[0].rounds == 10
    # The move is logged for the viewer: from, to, whose.
    moved = next(e for e in state.events if e.kind == "summon-move")
    assert moved.data == {"actor": "ilsa", "summon": "spells/spiritual-weapon", "start": [2, 1], "cell": [6, 1]}
    # Spent, the bonus action takes the strike off her menu.
    assert STRIKE not in options(rs, state)


def test_a_hound_six_cells_away_is_beyond_the_weapon():
    # The Hound walks to 8, 1 (5 cells): 6 from the weapon on 2, 1, beyond 4 + 1.
    rs, state = fight(dice=[15, 6])
    state = to_ilsa(rs, cast(rs, state), "move:8,1")
    assert STRIKE not in options(rs, state)


def test_a_hound_within_reach_is_struck_where_the_weapon_stands():
    # The Hound stays on 3, 1, beside the weapon on 2, 1: no move. 3 + 4 = 7 misses 12.
    rs, state = fight(dice=[15, 6, 3])
    state = to_ilsa(rs, cast(rs, state))
    assert options(rs, state)[STRIKE].board["moves"] == {"cinder-hound": [2, 1]}
    state, lines = play(rs, state, "ilsa", STRIKE, "cinder-hound")
    assert lines == ["Ilsa's Spiritual Weapon strikes at Cinder Hound.",
                     "Ilsa attacks Cinder Hound with Spiritual Weapon: 3 + 4 = 7 against Armor Class 12, a miss."]


def test_the_weapon_strikes_on_ten_later_turns_and_is_gone_after_her_tenth():
    # Cast in round 1 (that turn does not count); one round comes off at the end of each of
    # her turns from round 2: 10 after round 1, 9 after round 2, ... 0 after round 11.
    rs, state = fight(dice=[15, 6])
    state = to_ilsa(rs, cast(rs, state))
    for later in range(1, 11):
        assert STRIKE in options(rs, state), later
        assert state.summons[0].rounds == 11 - later
        state, lines = play(rs, state, "ilsa", "end-turn")
        if later < 10:
            assert state.summons[0].rounds == 10 - later
            state, _ = play(rs, state, "cinder-hound", "end-turn")
    assert state.round == 11 and lines[0] == "Spiritual Weapon ends: its time is up."
    assert state.summons == []
    state, _ = play(rs, state, "cinder-hound", "end-turn")
    assert STRIKE not in options(rs, state)


def test_the_weapon_is_gone_when_ilsa_drops():
    # Ilsa with 5 hit points: the Hound steps up to 2, 0 and bites, 15 + 4 = 19 against 12, 1d6 = 4 + 1 = 5
    # piercing and 1d4 = 2 fire drops her.
    rs, state = fight(dice=[15, 6, 15, 4, 2], hp_max=5)
    state = cast(rs, state)
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "cinder-hound", "move:2,0")
    state, lines = play(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    down = lines.index("Ilsa goes down and is dying.")
    assert lines[down + 1:] == ["Spiritual Weapon ends: Ilsa is down.",
                                "The fight is over after 1 round: the party is defeated."]
    assert state.summons == []


def test_casting_it_again_replaces_the_weapon():
    # Round 2, the Hound on 3, 1 still: cast again (her second 2nd-level slot), 15 + 4 hits,
    # 1d8 = 1, 1 + 2 = 3, 17 - 3 = 14; the old weapon ends and the new one stands on 2, 1.
    rs, state = fight(dice=[15, 6, 15, 1])
    state = to_ilsa(rs, cast(rs, state))
    state, lines = play(rs, state, "ilsa", CAST, "cinder-hound")
    assert lines[-3:] == ["Cinder Hound has 14 of 25 Hit points.",
                          "Spiritual Weapon ends: Ilsa casts it again.",
                          "Ilsa's Spiritual Weapon stays on 2, 1 beside Cinder Hound for 10 rounds."]
    assert len(state.summons) == 1 and state.summons[0].fresh and state.summons[0].rounds == 10


def test_a_summon_of_an_entry_held_by_concentration_ends_with_it():
    # The same weapon needing concentration: the Hound steps up to 2, 0 and bites (15 + 4 hits, 4 + 1 piercing and
    # 2 fire, 18 - 7 = 11) and her concentration save 3 + 1 = 4 against 10 fails.
    rs, state = fight(dice=[15, 6, 15, 4, 2, 3], pkg=package(concentration=True))
    state = cast(rs, state)
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "cinder-hound", "move:2,0")
    state, lines = play(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    assert lines[-3:] == [
        "Ilsa rolls a Constitution save to keep concentrating on Spiritual Weapon: 3 + 1 = 4 against 10, a failure.",
        "Ilsa stops concentrating on Spiritual Weapon: concentration is broken.",
        "Spiritual Weapon ends: Ilsa's concentration ended.",
    ]
    assert state.summons == []


def test_without_summons_the_casting_leaves_nothing_to_strike_with():
    rs, state = fight(dice=[15, 6], pkg=package(None))
    state, lines = play(rs, state, "ilsa", CAST, "cinder-hound")
    assert lines == CAST_LINES[:-1] and state.summons == []
    state = to_ilsa(rs, state)
    assert not any(o.startswith("summon:") for o in options(rs, state))


def test_off_the_board_any_standing_enemy_is_within_its_reach():
    # No board: the casting leaves the weapon nowhere in particular; on her next turn it
    # strikes the Hound: 12 + 4 = 16 hits, 1d8 = 5, 5 + 2 = 7, 17 - 7 = 10.
    rs, state = fight(board=None, dice=[15, 6, 12, 5])
    state, lines = play(rs, state, "ilsa", CAST, "cinder-hound")
    assert lines[-1] == "Ilsa's Spiritual Weapon stays for 10 rounds."
    state = to_ilsa(rs, state)
    strike = options(rs, state)[STRIKE]
    assert strike.text == "Bonus action; it reaches any standing enemy" and strike.board is None
    state, lines = play(rs, state, "ilsa", STRIKE, "cinder-hound")
    assert lines == [
        "Ilsa's Spiritual Weapon strikes at Cinder Hound.",
        "Ilsa attacks Cinder Hound with Spiritual Weapon: 12 + 4 = 16 against Armor Class 12, a hit.",
        "Spiritual Weapon (5 + 2 = 7) deals 7 force damage to Cinder Hound.",
        "Cinder Hound has 10 of 25 Hit points.",
    ]


def test_a_summon_is_saved_and_reloaded_exactly_and_strikes_the_same():
    rs, state = fight(dice=[15, 6, 12, 5])
    state = to_ilsa(rs, cast(rs, state), "move:7,1")
    data = state.model_dump(mode="json")
    assert data["summons"][0] | {"plan": None} == {
        "entry": "spells/spiritual-weapon", "name": "Spiritual Weapon", "owner": "ilsa", "plan": None,
        "cell": [2, 1], "rounds": 10, "fresh": False, "concentration": False}
    again = BattleState.model_validate_json(state.model_dump_json())
    assert again == state
    _, lines = play(rs, state, "ilsa", STRIKE, "cinder-hound")
    _, reloaded = play(rs, again, "ilsa", STRIKE, "cinder-hound")
    assert reloaded == lines and lines[0] == "Spiritual Weapon moves 20 ft to 6, 1."


def test_the_engine_strikes_with_its_weapon():
    # Ilsa under the Engine's tactics in round 2 takes the strike (bonus action) first.
    rs, state = fight(dice=[15, 6])
    state = to_ilsa(rs, cast(rs, state), "move:7,1")
    assert decide_for(rs, state) == {"actor": "ilsa", "option": STRIKE, "targets": ["cinder-hound"]}


@settings(max_examples=25, deadline=None)
@given(x=st.integers(0, 9), y=st.integers(0, 2))
def test_the_weapon_reaches_a_hound_exactly_within_four_and_one_cells_whatever_the_walls(x, y):
    # Wherever the Hound stands (not on a wall), the strike is offered exactly when it is
    # within 5 cells of the weapon's 2, 1, and the cell it would move to is within 4 of 2, 1,
    # beside the Hound and not solid.
    if (x, y) in {(5, 0), (5, 1), (1, 1), (2, 1)}:
        return
    rs, state = fight(dice=[15, 6])
    state = cast(rs, state)
    hound = state.combatant("cinder-hound")
    hound.position = [x, y]
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "cinder-hound", "end-turn")
    strike = options(rs, state).get(STRIKE)
    near = max(abs(x - 2), abs(y - 1)) <= 5
    assert (strike is not None) == near
    if strike is not None:
        cx, cy = strike.board["moves"]["cinder-hound"]
        assert max(abs(cx - 2), abs(cy - 1)) <= 4 and max(abs(cx - x), abs(cy - y)) <= 1
        assert WALLED["rows"][cy][cx] != "#"


def test_the_screen_lists_the_weapon_with_its_cell_and_rounds():
    rs, state = fight(dice=[15, 6])
    state = cast(rs, state)
    view = screen_view(rs, state, battle="b-1", revision=state.revision, last_seq=state.seq, status="active")
    assert [s.model_dump() for s in view.summons] == [
        {"name": "Spiritual Weapon", "owner": "ilsa", "rounds": 10, "label": "Spiritual Weapon, 10 rounds",
         "cell": [2, 1]}]


def test_the_weapon_s_push_drives_the_hound_away_from_the_weapon_not_from_ilsa():
    # Spiritual Weapon given `push: 5` (1 cell), on an open 10 x 5 board. The casting's hit
    # (15 + 4 = 19, 6 + 2 = 8) pushes the Hound from 3, 1 away from Ilsa (1, 1) to 4, 1, and
    # the weapon stays beside it on the cell nearest her, 3, 1. The Hound steps to 3, 2, right
    # below the weapon. Round 2: the weapon's strike (12 + 4 = 16 hits, 5 + 2 = 7, 17 - 7 = 10)
    # pushes straight away from the weapon on 3, 1, south to 3, 3; away from Ilsa it would
    # have gone diagonally to 4, 3.
    rs, state = fight(pkg=package(push=5), board={"rows": [".........."] * 5}, dice=[15, 6, 12, 5])
    state, lines = play(rs, state, "ilsa", CAST, "cinder-hound")
    assert lines[-2:] == ["Ilsa pushes Cinder Hound 5 ft to 4, 1.",
                          "Ilsa's Spiritual Weapon stays on 3, 1 beside Cinder Hound for 10 rounds."]
    state = to_ilsa(rs, state, "move:3,2")
    state, lines = play(rs, state, "ilsa", STRIKE, "cinder-hound")
    assert lines == [
        "Ilsa's Spiritual Weapon strikes at Cinder Hound.",
        "Ilsa attacks Cinder Hound with Spiritual Weapon: 12 + 4 = 16 against Armor Class 12, a hit.",
        "Spiritual Weapon (5 + 2 = 7) deals 7 force damage to Cinder Hound.",
        "Cinder Hound has 10 of 25 Hit points.",
        "Ilsa pushes Cinder Hound 5 ft to 3, 3.",
    ]
    assert state.combatant("cinder-hound").position == [3, 3]
