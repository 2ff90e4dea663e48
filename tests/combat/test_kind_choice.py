"""A kind named at casting (spec/mechanics-3 "A kind named at casting (1.270)", 1.274's
`kindChoice` on an item's `use`) and the aura that reaches only that kind (`chosenKind`), on
Marinara's 5e package with tests/combat/kind_choice_kit.py's Antipathy/Sympathy; the save
that ends a condition only beyond a distance and out of sight (1.270 `beyond` with
`unseen`), on tests/combat/auras_kit.py's Fear; and Antipathy in full, its aura's save at
the caster's DC (1.274 `appliedDifficulty`) reaching the kind in sight (`orSeen`).

On a 16 x 6 board of 5-foot cells: Mira 0, 0; Brom 2, 2; the Imp (a fiend, tag devil)
8, 2, 6 cells (30 feet) from Brom; the Giant Spider (a beast) 9, 4, 7 cells (35 feet) from
him. Dice: the Imp's 3d4 + 3 (2, 2, 2) = 9, the Spider's 4d10 + 4 (3, 3, 3, 3) = 16;
initiative Mira 18 + 2 = 20, Brom 10 + 1 = 11, the Imp 5 + 3 = 8, the Spider 1 + 3 = 4.
"""

from __future__ import annotations

from shared.combat import advance, menu, start_battle
from shared.combat.fight import Fight, Refusal
from shared.combat.menu_build import build_menu
from shared.combat.plan_codec import plan_from_json, plan_to_json
from shared.combat.plans import Plan
from shared.combat.state import BattleState
from shared.service.director_prompt import director_messages
from tests.combat import auras_kit as AK
from tests.combat.kind_choice_kit import ANTIPATHY_SAVE_AURA, KINDS, caster, package
from tests.combat.kit import Bout, add_condition, foe, play, ruleset
from tests.combat.srd_kit import brom
from tests.combat.test_auras import FEAR_DICE

BOARD = {"rows": ["." * 16] * 6}
DICE = [2, 2, 2, 3, 3, 3, 3, 18, 10, 5, 1] + [4] * 20
SPELL = "ability:spells:antipathy-sympathy"
SCROLL = "item:spell-scroll-sympathy"


def _bout(pkg=None, *, scroll: bool = False, dice: list[int] = DICE) -> Bout:
    pkg = pkg or package()
    mira = caster(pkg if scroll else None)
    return Bout(ruleset(pkg), [mira | {"position": [0, 0]}, brom() | {"position": [2, 2]}],
                [foe("imp", position=[8, 2]), foe("giant-spider", position=[9, 4])], dice=dice, board=BOARD)


def _cells(options) -> dict[tuple[int, int], int]:
    """The cells a walk on the menu ends on, each with its distance from Brom (2, 2) in cells."""
    cells = [tuple(map(int, o[5:].split(","))) for o in options if o.startswith("move:")]
    return {cell: max(abs(cell[0] - 2), abs(cell[1] - 2)) for cell in cells}


def test_the_spell_is_offered_once_per_kind_and_the_gm_reads_each_by_name():
    # The 7 types, then the tag: one mode each, and no option naming none.
    b = _bout()
    options = b.options("mira")
    modes = [oid for oid in options if oid.startswith(SPELL)]
    assert modes == [f"{SPELL}@kind-{k}" for k in (*KINDS, "devil")]
    assert options[f"{SPELL}@kind-fiend"].label == "Antipathy/Sympathy: Fiend"
    assert options[f"{SPELL}@kind-devil"].label == "Antipathy/Sympathy: Devil"
    assert options[f"{SPELL}@kind-fiend"].targets == ["mira", "brom"]
    assert b.refusal("mira", SPELL, "brom").code == "unknown-option"
    prompt = director_messages(b.rs, b.state, list(options.values()))[1]["content"]
    line = next(line for line in prompt.splitlines() if "@kind-fiend" in line)
    assert line.startswith(f"- {SPELL}@kind-fiend: Antipathy/Sympathy: Fiend (spends action; costs 1 8th-level slots; "
                           "aim at up to 1 of: mira, brom). Action; This spell attracts or repels creatures")


