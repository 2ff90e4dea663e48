"""The open decision of a battle: who must decide now, their menu (with forecasts) and the
Engine's suggestion, as one `OpenDecision` record.

Owns: `open_decision`, computed from a state and its ruleset. The worker saves it with
every revision it writes (`shared.service.battles.BattleService`), so the gateway reads it with the revision in
one small read instead of loading the state and drawing the menu itself; the gateway uses
the same function when a revision was saved without one.
"""

from __future__ import annotations

from shared.combat import BattleState, menu_with_suggestion
from shared.protocol import OpenDecision, Suggestion
from shared.ruleset.package import Ruleset


def open_decision(ruleset: Ruleset, state: BattleState) -> OpenDecision:
    pending = state.pending
    if pending is None or state.outcome:
        return OpenDecision(outcome=state.outcome)
    options, suggested = menu_with_suggestion(ruleset, state, pending.actor)
    suggestion = (Suggestion(option=suggested["option"], targets=list(suggested.get("targets") or []),
                             cell=suggested.get("cell"), copies=suggested.get("copies"))
                  if suggested is not None else None)
    asked = state.combatant(pending.actor)
    return OpenDecision(actor=pending.actor, name=asked.name if asked is not None else pending.actor,
                        controller=pending.controller, player=pending.player,
                        decision=pending.decision,
                        window=pending.window.model_dump(mode="json") if pending.window is not None else None,
                        options=[o.model_dump(mode="json") for o in options], suggestion=suggestion)
