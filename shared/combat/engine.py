"""The pure resolver's public face: `start_battle`, `menu` and `advance` over
`(ruleset, state, choice)`.

Owns: validating a choice against the menu (anything else is refused with a code and a
sentence, and nothing changes), applying it, and then resolving Engine-controlled turns
until a person must decide (a player's turn, or a Game-Master-controlled combatant's).
No I/O, no clock, no global random: the same state and choice always give the same
events, on any worker.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from ..dice.rng import SEED_MAX
from ..ruleset.load import package_digest
from ..ruleset.package import Ruleset
from . import numbers as N
from . import support
from . import symbol_choice as SC
from . import windows as W
from . import window_answers as WA
from .window_answers import engine_answer
from .window_resume import start_action
from .costs import record_spend_limits
from .daze import skip_turn
from .effects import start_down
from .fight import Fight
from ..sheet import Refusal
from .kinds import kind_of
# The combat kinds beside attack-vs-defense, registered in `kinds.KINDS` as they load.
from . import pool_kind, symbol_kind  # noqa: F401
from .health_max import settle_at_start
from .surprise import lift, surprised_at_start
from .hiding import look_again
from .obscurement import disperse
from .plans import MenuItem, Option, Placing, Plan
from .menu_build import build_menu, has_choice
from .board.setup import set_board
from .setup import SetupError, build_combatants, roll_health
from .snapshot import working_copy
from .targeting import targets_apart
from .chosen_uses import with_chosen
from . import metamagic as MM
from .state import BattleState, Combatant, DiceState, Event, Pending, RulesetRef
from .board.menu import area_span, check_aim, out_of_range, placing_for
from .board.tactics import choose_on_board
from .tactics import best_here
from .outcome import check_outcome
from .turns import advance_pointer, begin_round, end_turn, refill_turn_budgets, roll_initiative
from .board.flight import fly
from .board.movement import stand, start_walk
from .board.teleport import check_landing, leave_pick, teleport_of
from .board.flight import come_down
from .board.falls import next_falls
from .zones import check_zone_cell, move_zone, turn_zone, zone_pick
from .summons import summon_pick
from .teleport_strike import strike_pick
from .wall_sections import check_wall, strike_section
from .belongings import carry_at_start, pick_up
from .paying import spend_budget
from .auras import keep_on, spread, spreading
from .behavior import refusal as compelled_refusal

#: A fight that reaches this many rounds stops as a stalemate (nobody can hurt anybody).
MAX_ROUNDS = 100
#: Engine decisions in one `advance` at the most (a guard, far above any real fight).
MAX_STEPS = 20000
#: Actions the Engine plays in one turn of a combatant no person plays, at the most: a
#: costless option (a free attack, a gift of budget) could otherwise be chosen forever.
ENGINE_TURN_ACTIONS = 12


@dataclass(frozen=True)
class Choice:
    actor: str
    option: str
    targets: tuple[str, ...] = ()
    cell: tuple[int, int] | None = None
    placing: Placing | None = None
    #: A wall section's cell an attack strikes instead of a creature (mechanics-2 1.200).
    wall: tuple[int, int] | None = None
    #: How many uses a `usesChosen` entry spends (mechanics-2 1.251).
    amount: int | None = None
    #: Who a teleport takes along (its `carries`, mechanics-3 1.276).
    carries: tuple[str, ...] = ()
    #: Metamagic chosen with the option (ids from its `alters`, mechanics-2 1.253); whom a
    #: `spares` change spares (None: the first caught, 1.254); who a `heightens` change makes
    #: roll with disadvantage (None: the first caught, 1.255).
    alters: tuple[str, ...] = ()
    spares: tuple[str, ...] | None = None
    heightens: str | None = None

    @classmethod
    def parse(cls, data: Any) -> "Choice | Refusal":
        if isinstance(data, Choice):
            return data
        if not isinstance(data, dict):
            return Refusal("malformed", "a choice is an object with actor and option")
        actor, option = data.get("actor"), data.get("option")
        targets = data.get("targets") or []
        if not isinstance(actor, str) or not isinstance(option, str):
            return Refusal("malformed", 'a choice needs "actor" and "option" as text')
        if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
            return Refusal("malformed", '"targets" is a list of combatant ids')
        cell = data.get("cell")
        placing = _placing(data)
        if isinstance(placing, Refusal):
            return placing
        wall = _cell_value(data["wall"]) if data.get("wall") is not None else None
        if data.get("wall") is not None and (wall is None or targets):
            return Refusal("malformed", '"wall" is a cell [x, y], aimed at instead of any target')
        amount = data.get("amount")
        if amount is not None and (type(amount) is not int or amount < 1):
            return Refusal("malformed", '"amount" is a whole number from 1 up')
        carries = data.get("carries") or []
        if not isinstance(carries, list) or not all(isinstance(t, str) for t in carries):
            return Refusal("malformed", '"carries" is a list of combatant ids')
        alters, spares, heightens = data.get("alters") or [], data.get("spares"), data.get("heightens")
        for key, value in (("alters", alters), ("spares", spares if spares is not None else [])):
            if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
                return Refusal("malformed", f'"{key}" is a list of ids')
        if heightens is not None and not isinstance(heightens, str):
            return Refusal("malformed", '"heightens" is the id of one combatant')
        return cls(actor, option, tuple(targets), tuple(cell) if isinstance(cell, list) and len(cell) == 2 else None,
                   placing, wall, amount, tuple(carries), tuple(alters),
                   tuple(spares) if spares is not None else None, heightens)


def _cell_value(value: Any) -> tuple[int, int] | None:
    if isinstance(value, list | tuple) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    return None


def _placing(data: dict[str, Any]) -> Placing | None | Refusal:
    """The choice's layout of an area beyond its cell (mechanics-1 1.177, 1.178): a wall's
    `toward`, `ring` and `side`, a burst's or box's other `copies`."""
    if not any(key in data for key in ("toward", "ring", "side", "copies")):
        return None
    toward = _cell_value(data["toward"]) if data.get("toward") is not None else None
    if data.get("toward") is not None and toward is None:
        return Refusal("malformed", '"toward" is a cell [x, y]')
    if data.get("ring", False) not in (True, False):
        return Refusal("malformed", '"ring" is true or false')
    side = data.get("side")
    if side not in (None, "near", "far"):
        return Refusal("malformed", '"side" is "near" or "far"')
    raw = data.get("copies") or []
    copies = [_cell_value(c) for c in raw] if isinstance(raw, list) else [None]
    if any(c is None for c in copies):
        return Refusal("malformed", '"copies" is a list of cells [x, y]')
    return Placing(toward=toward, ring=bool(data.get("ring")), side=side,
                   copies=tuple(c for c in copies if c is not None))



def choose(fight: Fight, actor: Combatant, menu: list[MenuItem]) -> tuple[MenuItem, list[str], tuple[int, int] | None]:
    """The Engine's tactics (tactics.py; board/tactics.py on a board): (item, targets, cell),
    the pick, whom it is aimed at, and the cell an area is aimed at (None off the board or
    for an option not aimed at a cell)."""
    gone = leave_pick(fight, actor, menu)
    if gone is not None:
        return gone
    if fight.state.summons:
        # A summon strikes first, for its own budget alone (summons.py).
        struck = summon_pick(fight, actor, menu)
        if struck is not None:
            return struck[0], struck[1], None
    if fight.state.board is not None and actor.position is not None:
        if actor.block and fight.ruleset.sets_key("strike"):
            # Too far from its prey, a creature teleports next to it and strikes (1.280).
            jump = strike_pick(fight, actor, menu)
            if jump is not None:
                return jump
        zone = zone_pick(fight, actor, menu)
        if zone is not None:
            return zone[0], [], zone[1]
        return choose_on_board(fight, actor, menu)
    item, targets = best_here(fight, actor, menu)
    return item, targets, None

def start_battle(
    ruleset: Ruleset,
    party: list[dict[str, Any]],
    foes: list[dict[str, Any]],
    *,
    seed: int = 0,
    dice: list[int] | None = None,
    digest: str | None = None,
    board: dict[str, Any] | None = None,
    style: str | None = None,
    adjustments: list[str] | tuple[str, ...] = (),
) -> tuple[BattleState, list[Event]]:
    """A new battle, resolved up to the first decision a person must make. `board` is a
    board file (docs/board.md); `style` the combat style (`tactical` when a board is given,
    else `classic`). The fight is on the board only when the ruleset declares
    `combat.distance` and the style is `tactical`. `adjustments` are sentences about how
    the fight was made before it was built (the GM's invented opponents: what was read,
    lowered or filled in); they open the log.

    Raises SetupError naming who cannot take part and why (an opponent the fight cannot
    find is left out with a `refused` event instead, while someone is left to fight)."""
    if ruleset.combat is None:
        raise SetupError([f"{ruleset.name} has no combat block, so it resolves no fight"])
    if type(seed) is not int or not 0 <= seed <= SEED_MAX:
        raise SetupError([f"the seed is a whole number from 0 to {SEED_MAX}, not {seed!r}"])
    refused = support.refusals(ruleset)
    if refused:
        raise SetupError(refused)
    state = BattleState(
        ruleset=RulesetRef(id=ruleset.id, version=ruleset.version, digest=digest or ""),
        dice=DiceState(seed=seed, cursor=0, script=list(dice) if dice is not None else None),
    )
    fight = Fight(ruleset, state)
    for sentence in adjustments:
        fight.emit("setup", sentence)
    # An opponent the fight cannot make is left out with its refusal in the log; the board
    # places the rest by the entries that made them.
    combatants, placed = build_combatants(fight, party, foes)
    for i, c in enumerate(combatants):
        c.order = i
    state.combatants = combatants
    set_board(fight, party, placed, board, style)
    for c in combatants:
        roll_health(fight, c)
        carry_at_start(fight, c)
        keep_on(fight, c)
        record_spend_limits(fight, c)
        N.record_checks(fight, c)
        if c.side == "party" and c.sheet is not None:
            state.start_sheets[c.id] = c.sheet
        _settle_levels(fight, c)
    party_names = ", ".join(c.name for c in combatants if c.side == "party")
    foe_names = ", ".join(c.name for c in combatants if c.side == "foes")
    fight.emit("start", f"The fight begins: {party_names} against {foe_names}.")
    for note in support.notes(ruleset, combatants):
        fight.emit("note", note)
    for c in combatants:
        start_down(fight, c)
    surprised_at_start(fight)
    roll_initiative(fight)
    # Every per-turn budget is there from the start: an answer before one's first turn
    # spends its own (a reaction).
    for c in combatants:
        refill_turn_budgets(fight, c)
    state.turn = -1
    if not check_outcome(fight):
        begin_round(fight)
        _held(fight, lambda: advance_pointer(fight))
        _settle(fight)
    return state, fight.new_events


def _settle_levels(fight: Fight, c: Any) -> None:
    """What levels settle before anyone moves: `defeats`, health above a halved maximum,
    a creature's starting `tracks` (health_max.py)."""
    settle_at_start(fight, c)


