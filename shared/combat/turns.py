"""The order of a fight: initiative, rounds, whose turn it is, what a turn's start and
end do (budgets refilled, condition clocks, saves that end conditions, recharge, dying
saves), and how a fight ends.

Owns: `roll_initiative`, `begin_round`, `begin_turn`, `end_turn`, `check_outcome` and the
clean-up when a fight ends (conditions with clocks, `endsAfter` and concentration come
off the sheet; concentration ends).
"""

from __future__ import annotations

from ..dice import DiceExpr, Mode
from ..sheet import item_uses as IU
from . import effects as E
from . import condition_temporary as CT
from . import size_conditions as _size_conditions  # noqa: F401  (registers its hooks)
from .condition_harms import turn_harm
from .aura_harms import aura_harms
from .aura_saves import aura_saves
from .condition_off import remove_condition
from . import extra_turn
from . import initiative_resource as IR
from . import diseases as D
from . import numbers as N
from .creature_extras import refill_signature_points
from .recharge import roll_recharges
from .fight import Fight
from .kinds import kind_of
from .state import Combatant
from ..dice import pick_mode
from .support import sheet_entries
from .menu_rules import announce_budgets
from .board.battlefield import refill
from .behavior import turn_drops
from .turn_table import turn_table
from . import source_saves as SRC
from .delays import complete
from .outcome import check_outcome
from .surprise import lift
from .window_resume import action_record, between_turns, continue_action, turn_started
from .windows import RESUMES
from . import zone_state as ZS
from . import summon_state as SS
from . import zones as Z


def initiative_mode(fight: Fight, c: Combatant) -> Mode:
    """Initiative rolled twice (1.240): a check of `initiative.checkAbility` rolls twice when
    the holder's checks do, and a catalog entry on the holder's lists with `initiativeMode`
    rolls it twice whatever else; advantage and disadvantage cancel."""

    adv = dis = 0
    ability = fight.combat.initiative.checkAbility
    if ability is not None:
        adv += N.effect_count(fight, c, "own-checks-advantage")
        dis += N.effect_count(fight, c, "own-checks-disadvantage")
        for _name, rule, _held in N.rules_in_force(fight, c):
            for mod in rule.modifiers or []:
                if mod.to != "checks" or mod.mode is None or mod.skills:
                    continue
                if mod.abilities and ability not in mod.abilities:
                    continue
                if mod.mode == "advantage":
                    adv += 1
                else:
                    dis += 1
    for mode in _entry_initiative_modes(fight, c):
        if mode == "advantage":
            adv += 1
        else:
            dis += 1
    return pick_mode(adv, dis)


def _entry_initiative_modes(fight: Fight, c: Combatant) -> list[str]:
    modes: list[str] = [mode for entry in sheet_entries(fight.ruleset, c)
                        if (mode := getattr(entry.mechanics, "initiativeMode", None)) is not None]
    # An item in use lends its uses as entries (spec/abilities.md "Objects that hold
    # abilities"), so a use with `initiativeMode` counts as an entry on the lists does.
    view = fight.view(c)
    for held in view.held if view is not None else []:
        if IU.in_use(held):
            modes += [mode for _label, use in IU.uses_of(held.item) if (mode := getattr(use, "initiativeMode", None))]
    return modes


def roll_initiative(fight: Fight, *, announce: str = "Initiative") -> None:
    init = fight.combat.initiative
    parts: list[str] = []
    for c in fight.state.combatants:
        if c.out:
            continue
        thrown = kind_of(fight).throw_initiative(fight, c)
        if thrown is not None:
            parts.append(thrown)
            continue
        c.init_mod = N.initiative_modifier(fight, c)
        if init.dice is not None:
            r = fight.roll(DiceExpr.of(init.dice.count, init.dice.sides), initiative_mode(fight, c))
            c.initiative = r.total + c.init_mod
            mod = c.init_mod
            if mod:
                sign = "+" if mod > 0 else "-"
                parts.append(f"{c.name} {r.describe()} {sign} {abs(mod):g} = {c.initiative:g}")
            else:
                parts.append(f"{c.name} {r.describe()}")
        else:
            c.initiative = c.init_mod
            parts.append(f"{c.name} {c.initiative:g}")
    ranked = sorted(
        (c for c in fight.state.combatants if not c.out),
        key=lambda c: (-c.initiative, -c.init_mod, c.order),
    )
    fight.state.order = [c.id for c in ranked]
    fight.emit("initiative", f"{announce}: " + "; ".join(parts) + ". Order: "
               + ", ".join(c.name for c in ranked) + ".", order=fight.state.order)
    if IR.resource(fight) is not None:
        IR.opening(fight)
    elif fight.state.round == 0:
        extra_turn.place(fight)


def _refill(fight: Fight, c: Combatant, per: str) -> None:
    changes: dict[str, int] = {}
    for _name, rule, _held in N.rules_in_force(fight, c):
        for change in getattr(rule, "budgets", None) or []:
            changes[change.budget] = changes.get(change.budget, 0) + change.flat
    for budget in fight.combat.economy.budgets:
        if budget.per == per:
            count = budget.count if budget.count is not None else 1
            c.budgets[budget.id] = max(0, count + (changes.get(budget.id, 0) if per == "turn" else 0))
    for key in list(c.spent):
        if key.startswith(f"{per}:"):
            del c.spent[key]


def refill_turn_budgets(fight: Fight, c: Combatant) -> None:
    _refill(fight, c, "turn")