def test_antipathy_naming_fiends_frightens_the_imp_within_60_feet_but_not_the_spider():
    b = _bout()
    assert b.choose("mira", f"{SPELL}@kind-fiend", "brom") == [
        "Mira spends 1 8th-level slot on Antipathy/Sympathy.",
        "Mira uses Antipathy/Sympathy on Brom.",
        "Brom is Antipathy for 100 rounds.",
        # The Imp 6 cells (30 ft) off, a fiend: reached. The Spider 7 cells (35 ft) off, a beast: not.
        "Imp is Frightened (Antipathy): Brom's aura reaches them.",
    ]
    # The kind, and Mira's spell save DC fixed as it was put on (8 + 5, proficiency at level
    # 15, + 3, Intelligence 16 = 16: what the aura's save reads with `appliedDifficulty`, 1.274).
    assert [(h.id, h.chosen_kind, h.dc) for h in b.who("brom").conditions] == [("antipathy", "fiend", 16)]
    assert [(h.id, h.source, h.aura) for h in b.who("imp").conditions] == [("frightened_by_antipathy", "brom", "brom")]
    assert b.who("giant-spider").conditions == []
    b.choose("mira", "end-turn")
    b.choose("brom", "end-turn")
    # `moves: "away"`: the Imp (speed 20 ft, 4 cells) walks only to cells farther from Brom
    # than its 6: columns 9 to 12 of the 6 rows, less 9, 4 where the Spider stands (23 cells).
    away = _cells(b.options("imp"))
    assert len(away) == 23 and min(away.values()) == 7 and max(away.values()) == 10
    # Dashing (4 more cells) it reaches 15, 2: 13 cells, 65 ft, beyond the aura's 60.
    assert b.choose("imp", "standard:dash") == ["Imp dashes: 20 ft more movement, 40 ft in all."]
    assert b.choose("imp", "move:15,2") == [
        "Imp moves to 15, 2 for 35 ft and has 5 ft left.",
        "Imp is no longer Frightened (Antipathy): Brom's aura no longer reaches them."]
    assert b.state.events[-1].kind == "parted"
    b.choose("imp", "end-turn")
    # The Spider is not held back: its 6 cells take it anywhere, toward Brom included (2 cells from him).
    assert min(_cells(b.options("giant-spider")).values()) <= 3


def test_naming_beasts_frightens_the_spider_and_not_the_imp():
    b = _bout()
    assert b.choose("mira", f"{SPELL}@kind-beast", "brom")[-1] == \
        "Giant Spider is Frightened (Antipathy): Brom's aura reaches them."
    assert b.who("imp").conditions == []


def test_a_tag_is_a_kind_too():
    # The Imp carries the tag devil: naming devils reaches it as naming fiends does.
    b = _bout()
    assert b.choose("mira", f"{SPELL}@kind-devil", "brom")[-1] == "Imp is Frightened (Antipathy): Brom's aura reaches them."
    assert b.who("giant-spider").conditions == []


def test_without_chosen_kind_the_aura_frightens_both():
    aura = {"auras": [{"distance": 60, "side": "all", "conditions": ["frightened_by_antipathy"]}]}
    b = _bout(package(aura=aura))
    assert b.choose("mira", f"{SPELL}@kind-fiend", "brom")[-2:] == [
        "Imp is Frightened (Antipathy): Brom's aura reaches them.",
        "Giant Spider is Frightened (Antipathy): Brom's aura reaches them."]


def test_the_named_kind_survives_the_json_round_trip():
    # The worker reloads the state between steps: the aura still reaches only the Imp.
    b = _bout()
    b.choose("mira", f"{SPELL}@kind-fiend", "brom")
    state = BattleState.model_validate_json(b.state.model_dump_json())
    assert state.combatant("brom").conditions[0].chosen_kind == "fiend"
    state, log = play(b.rs, state, "mira", "end-turn")
    state, log = play(b.rs, state, "brom", "end-turn")
    assert log == ["Imp's turn."]
    assert [h.id for h in state.combatant("imp").conditions] == ["frightened_by_antipathy"]
    assert min(_cells(o.id for o in menu(b.rs, state, "imp")).values()) == 7


def test_a_plan_a_window_or_a_delay_holds_keeps_its_kind():
    # An action a window interrupts is finished from its saved plan (window_resume.py), and
    # one a `delays` condition holds back from its DelayedAction (delays.py): both keep the kind.
    b = _bout()
    fight, mira = Fight(b.rs, b.state), b.who("mira")
    plan = next(item.plan for item in build_menu(fight, mira, forecasts=False) if item.option.id == f"{SPELL}@kind-devil")
    saved = plan_to_json(plan)
    assert saved["named_kind"] == "devil" and plan_from_json(fight, mira, saved).named_kind == "devil"
    assert "named_kind" not in plan_to_json(Plan(kind="entry"))