def menu(ruleset: Ruleset, state: BattleState, actor: str, *, forecasts: bool = True) -> list[Option]:
    """What `actor` may choose now. Empty when it is not their decision. Consumes no dice.
    `forecasts=False` leaves the forecasts out, for a caller that only checks legality."""
    # Drawing a menu changes nothing and rolls nothing, so it reads the state as it is.
    fight = Fight(ruleset, state)
    return [item.option for item in _menu_items(fight, actor, forecasts=forecasts)]


def menu_with_suggestion(ruleset: Ruleset, state: BattleState, actor: str) -> tuple[list[Option], dict[str, Any] | None]:
    """The menu and the Engine's tactics' pick from that same menu (drawn once)."""
    fight = Fight(ruleset, state)
    items = _menu_items(fight, actor)
    if not items:
        return [], None
    item, targets, cell = _engine_pick(fight, fight.get(actor), items)
    return [i.option for i in items], _decision(fight, actor, item, targets, cell)


def _strikes_wall(item: Any, cell: tuple[int, int]) -> bool:
    """Whether the Engine's cell for an attack is a wall section it strikes (the option's
    `board.walls`, mechanics-2 1.200) rather than an area's aim."""
    return [cell[0], cell[1]] in ((item.option.board or {}).get("walls") or [])


