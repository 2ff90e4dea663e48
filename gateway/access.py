"""What a caller may see of a battle and may do in it, read from the store.

Owns: the player's view of the state (their own characters whole; everyone else, foes and
the other players' characters alike, only as seen across the field; no dice seed or cursor;
a spectator sees everyone across the field),
sheet access (players: their own characters; the GM: everyone), the menu and prompt for
the caller's decision (or, when it is someone else's, on whom the battle waits), and the checks a choice passes before it is handed to the
executor: the token may act for the pending actor, the revision is current, the option
is on the menu and the targets are among its targets.

Two ways to answer. The fast one reads the battle's head (`BattleStore.head`: revision,
status and the open decision the worker saved with that revision, no state): `passes`
accepts a choice by it, and `view_of` builds the menu and prompt from it. Everything else
(a choice the head does not accept, which must be refused with the exact reason; a
revision saved without an open decision) loads the state: those are blocking reads
(store, ruleset, menu) that the gateway runs on the executor's threads.
"""

from __future__ import annotations

from typing import Any

from shared.combat import BattleState, menu, target_refusal, waits_on_another
from shared.protocol import ChoiceRequest, MenuView, OpenDecision, PromptMessage, SheetOut, WaitingMessage
from shared.service.battles import BattleService
from shared.service.decision import open_decision
from shared.sheet import read_stored_character
from shared.store.base import ACTIVE, BattleHead, Decision, StoredBattle

from .errors import ApiError
from .tokens import Principal


def load(service: BattleService, battle_id: str) -> tuple[StoredBattle, BattleState]:
    stored = service.store.load(battle_id)
    if stored is None:
        raise ApiError("not-found", f"there is no battle {battle_id}")
    return stored, stored.parsed(BattleState)


#: What anyone at the table sees of a combatant that is not theirs.
ACROSS_THE_FIELD = ("id", "name", "side", "controller", "down", "out", "order", "initiative")


def public_window(window: dict[str, Any] | None, principal: Principal) -> dict[str, Any] | None:
    """A window as a player may see it: what it waits on and who is asked, without the held
    action's own record (`resume`: its plan, its rolls so far), which is the GM's."""
    if window is None or principal.gm:
        return window
    return {k: v for k, v in window.items() if k != "resume"}


def _theirs(c: dict[str, Any], principal: Principal) -> bool:
    return (principal.role == "player" and c.get("side") == "party" and c.get("controller") == "player"
            and c.get("player") == principal.player)


def visible_state(state: dict[str, Any], principal: Principal) -> dict[str, Any]:
    """The GM sees the whole state; a player sees their own characters whole and everyone
    else (foes, and the other players' characters) only as they look across the field:
    no sheet, block, budgets or pools, and no dice seed or cursor; a spectator sees
    everyone that way."""
    if principal.gm:
        return state
    seen = {k: v for k, v in state.items() if k not in ("dice", "start_sheets")}
    combatants = []
    mine = set()
    for c in state.get("combatants", []):
        if _theirs(c, principal):
            mine.add(c.get("id"))
        else:
            c = {k: c[k] for k in ACROSS_THE_FIELD if k in c} | {"conditions": [h["id"] for h in c.get("conditions", [])]}
        combatants.append(c)
    seen["combatants"] = combatants
    if isinstance(seen.get("pending"), dict):
        seen["pending"] = seen["pending"] | {"window": public_window(seen["pending"].get("window"), principal)}
    seen["start_sheets"] = {k: v for k, v in state.get("start_sheets", {}).items() if k in mine}
    return seen


def sheet(service: BattleService, battle_id: str, member: str, principal: Principal) -> SheetOut:
    _stored, state = load(service, battle_id)
    c = state.combatant(member)
    if c is None:
        raise ApiError("not-found", f"there is no combatant {member!r} in this battle")
    if principal.spectator:
        raise ApiError("not-yours", "a spectator reads no sheets")
    if not principal.gm and not (c.side == "party" and c.player == principal.player):
        raise ApiError("not-yours", f"{c.name} is not one of {principal.player}'s characters")
    flags: list[str] = []
    if c.side == "party" and c.sheet is not None:
        # A member's sheet entered the fight as stored: say which values the ruleset no
        # longer offers (shared/sheet read_stored_character).
        _character, _problems, flagged = read_stored_character(service.rules_of(state),
                                                               {"name": c.name, "sheet": c.sheet})
        flags = flagged.lines()
    return SheetOut(battle=battle_id, member=c.id, name=c.name, side=c.side, sheet=c.sheet, block=c.block,
                    flags=flags)


def current_decision(service: BattleService, battle_id: str) -> tuple[int, str, OpenDecision]:
    """(revision, status, the open decision at that revision): from the head when the worker
    saved the decision with the revision, else drawn from the state."""
    head = service.store.head(battle_id)
    if head is None:
        raise ApiError("not-found", f"there is no battle {battle_id}")
    if head.decision is not None:
        return head.revision, head.status, OpenDecision.model_validate(head.decision)
    stored, state = load(service, battle_id)
    return stored.revision, stored.status, open_decision(service.rules_of(state), state)


def engine_owes(status: str, decision: OpenDecision) -> bool:
    """True when the battle waits on the Engine's moves after a paused choice, which means
    the worker that paused it died before making them (`Executor.resume` has them made): a
    settled battle waits on a person, or is over."""
    return status == ACTIVE and not decision.outcome and (decision.actor is None or decision.controller == "engine")