def test_a_cast_held_back_a_turn_still_names_fiends():
    # Mira is Slowed (a `delays` on spells: a d20 of 11 or more holds the spell back to the
    # start of her next turn); she rolls 15. Round 2, it takes effect naming fiends.
    pkg = package()
    add_condition(pkg, "slowed", "Slowed",
                  delays={"catalogs": ["spells"], "budget": "action", "chance": {"sides": 20, "atLeast": 11}})
    b = _bout(pkg, dice=DICE[:11] + [15] + [4] * 20)
    b.put("mira", "slowed", rounds=10)
    assert b.choose("mira", f"{SPELL}@kind-fiend", "brom")[1] == (
        "Slowed: Mira rolls 15 on a d20 for Antipathy/Sympathy (11 or higher holds it back), so it waits until "
        "the start of Mira's next turn; what it cost stays spent.")
    assert b.who("mira").delayed.named_kind == "fiend"
    for who in ("mira", "brom", "imp", "giant-spider"):
        log = b.choose(who, "end-turn")
    assert log[-4:] == [
        "Mira's held-back Antipathy/Sympathy takes effect, spending this turn's Action.",
        "Mira uses Antipathy/Sympathy on Brom.", "Brom is Antipathy for 100 rounds.",
        "Imp is Frightened (Antipathy): Brom's aura reaches them."]
    assert b.who("giant-spider").conditions == []


def test_a_scroll_of_sympathy_names_fiends_and_the_charmed_imp_comes_toward_brom():
    b = _bout(scroll=True)
    option = b.options("mira")[f"{SCROLL}@kind-fiend"]
    assert option.label == "Spell Scroll (Sympathy): Fiend"
    assert b.choose("mira", f"{SCROLL}@kind-fiend", "brom") == [
        "Mira spends 1 Spell Scroll (Sympathy): none left.",
        "Mira uses Spell Scroll (Sympathy) on Brom.",
        "Brom is Sympathy for 100 rounds.",
        "Imp is Charmed (Sympathy): Brom's aura reaches them.",
    ]
    b.choose("mira", "end-turn")
    b.choose("brom", "end-turn")
    # `moves: "toward"`: only walks ending closer than its 6 cells, 2 to 5 cells off:
    # columns 4 to 7 of the 6 rows (its 4 cells of movement), 24 cells.
    toward = _cells(b.options("imp"))
    assert len(toward) == 24 and max(toward.values()) == 5 and min(toward.values()) == 2
    assert b.choose("imp", "move:4,2") == ["Imp moves to 4, 2 for 20 ft and has 0 ft left."]
    refused = advance(b.rs, b.state, {"actor": "imp", "option": "move:9,2", "targets": []})
    assert isinstance(refused, Refusal)


# ---------------------------------------------------------------------------
# 1.270's `beyond` with `unseen`: "not within 60 feet of the target and unable to see it"
# ---------------------------------------------------------------------------

#: A 20 x 6 board with a wall at 14, 1-3 and at 8, 4-5.
WALLED = {"rows": ["." * 20] + ["." * 14 + "#" + "." * 5] * 3 + ["." * 8 + "#" + "." * 11] * 2}


def _fear_ends_beyond_60_unseen(cell: list[int]) -> list[str]:
    """tests/combat/test_auras.py's Fear (the Grave Piper at 0, 2; Brom's Wisdom save 4
    against 12 fails) with `saveEnds {beyond: 60, unseen: true}`: Brom, at 4, 2, dashes
    (12 cells, 60 ft) to `cell`, farther from the Piper at every step, and his turn ends
    there; the end-of-turn save is a d20 15 + 0 against 12."""
    pkg = AK.package()
    piper = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "grave-piper")
    piper["creature"]["actions"][-1]["applies"][0]["saveEnds"].update(beyond=60, unseen=True)
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [AK.brom_armed() | {"position": [4, 2]}], [foe("grave-piper", position=[0, 2])],
                            board=WALLED, dice=FEAR_DICE + [15])
    state, _ = play(rs, state, "grave-piper", "action:fear", "brom")
    state, _ = play(rs, state, "grave-piper", "end-turn")
    state, _ = play(rs, state, "brom", "standard:dash")
    state, log = play(rs, state, "brom", f"move:{cell[0]},{cell[1]}")
    if state.pending is not None and state.pending.actor == "brom":
        state, more = play(rs, state, "brom", "end-turn")
        log += more
    return log