def _decision(fight: Fight, actor: str, item: Any, targets: list[str], cell: tuple[int, int] | None) -> dict[str, Any]:
    decision: dict[str, Any] = {"actor": actor, "option": item.option.id, "targets": targets}
    if cell is not None and _strikes_wall(item, cell):
        decision["wall"] = list(cell)
    elif cell is not None:
        decision["cell"] = list(cell)
        placing = placing_for(fight, fight.get(actor), item.plan, cell) if not item.plan.moves else None
        if placing is not None:
            decision.update(placing.to_json())
    if item.plan.carried:
        decision["carries"] = list(item.plan.carried)
    # Usable now only with a metamagic change (Quickened with the action spent, a target only
    # Distant reaches): the choice takes the first that makes it so (mechanics-2 1.253).
    needs = item.option.needed_for(targets)
    if not needs and cell is not None:
        needs = ((item.option.board or {}).get("alterNeeded") or {}).get(f"{cell[0]},{cell[1]}") or []
    if needs:
        decision["alters"] = needs[:1]
    return decision


def _engine_pick(fight: Fight, actor: Any, items: list[Any]) -> tuple[Any, list[str], tuple[int, int] | None]:
    """The Engine's tactics on a turn menu (with the cell an area is aimed at), or its
    answer in a window."""
    if W.current(fight) is not None:
        answer, answered = engine_answer(fight, actor, items)
        return answer, answered, answer.cell
    if fight.state.pending is not None and fight.state.pending.decision == "spend":
        spend, spent_on = SC.engine_pick(items)
        return spend, spent_on, None
    return choose(fight, actor, items)


