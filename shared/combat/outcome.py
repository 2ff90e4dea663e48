"""The fight's outcome: over when one side has nobody standing (`check_outcome`: victory or
defeat, said once), and what the end of the fight takes off (`finish`: conditions with a
clock, `endsAfter` or concentration, concentration itself, every initiative crash). Below
the turn loop and the windows, which both ask whether the fight is over.
"""

from __future__ import annotations

from . import diseases as D
from . import concentration as CC
from .condition_off import remove_condition
from . import initiative_resource as IR
from .belongings import loot_report
from .fight import Fight
from . import dismissal as DI


def check_outcome(fight: Fight) -> bool:
    state = fight.state
    if state.outcome:
        return True
    party = fight.standing("party")
    foes = fight.standing("foes")
    if party and foes:
        return False
    # Someone away only while a condition lasts comes back (dismissal.py): not over yet.
    if (party and DI.returning(fight, "foes")) or (foes and DI.returning(fight, "party")):
        return False
    # Who teleported out of the fight (mechanics-3 1.279): a party that drops out with some
    # of its members gone this way has fled; a foe gone this way has escaped.
    left = [c for c in state.combatants if c.away is not None and c.away.left]
    fled = not party and any(c.side == "party" for c in left)
    state.outcome = "victory" if party else "fled" if fled else "defeat"
    state.pending = None
    said = {"victory": "the party wins", "fled": "the party has fled", "defeat": "the party is defeated"}[state.outcome]
    escaped = [c.name for c in left if c.side == "foes"]
    if escaped:
        said += f"; {', '.join(escaped)} escaped"
    extra = {"escaped": [c.id for c in left if c.side == "foes"]} if escaped else {}
    fight.emit("outcome", f"The fight is over after {state.round} round{'s' if state.round != 1 else ''}: "
               f"{said}.", outcome=state.outcome, round=state.round, **extra)
    if party:
        loot_report(fight)
    finish(fight)
    return True


def finish(fight: Fight) -> None:
    """Conditions the fight applied with a clock, `endsAfter` or concentration come off the
    sheet, leaving nothing behind; concentration ends. Conditions without a clock stay.
    Every initiative crash lifts (its condition waits for the crash, so it comes off here)."""
    if IR.resource(fight) is not None:
        IR.fight_over(fight)
    # Saves that keep count are rolled out, and countdowns that become something run out,
    # before anything comes off (mechanics-3 1.260, 1.261).
    D.roll_out(fight)
    for c in fight.state.combatants:
        if c.concentration is not None:
            CC.end_concentration(fight, c, reason="the fight is over")
        # What auras spread and `keepsOn` kept is gone with the fight, never on a sheet (1.263).
        c.conditions = [h for h in c.conditions if h.aura is None and not h.kept]
        for held in list(c.conditions):
            if held.tracked and (held.rounds is not None or held.ends_after or held.concentration or held.save):
                remove_condition(fight, c, held, reason="the fight is over")