def test_the_save_waits_within_60_feet_or_in_sight_and_is_rolled_beyond_and_unseen():
    # 9, 5: 9 cells (45 ft) off, the wall at 8, 4-5 between them: unseen but within 60 ft.
    assert _fear_ends_beyond_60_unseen([9, 5])[1] == \
        "Brom does not roll to end Frightened (Fear): Brom is within 60 ft of Grave Piper."
    # 15, 0: 15 cells (75 ft) off, nothing between them: beyond 60 ft but in sight.
    assert _fear_ends_beyond_60_unseen([15, 0])[1] == \
        "Brom does not roll to end Frightened (Fear): Brom can still see Grave Piper."
    # 15, 2: 75 ft off, behind the wall at 14, 2: both hold, the save is rolled.
    assert _fear_ends_beyond_60_unseen([15, 2])[:3] == [
        "Brom moves to 15, 2 for 60 ft and has 0 ft left.",
        "Brom rolls a Wisdom save to end Frightened (Fear): 15 against 12, a success.",
        "Brom is no longer Frightened (Fear): the save ends it."]


# ---------------------------------------------------------------------------
# Antipathy in full: the aura's save at Mira's DC, and the frightened Imp's own save
# ---------------------------------------------------------------------------

#: The 16 x 6 board with a wall at 14, 1-3 (the Spider moved to 9, 0, 7 cells from Brom).
WALL_AT_14 = {"rows": ["." * 16] + ["." * 14 + "#" + "."] * 3 + ["." * 16] * 2}


def _full_antipathy(cell: str) -> tuple[Bout, list[str], list[str]]:
    """Mira names fiends; as the Imp's turn starts it rolls its Wisdom save against Brom's
    Antipathy (d20 5; its stat block lists no saves: + 0) at Mira's DC 16 (8 + 5 + 3), a
    failure; it dashes (8 cells) to `cell` and its turn ends there (its own save, d20 17)."""
    b = Bout(ruleset(package(aura=ANTIPATHY_SAVE_AURA)), [caster() | {"position": [0, 0]}, brom() | {"position": [2, 2]}],
             [foe("imp", position=[8, 2]), foe("giant-spider", position=[9, 0])], dice=DICE[:11] + [5, 17],
             board=WALL_AT_14)
    b.choose("mira", f"{SPELL}@kind-fiend", "brom")
    b.choose("mira", "end-turn")
    started = b.choose("brom", "end-turn")
    b.choose("imp", "standard:dash")
    ended = b.choose("imp", f"move:{cell}")
    if b.waiting() == "imp":
        ended += b.choose("imp", "end-turn")
    return b, started, ended


def test_full_antipathy_frightens_the_imp_at_mira_s_dc_until_it_ends_a_turn_beyond_60_feet_unseen():
    b, started, ended = _full_antipathy("15,2")
    assert started == ["Imp's turn.", "Imp rolls a Wisdom save against Brom's Antipathy: 5 against 16, a failure.",
                       "Imp is Frightened (Antipathy) until saved."]
    # Around the wall to 15, 2: 13 cells (65 ft) from Brom, the wall at 14, 2 between them.
    assert ended == ["Imp moves to 15, 2 for 40 ft and has 0 ft left.",
                     "Imp rolls a Wisdom save to end Frightened (Antipathy): 17 against 16, a success.",
                     "Imp is no longer Frightened (Antipathy): the save ends it.", "Giant Spider's turn."]
    # The Spider, a beast, never rolled.
    assert not any(line.startswith("Giant Spider rolls") for line in b.log)


def test_full_antipathy_s_save_waits_while_the_imp_sees_brom():
    # 12, 2: 10 cells (50 ft) off, in sight: no save, still frightened.
    b, _started, ended = _full_antipathy("12,2")
    assert ended[:2] == ["Imp moves to 12, 2 for 20 ft and has 20 ft left.",
                         "Imp does not roll to end Frightened (Antipathy): Imp can still see Brom."]
    assert [h.id for h in b.who("imp").conditions] == ["frightened_by_antipathy"]