def _menu_items(fight: Fight, actor_id: str, *, forecasts: bool = True, blanks: bool = True) -> list[MenuItem]:
    state = fight.state
    if state.outcome or state.pending is None or state.pending.actor != actor_id:
        return []
    actor = state.combatant(actor_id)
    if actor is None:
        return []
    if state.pending.decision == "window":
        before, blank = fight.drawing.forecasting, fight.drawing.blanks
        fight.drawing.forecasting, fight.drawing.blanks = forecasts, blanks
        try:
            return list(W.window_items(fight, actor))
        finally:
            fight.drawing.forecasting, fight.drawing.blanks = before, blank
    if state.pending.decision == "spend":
        return SC.spend_items(fight, actor)
    return build_menu(fight, actor, forecasts=forecasts, blanks=blanks)


def waits_on_another(state: BattleState, actor_id: str) -> Refusal | None:
    """The refusal of a choice by `actor_id` when the fight waits on someone else (None
    when the decision is theirs). The gateway refuses with the same sentence before it
    queues anything, so a player reads one reason whichever refuses first."""
    pending = state.pending
    if pending is None:
        return Refusal("not-waiting", "the fight is not waiting for a choice")
    if pending.actor == actor_id:
        return None
    waiting, asking = state.combatant(pending.actor), state.combatant(actor_id)
    who = waiting.name if waiting else pending.actor
    other = asking.name if asking else actor_id
    if pending.decision == "window":
        return Refusal("not-your-turn", f"a window is open and waits on {who}: only {who}'s answer or a "
                                        f"Pass is taken now, not {other}'s")
    if pending.decision == "spend":
        return Refusal("not-your-turn", f"the roll waits for {who} to choose their symbol spends, not for {other}")
    return Refusal("not-your-turn", f"it is {who}'s decision, not {other}'s")