def begin_round(fight: Fight) -> None:
    state = fight.state
    state.round += 1
    if state.round == 2:
        extra_turn.drop(fight)
        for c in state.combatants:
            lift(fight, c, "the first round is over")
    if state.round > 1 and fight.combat.initiative.each == "round":
        roll_initiative(fight, announce=f"Initiative for round {state.round}")
    elif state.round > 1 and IR.resource(fight) is not None:
        IR.sort_order(fight)
    fight.emit("round", f"Round {state.round}.", round=state.round)
    for c in state.combatants:
        _refill(fight, c, "round")


def begin_turn(fight: Fight) -> None:
    """Housekeeping as the current combatant's turn starts. The caller checks afterwards
    whether the combatant can act at all."""
    c = fight.state.current()
    if c is None:
        return
    _refill(fight, c, "turn")
    if fight.state.board is not None:
        refill(fight, c)
    c.strikes = 0
    c.attacks_made = 0
    # What followed a teleport with a strike free lasts only that turn (1.280).
    c.follows = None
    if c.attack_action or c.attack_items:
        c.attack_action, c.attack_items = [], []
    c.engine_actions = 0
    c.riders_used = [r for r in c.riders_used if not r.startswith("turn:")]
    if c.dodging:
        c.dodging = False
    fight.emit("turn", f"{c.name}'s turn.", actor=c.id, round=fight.state.round)
    ZS.new_turn(fight)
    Z.drift(fight, c)
    IR.turn_begins(fight, c)

    announce_budgets(fight, c)
    # Harm comes before the clock and the save that would end the condition (1.189).
    turn_harm(fight, c, "turn-start")
    # An aura's harm at the start of its holder's turns (1.265).
    aura_harms(fight, c)
    _tick(fight, c, "turn-start")
    CT.turn_points(fight, c, "turn-start")
    _turn_saves(fight, c, "turn-start")
    # An aura's save at the start of each reached creature's own turn (1.265), after the
    # saves that end conditions, so what it puts on is not rolled against in the same breath.
    aura_saves(fight, c)
    # `drops` at `turn-start` (Command's drop, 1.266), then the `table` deciding the turn (1.264).
    turn_drops(fight, c)
    turn_table(fight, c)
    Z.turn_starts(fight, c)
    roll_recharges(fight, c)
    refill_signature_points(fight, c)
    if c.down and c.dying is not None and not c.out:
        E.dying_save(fight, c)
    if c.delayed is not None:
        completed = complete(fight, c)
        if completed is not None:
            # The held-back action is a step of its own (it may hold for windows); the
            # turn's start goes on from its record when it is over.
            plan, targets = completed
            record = action_record(fight, c, plan, targets)
            record.starts_turn = c.id
            continue_action(fight, record)
            return
    turn_started(fight, c)


def _tick(fight: Fight, c: Combatant, moment: str) -> None:
    """Rounds count down at the holder's own turn (or, `of: source`, the applier's)."""
    for holder in fight.state.combatants:
        for held in list(holder.conditions):
            if held.rounds is None or held.at != moment:
                continue
            if held.of == "source" and held.source is not None and fight.state.combatant(held.source) is not None \
                    and not fight.get(held.source).out:
                if held.source != c.id:
                    continue
                if moment == "turn-end" and not held.started:
                    continue
            elif holder.id != c.id:
                continue
            held.rounds -= 1
            if held.rounds <= 0 and not D.expire(fight, holder, held):
                remove_condition(fight, holder, held, reason="its time is up")
    if moment == "turn-start":
        for holder in fight.state.combatants:
            for held in holder.conditions:
                if held.of == "source" and held.source == c.id:
                    held.started = True


def _turn_saves(fight: Fight, c: Combatant, moment: str) -> None:
    for held in list(c.conditions):
        if held in c.conditions and held.save is not None and held.save_at == moment and held.dc is not None:
            if not SRC.may_roll(fight, c, held):
                # `unseen`, `beyond` (1.266, 1.270): not while the applier is in sight or near.
                name = N.label(fight.ruleset, "condition", held.id)
                fight.emit("note", f"{c.name} does not roll to end {name}: {SRC.why_not(fight, c, held)}.",
                           target=c.id, condition=held.id)
                continue
            D.turn_save(fight, c, held, lean=SRC.lean(fight, c, held))


def end_turn(fight: Fight) -> None:
    c = fight.state.current()
    if c is not None:
        lift(fight, c, "their first turn is over")
        Z.turn_ends(fight, c)
        turn_harm(fight, c, "turn-end")
        CT.turn_points(fight, c, "turn-end")
        _tick(fight, c, "turn-end")
        _turn_saves(fight, c, "turn-end")
        # A zone lasts so many of its caster's turns (mechanics-1 1.172).
        ZS.count_down(fight, c)
        # So does a summon, not counting the turn it was cast on (1.122).
        SS.count_down(fight, c)
        for holder in fight.state.combatants:
            for held in list(holder.conditions):
                if held.this_action:
                    remove_condition(fight, holder, held, reason="the action is over")
        c.strikes = 0
    if check_outcome(fight):
        return
    between_turns(fight, c)
    advance_pointer(fight)


def advance_pointer(fight: Fight) -> None:
    state = fight.state
    for _ in range(len(state.order) + 1):
        state.turn += 1
        if state.turn >= len(state.order) and state.order:
            state.turn = 0
            begin_round(fight)
        c = state.current()
        if c is not None and not c.out:
            begin_turn(fight)
            return


# A window held at the end of a turn goes on with the next one (windows.RESUMES).
RESUMES["next-turn"] = lambda fight, record: advance_pointer(fight)
