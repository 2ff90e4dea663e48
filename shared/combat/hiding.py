"""Hiding and searching (spec/mechanics-3 "Hiding, Search and Detect", Capability API 1.287).

Owns, with `combat.hiding`:
- `hide`: the standard action `hide` rolls `stealth` with the fight's own dice; the user is
  then hidden (`Combatant.hidden`) from every opponent who does not see them clearly
  (`clearly`: behind a wall, in fog, invisible, or only lightly obscured) and whose passive
  value (`passive`, 10, plus their `perception` check, minus `lightly`, 5, when lightly
  obscured) does not reach the result;
- whom a hidden one is hidden from (seeing.py's `hidden_from`) cannot see them (`sees`), so
  cannot choose them for anything (plan_reading.py's `targets_for`), and `unseenAttacks`
  gives the hider's attack on them advantage;
- `gives_away`: hiding ends for everyone once the hider has attacked, run a contest, harmed
  someone, called for a save, or used anything needing a `noisy` component (after the
  action, which still benefited);
- `look_again`: after every step, and on every cell walked, an opponent who now sees the
  hider clearly, or whose passive value now exceeds the result, finds them;
- `search`: the standard action `search`, and a creature action with `search: true` (the
  legendary Detect), roll `perception` and find, for the searcher, everyone hidden from them
  whose result the roll reaches; the Engine searches when every opponent is hidden from it
  (seeing.py's `all_hidden_from`, tactics.py).
Registered where the layers below call them: standard_actions.py's `STANDARD_RULES` (Hide, Search,
Detect) and board/movement.py's `EACH_CELL`.
Off the board nobody is out of sight but for a condition that already hides them, so
nobody hides there otherwise: `sees_clearly` decides, with no rule of its own here.
"""

from __future__ import annotations

from typing import Any

from .standard_actions import STANDARD_RULES
from .board.movement import EACH_CELL
from .contests import check_label, throw_side
from . import components as COMPONENTS
from . import numbers as N
from .fight import Fight
from .seeing import hidden_from, lightly_obscured, opponents, sees_clearly
from .state import Combatant, Hidden


def passive(fight: Fight, seeker: Combatant, hider: Combatant) -> int:
    """The seeker's passive value: `passive` (10) plus their `perception` check, minus
    `lightly` (5) while they see the hider only lightly obscured (1.286)."""
    rule = fight.combat.hiding
    assert rule is not None
    base = rule.passive if rule.passive is not None else 10
    dimmed = (rule.lightly if rule.lightly is not None else 5) if lightly_obscured(fight, seeker, hider) else 0
    return base + N.check_bonus(fight, seeker, rule.perception) - dimmed


def clearly(fight: Fight, seeker: Combatant, hider: Combatant) -> bool:
    """Whether `seeker` sees `hider` clearly: seen, and not only lightly obscured."""
    return sees_clearly(fight, seeker, hider) and not lightly_obscured(fight, seeker, hider)


def hide(fight: Fight, user: Combatant) -> None:
    """The Hide action: the Stealth roll, and whom it hides the user from."""
    rule = fight.combat.hiding
    assert rule is not None
    total, text, _natural = throw_side(fight, user, [rule.stealth])
    hidden: list[str] = []
    seen_by: list[str] = []
    for o in opponents(fight, user):
        value = passive(fight, o, user)
        if clearly(fight, o, user):
            seen_by.append(f"{o.name} sees them")
        elif value >= total:
            seen_by.append(f"{o.name}'s passive {check_label(fight, rule.perception)} {value} reaches it")
        else:
            hidden.append(o.id)
    user.hidden = Hidden(result=total, seekers=hidden) if hidden else None
    names = ", ".join(f"{fight.get(cid).name} (passive {passive(fight, fight.get(cid), user)})" for cid in hidden)
    said = f"hidden from {names}" if hidden else "hidden from nobody"
    fight.emit("hide", f"{user.name} hides: {text}; {said}" + (f" ({'; '.join(seen_by)})" if seen_by else "") + ".",
               actor=user.id, result=total, seekers=hidden)


def search(fight: Fight, searcher: Combatant) -> None:
    """Search (or Detect): the `perception` roll finds everyone hidden from the searcher
    whose result it reaches."""
    rule = fight.combat.hiding
    assert rule is not None
    total, text, _natural = throw_side(fight, searcher, [rule.perception])
    found: list[Combatant] = []
    missed: list[Combatant] = []
    for c in fight.state.combatants:
        if c.hidden is None or not hidden_from(c, searcher):
            continue
        (found if total >= c.hidden.result else missed).append(c)
    for c in found:
        _found_by(c, searcher)
    said = f"finds {', '.join(c.name for c in found)}" if found else "finds nobody"
    fight.emit("search", f"{searcher.name} searches: {text}; {said}.", actor=searcher.id, result=total,
               found=[c.id for c in found], missed=[c.id for c in missed])


def _found_by(hider: Combatant, seeker: Combatant) -> None:
    assert hider.hidden is not None
    seekers = [cid for cid in hider.hidden.seekers if cid != seeker.id]
    hider.hidden = Hidden(result=hider.hidden.result, seekers=seekers) if seekers else None


def reveal(fight: Fight, hider: Combatant, why: str) -> None:
    if hider.hidden is not None:
        hider.hidden = None
        fight.emit("hide", f"{hider.name} is no longer hidden: {why}.", actor=hider.id, hidden=False)


def gives_away(fight: Fight, actor: Combatant, plan: Any) -> None:
    """After an action of a hidden one: an attack, a contest, harm, a save called for, or a
    noisy component ends the hiding for everyone."""
    if actor.hidden is None:
        return
    rule = fight.combat.hiding
    noisy = set(rule.noisy or []) if rule is not None else set()
    needs = set(COMPONENTS.required(plan))
    if plan.aims_harm or plan.kind == "contest":
        reveal(fight, actor, f"they used {plan.name}")
    elif noisy & needs:
        reveal(fight, actor, f"{plan.name} makes noise")


def look_again(fight: Fight) -> None:
    """Each hider is found by every opponent who now sees them clearly, or whose passive
    value now exceeds their result."""
    rule = fight.combat.hiding
    if rule is None:
        return
    for hider in fight.state.combatants:
        if hider.hidden is None:
            continue
        if hider.out:
            hider.hidden = None
            continue
        for cid in list(hider.hidden.seekers):
            seeker = fight.get(cid)
            value = passive(fight, seeker, hider)
            if seeker.out:
                why = None
            elif clearly(fight, seeker, hider):
                why = "sees them clearly"
            elif value > hider.hidden.result:
                why = f"passive {check_label(fight, rule.perception)} {value} exceeds {hider.hidden.result}"
            else:
                continue
            _found_by(hider, seeker)
            if why is not None:
                fight.emit("hide", f"{seeker.name} finds {hider.name}: {why}.", actor=seeker.id, target=hider.id)
            if hider.hidden is None:
                break


EACH_CELL.append(look_again)
STANDARD_RULES.update({"hide": hide, "search": search})