def advance(ruleset: Ruleset, state: BattleState, choice: Any, *, owned: bool = False,
            pause: bool = False) -> tuple[BattleState, list[Event]] | Refusal:
    """Applies one choice, then resolves Engine-controlled turns until a person must
    decide. Returns the new state and the events it added, or a refusal (nothing changed;
    the input state is never modified, unless the caller passes `owned=True` for a state it
    parsed itself and will not read again). With `pause`, it stops before the Engine's
    first move instead, when there is one (`engine_owes` says so): `resume` makes the rest,
    with the very dice and events one unpaused `advance` would have."""
    parsed = Choice.parse(choice)
    if isinstance(parsed, Refusal):
        return parsed
    if state.outcome:
        return Refusal("fight-over", f"the fight is over ({state.outcome})")
    pending = state.pending
    if pending is None:
        return Refusal("not-waiting", "the fight is not waiting for a choice")
    if state.combatant(parsed.actor) is None:
        return Refusal("unknown-actor", f"there is no combatant {parsed.actor!r} in this fight")
    elsewhere = waits_on_another(state, parsed.actor)
    if elsewhere is not None:
        return elsewhere
    # A caller that owns `state` (it parsed it just now and will drop it) lets the step
    # change it in place; everyone else's state is never touched.
    fight = Fight(ruleset, state if owned else working_copy(state))
    # Only what is legal matters here: no forecasts, not even blank ones.
    items = _menu_items(fight, parsed.actor, forecasts=False, blanks=False)
    item = next((i for i in items if i.option.id == parsed.option), None)
    if item is None:
        item = kind_of(fight).unnamed(fight, items, parsed.option)
    if item is None:
        # An option the board left off only for distance or sight says so (spec/combat-3). A
        # refusal is falsy, so it is told from None by name.
        actor = fight.get(parsed.actor)
        far = out_of_range(fight, actor, parsed.option, parsed.targets)
        if far is not None:
            return far
        kept_off = compelled_refusal(fight, actor, parsed.option, lambda: pending.decision == "turn" and any(
            i.option.id == parsed.option
            for i in build_menu(fight, actor, forecasts=False, blanks=False, compelled=False)))
        if kept_off is not None:
            return kept_off
        return Refusal("unknown-option", f"{parsed.option!r} is not on {actor.name}'s menu now")
    if parsed.carries:
        # The companions a teleport takes along (1.276), checked with where it lands.
        item = MenuItem(item.option, replace(item.plan, carried=parsed.carries))
    if parsed.wall is not None and pending.decision == "turn":
        wall = parsed.wall
        refused_wall = check_wall(item, wall)
        if refused_wall is not None:
            return refused_wall
        fight.state.pending = None
        _held(fight, lambda: strike_section(fight, fight.get(parsed.actor), item.plan, wall))
        check_outcome(fight)
        _settle(fight, pause=pause)
        fight.state.revision += 1
        return fight.state, fight.new_events
    aimed = pending.decision != "window" and fight.state.board is not None and area_span(fight, fight.get(parsed.actor), item.plan) is not None
    if aimed:
        # Aimed with a chosen `range` change (Distant), the area reaches as far as it makes it.
        longer = MM.farther(fight, fight.get(parsed.actor), item.option, item.plan, parsed.alters) \
            if parsed.alters and item.option.alters else None
        targets = check_aim(fight, fight.get(parsed.actor), longer[0] if longer is not None else item.plan,
                            parsed.cell, parsed.placing)
    else:
        option = item.option
        if parsed.alters and option.alters:
            # Twinned (1.253): one more target than the option's count.
            option = option.model_copy(update={"count": option.count + MM.extra_targets(option, parsed.alters)})
        targets = _check_targets(fight, fight.get(parsed.actor), option, parsed.targets)
    if isinstance(targets, Refusal):
        return targets
    if pending.decision == "turn" and (item.option.alters is not None or parsed.alters or parsed.spares is not None
                                       or parsed.heightens is not None):
        altered = MM.with_alters(fight, fight.get(parsed.actor), item, targets, parsed.alters, parsed.spares,
                                 parsed.heightens)
        if isinstance(altered, Refusal):
            return altered
        item = MenuItem(item.option, altered)
    apart = targets_apart(fight, item.plan, targets)
    if apart is not None:
        return Refusal("targets-apart", apart)
    if item.option.amount is not None and pending.decision == "turn":
        chosen = with_chosen(fight, fight.get(parsed.actor), item.plan, targets, parsed.amount)
        if isinstance(chosen, Refusal):
            return chosen
        item = MenuItem(item.option, chosen)
    to_cell = CELL_STEPS.get(item.plan.kind) or (check_landing if pending.decision == "turn" else None)
    refused = to_cell(fight, fight.get(parsed.actor), item.plan, parsed.cell) if to_cell is not None else None
    if pending.decision == "window" and isinstance(item, W.WindowItem):
        # A signature move or teleport bought between turns goes to a cell it offers.
        refused = W.check_cell(item, parsed.cell)
    if refused is not None:
        return Refusal("bad-cell", refused)
    if pending.decision == "window":
        # A window's menu is made of window items (windows.window_items).
        answering = item
        if not isinstance(answering, W.WindowItem):
            raise TypeError(f"{answering.option.id} is not an answer in a window")
        _held(fight, lambda: WA.answer(fight, answering, targets, parsed.cell))
    elif pending.decision == "spend":
        _held(fight, lambda: SC.answer(fight, item))
    else:
        fight.state.pending = None
        _apply(fight, parsed.actor, item, targets, parsed.cell, parsed.placing)
    _settle(fight, pause=pause)
    fight.state.revision += 1
    return fight.state, fight.new_events