def view_of(battle_id: str, revision: int, status: str, decision: OpenDecision, principal: Principal) -> MenuView:
    """The caller's menu: who must decide, and the options only when it is the caller."""
    waiting = status == ACTIVE and decision.actor is not None and not decision.outcome
    if not waiting:
        return MenuView(battle=battle_id, revision=revision)
    view = MenuView(battle=battle_id, revision=revision, actor=decision.actor, decision=decision.decision,
                    window=public_window(decision.window, principal))
    if decision.controller is not None and principal.may_act(decision.controller, decision.player):
        view.yours = True
        view.options = decision.options
        view.suggestion = decision.suggestion
    return view


def prompt_for(battle_id: str, revision: int, status: str, decision: OpenDecision,
               principal: Principal) -> PromptMessage | WaitingMessage | None:
    """The open prompt when the decision is this caller's (for a window: the answers they
    may take and Pass side by side); otherwise on whom the battle waits; None when it
    waits on nobody."""
    view = view_of(battle_id, revision, status, decision, principal)
    if view.actor is None or view.decision is None:
        return None
    if view.yours:
        return PromptMessage(actor=view.actor, revision=view.revision, decision=view.decision,
                             window=view.window, options=view.options, suggestion=view.suggestion)
    window = {k: v for k, v in view.window.items() if k != "resume"} if view.window is not None else None
    return WaitingMessage(actor=view.actor, name=decision.name or view.actor,
                          controller=decision.controller or "engine",
                          revision=view.revision, decision=view.decision, window=window)


def prompt(service: BattleService, battle_id: str, principal: Principal) -> PromptMessage | WaitingMessage | None:
    """`prompt_for` the battle's current decision."""
    revision, status, decision = current_decision(service, battle_id)
    return prompt_for(battle_id, revision, status, decision, principal)


def passes(head: BattleHead, principal: Principal, request: ChoiceRequest) -> bool:
    """True when the open decision saved with the head's revision accepts the choice as it
    is: every check `check_choice` makes, without the state. False says only "look closer":
    `check_choice` then finds the exact refusal (or accepts it after all)."""
    if not head.active or head.decision is None or request.revision != head.revision:
        return False
    return decision_accepts(head.decision, principal, request)


def decision_accepts(decision: Decision, principal: Principal, request: ChoiceRequest) -> bool:
    """True when the open decision, whichever revision it was drawn for, takes the choice:
    the fight goes on, it asks the choice's actor, the caller may act for them, the option
    is on its menu and the targets among the option's. `passes` adds the head's checks; a
    socket asks it of the prompt it sent (`routes_choices.submit`)."""
    if decision.get("outcome") or decision.get("actor") != request.actor:
        return False
    if not principal.may_act(decision.get("controller") or "", decision.get("player")):
        return False
    option = next((o for o in decision.get("options") or () if o.get("id") == request.option_id), None)
    if option is None:
        return False
    allowed = option.get("targets") or ()
    return all(t in allowed for t in request.targets) and len(request.targets) <= max(option.get("count", 0), 0)


def check_choice(service: BattleService, battle_id: str, principal: Principal,
                 request: ChoiceRequest) -> int | None:
    """None when the choice may be handed to the executor; the revision it produced when
    this request id was already applied (a duplicate answers as before). `ApiError`
    otherwise, with nothing changed."""
    record = service.store.seen(battle_id, request.request_id)
    if record is not None:
        return record.revision
    try:
        _check(service, battle_id, principal, request)
    except ApiError as exc:
        # A duplicate of a choice saved between the look-up above and the load is refused
        # by the state it produced (stale, not its turn, fight over); it answers as applied.
        # Who may act for whom does not change with the state: that refusal stands.
        if exc.code in ("not-yours", "unknown-actor"):
            raise
        record = service.store.seen(battle_id, request.request_id)
        if record is not None:
            return record.revision
        raise
    return None


def _check(service: BattleService, battle_id: str, principal: Principal, request: ChoiceRequest) -> None:
    stored, state = load(service, battle_id)
    if not stored.active:
        raise ApiError("closed", "the battle was abandoned")
    if state.outcome:
        raise ApiError("fight-over", f"the fight is over ({state.outcome})")
    actor = state.combatant(request.actor)
    if actor is None:
        raise ApiError("unknown-actor", f"there is no combatant {request.actor!r} in this fight")
    if not principal.may_act(actor.controller, actor.player):
        who = "the GM" if principal.gm else principal.player
        raise ApiError("not-yours", f"{who} may not act for {actor.name}")
    if request.revision != stored.revision:
        raise ApiError("stale-revision", f"the choice was made at revision {request.revision}; "
                                         f"the battle is at {stored.revision}")
    # While a window is open only the asked combatant's answer or a Pass is taken: the
    # core's own sentence says on whom it waits.
    elsewhere = waits_on_another(state, actor.id)
    if elsewhere is not None:
        raise ApiError(elsewhere.code, elsewhere.message)
    ruleset = service.rules_of(state)
    options = {o.id: o for o in menu(ruleset, state, actor.id, forecasts=False)}
    option = options.get(request.option_id)
    if option is None:
        _out_of_range(ruleset, state, actor.id, request.option_id, tuple(request.targets))
        raise ApiError("unknown-option", f"{request.option_id!r} is not on {actor.name}'s menu now")
    for t in request.targets:
        if t not in option.targets:
            _out_of_range(ruleset, state, actor.id, option.id, (t,))
            raise ApiError("bad-target", f"{t!r} cannot be aimed at with {option.label} now")
    if len(request.targets) > max(option.count, 0):
        raise ApiError("bad-target", f"{option.label} takes at most {option.count} target(s)")


def _out_of_range(ruleset: Any, state: BattleState, actor: str, option: str, targets: tuple[str, ...]) -> None:
    """Raises the core's own `out-of-reach` / `no-line-of-sight` refusal when the board
    keeps the option or target off only for distance or sight."""
    refused = target_refusal(ruleset, state, actor, option, targets)
    if refused is not None:
        raise ApiError(refused.code, refused.message)