def engine_owes(state: BattleState) -> bool:
    """True when a paused `advance` left the Engine's moves to `resume`: the fight goes on
    and nobody is asked, or the one asked is Engine-controlled (a settled fight always waits
    on a person)."""
    if state.outcome:
        return False
    return state.pending is None or state.pending.controller == "engine"


def resume(ruleset: Ruleset, state: BattleState, *,
           owned: bool = False) -> tuple[BattleState, list[Event]] | Refusal:
    """The Engine's moves a paused `advance` left, until a person must decide: the new
    state (one revision on) and the events they added, or a refusal when the Engine owes
    none. `owned` as for `advance`."""
    if not engine_owes(state):
        return Refusal("not-paused", "the fight does not wait on the Engine")
    fight = Fight(ruleset, state if owned else working_copy(state))
    _settle(fight)
    fight.state.revision += 1
    return fight.state, fight.new_events


def _check_targets(fight: Fight, actor: Any, option: Option, chosen: tuple[str, ...]) -> list[Any] | Refusal:
    if option.count == 0:
        return []
    if not chosen:
        return Refusal("needs-target", f"{option.label} needs a target: one of {', '.join(option.targets)}")
    if len(set(chosen)) != len(chosen):
        return Refusal("bad-target", "a target is named twice")
    if len(chosen) > option.count:
        return Refusal("bad-target", f"{option.label} takes at most {option.count} target(s)")
    for t in chosen:
        if t not in option.targets:
            far = out_of_range(fight, actor, option.id, (t,))
            if far is not None:
                return far
            return Refusal("bad-target", f"{t!r} cannot be aimed at with {option.label} now")
    return [fight.get(t) for t in chosen]


def target_refusal(ruleset: Ruleset, state: BattleState, actor: str, option: str,
                   targets: tuple[str, ...]) -> Refusal | None:
    """For a caller that found `option` missing from the actor's menu, or a target missing
    from it (the gateway's early check): the board's `out-of-reach` / `no-line-of-sight`
    refusal when distance or sight is what keeps it off, as `advance` answers; None when
    it is something else."""
    fight = Fight(ruleset, state)
    if fight.state.board is None or fight.state.combatant(actor) is None:
        return None
    _menu_items(fight, actor, forecasts=False, blanks=False)
    return out_of_range(fight, fight.get(actor), option, targets)


def _held(fight: Fight, run: Any) -> None:
    """Runs a step; a window it opens (`Held`) leaves the rest of it in the window's record."""
    try:
        run()
    except W.Held:
        # A window holds the fight before a blow it interrupted dealt anything: the blow is
        # dealt again, whole, when the window is answered (window_resume.py).
        fight.resolving.open_blows.clear()


def _walk(fight: Fight, actor: Combatant, plan: Plan) -> None:
    walk = plan.walk
    if walk is None:
        raise ValueError(f"{plan.name} names no walk")
    _held(fight, lambda: start_walk(fight, actor, walk["path"]))


def _stand(fight: Fight, actor: Combatant, plan: Plan) -> None:
    stand(fight, actor)


def _fly(fight: Fight, actor: Combatant, plan: Plan) -> None:
    fly(fight, actor, plan.menu_id)


def _pick_up(fight: Fight, actor: Combatant, plan: Plan) -> None:
    # A pick-up paid from the budget a condition's `drops.pickUp` names (1.266); the free
    # one names none and spends nothing here.
    spend_budget(fight, actor, plan.budget)
    pick_up(fight, actor, plan)


#: How each step on the board is taken (`Plan.kind` of a plan that `moves`).
BOARD_STEPS: dict[str, Callable[[Fight, Combatant, Plan], None]] = {
    "move": _walk, "stand": _stand, "flight": _fly, "zone": move_zone, "zone-turn": turn_zone,
    "pick-up": _pick_up}

#: Board steps sent to a cell the choice names (`"cell": [x, y]`), and why a cell is refused.
CELL_STEPS: dict[str, Callable[[Fight, Combatant, Plan, tuple[int, int] | None], str | None]] = {
    "zone": check_zone_cell, "zone-turn": check_zone_cell}


def _apply(fight: Fight, actor_id: str, item: MenuItem, targets: list[Any],

           cell: tuple[int, int] | None = None, placing: Placing | None = None) -> None:
    actor = fight.get(actor_id)
    if item.plan.ends_turn:
        _held(fight, lambda: end_turn(fight))
        return
    if item.plan.moves:
        plan = replace(item.plan, aim=(cell[0], cell[1])) if cell is not None else item.plan
        BOARD_STEPS[item.plan.kind](fight, actor, plan)
        check_outcome(fight)
        return
    if actor.surprised:
        # Only a use an entry names with `ignoresSurpriseWith` is on a surprised one's menu,
        # and it lifts the surprise at once: the rest of the turn is theirs (1.237).
        lift(fight, actor, f"they use {item.plan.name}")
    if cell is not None and fight.state.board is not None:
        # A burst's saves measure cover from where it lands (board/save_cover.py).
        item = MenuItem(item.option, replace(item.plan, aim=(cell[0], cell[1]), placing=placing))
    if cell is not None and fight.state.board is not None and teleport_of(item.plan) is None:
        fight.emit("aim", f"{actor.name} aims {item.plan.name} at {cell[0]}, {cell[1]}, catching "
                   f"{', '.join(t.name for t in targets) or 'nobody'}.", actor=actor.id, cell=list(cell),
                   targets=[t.id for t in targets])
    _held(fight, lambda: start_action(fight, actor, item, targets))


def _settle(fight: Fight, pause: bool = False) -> None:
    """Resolves turns until a person must decide or the fight ends; with `pause`, until
    the Engine is about to move. Every check before a move reads the state and changes
    nothing when it lets the move through, so `resume` runs this loop again from the top
    on the paused state and gets to the same move."""
    state = fight.state
    for _ in range(MAX_STEPS):
        if state.outcome:
            state.pending = None
            return
        if state.round > MAX_ROUNDS:
            state.outcome = "stalemate"
            state.pending = None
            fight.emit("outcome", f"The fight is called off after {MAX_ROUNDS} rounds: nobody can finish it.",
                       outcome="stalemate")
            return
        if spreading(fight):
            # After every step, auras reach whoever now stands within them and part from
            # whoever left (1.263); a ruleset without auras never gets past `spreading`.
            spread(fight)
        if state.pending is not None and state.pending.decision == "spend":
            # A player chooses their own symbol spends: the roll waits for them.
            return
        window = W.current(fight)
        if window is not None and state.pending is not None:
            asked = fight.get(state.pending.actor)
            if asked.controller != "engine" or pause:
                return
            answer, answered = engine_answer(fight, asked, W.window_items(fight, asked))
            _held(fight, lambda: WA.answer(fight, answer, [fight.get(t) for t in answered]))
            continue
        if state.board is not None and any(c.aloft or c.airborne for c in state.combatants):
            # A flier dropped, knocked prone or held to speed 0 comes down (1.114, 1.354).

            come_down(fight)
        if state.zones:
            # After any step, wind disperses the fog it meets (1.286).
            disperse(fight)
        if fight.combat.hiding is not None:
            # After any step, those who now see a hider clearly find them (1.287).
            look_again(fight)
        if state.falls:
            # Falls land once the step that caused them is over and no window is open.

            _held(fight, lambda: next_falls(fight))
            continue
        actor = state.current()
        if actor is None:
            return
        if actor.out or actor.down:
            _held(fight, lambda: end_turn(fight))
            continue
        if skip_turn(fight, actor):
            end_turn(fight)
            continue
        if "cannot-act" in N.effects(fight, actor):
            fight.emit("skip", f"{actor.name} cannot act this turn.", actor=actor.id)
            _held(fight, lambda: end_turn(fight))
            continue
        if actor.controller != "engine":
            # Whoever decides draws the menu themselves; here it only matters whether
            # there is anything on it besides ending the turn.
            if not has_choice(fight, actor):
                _held(fight, lambda: end_turn(fight))
                continue
            state.pending = Pending(actor=actor.id, controller=actor.controller, player=actor.player,
                                    decision="turn")
            return
        if pause:
            return
        if actor.engine_actions >= ENGINE_TURN_ACTIONS:
            fight.emit("note", f"{actor.name} has taken {ENGINE_TURN_ACTIONS} actions this turn, the most the Engine "
                       f"plays in one turn, so the turn ends.", actor=actor.id)
            _held(fight, lambda: end_turn(fight))
            continue
        # The Engine's own turns choose no metamagic (1.253), so what only a change makes
        # castable now (Quickened with the action spent) is not its to take: taken bare, it
        # would be cast unpaid.
        items = [i for i in build_menu(fight, actor) if not i.option.alterNeeded]
        if all(i.plan.ends_turn for i in items):
            _held(fight, lambda: end_turn(fight))
            continue
        item, targets, cell = choose(fight, actor, items)
        if not item.plan.ends_turn:

            actor.engine_actions += 1
        if cell is not None and _strikes_wall(item, cell):
            wall = cell
            _held(fight, lambda: strike_section(fight, actor, item.plan, wall))
            check_outcome(fight)
            continue
        chosen = [fight.get(t) for t in targets]
        placing = None
        if cell is not None and not item.plan.moves and teleport_of(item.plan) is None:
            # An area catches whoever stands in it, exactly as a player's aim is read.
            placing = placing_for(fight, actor, item.plan, cell)
            caught = check_aim(fight, actor, item.plan, cell, placing)
            if isinstance(caught, Refusal):  # pragma: no cover - the aim came from the same menu
                raise RuntimeError(f"the Engine's own aim was refused: {caught.message}")
            chosen = caught
        _apply(fight, actor.id, item, chosen, cell, placing)
    raise RuntimeError("the fight did not settle")  # pragma: no cover - MAX_STEPS guard


def decide_for(ruleset: Ruleset, state: BattleState) -> dict[str, Any] | None:
    """The Engine's tactics' choice for whoever must decide now (the GM fallback, and
    `battle fight` for every side). Consumes no dice."""
    if state.pending is None or state.outcome:
        return None
    fight = Fight(ruleset, state)
    actor = fight.get(state.pending.actor)
    items = _menu_items(fight, actor.id)
    item, targets, cell = _engine_pick(fight, actor, items)
    return _decision(fight, actor.id, item, targets, cell)


def final_sheets(state: BattleState) -> dict[str, Any]:
    """Party members' sheets as the fight leaves them (the record)."""
    return {c.id: c.sheet for c in state.combatants if c.side == "party" and c.sheet is not None}


def abandon(state: BattleState) -> dict[str, Any]:
    """An abandoned fight writes nothing: the party's sheets exactly as before."""
    return dict(state.start_sheets)


def ruleset_digest(data: Any) -> str:
    return package_digest(data)
